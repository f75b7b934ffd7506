package io.kchaos.report.html;

import java.util.List;

/** Links to each node's files (server.log and the like) next to the report. */
final class LogsSection implements Section {
    private final List<String> files;

    LogsSection(ReportContext ctx) {
        this.files = ctx.folder().nodeFiles();
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
