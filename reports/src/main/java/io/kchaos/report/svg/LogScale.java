package io.kchaos.report.svg;

import io.kchaos.report.Format;

import java.util.ArrayList;
import java.util.List;

/** A base-10 logarithmic scale over whole decades, with a tick at each power of ten. */
public final class LogScale implements Scale {
    private final int lowDecade;
    private final int highDecade;
    private final double r0;
    private final double r1;

    /** Covers at least [min, max] (both &gt; 0), widened to whole decades. */
    public LogScale(double min, double max, double r0, double r1) {
        double lo = Math.max(min, 1e-6);
        double hi = Math.max(max, lo);
        this.lowDecade = (int) Math.floor(Math.log10(lo));
        this.highDecade = Math.max(lowDecade + 1, (int) Math.ceil(Math.log10(hi)));
        this.r0 = r0;
        this.r1 = r1;
    }

    @Override
    public double apply(double v) {
        double l = Math.log10(Math.max(v, Math.pow(10, lowDecade)));
        return r0 + (l - lowDecade) / (highDecade - lowDecade) * (r1 - r0);
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> out = new ArrayList<>();
        for (int d = lowDecade; d <= highDecade; d++) {
            double v = Math.pow(10, d);
            out.add(new Tick(v, Format.decimal(v, Math.max(0, -d))));
        }
        return out;
    }
}
