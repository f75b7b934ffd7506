package io.kchaos.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.exception.NotFoundException;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the harness reads about an image: whether it is present locally, its id, and the Kafka version it holds. */
public final class DockerImages {
    /** The label kchaos's locally built images carry (.ci/docker-setup.sh). */
    public static final String VERSION_LABEL = "io.kchaos.kafka-version";
    private static final Pattern VERSION_TAG = Pattern.compile(".*:(\\d+\\.\\d+\\.\\d+)(?:[-_][\\w.]+)?$");

    private DockerImages() {
    }

    public static boolean present(DockerClient docker, String image) {
        return inspect(docker, image).isPresent();
    }

    public static Optional<String> id(DockerClient docker, String image) {
        return inspect(docker, image).map(InspectImageResponse::getId);
    }

    /** The image's {@value #VERSION_LABEL} label, else the version in its tag, else "unknown". */
    public static String kafkaVersion(DockerClient docker, String image) {
        Optional<String> label = inspect(docker, image).map(i -> i.getConfig() == null ? null : i.getConfig().getLabels())
                .map(l -> l.get(VERSION_LABEL));
        return label.orElseGet(() -> versionInTag(image).orElse("unknown"));
    }

    /** {@code apache/kafka:3.9.1} → 3.9.1; a tag that is not a version → empty. */
    static Optional<String> versionInTag(String image) {
        Matcher m = VERSION_TAG.matcher(image);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static Optional<InspectImageResponse> inspect(DockerClient docker, String image) {
        try {
            return Optional.of(docker.inspectImageCmd(image).exec());
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

}
