package io.kchaos.report.dashboard;

import java.nio.file.Path;

/** Links from the dashboard page to a store's files: relative to the page's folder, so the store can be moved or served as is. */
final class Links {
    private Links() {
    }

    /** The href of {@code target} from a page in {@code pageDir}; a file: URI when no relative path exists. */
    static String href(Path pageDir, Path target) {
        Path from = pageDir.toAbsolutePath().normalize();
        Path to = target.toAbsolutePath().normalize();
        try {
            return from.relativize(to).toString().replace('\\', '/');
        } catch (IllegalArgumentException e) {
            return to.toUri().toString();
        }
    }
}
