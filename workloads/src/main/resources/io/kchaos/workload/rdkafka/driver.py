# kchaos's librdkafka driver: one producer (plain or transactional) or one consumer of confluent-kafka-python, driven
# by the harness over JSON lines (stdin: requests, stdout: responses; protocol in docs/rdkafka-driver.md). Every request
# carries an "id" that its response repeats; a produce is answered by its delivery report, possibly after later
# requests' answers.
import json
import sys
import threading
import time

out_lock = threading.Lock()


def send(msg):
    line = json.dumps(msg, separators=(",", ":")) + "\n"
    with out_lock:
        sys.stdout.write(line)
        sys.stdout.flush()


def kafka_error(rid, err):
    """An error response of a KafkaError: its code (librdkafka's: negative = local, positive = Kafka's), name, and the
    classes librdkafka gives the errors of its transactional calls (retriable, fatal, abortable = txn_requires_abort)."""
    return {"id": rid, "error": err.str(), "code": err.code(), "name": err.name(), "retriable": err.retriable(),
            "fatal": err.fatal(), "abortable": err.txn_requires_abort()}


def error(rid, e):
    """An error response of an exception: the KafkaError it carries, else its text and type."""
    err = e.args[0] if e.args and hasattr(e.args[0], "code") else None
    if err is None:
        return {"id": rid, "error": str(e), "code": -1, "name": type(e).__name__}
    return kafka_error(rid, err)


try:
    import confluent_kafka as ck
except ImportError as e:
    send({"id": 0, "error": "the Python module confluent_kafka is missing (" + str(e) + ")", "code": -1,
          "name": "ImportError"})
    sys.exit(3)


class Driver:
    def __init__(self):
        self.producer = None
        self.consumer = None
        self.topic = None
        self.polling = False
        self.unreported = 0  # produce requests whose delivery report is not written yet
        self.reported = threading.Condition()

    def hello(self, rid, req):
        # builds (and closes) a client with each config given, so that bad settings are refused before a run starts
        for kind, make in (("producer", ck.Producer), ("transactional", ck.Producer), ("consumer", ck.Consumer)):
            if kind in req:
                client = make(req[kind])
                if kind == "consumer":
                    client.close()
        return {"id": rid, "librdkafka": ck.libversion()[0], "binding": ck.version()[0]}

    def open_producer(self, rid, req):
        self.producer = ck.Producer(req["config"])
        self.topic = req["topic"]
        self.polling = True
        threading.Thread(target=self.serve_reports, daemon=True).start()
        return {"id": rid}

    def serve_reports(self):
        while self.polling:
            try:
                self.producer.poll(0.05)
            except ck.KafkaException as e:
                # a fatal error (an idempotent producer's sequence refused, say) is raised by poll; the delivery
                # reports of the records it fails come from the next polls, so the driver goes on serving them
                sys.stderr.write("producer: " + str(e) + "\n")

    def produce(self, rid, req):
        def report(err, msg):
            if err is not None:
                send(kafka_error(rid, err))
            else:
                send({"id": rid, "partition": msg.partition(), "offset": msg.offset()})
            self.report_written()
        with self.reported:
            self.unreported += 1
        try:
            self.producer.produce(self.topic, value=req["value"], key=req.get("key"), partition=req["partition"],
                                  on_delivery=report)
        except (BufferError, ck.KafkaException) as e:
            self.report_written()
            r = error(rid, e)
            r["local"] = True  # raised by produce(): the record was never queued
            return r
        return None

    def report_written(self):
        with self.reported:
            self.unreported -= 1
            self.reported.notify_all()

    def flush(self, rid, req):
        # librdkafka's flush returns once no delivery report is queued, but the reports' thread may still be writing
        # the last ones: the answer waits for them, so that it follows every report of the records produced before
        deadline = time.monotonic() + req["timeout"]
        left = self.producer.flush(req["timeout"])
        with self.reported:
            while self.unreported > 0 and time.monotonic() < deadline:
                self.reported.wait(deadline - time.monotonic())
            return {"id": rid, "unflushed": max(left, self.unreported)}

    def init_transactions(self, rid, req):
        self.producer.init_transactions(req["timeout"])
        return {"id": rid}

    def begin_transaction(self, rid, req):
        self.producer.begin_transaction()
        return {"id": rid}

    def commit_transaction(self, rid, req):
        self.producer.commit_transaction(req["timeout"])
        return {"id": rid}

    def abort_transaction(self, rid, req):
        self.producer.abort_transaction(req["timeout"])
        return {"id": rid}

    def open_consumer(self, rid, req):
        self.consumer = ck.Consumer(req["config"])
        self.topic = req["topic"]
        return {"id": rid}

    def assign(self, rid, req):
        self.consumer.assign([ck.TopicPartition(self.topic, int(p), o) for p, o in req["offsets"].items()])
        return {"id": rid}

    def watermarks(self, rid, req):
        # librdkafka asks with the consumer's isolation.level: under read_committed, "high" is the last stable offset
        low = {}
        high = {}
        for p in req["partitions"]:
            low[str(p)], high[str(p)] = self.consumer.get_watermark_offsets(ck.TopicPartition(self.topic, p),
                                                                             req["timeout"])
        return {"id": rid, "low": low, "high": high}

    def poll(self, rid, req):
        # an error event (a broker down, say) fails the poll only when no record came with it: records read are kept
        records = []
        errors = []
        for m in self.consumer.consume(req["max"], req["timeout"]):
            if m.error() is not None:
                if m.error().code() != ck.KafkaError._PARTITION_EOF:
                    errors.append(m.error())
                continue
            key = m.key().decode("utf-8", "replace") if m.key() is not None else None
            value = m.value().decode("utf-8", "replace") if m.value() is not None else None
            records.append({"partition": m.partition(), "offset": m.offset(), "key": key, "value": value})
        if errors and not records:
            raise ck.KafkaException(errors[0])
        for e in errors:
            sys.stderr.write("poll: " + e.str() + "\n")
        return {"id": rid, "records": records}

    def close(self, rid, req):
        if self.producer is not None:
            self.polling = False
            left = self.producer.flush(req["timeout"])
            return {"id": rid, "unflushed": left}
        if self.consumer is not None:
            self.consumer.close()
        return {"id": rid}


def main():
    driver = Driver()
    ops = {"hello": driver.hello, "producer": driver.open_producer, "produce": driver.produce, "flush": driver.flush,
           "init-transactions": driver.init_transactions, "begin-transaction": driver.begin_transaction,
           "commit-transaction": driver.commit_transaction, "abort-transaction": driver.abort_transaction,
           "consumer": driver.open_consumer, "assign": driver.assign, "watermarks": driver.watermarks,
           "poll": driver.poll, "close": driver.close}
    for line in sys.stdin:
        req = json.loads(line)
        rid = req.get("id", 0)
        op = req.get("op")
        try:
            if op not in ops:
                raise ValueError("unknown op " + repr(op))
            response = ops[op](rid, req)
        except Exception as e:  # every failure is the request's answer, never the driver's end
            response = error(rid, e)
        if response is not None:
            send(response)
        if op == "close":
            return


main()
