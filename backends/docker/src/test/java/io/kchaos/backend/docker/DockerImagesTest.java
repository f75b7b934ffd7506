package io.kchaos.backend.docker;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DockerImagesTest {
    @Test
    void versionComesFromAVersionTagOnly() {
        assertEquals(Optional.of("3.9.1"), DockerImages.versionInTag("apache/kafka:3.9.1"));
        assertEquals(Optional.of("4.1.1"), DockerImages.versionInTag("registry.local:5000/kchaos-local/kafka:4.1.1"));
        assertEquals(Optional.of("3.8.0"), DockerImages.versionInTag("apache/kafka:3.8.0-rc1"));
        assertEquals(Optional.empty(), DockerImages.versionInTag("apache/kafka:latest"));
        assertEquals(Optional.empty(), DockerImages.versionInTag("registry.local:5000/kafka"));
    }
}
