package io.kchaos.harness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input gets exit 2 and one clear line, never a stack trace; `check` judges torn histories. */
class CliErrorsTest {
    private static final String SEND_OK = "{\"index\":0,\"time\":1,\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":1}}\n"
            + "{\"index\":1,\"time\":2,\"process\":0,\"type\":\"ok\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":1,\"partition\":0,\"offset\":0}}\n";
    private static final String DRAIN_WITHOUT_IT = "{\"index\":2,\"time\":3,\"process\":1,\"type\":\"invoke\",\"f\":\"drain\",\"value\":null}\n"
            + "{\"index\":3,\"time\":4,\"process\":1,\"type\":\"ok\",\"f\":\"drain\",\"value\":{\"records\":[],\"end-offsets\":{\"0\":1}}}\n";

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(new PrintWriter(err, true), args);
    }

    private void assertOneLineError(String mustContain) {
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: "), e);
        assertTrue(e.contains(mustContain), e);
        assertFalse(e.contains("\tat "), "no stack trace: " + e);
    }

    @Test
    void unknownOptionExits2WithSuggestion() {
        assertEquals(2, run("run", "--time-limt", "5"));
        assertOneLineError("--time-limt");
    }

    @Test
    void negativeRateExits2() {
        assertEquals(2, run("run", "--rate", "-5"));
        assertOneLineError("--rate must be > 0");
    }

    @Test
    void badControllerCountsExit2() {
        assertEquals(2, run("run", "--controllers", "0"));
        assertSingleLineError("--controllers must be >= 1 (leave it out for combined mode)");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--controllers", "-2"));
        assertSingleLineError("--controllers must be >= 1");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--controllers", "three"));
        assertSingleLineError("--controllers");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--backend", "ssh", "--hosts", "h1,h2", "--controllers", "3"));
        assertSingleLineError("--controllers 3 needs at least 4 SSH hosts (one node per host), 2 given");
    }

    @Test
    void aDynamicQuorumBefore39AndAnUnknownQuorumExit2() {
        assertEquals(2, run("run", "--quorum", "dynamic", "--controllers", "3", "--kafka-version", "3.8.1"));
        assertSingleLineError("--quorum dynamic needs Kafka 3.9 or later (KIP-853); Kafka 3.8.1 has only a static quorum: use --quorum static");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--quorum", "raft"));
        assertSingleLineError("unknown --quorum 'raft'; known: static, dynamic");
    }

    @Test
    void aQuorumStartingWithVotersItCannotHaveExits2() {
        assertEquals(2, run("run", "--controllers", "5", "--quorum", "dynamic", "--initial-voters", "0"));
        assertSingleLineError("--initial-voters must be >= 1");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--controllers", "3", "--quorum", "dynamic", "--initial-voters", "4"));
        assertSingleLineError("--initial-voters 4 is more than --controllers 3: a voter is a controller");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--controllers", "5", "--initial-voters", "3"));
        assertSingleLineError("--initial-voters 3 below --controllers 5 needs --quorum dynamic: a static quorum's voters are every controller, for good");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--quorum", "dynamic", "--initial-voters", "3"));
        assertSingleLineError("--initial-voters needs dedicated controllers (--controllers N) in a dynamic quorum (--quorum dynamic)");
    }

    @Test
    void voterGrowWithoutControllersOutsideTheQuorumExits2() {
        assertEquals(2, run("run", "--controllers", "3", "--quorum", "dynamic", "--nemesis", "voter-grow"));
        assertSingleLineError("nemesis 'voter-grow' is unavailable with --backend local: it needs controllers the quorum starts without, to add: "
                + "give --initial-voters K below --controllers N (with --quorum dynamic)");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--controllers", "5", "--nemesis", "voter-grow"));
        assertSingleLineError("nemesis 'voter-grow' is unavailable with --backend local: it needs a dynamic quorum");
    }

    @Test
    void badLogDirCountsAndJbodOffTheLocalBackendExit2() {
        assertEquals(2, run("run", "--log-dirs", "0"));
        assertSingleLineError("--log-dirs must be >= 1");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--log-dirs", "2", "--backend", "docker"));
        assertSingleLineError("--log-dirs 2 (JBOD) runs on --backend local only");
    }

    @Test
    void tieredOffTheLocalBackendAndBeforeKafka39Exit2() {
        assertEquals(2, run("run", "--tiered", "--backend", "docker"));
        assertSingleLineError("--tiered runs on --backend local only: --backend docker has no tiered-storage plugin jar on its hosts"
                + " and no bucket folder every host shares");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--tiered", "--backend", "ssh", "--hosts", "h1,h2,h3"));
        assertSingleLineError("--tiered runs on --backend local only: --backend ssh has no tiered-storage plugin jar");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--tiered", "--kafka-version", "3.8.1"));
        assertSingleLineError("--tiered needs Kafka 3.9 or later (tiered storage is early access before 3.9), not Kafka 3.8.1");
    }

    @Test
    void moveLogDirWithOneDirAndStorageFaultsOnJbodExit2() {
        assertEquals(2, run("run", "--nemesis", "move-log-dir"));
        assertSingleLineError("nemesis 'move-log-dir' is unavailable with --backend local: it needs brokers with two or more data directories");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--log-dirs", "2", "--nemesis", "wipe,kill-leader"));
        assertSingleLineError("--log-dirs 2: wipe act on one data directory per broker");
    }

    @Test
    void remoteTierFaultsWithoutTieredExit2() {
        for (String fault : new String[]{"remote-slow", "remote-fail", "remote-outage", "remote-lose-object"}) {
            err.getBuffer().setLength(0);
            assertEquals(2, run("run", "--nemesis", fault));
            assertSingleLineError("nemesis '" + fault + "' is unavailable with --backend local: remote-tier faults need a tiered run's bucket (--tiered)");
        }
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--nemesis", "remote-outage", "--backend", "docker"));
        assertSingleLineError("nemesis 'remote-outage' is unavailable with --backend docker: remote-tier faults need a tiered run's bucket (--tiered)");
    }

    @Test
    void partitionControllerInCombinedModeExits2() {
        assertEquals(2, run("run", "--nemesis", "partition-controller"));
        assertSingleLineError("nemesis 'partition-controller' is unavailable");
        assertTrue(err.toString().contains("--controllers N"), err.toString());
    }

    /** The error, and nothing else: one line. */
    private void assertSingleLineError(String mustContain) {
        assertOneLineError(mustContain);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void anUnknownTopicSettingExits2() {
        assertEquals(2, run("run", "--topic-config", "retention.byte=10", "--time-limit", "1"));
        assertOneLineError("--topic-config: not a topic setting of Kafka's: retention.byte");
    }

    @Test
    void unknownNemesisExits2() {
        assertEquals(2, run("run", "--nemesis", "kill-everything"));
        assertOneLineError("unknown nemesis 'kill-everything'");
    }

    @Test
    void anUnsupportedRollingPairIsRefusedUpFrontWithOneLine(@TempDir Path store) {
        assertEquals(2, run("run", "--kafka-version", "4.1.1", "--upgrade-to", "3.9.1", "--store", store.toString()));
        assertOneLineError("--upgrade-to 3.9.1 is not newer than the starting release 4.1.1");
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void aDowngradeAfterFinalizingIsRefusedWithTheReason(@TempDir Path store) {
        assertEquals(2, run("run", "--kafka-version", "4.1.1", "--downgrade-to", "4.0.2", "--store", store.toString()));
        assertOneLineError("feature levels (metadata.version 4.1) are finalized from the start");
    }

    @Test
    void aDowngradeFromStorageFormattedBy44IsRefusedForItsStorage(@TempDir Path store) {
        assertEquals(2, run("run", "--kafka-version", "4.4.0", "--downgrade-to", "4.3.2", "--store", store.toString()));
        assertOneLineError("the cluster's storage is formatted by Kafka 4.4.0's kafka-storage");
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void missingHistoryExits2(@TempDir Path dir) {
        assertEquals(2, run("check", dir.resolve("nope.jsonl").toString()));
        assertOneLineError("history not found");
    }

    @Test
    void garbageInTheMiddleExits2NamingTheLine(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Files.writeString(h, SEND_OK + "this is not json\n" + DRAIN_WITHOUT_IT);
        assertEquals(2, run("check", h.toString()));
        assertOneLineError("line 3");
    }

    @Test
    void tornLastLineIsJudgedWithoutIt(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        Path out = dir.resolve("results.json");
        Files.writeString(h, SEND_OK + DRAIN_WITHOUT_IT + "{\"index\":4,\"time\":5,\"proc");
        assertEquals(1, run("check", h.toString(), "--out", out.toString()), "the acknowledged write is lost: exit 1");
        String results = Files.readString(out);
        assertTrue(results.contains("lost-write"), results);
        assertTrue(results.contains("truncated"), results);
    }

    @Test
    void validHistoryExits0(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("h.jsonl");
        String drainWithIt = DRAIN_WITHOUT_IT.replace("\"records\":[]",
                "\"records\":[{\"partition\":0,\"offset\":0,\"key\":\"k1\",\"value\":1}]");
        Files.writeString(h, SEND_OK + drainWithIt);
        assertEquals(0, run("check", h.toString()));
    }
}
