package io.kchaos.backend.local.storage;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The janitor unmounts exactly the kchaos disks of dead harnesses, lazily when a plain unmount fails. */
class DiskJanitorTest {
    private static final String MOUNTS = """
            /dev/vda / ext4 rw,relatime 0 0
            kchaos-disk-111-n1 /store/run\\040a/nodes/1/data tmpfs rw,size=262144k 0 0
            kchaos-disk-111-n2 /store/run\\040a/nodes/2/data tmpfs rw,size=262144k 0 0
            kchaos-disk-222-n1 /store/b/nodes/1/data tmpfs rw,size=262144k 0 0
            tmpfs /run tmpfs rw 0 0
            kchaos-disk-x-n1 /elsewhere tmpfs rw 0 0
            """;

    @Test
    void unmountsOnlyTheDisksOfDeadHarnesses() {
        List<String> lines = new ArrayList<>();
        CommandRunner runner = command -> {
            String line = String.join(" ", command);
            lines.add(line);
            boolean busy = line.equals("umount /store/run a/nodes/2/data");
            return new CommandResult(busy ? 32 : 0, "", busy ? "target is busy" : "");
        };
        List<String> removed = new DiskJanitor(runner, () -> MountTable.parse(MOUNTS), pid -> pid == 222).sweep();
        assertEquals(List.of("umount /store/run a/nodes/1/data", "umount /store/run a/nodes/2/data", "umount -l /store/run a/nodes/2/data"), lines);
        assertEquals(List.of("mount kchaos-disk-111-n1 on /store/run a/nodes/1/data", "mount kchaos-disk-111-n2 on /store/run a/nodes/2/data"), removed);
    }

    @Test
    void namesCarryTheOwnerPid() {
        assertEquals("kchaos-disk-42-n3", DiskNames.of(42, 3));
        assertEquals(42L, DiskNames.owner("kchaos-disk-42-n3").orElseThrow());
        assertEquals(true, DiskNames.owner("tmpfs").isEmpty());
        assertEquals(true, DiskNames.owner("kchaos-disk-42").isEmpty());
    }
}
