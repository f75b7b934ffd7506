package io.kchaos.backend.local.producer;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.InitProducerIdRequestData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.SimpleRecord;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.InitProducerIdRequest;
import org.apache.kafka.common.requests.InitProducerIdResponse;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.ProduceResponse;
import org.apache.kafka.common.requests.RequestHeader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * An idempotent producer reduced to its wire requests: the test chooses each batch's producer id, epoch and sequence,
 * so a retry of any earlier batch can be sent on purpose. One connection per request, acks=all.
 */
final class RawProduceClient {
    /** A produce answer: the partition's error and the offset it gave the batch (-1 on error). */
    record Answer(Errors error, long offset) {}

    /** A producer id and epoch handed out by the broker. */
    record ProducerId(long id, short epoch) {}

    private static final short PRODUCE_VERSION = 11;  // topics by name (v13 names them by id)
    private static final short INIT_PRODUCER_ID_VERSION = 4;
    private final InetSocketAddress broker;

    RawProduceClient(String host, int port) {
        this.broker = new InetSocketAddress(host, port);
    }

    /** InitProducerId without a transactional id, as the Java producer asks for one; the error when there is none. */
    ProducerId initProducerId() {
        InitProducerIdResponse r = (InitProducerIdResponse) call(new InitProducerIdRequest.Builder(new InitProducerIdRequestData()
                .setTransactionalId(null).setTransactionTimeoutMs(Integer.MAX_VALUE)).build(INIT_PRODUCER_ID_VERSION));
        Errors error = Errors.forCode(r.data().errorCode());
        if (error != Errors.NONE) throw error.exception();
        return new ProducerId(r.data().producerId(), r.data().producerEpoch());
    }

    /** One batch of one record with the given sequence, to partition 0 of {@code topic}. */
    Answer send(String topic, ProducerId producer, int sequence, String value) {
        MemoryRecords records = MemoryRecords.withIdempotentRecords(Compression.NONE, producer.id(), producer.epoch(), sequence,
                new SimpleRecord(System.currentTimeMillis(), null, value.getBytes(StandardCharsets.UTF_8)));
        ProduceRequestData.TopicProduceDataCollection topics = new ProduceRequestData.TopicProduceDataCollection();
        topics.add(new ProduceRequestData.TopicProduceData().setName(topic).setPartitionData(List.of(
                new ProduceRequestData.PartitionProduceData().setIndex(0).setRecords(records))));
        ProduceRequestData data = new ProduceRequestData().setAcks((short) -1).setTimeoutMs(15_000).setTopicData(topics);
        ProduceResponse r = (ProduceResponse) call(new ProduceRequest.Builder(PRODUCE_VERSION, PRODUCE_VERSION, data).build(PRODUCE_VERSION));
        ProduceResponseData.PartitionProduceResponse p = r.data().responses().iterator().next().partitionResponses().get(0);
        return new Answer(Errors.forCode(p.errorCode()), p.baseOffset());
    }

    private AbstractResponse call(AbstractRequest request) {
        RequestHeader header = new RequestHeader(request.apiKey(), request.version(), "kchaos-raw-produce", 1);
        try (SocketChannel ch = SocketChannel.open(broker)) {
            ByteBuffer body = request.serializeWithHeader(header);
            ByteBuffer size = ByteBuffer.allocate(4).putInt(body.remaining()).flip();
            while (size.hasRemaining()) ch.write(size);
            while (body.hasRemaining()) ch.write(body);
            ByteBuffer length = readFully(ch, 4);
            return AbstractResponse.parseResponse(readFully(ch, length.getInt()), header);
        } catch (IOException e) {
            throw new UncheckedIOException("request to " + broker, e);
        }
    }

    private static ByteBuffer readFully(SocketChannel ch, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining()) if (ch.read(b) < 0) throw new IOException("connection closed");
        return b.flip();
    }
}
