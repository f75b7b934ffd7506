package io.kchaos.history.folder;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The layout of {@code quorum.jsonl}: what {@code describeMetadataQuorum} answered during a run, one JSON object a
 * line, {@code {"time": ns, "leader": id, "epoch": e, "high-watermark": hw, "voters": [ids], "voter-ends": {"4": 812},
 * "observer-ends": {"1": 812}}} (time on the history's clock, {@code high-watermark} -1 when the leader announced none;
 * the ends are each voter's and observer's log end offset as the leader last saw it, -1 unknown, absent in older runs). Written as the run goes, so a run killed midway
 * keeps what it saw; a torn last line is skipped on reading.
 */
public final class QuorumSamples {
    static final String TIME = "time";
    static final String LEADER = "leader";
    static final String EPOCH = "epoch";
    static final String HIGH_WATERMARK = "high-watermark";
    static final String VOTERS = "voters";
    static final String VOTER_ENDS = "voter-ends";
    static final String OBSERVER_ENDS = "observer-ends";

    private QuorumSamples() {
    }

    /**
     * One answer of the quorum.
     *
     * @param timeNanos     when, on the history's clock
     * @param leader        the leader's node id
     * @param epoch         the leader's epoch
     * @param highWatermark the high watermark it announced, or -1
     * @param voters        the voter ids it named
     * @param voterEnds     each voter's log end offset by id, as the leader last saw it (-1 unknown)
     * @param observerEnds  each observer's log end offset by id
     */
    public record Sample(long timeNanos, int leader, int epoch, long highWatermark, List<Integer> voters, Map<Integer, Long> voterEnds,
                         Map<Integer, Long> observerEnds) {
        public Sample {
            voters = List.copyOf(voters);
            voterEnds = Map.copyOf(voterEnds);
            observerEnds = Map.copyOf(observerEnds);
        }

        /** A sample without the replicas' log end offsets. */
        public Sample(long timeNanos, int leader, int epoch, long highWatermark, List<Integer> voters) {
            this(timeNanos, leader, epoch, highWatermark, voters, Map.of(), Map.of());
        }

        /** How a reader finds it again: "describeMetadataQuorum poll at 12.3 s (quorum.jsonl)". */
        public String source() {
            return String.format(Locale.ROOT, "describeMetadataQuorum poll at %.3f s (%s)", timeNanos / 1e9, RunFiles.QUORUM);
        }

        ObjectNode toJson() {
            ObjectNode o = Json.MAPPER.createObjectNode().put(TIME, timeNanos).put(LEADER, leader).put(EPOCH, epoch)
                    .put(HIGH_WATERMARK, highWatermark);
            ArrayNode v = o.putArray(VOTERS);
            voters.forEach(v::add);
            ObjectNode ve = o.putObject(VOTER_ENDS);
            new TreeMap<>(voterEnds).forEach((id, end) -> ve.put(Integer.toString(id), end));
            ObjectNode oe = o.putObject(OBSERVER_ENDS);
            new TreeMap<>(observerEnds).forEach((id, end) -> oe.put(Integer.toString(id), end));
            return o;
        }
    }

    /** Appends samples to a new {@code quorum.jsonl}, each line flushed as it is written. */
    public static final class Writer implements AutoCloseable {
        private final BufferedWriter out;

        public Writer(Path file) {
            try {
                this.out = Files.newBufferedWriter(file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create " + file + ": " + e.getMessage(), e);
            }
        }

        public synchronized void write(Sample s) {
            try {
                out.write(Json.MAPPER.writeValueAsString(s.toJson()));
                out.newLine();
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + RunFiles.QUORUM + ": " + e.getMessage(), e);
            }
        }

        @Override
        public synchronized void close() {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close " + RunFiles.QUORUM + ": " + e.getMessage(), e);
            }
        }
    }

    /** The samples of a {@code quorum.jsonl}, in file order; none when the file does not exist (older runs). */
    public static List<Sample> read(Path file) {
        List<Sample> samples = new ArrayList<>();
        if (!Files.isRegularFile(file)) return samples;
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        for (String line : lines) {
            JsonNode o;
            try {
                o = Json.MAPPER.readTree(line);
            } catch (JsonProcessingException e) {
                continue; // a line torn by a killed run
            }
            if (o == null || !o.path(LEADER).canConvertToInt() || !o.path(EPOCH).canConvertToInt()) continue;
            List<Integer> voters = new ArrayList<>();
            o.path(VOTERS).forEach(v -> voters.add(v.asInt()));
            samples.add(new Sample(o.path(TIME).asLong(), o.path(LEADER).asInt(), o.path(EPOCH).asInt(),
                    o.path(HIGH_WATERMARK).asLong(-1), voters, ends(o.path(VOTER_ENDS)), ends(o.path(OBSERVER_ENDS))));
        }
        return samples;
    }

    private static Map<Integer, Long> ends(JsonNode o) {
        Map<Integer, Long> out = new TreeMap<>();
        o.properties().forEach(e -> {
            try {
                out.put(Integer.parseInt(e.getKey()), e.getValue().asLong(-1));
            } catch (NumberFormatException ignored) {
                // not a node id: not kchaos's
            }
        });
        return out;
    }

    /**
     * One voter set of run.json's {@code voter-sets}.
     *
     * @param timeNanos when a poll first named it, on the history's clock
     * @param voters    its voter ids
     */
    public record VoterSet(long timeNanos, List<Integer> voters) {
        public VoterSet {
            voters = List.copyOf(voters);
        }
    }

    /** run.json's voter sets in time order; none in run.json files from before them. */
    public static List<VoterSet> voterSetsOf(RunJson run) {
        List<VoterSet> out = new ArrayList<>();
        for (JsonNode e : run.field(RunFields.VOTER_SETS)) {
            List<Integer> voters = new ArrayList<>();
            e.path(VOTERS).forEach(v -> voters.add(v.asInt()));
            out.add(new VoterSet(e.path(TIME).asLong(), voters));
        }
        return out;
    }

    /**
     * The voter set over the run: the first sample and each one that named other voters, as run.json's
     * {@code voter-sets} ({@code [{"time": ns, "voters": [ids]}]}).
     */
    public static ArrayNode voterSets(List<Sample> samples) {
        ArrayNode a = Json.MAPPER.createArrayNode();
        List<Integer> last = null;
        for (Sample s : samples) {
            if (s.voters().equals(last)) continue;
            last = s.voters();
            ArrayNode v = a.addObject().put(TIME, s.timeNanos()).putArray(VOTERS);
            s.voters().forEach(v::add);
        }
        return a;
    }
}
