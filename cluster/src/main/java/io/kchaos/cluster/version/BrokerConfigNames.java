package io.kchaos.cluster.version;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The broker settings a Kafka release defines, asked of the release itself: its {@code kafka.server.KafkaConfig}
 * loaded from its own jars in an isolated class loader. A setting the release does not define is ignored by the
 * broker with only a log line, so kchaos says so up front.
 */
public final class BrokerConfigNames {
    /** Where the tiered-storage plugins' own settings start (Kafka's defaults: {@code rsm.config.}, {@code rlmm.config.}). */
    private static final String RSM_PREFIX_KEY = "remote.log.storage.manager.impl.prefix";
    private static final String RLMM_PREFIX_KEY = "remote.log.metadata.manager.impl.prefix";

    private BrokerConfigNames() {
    }

    /** The names, or empty when the jar set cannot tell (e.g. not a broker jar set). */
    public static Optional<Set<String>> of(Path libs) {
        List<URL> urls = new ArrayList<>();
        try (Stream<Path> s = Files.list(libs)) {
            for (Path jar : s.filter(p -> p.getFileName().toString().endsWith(".jar")).toList()) urls.add(jar.toUri().toURL());
        } catch (IOException e) {
            return Optional.empty();
        }
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            Class<?> config = Class.forName("kafka.server.KafkaConfig", true, loader);
            Object def = config.getMethod("configDef").invoke(null);
            Object names = def.getClass().getMethod("names").invoke(def);
            return Optional.of(new TreeSet<>((Set<?>) names).stream().map(String::valueOf).collect(java.util.stream.Collectors.toCollection(TreeSet::new)));
        } catch (IOException | ReflectiveOperationException | LinkageError | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The keys of {@code settings} the release does not define, sorted. Skipped: the ELR and transaction features (not
     * broker settings), per-listener settings, and those of the tiered-storage plugins under their prefixes (the
     * plugins, not the broker, define them).
     */
    public static List<String> unknown(Set<String> known, Map<String, String> settings) {
        List<String> pluginPrefixes = List.of(settings.getOrDefault(RSM_PREFIX_KEY, "rsm.config."), settings.getOrDefault(RLMM_PREFIX_KEY, "rlmm.config."));
        return settings.keySet().stream().filter(k -> !known.contains(k) && !k.equals(VersionProfile.ELR_FEATURE) && !k.equals(VersionProfile.TXN_FEATURE)
                && !k.startsWith("listener.name.") && pluginPrefixes.stream().noneMatch(k::startsWith)).sorted().toList();
    }
}
