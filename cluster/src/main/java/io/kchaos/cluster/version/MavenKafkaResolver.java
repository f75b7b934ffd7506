package io.kchaos.cluster.version;

import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.transfer.ArtifactNotFoundException;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;

import java.nio.file.Path;
import java.util.List;

/**
 * Resolves artifacts with their runtime dependencies from Maven Central into the local Maven repository, using Maven
 * Resolver (the resolver Maven itself uses): offline first, so an artifact already in the local repository needs no
 * network.
 */
public final class MavenKafkaResolver {
    /** Maven Central. */
    public static final String CENTRAL = "https://repo.maven.apache.org/maven2/";

    private final Path localRepository;

    public MavenKafkaResolver(Path localRepository) {
        this.localRepository = localRepository;
    }

    /** {@code -Dmaven.repo.local}, else {@code ~/.m2/repository}. */
    public static Path defaultLocalRepository() {
        String p = System.getProperty("maven.repo.local");
        return p != null ? Path.of(p) : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    public Path localRepository() {
        return localRepository;
    }

    /**
     * The jar files of {@code coordinates} ({@code group:artifact:version}) and its runtime dependencies, in
     * resolution order. Tries the local repository alone first, then Maven Central.
     *
     * @throws IllegalArgumentException (one line) when the artifact does not exist or cannot be fetched
     */
    public List<Path> resolve(String coordinates) {
        try {
            return resolve(coordinates, true);
        } catch (DependencyResolutionException offlineMiss) {
            try {
                return resolve(coordinates, false);
            } catch (DependencyResolutionException e) {
                throw new IllegalArgumentException(describe(coordinates, e), e);
            }
        }
    }

    private List<Path> resolve(String coordinates, boolean offline) throws DependencyResolutionException {
        RepositorySystem system = new RepositorySystemSupplier().get();
        try (RepositorySystemSession.CloseableSession session = new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(localRepository)
                .setOffline(offline)
                .build()) {
            RemoteRepository central = new RemoteRepository.Builder("central", "default", CENTRAL).build();
            CollectRequest collect = new CollectRequest(new Dependency(new DefaultArtifact(coordinates), JavaScopes.RUNTIME), List.of(central));
            DependencyRequest request = new DependencyRequest(collect, DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME));
            return system.resolveDependencies(session, request).getArtifactResults().stream()
                    .map(ArtifactResult::getArtifact)
                    .filter(a -> "jar".equals(a.getExtension()) && a.getPath() != null)
                    .map(a -> a.getPath())
                    .toList();
        } finally {
            system.shutdown();
        }
    }

    /** A one-line reason: not on Central, or the network/IO error. */
    static String describe(String coordinates, Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ArtifactNotFoundException nf && nf.getArtifact() != null
                    && coordinates.equals(nf.getArtifact().getGroupId() + ":" + nf.getArtifact().getArtifactId() + ":" + nf.getArtifact().getVersion())) {
                return coordinates + " not found on Maven Central";
            }
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String msg = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        if (msg.contains("Could not find artifact " + coordinates) || msg.contains("not found in central")) {
            return coordinates + " not found on Maven Central";
        }
        return "cannot resolve " + coordinates + " from Maven Central: " + msg.replaceAll("\\s*\\R\\s*", " ");
    }
}
