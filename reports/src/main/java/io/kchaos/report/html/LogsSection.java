package io.kchaos.report.html;

import io.kchaos.history.folder.FolderBytes;
import io.kchaos.history.folder.PrunedJson;

import java.util.List;
import java.util.Optional;

/** Links to each node's files (server.log and the like) next to the report, and whether the brokers' data was pruned. */
final class LogsSection implements Section {
    private final List<String> files;
    private final Optional<PrunedJson> pruned;

    LogsSection(ReportContext ctx) {
        this.files = ctx.folder().nodeFiles();
        this.pruned = ctx.folder().pruned();
    }

    @Override
    public String id() {
        return "logs";
    }

    @Override
    public String title() {
        return "Node logs";
    }

    @Override
    public void render(Html h) {
        if (files.isEmpty()) {
            h.el("p", "No nodes/ folder next to this report.", "class", "muted");
            return;
        }
        h.open("ul", "class", "files");
        files.forEach(f -> h.open("li").link(href(f), f).close("li"));
        h.close("ul");
        pruned.ifPresent(p -> h.el("p", "Broker data pruned to replica digests after the VALID verdict: " + FolderBytes.human(p.bytesBefore())
                + " -> " + FolderBytes.human(p.bytesAfter()) + " (pruned.json; --keep-data all keeps every segment).", "class", "muted"));
    }

    /** The relative path percent-encoded where needed (spaces, '#', '?'), so it stays a relative link. */
    private static String href(String path) {
        try {
            return new java.net.URI(null, null, path, null).toASCIIString();
        } catch (java.net.URISyntaxException e) {
            return path;
        }
    }
}
