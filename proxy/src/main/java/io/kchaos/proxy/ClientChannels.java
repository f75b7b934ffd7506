package io.kchaos.proxy;

import io.kroxylicious.proxy.filter.FilterContext;
import io.netty.channel.Channel;

import java.lang.reflect.Field;
import java.util.Optional;

/**
 * The client's Netty channel behind a filter context. Kroxylicious 0.12.0's filter API gives a filter decoded frames
 * only; the bytes of the client's connection are reached through its internal filter handler (the context's enclosing
 * instance, whose {@code inboundChannel} is the client's channel), by reflection on this pinned version.
 */
final class ClientChannels {
    private ClientChannels() {
    }

    /** The client's channel, or empty when this Kroxylicious does not have the fields (another version). */
    static Optional<Channel> of(FilterContext ctx) {
        try {
            Object handler = field(ctx.getClass(), "this$0").get(ctx);
            return Optional.of((Channel) field(handler.getClass(), "inboundChannel").get(handler));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Field field(Class<?> c, String name) throws NoSuchFieldException {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }
}
