package io.kchaos.harness.client.adapter;

/**
 * The adapter for kafka-clients 4.4 and later, where {@code AppInfoParser} moved to
 * {@code org.apache.kafka.common.utils.internals}; called by name, since kchaos compiles against the built-in 4.1.
 */
public final class ReleaseAdapter44 extends ReleaseAdapter41 {
    private static final String APP_INFO = "org.apache.kafka.common.utils.internals.AppInfoParser";

    @Override
    public String version() {
        try {
            return (String) Class.forName(APP_INFO, true, ReleaseAdapter44.class.getClassLoader()).getMethod("getVersion").invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this kafka-clients release has no " + APP_INFO + ".getVersion(): " + e);
        }
    }
}
