package io.kchaos.cluster.os;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Replaces the JVM's SIGINT handling (by default: exit) with a callback, and restores it. The JDK's only API for this
 * is {@code sun.misc.Signal} (module jdk.unsupported), reached by reflection so the build needs no internal API.
 */
public final class SigintHook implements AutoCloseable {
    private final Object signal;
    private final Method handle;
    private final Object previous;

    private SigintHook(Runnable onSigint) throws ReflectiveOperationException {
        Class<?> signalClass = Class.forName("sun.misc.Signal");
        Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
        signal = signalClass.getConstructor(String.class).newInstance("INT");
        handle = signalClass.getMethod("handle", signalClass, handlerClass);
        Object handler = Proxy.newProxyInstance(handlerClass.getClassLoader(), new Class<?>[] {handlerClass}, (proxy, method, args) -> {
            if (method.getName().equals("handle")) onSigint.run();
            return method.getName().equals("hashCode") ? System.identityHashCode(proxy)
                    : method.getName().equals("equals") ? (Object) (proxy == args[0]) : method.getName().equals("toString") ? "kchaos SIGINT hook" : null;
        });
        previous = handle.invoke(null, signal, handler);
    }

    /** Calls {@code onSigint} on each SIGINT until closed; throws IllegalStateException where the JVM offers no signal API. */
    public static SigintHook install(Runnable onSigint) {
        try {
            return new SigintHook(onSigint);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot handle SIGINT on this JVM: " + e, e);
        }
    }

    /** Restores the handling in place before. */
    @Override
    public void close() {
        try {
            handle.invoke(null, signal, previous);
        } catch (ReflectiveOperationException e) {
            // the JVM is going away anyway
        }
    }
}
