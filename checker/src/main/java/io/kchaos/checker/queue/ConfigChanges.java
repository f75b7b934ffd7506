package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.history.OperationFields;

/**
 * Feeds a {@link QueueLedger} the topic config changes a history's nemesis ops record ({@code alter-config} and its
 * {@code restore-config}): both the value before and the value set, since either was in force for part of the run.
 */
final class ConfigChanges {
    private ConfigChanges() {
    }

    /** Passes op's change on to the ledger when op is an alter-config or restore-config naming a config. */
    static void accept(Op op, QueueLedger ledger) {
        if (!op.isNemesis() || !(NemesisOps.ALTER_CONFIG.f().equals(op.f()) || NemesisOps.RESTORE_CONFIG.equals(op.f()))) return;
        JsonNode v = op.value();
        if (v == null || !v.path(OperationFields.CONFIG).isTextual()) return;
        String key = v.get(OperationFields.CONFIG).asText();
        for (String field : new String[]{OperationFields.FROM, OperationFields.TO}) {
            JsonNode value = v.path(field);
            if (!value.isMissingNode() && !value.isNull()) ledger.topicConfigChanged(key, value.asText());
        }
    }
}
