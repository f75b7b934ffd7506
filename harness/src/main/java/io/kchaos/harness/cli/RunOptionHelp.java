package io.kchaos.harness.cli;

import io.kchaos.harness.run.RunOption;

import java.util.Arrays;
import java.util.ListResourceBundle;

/** The help texts of {@code run}'s options, taken from {@link RunOption}'s table (picocli reads them as a resource bundle). */
public final class RunOptionHelp extends ListResourceBundle {
    @Override
    protected Object[][] getContents() {
        return Arrays.stream(RunOption.values()).map(o -> new Object[]{o.helpKey(), o.help()}).toArray(Object[][]::new);
    }
}
