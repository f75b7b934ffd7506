package io.kchaos.report.svg;

import io.kchaos.report.Format;

import java.util.ArrayList;
import java.util.List;

/** A linear scale with "nice" ticks (1, 2 or 5 times a power of ten). */
public final class LinearScale implements Scale {
    private static final int TARGET_TICKS = 8;

    private final double d0;
    private final double d1;
    private final double r0;
    private final double r1;

    public LinearScale(double d0, double d1, double r0, double r1) {
        this.d0 = d0;
        this.d1 = d1 > d0 ? d1 : d0 + 1;
        this.r0 = r0;
        this.r1 = r1;
    }

    @Override
    public double apply(double v) {
        return r0 + (v - d0) / (d1 - d0) * (r1 - r0);
    }

    @Override
    public List<Tick> ticks() {
        double step = niceStep((d1 - d0) / TARGET_TICKS);
        int digits = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step));
        List<Tick> out = new ArrayList<>();
        for (double v = Math.ceil(d0 / step) * step; v <= d1 + step * 1e-9; v += step) {
            out.add(new Tick(v, Format.decimal(v, digits)));
        }
        return out;
    }

    static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double m = raw / p;
        return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
    }
}
