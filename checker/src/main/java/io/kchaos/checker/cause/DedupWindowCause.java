package io.kchaos.checker.cause;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.replica.BatchInfo;
import io.kchaos.checker.replica.ProducerBatches;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.AnomalyCases;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.ResultsFields.KnownCause;
import org.apache.kafka.common.TopicPartition;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Names Kafka's known cause beside {@code duplicate} cases where the evidence shows it (docs/findings.md, "A restart
 * shrinks the duplicate window to one batch"): the value's two copies sit in batches of the same producer, the later
 * under a higher epoch, and a broker refused a retry of that producer on that partition as out of order, with the first
 * copy's sequence between the refused sequence and the broker's end sequence, at a log end after the first copy and
 * not after the second. Explaining never excuses: the cases stay anomalies and the verdict stays INVALID.
 */
public final class DedupWindowCause {
    /** The cause's name in results.json. */
    public static final String NAME = "restart-shrinks-dedup-window";
    /** Where the cause is explained. */
    public static final String FINDING = "docs/findings.md#a-restart-shrinks-the-duplicate-window-to-one-batch-kafka-jira-report";

    private DedupWindowCause() {
    }

    /**
     * Looks at {@code result}'s {@code duplicate} examples of {@code topic} and, for those the brokers' batches
     * ({@code logDirs}) and the refusals in their server logs ({@code serverLogs}, by node) explain, marks the example
     * and adds the cause with its evidence. Reads nothing when there is no duplicate.
     */
    public static void explain(CheckResult result, String topic, Collection<Path> logDirs, Map<Integer, Path> serverLogs) {
        AnomalyCases duplicates = result.anomalies().get(Anomalies.DUPLICATE.key());
        if (duplicates == null) return;
        List<OutOfOrderRefusal> refusals = new ArrayList<>();
        serverLogs.forEach((node, log) -> refusals.addAll(OutOfOrderRefusal.read(node, log)));
        if (refusals.isEmpty()) return;
        Map<Integer, TreeSet<Long>> wanted = new TreeMap<>();
        for (ObjectNode example : duplicates.examples()) {
            for (JsonNode read : example.path("reads")) {
                wanted.computeIfAbsent(read.path("partition").asInt(), p -> new TreeSet<>()).add(read.path("offset").asLong());
            }
        }
        ProducerBatches batches = ProducerBatches.read(logDirs, topic, wanted);
        ArrayNode evidence = Json.MAPPER.createArrayNode();
        for (ObjectNode example : duplicates.examples()) {
            Optional<ObjectNode> e = explainOne(example, topic, batches, refusals);
            if (e.isEmpty()) continue;
            example.put(ResultsFields.Anomaly.KNOWN_CAUSE, NAME);
            evidence.add(e.get());
        }
        if (evidence.isEmpty()) return;
        ObjectNode cause = Json.object();
        cause.put(KnownCause.CAUSE, NAME);
        cause.put(KnownCause.FINDING, FINDING);
        cause.put(KnownCause.SUMMARY, "a broker restart shrank the idempotent producer's duplicate window to one batch: the broker "
                + "refused a retry as out of order, the producer bumped its epoch and wrote the batch again");
        cause.put(KnownCause.EXPLAINED, evidence.size());
        cause.put(KnownCause.OF, duplicates.examples().size());
        cause.set(KnownCause.EVIDENCE, evidence);
        result.explain(Anomalies.DUPLICATE.key(), cause);
    }

    private static Optional<ObjectNode> explainOne(ObjectNode example, String topic, ProducerBatches batches, List<OutOfOrderRefusal> refusals) {
        List<JsonNode> reads = new ArrayList<>();
        example.path("reads").forEach(reads::add);
        reads.sort(Comparator.comparingInt((JsonNode r) -> r.path("partition").asInt()).thenComparingLong(r -> r.path("offset").asLong()));
        for (int i = 0; i + 1 < reads.size(); i++) {
            JsonNode first = reads.get(i);
            JsonNode again = reads.get(i + 1);
            int partition = first.path("partition").asInt();
            if (again.path("partition").asInt() != partition) continue;
            TopicPartition tp = new TopicPartition(topic, partition);
            BatchInfo b1 = batches.at(tp, first.path("offset").asLong());
            BatchInfo b2 = batches.at(tp, again.path("offset").asLong());
            if (b1 == null || b2 == null || b1.producerId() < 0 || b1.producerId() != b2.producerId()
                    || b2.producerEpoch() <= b1.producerEpoch() || b1.baseSequence() < 0) continue;
            long offset1 = first.path("offset").asLong();
            long offset2 = again.path("offset").asLong();
            long sequence1 = b1.baseSequence() + (offset1 - b1.baseOffset());
            for (OutOfOrderRefusal r : refusals) {
                if (r.producerId() == b1.producerId() && r.topic().equals(topic) && r.partition() == partition
                        && r.incomingSequence() <= sequence1 && sequence1 <= r.endSequence()
                        && r.logEndOffset() > offset1 && r.logEndOffset() <= offset2) {
                    ObjectNode e = Json.object();
                    e.set("value", example.path("value"));
                    e.put("partition", partition);
                    e.put(KnownCause.PRODUCER_ID, b1.producerId());
                    e.set(KnownCause.FIRST, copy(offset1, b1, sequence1));
                    e.set(KnownCause.AGAIN, copy(offset2, b2, b2.baseSequence() < 0 ? -1 : b2.baseSequence() + (offset2 - b2.baseOffset())));
                    e.set(KnownCause.REFUSAL, r.toJson());
                    return Optional.of(e);
                }
            }
        }
        return Optional.empty();
    }

    private static ObjectNode copy(long offset, BatchInfo b, long sequence) {
        ObjectNode o = Json.object();
        o.put(KnownCause.OFFSET, offset);
        o.put(KnownCause.PRODUCER_EPOCH, b.producerEpoch());
        o.put(KnownCause.SEQUENCE, sequence);
        return o;
    }
}
