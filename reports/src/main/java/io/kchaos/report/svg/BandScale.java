package io.kchaos.report.svg;

import java.util.ArrayList;
import java.util.List;

/** A categorical scale: lane i spans [top + i·band, top + (i+1)·band); {@link #apply} gives the lane's centre. */
public final class BandScale implements Scale {
    private final List<String> names;
    private final double top;
    private final double band;

    public BandScale(List<String> names, double top, double band) {
        this.names = names;
        this.top = top;
        this.band = band;
    }

    @Override
    public double apply(double lane) {
        return top + lane * band + band / 2;
    }

    /** The top edge of a lane. */
    public double laneTop(int lane) {
        return top + lane * band;
    }

    public double band() {
        return band;
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) out.add(new Tick(i, names.get(i)));
        return out;
    }
}
