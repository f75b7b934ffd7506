package io.kchaos.report.svg;

import java.util.List;

/** Maps domain values to pixels along one axis and says where its ticks go. */
public interface Scale {
    double apply(double value);

    List<Tick> ticks();
}
