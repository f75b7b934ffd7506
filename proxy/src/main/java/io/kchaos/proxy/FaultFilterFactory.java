package io.kchaos.proxy;

import io.kroxylicious.proxy.filter.Filter;
import io.kroxylicious.proxy.filter.FilterFactory;
import io.kroxylicious.proxy.filter.FilterFactoryContext;
import io.kroxylicious.proxy.plugin.Plugin;

/** Kroxylicious's entry to the fault filter (found through META-INF/services): one {@link FaultFilter} per client connection. */
@Plugin(configType = Void.class)
public final class FaultFilterFactory implements FilterFactory<Void, Void> {
    @Override
    public Void initialize(FilterFactoryContext context, Void config) {
        return null;
    }

    @Override
    public Filter createFilter(FilterFactoryContext context, Void initData) {
        return new FaultFilter(context.filterDispatchExecutor());
    }
}
