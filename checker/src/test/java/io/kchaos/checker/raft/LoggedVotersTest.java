package io.kchaos.checker.raft;

import io.kchaos.testkit.SyntheticMetadataLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The voter sets a metadata log names, from LeaderChangeMessage and KIP-853 VotersRecord control records, in its log and snapshots. */
class LoggedVotersTest {
    @TempDir
    Path tmp;

    @Test
    void theLatestVotersRecordOrLeaderChangeNamesTheVoterSet() {
        Path dir = tmp.resolve("n1");
        try (SyntheticMetadataLog log = SyntheticMetadataLog.create(dir, 0)) {
            log.leaderChange(1, 1, 1, 2, 3).batch(1, 2, "a").voters(1, 1, 2, 4).batch(1, 1, "b");
        }
        LoggedVoters v = LoggedVoters.read(dir).orElseThrow();
        assertEquals(Set.of(1, 2, 4), v.voters());
        assertEquals(3, v.offset());
        assertEquals("VotersRecord", v.record());

        Path leaderChangeOnly = tmp.resolve("n2");
        try (SyntheticMetadataLog log = SyntheticMetadataLog.create(leaderChangeOnly, 0)) {
            log.leaderChange(1, 1, 1, 2, 3).batch(1, 2, "a").leaderChange(2, 2, 1, 2, 3);
        }
        assertEquals(new LoggedVoters(Set.of(1, 2, 3), 3, "LeaderChangeMessage"), LoggedVoters.read(leaderChangeOnly).orElseThrow());
    }

    @Test
    void everyVoterSetInOffsetOrderASnapshotsAtItsEndOffset() {
        Path dir = tmp.resolve("n1");
        try (SyntheticMetadataLog log = SyntheticMetadataLog.create(dir, 0)) {
            log.leaderChange(1, 1, 1, 2, 3).batch(1, 2, "a").voters(1, 1, 2, 3, 4).batch(1, 4, "b").leaderChange(2, 2, 1, 2, 3, 4);
            log.snapshot(0, 0, 1, 2, 3);
            log.snapshot(8, 1, 1, 2, 3, 4);
        }
        List<LoggedVoters> all = LoggedVoters.all(dir);
        assertEquals(List.of(new LoggedVoters(Set.of(1, 2, 3), 0, "LeaderChangeMessage"),
                new LoggedVoters(Set.of(1, 2, 3), 0, "VotersRecord (snapshot 00000000000000000000-0000000000.checkpoint)"),
                new LoggedVoters(Set.of(1, 2, 3, 4), 3, "VotersRecord"),
                new LoggedVoters(Set.of(1, 2, 3, 4), 8, "LeaderChangeMessage"),
                new LoggedVoters(Set.of(1, 2, 3, 4), 8, "VotersRecord (snapshot 00000000000000000008-0000000001.checkpoint)")), all);
        assertEquals(all.get(4), LoggedVoters.read(dir).orElseThrow());
    }

    @Test
    void aLogWhoseControlRecordsNameNoVotersIsEmpty() {
        Path dir = tmp.resolve("n1");
        try (SyntheticMetadataLog log = SyntheticMetadataLog.create(dir, 0)) {
            log.leaderChange(1, 1).batch(1, 2, "a");
        }
        assertEquals(Optional.empty(), LoggedVoters.read(dir));
        assertTrue(LoggedVoters.read(tmp.resolve("absent")).isEmpty());
    }
}
