package io.kchaos.report.html;

/** One titled part of the run report, listed in its table of contents. */
interface Section {
    /** The anchor id, unique in the page. */
    String id();

    String title();

    /** Writes the body (the page writes the heading). */
    void render(Html h);
}
