package io.kchaos.checker.acl;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.queue.QueueOps;
import io.kchaos.history.AclFields;
import io.kchaos.history.ImageOffsets;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

/**
 * The acl workload's ops as the checker reads them (docs/format.md, acl ops): each change paired with its completion,
 * and each answered probe; a value that breaks the format is refused.
 */
final class AclOps {
    private AclOps() {
    }

    /** What a change sets and a probe asks about: a right (Kafka's AclOperation name) on a topic. */
    record Binding(String operation, String topic) {
    }

    /**
     * One grant or revocation: its invocation's index and time, its completion's type (info when it never completed),
     * the quorum's high watermarks read before it was sent and after it was acknowledged (-1: not read; after: ok
     * only), and the lower bound of its record's offset (-1: none known).
     */
    record Change(Binding binding, String principal, String change, OpType type, long index, long time, long hwBefore,
                  long hwAfter, long lowerBound) {
        boolean grant() {
            return change.equals(AclFields.GRANT);
        }

        /**
         * Whether an image whose published offset is {@code published} holds this change: it was acknowledged and its
         * record lies below {@code hwAfter}, so the image must hold every offset below it.
         */
        boolean heldBy(long published) {
            return type == OpType.OK && hwAfter >= 0 && ImageOffsets.holdsBelow(published, hwAfter);
        }

        /** Whether an image whose published offset is {@code published} certainly lacks this change: it is below the record. */
        boolean lackedBy(long published) {
            return lowerBound >= 0 && published < lowerBound;
        }

        /** This change with its record's lower bound raised to {@code floor}, the high watermark after an earlier acknowledged change. */
        Change above(long floor) {
            return new Change(binding, principal, change, type, index, time, hwBefore, hwAfter, Math.max(lowerBound, floor));
        }
    }

    /**
     * One answered probe: the broker, the binding, the invocation's and the answer's index and time, the broker's
     * published metadata offset read just before the request and just after the answer, and the answer.
     */
    record Probe(int node, Binding binding, long invokeIndex, long invokeTime, long index, long time, long offsetBefore,
                 long offsetAfter, boolean allowed) {
    }

    /** The change invoked by {@code invoke} and completed by {@code completion} (null: never completed, so info). */
    static Change change(Op invoke, Op completion) {
        JsonNode v = object(invoke);
        String change = text(invoke, v, AclFields.CHANGE);
        if (!change.equals(AclFields.GRANT) && !change.equals(AclFields.REVOKE)) {
            throw QueueOps.malformed(invoke, "\"" + AclFields.CHANGE + "\" is neither grant nor revoke: " + change);
        }
        OpType type = completion == null ? OpType.INFO : completion.type();
        long hwBefore = QueueOps.requiredLong(invoke, v, AclFields.HW_BEFORE);
        long hwAfter = type == OpType.OK ? QueueOps.requiredLong(completion, object(completion), AclFields.HW_AFTER) : -1;
        return new Change(binding(invoke, v), text(invoke, v, AclFields.PRINCIPAL), change, type, invoke.index(), invoke.time(),
                hwBefore, hwAfter, Math.max(-1, hwBefore));
    }

    /** The probe invoked by {@code invoke} and answered by {@code ok}. */
    static Probe probe(Op invoke, Op ok) {
        JsonNode v = object(ok);
        String answer = text(ok, v, AclFields.ANSWER);
        if (!answer.equals(AclFields.ALLOWED) && !answer.equals(AclFields.DENIED)) {
            throw QueueOps.malformed(ok, "\"" + AclFields.ANSWER + "\" is neither allowed nor denied: " + answer);
        }
        return new Probe(node(ok, v), binding(ok, v), invoke.index(), invoke.time(), ok.index(), ok.time(),
                QueueOps.requiredLong(ok, v, AclFields.OFFSET_BEFORE), QueueOps.requiredLong(ok, v, AclFields.OFFSET_AFTER),
                answer.equals(AclFields.ALLOWED));
    }

    /** The broker a probe's value names. */
    static int node(Op op, JsonNode v) {
        long node = QueueOps.requiredLong(op, v, AclFields.NODE);
        if (node < 0 || node > Integer.MAX_VALUE) throw QueueOps.malformed(op, "\"" + AclFields.NODE + "\" is not a node id: " + node);
        return (int) node;
    }

    static JsonNode object(Op op) {
        JsonNode v = op.value();
        if (!v.isObject()) throw QueueOps.malformed(op, "value is not an object");
        return v;
    }

    private static Binding binding(Op op, JsonNode v) {
        return new Binding(text(op, v, AclFields.OPERATION), text(op, v, AclFields.TOPIC));
    }

    private static String text(Op op, JsonNode v, String field) {
        JsonNode t = v.get(field);
        if (t == null || !t.isTextual()) throw QueueOps.malformed(op, "missing string \"" + field + "\"");
        return t.asText();
    }
}
