package io.kchaos.report.html;

/** The page skeleton shared by the run, matrix and dashboard pages: doctype, head with the inline stylesheet, body. */
public final class PageStyle {
    private static final String CSS = String.join("\n",
            "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;color:#222;background:#f6f7f9;font-size:14px}",
            "main{max-width:1240px;margin:0 auto;padding:16px 24px 48px}",
            "h1{font-size:22px;margin:8px 0 4px}",
            "h2{font-size:18px;margin:28px 0 8px;padding-bottom:4px;border-bottom:1px solid #ccd}",
            "h3{font-size:15px;margin:18px 0 6px}",
            "section{background:#fff;border:1px solid #dde;border-radius:6px;padding:4px 18px 14px;margin:16px 0}",
            ".banner{border-radius:6px;padding:14px 18px;margin:12px 0;font-size:18px;font-weight:600;border:2px solid}",
            ".v-valid{background:#e8f5e9;border-color:#2e7d32;color:#1b5e20}",
            ".v-invalid{background:#ffebee;border-color:#c62828;color:#b71c1c}",
            ".v-unknown{background:#fff3e0;border-color:#ef6c00;color:#e65100}",
            ".banner .sub{display:block;font-size:13px;font-weight:400;margin-top:4px;color:#333}",
            "nav{font-size:13px;margin:6px 0}",
            "nav a{margin-right:14px}",
            "table{border-collapse:collapse;margin:6px 0}",
            "td,th{padding:3px 8px;text-align:left;vertical-align:top;border:1px solid #dde}",
            "th{background:#f0f2f6;font-weight:600}",
            "table.kv td:first-child,table.kv th{color:#555;background:#fafbfc;font-weight:400}",
            "table.num td{text-align:right}",
            "table.nowrap td{white-space:nowrap}",
            "table.num td:first-child,table.num td:nth-child(2){text-align:left}",
            ".cols{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}",
            "pre.cmd{background:#1e1e1e;color:#eee;padding:10px;border-radius:4px;white-space:pre-wrap;word-break:break-all}",
            ".mono,pre,code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}",
            "td.mono{max-width:520px;word-break:break-all}",
            ".muted{color:#777}", ".summary{font-size:1.05em;max-width:70em;line-height:1.45}",
            "tr.from-user td{font-weight:600}tr.from-scenario td{font-style:italic}tr.from-kchaos td{color:#777}",
            ".warn{color:#8a5a00}",
            ".bad{color:#b71c1c}",
            ".def{font-style:italic;color:#444;margin:2px 0 8px}",
            ".count{font-weight:400;color:#b71c1c;margin-left:6px}",
            "tr.hit td{background:#fff4c2}",
            "tr:target td{background:#ffd54f}",
            ".t-ok{color:#1b5e20}.t-fail{color:#b71c1c}.t-info{color:#e65100}",
            "td.badcell{background:#ffcdd2}",
            "figure{margin:10px 0}",
            "figcaption{font-size:12px;color:#666;margin-top:2px}",
            "svg{max-width:100%;height:auto;display:block}",
            ".matrix td.cell{min-width:120px;text-align:center}",
            "td.c-valid{background:#c8e6c9}td.c-invalid{background:#ffcdd2}td.c-unknown{background:#ffe0b2}",
            "td.c-empty{background:#f4f4f4;color:#999}",
            ".matrix td.cell a{display:block;color:#222;text-decoration:none}",
            ".flag{display:inline-block;background:#b00020;color:#fff;font-weight:700;font-size:12px;padding:2px 7px;border-radius:3px;margin:1px 0}",
            ".why{display:block;color:#8e0018;font-size:12px}",
            "tr.regressed td{background:#fff1f1}",
            "td.num{text-align:right;white-space:nowrap}");

    private PageStyle() {
    }

    /** Writes the doctype, head and opens body and main. */
    public static void begin(Html h, String title) {
        begin(h, title, "kchaos");
    }

    /** As {@link #begin(Html, String)}, naming the page's writer in a generator meta tag (how kchaos recognises its own files). */
    public static void begin(Html h, String title, String generator) {
        h.raw("<!DOCTYPE html>\n");
        h.open("html", "lang", "en").open("head");
        h.empty("meta", "charset", "utf-8");
        h.empty("meta", "name", "generator", "content", generator);
        h.empty("meta", "name", "viewport", "content", "width=device-width, initial-scale=1");
        h.el("title", title);
        h.open("style").raw(CSS).close("style");
        h.close("head").open("body").open("main");
    }

    public static void end(Html h) {
        h.close("main").close("body").close("html");
    }
}
