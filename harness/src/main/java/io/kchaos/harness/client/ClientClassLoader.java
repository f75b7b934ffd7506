package io.kchaos.harness.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Enumeration;

/**
 * Loads one kafka-clients release beside the built-in one: child-first for {@code org.apache.kafka.*} (classes and
 * the {@code kafka/kafka-version.properties} resource) and for the adapter package, whose class files it reads from
 * kchaos's own jar and defines itself, so they link against this release. Everything else is parent-first: kchaos's
 * interfaces and records ({@link ClientBridge}, {@code ReadRecord}), the JDK, SLF4J (one logging set-up per run) and
 * the compression libraries (zstd-jni's native library can be loaded by one class loader only; their APIs are stable
 * across the releases kchaos accepts).
 */
public final class ClientClassLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    /** The package whose classes this loader defines from the parent's class files. */
    public static final String ADAPTER_PACKAGE = "io.kchaos.harness.client.adapter.";

    public ClientClassLoader(String name, Path clientsJar, ClassLoader parent) {
        super(name, new URL[]{url(clientsJar)}, parent);
    }

    private static URL url(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("bad jar path " + jar + ": " + e.getMessage());
        }
    }

    static boolean childFirst(String className) {
        return className.startsWith("org.apache.kafka.") || className.startsWith(ADAPTER_PACKAGE);
    }

    private static boolean childFirstResource(String name) {
        return name.startsWith("org/apache/kafka/") || name.startsWith("kafka/");
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!childFirst(name)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) c = name.startsWith(ADAPTER_PACKAGE) ? defineAdapter(name) : findClass(name);
            if (resolve) resolveClass(c);
            return c;
        }
    }

    private Class<?> defineAdapter(String name) throws ClassNotFoundException {
        String file = name.replace('.', '/') + ".class";
        try (InputStream in = getParent().getResourceAsStream(file)) {
            if (in == null) throw new ClassNotFoundException(name);
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public URL getResource(String name) {
        if (childFirstResource(name)) {
            URL own = findResource(name);
            if (own != null) return own;
        }
        return super.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        return childFirstResource(name) ? findResources(name) : super.getResources(name);
    }

}
