package io.kchaos.report.scan;

import io.kchaos.history.FaultSpan;
import io.kchaos.history.FaultWindows;
import io.kchaos.history.Op;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's view of {@link FaultWindows}, the history module's one pairing of fault and heal ops: each span it
 * opens becomes a {@link FaultWindow} that gathers figures while it lasts.
 */
final class FaultWindowTracker implements FaultWindows.Listener {
    /** Told when a window opens and when it is healed, so figures can be gathered while it lasts. */
    interface Listener {
        void opened(FaultWindow w);

        void closed(FaultWindow w);
    }

    private final Listener listener;
    private final FaultWindows pairer = new FaultWindows(this);
    private final Map<FaultSpan, FaultWindow> windows = new IdentityHashMap<>();

    FaultWindowTracker(Listener listener) {
        this.listener = listener;
    }

    void accept(Op op) {
        pairer.accept(op);
    }

    @Override
    public void opened(FaultSpan span) {
        FaultWindow w = new FaultWindow(span);
        windows.put(span, w);
        listener.opened(w);
    }

    @Override
    public void closed(FaultSpan span) {
        listener.closed(windows.get(span));
    }

    /** Ends the windows nothing healed at the run's end. */
    void finish(long endTime) {
        pairer.finish(endTime);
    }

    /** Fault windows in the order they opened. */
    List<FaultWindow> windows() {
        List<FaultWindow> out = new ArrayList<>();
        for (FaultSpan s : pairer.windows()) out.add(windows.get(s));
        return out;
    }

    /** Nemesis actions that are neither a known fault nor a heal, as zero-length windows. */
    List<FaultWindow> events() {
        return pairer.others().stream().map(FaultWindow::new).toList();
    }
}
