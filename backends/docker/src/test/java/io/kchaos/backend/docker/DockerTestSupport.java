package io.kchaos.backend.docker;

import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;

/** Skips a Docker test, with the reason printed, when no daemon answers or an image it needs is not present locally. */
public final class DockerTestSupport {
    private DockerTestSupport() {
    }

    public static void assumeImages(String... images) {
        skipUnless(DockerBackend.daemonAnswers(), "no Docker daemon answers (as root, .ci/docker-setup.sh starts one)");
        for (String image : images) {
            skipUnless(DockerImages.present(DockerClientFactory.instance().client(), image),
                    "image " + image + " is not present locally (.ci/docker-setup.sh builds kchaos-local/kafka; no registry is pulled from in tests)");
        }
    }

    private static void skipUnless(boolean condition, String reason) {
        if (!condition) System.out.println("skipped: " + reason);
        Assumptions.assumeTrue(condition, reason);
    }
}
