package io.kchaos.bench.suite;

import java.nio.file.Path;

/** One {@code TEST-*.xml} report found under the root, with the module that wrote it and the kind of test it holds. */
public record ReportFile(Path path, String module, Kind kind) {
}
