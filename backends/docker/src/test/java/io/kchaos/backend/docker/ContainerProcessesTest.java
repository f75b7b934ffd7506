package io.kchaos.backend.docker;

import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ContainerProcesses's faults return once Docker reports their effect, and say what it reported when it never does. */
class ContainerProcessesTest {
    private static final String ID = "0123456789abcdef";

    /** A container that reaches the state a call asks for only after {@code lag} inspects (never when negative). */
    private static final class SlowContainer implements ContainerApi {
        final List<String> calls = new ArrayList<>();
        private final int lag;
        private ContainerState now;
        private ContainerState next;
        private int left;

        SlowContainer(ContainerState now, int lag) {
            this.now = now;
            this.lag = lag;
        }

        private void becomes(String call, ContainerState s) {
            calls.add(call);
            next = s;
            left = lag;
        }

        @Override
        public void kill(String id) {
            becomes("kill", ContainerState.EXITED);
        }

        @Override
        public void start(String id) {
            becomes("start", ContainerState.RUNNING);
        }

        @Override
        public void stop(String id, Duration grace) {
            becomes("stop", ContainerState.EXITED);
        }

        @Override
        public void pause(String id) {
            becomes("pause", ContainerState.PAUSED);
        }

        @Override
        public void unpause(String id) {
            becomes("unpause", ContainerState.RUNNING);
        }

        @Override
        public ContainerState state(String id) {
            calls.add("inspect");
            if (next != null && lag >= 0 && left-- <= 0) {
                now = next;
                next = null;
            }
            return now;
        }
    }

    private static ContainerProcesses of(SlowContainer c) {
        return new ContainerProcesses(c, Duration.ofMillis(200));
    }

    @Test
    void eachFaultReturnsOnceDockerReportsItsEffectAFewInspectsLater() {
        SlowContainer c = new SlowContainer(ContainerState.RUNNING, 3);
        of(c).pause(ID);
        assertEquals(List.of("inspect", "pause", "inspect", "inspect", "inspect", "inspect"), c.calls);
        assertTrue(of(c).paused(ID));
        of(c).resume(ID);
        assertEquals(ContainerState.RUNNING, c.state(ID));
        of(c).kill(ID);
        assertEquals(ContainerState.EXITED, c.state(ID));
        of(c).start(ID);
        c.calls.clear();
        for (int i = 0; i < 4; i++) c.state(ID);
        of(c).stop(ID, Duration.ofSeconds(20));
        assertEquals(ContainerState.EXITED, c.state(ID));
    }

    @Test
    void aContainerThatNeverReachesTheStateIsNotHeldAndSaysWhatDockerReported() {
        FaultNotHeld paused = assertThrows(FaultNotHeld.class, () -> of(new SlowContainer(ContainerState.RUNNING, -1)).pause(ID));
        assertEquals("container 0123456789ab paused: not seen within 200 ms; last seen: running", paused.getMessage());
        FaultNotHeld killed = assertThrows(FaultNotHeld.class, () -> of(new SlowContainer(ContainerState.PAUSED, -1)).kill(ID));
        assertEquals("container 0123456789ab exited after docker kill: not seen within 200 ms; last seen: paused", killed.getMessage());
        FaultNotHeld stopped = assertThrows(FaultNotHeld.class, () -> of(new SlowContainer(ContainerState.RUNNING, -1)).stop(ID, Duration.ofSeconds(1)));
        assertTrue(stopped.getMessage().endsWith("last seen: running"), stopped.getMessage());
        FaultNotHeld resumed = assertThrows(FaultNotHeld.class, () -> of(new SlowContainer(ContainerState.PAUSED, -1)).resume(ID));
        assertTrue(resumed.getMessage().startsWith("container 0123456789ab unpaused"), resumed.getMessage());
    }

    @Test
    void aContainerAlreadyInTheStateIsLeftAlone() {
        SlowContainer exited = new SlowContainer(ContainerState.EXITED, -1);
        of(exited).kill(ID);
        of(exited).stop(ID, Duration.ofSeconds(1));
        of(exited).pause(ID);
        of(exited).resume(ID);
        assertEquals(List.of("inspect", "inspect", "inspect", "inspect"), exited.calls);
    }
}
