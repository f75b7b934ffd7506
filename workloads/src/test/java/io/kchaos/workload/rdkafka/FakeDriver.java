package io.kchaos.workload.rdkafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test helper: a fake "interpreter", a bash script that ignores the driver script it is given and answers the
 * protocol as the test scripts it; {@code $(id "$line")} extracts a request's id.
 */
final class FakeDriver {
    private FakeDriver() {
    }

    static String write(Path dir, String body) throws IOException {
        Path p = dir.resolve("fake-python");
        Files.writeString(p, "#!/bin/bash\nid() { sed 's/^{\"id\":\\([0-9]*\\).*/\\1/' <<< \"$1\"; }\n" + body + "\n");
        if (!p.toFile().setExecutable(true)) throw new IOException("cannot make " + p + " executable");
        return p.toString();
    }

    /** True when the real driver can run here (the interpreter with confluent_kafka). */
    static boolean realDriverAvailable() {
        try {
            Process p = new ProcessBuilder(RdkafkaClientKind.DEFAULT_PYTHON, "-c", "import confluent_kafka").start();
            return p.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
