package io.kchaos.proxy;

import org.apache.kafka.common.message.AddOffsetsToTxnRequestData;
import org.apache.kafka.common.message.AddPartitionsToTxnRequestData;
import org.apache.kafka.common.message.EndTxnRequestData;
import org.apache.kafka.common.message.InitProducerIdRequestData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.TxnOffsetCommitRequestData;
import org.apache.kafka.common.protocol.ApiMessage;

/** The transactional id a request carries, where its kind carries one (the first, for a batched AddPartitionsToTxn). */
final class TransactionalIds {
    private TransactionalIds() {
    }

    static String of(ApiMessage body) {
        if (body instanceof ProduceRequestData p) return p.transactionalId();
        if (body instanceof EndTxnRequestData e) return e.transactionalId();
        if (body instanceof TxnOffsetCommitRequestData t) return t.transactionalId();
        if (body instanceof AddOffsetsToTxnRequestData a) return a.transactionalId();
        if (body instanceof InitProducerIdRequestData i) return i.transactionalId();
        if (body instanceof AddPartitionsToTxnRequestData a) {
            if (a.v3AndBelowTransactionalId() != null && !a.v3AndBelowTransactionalId().isEmpty()) return a.v3AndBelowTransactionalId();
            return a.transactions().isEmpty() ? null : a.transactions().iterator().next().transactionalId();
        }
        return null;
    }
}
