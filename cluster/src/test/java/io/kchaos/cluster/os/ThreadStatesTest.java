package io.kchaos.cluster.os;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThreadStatesTest {
    private static String stat(int tid, String comm, char state) {
        return tid + " (" + comm + ") " + state + " 1 4242 4242 0 -1 4194560 2617 0 0 0 12 3 0 0 20 0 41 0 1234 0";
    }

    @Test
    void theStateIsTheFieldAfterTheLastParenthesisEvenWhenTheNameHasOne() {
        assertEquals('T', ThreadStates.state(stat(7, "kafka) R (x", 'T')));
        assertEquals('S', ThreadStates.state(stat(8, "C2 CompilerThre", 'S')));
        assertEquals('?', ThreadStates.state("garbage"));
    }

    @Test
    void aPauseHoldsOnlyOnceEveryLiveThreadIsStopped() {
        ThreadStates partly = ThreadStates.of(List.of(stat(1, "java", 'T'), stat(2, "java", 'R'), stat(3, "java", 'T')));
        assertFalse(partly.allStopped(), "SIGSTOP queued, one thread still running");
        assertEquals("2 of 3 threads stopped", partly.toString());
        ThreadStates all = ThreadStates.of(List.of(stat(1, "java", 'T'), stat(2, "java", 't'), stat(3, "java", 'Z')));
        assertTrue(all.allStopped(), "an exited thread does not hold a pause back");
        assertFalse(all.noneStopped());
    }

    @Test
    void aResumeHoldsOnceNoThreadIsStoppedAndAGoneProcessIsNeitherPaused() {
        ThreadStates running = ThreadStates.of(List.of(stat(1, "java", 'S'), stat(2, "java", 'D'), stat(3, "java", 'R')));
        assertTrue(running.noneStopped());
        assertFalse(running.allStopped());
        ThreadStates gone = ThreadStates.of(List.of());
        assertTrue(gone.gone());
        assertFalse(gone.allStopped(), "a process that exited is not paused");
        assertEquals("process gone", gone.toString());
    }

    @Test
    void theLocalProcFsReadsThisJvmsThreadsAsRunning() {
        ThreadStates self = ProcFs.LOCAL.threads(ProcessHandle.current().pid());
        assertFalse(self.gone());
        assertTrue(self.noneStopped() && self.other() > 1, self.toString());
        assertTrue(ProcFs.LOCAL.threads(Integer.MAX_VALUE).gone(), "no such pid");
    }
}
