# kchaos's librdkafka driver: one producer or one consumer of confluent-kafka-python, driven by the harness over
# JSON lines (stdin: requests, stdout: responses; protocol in docs/rdkafka-driver.md). Every request carries an "id"
# that its response repeats; a produce is answered by its delivery report, possibly after later requests' answers.
import json
import sys
import threading

out_lock = threading.Lock()


def send(msg):
    line = json.dumps(msg, separators=(",", ":")) + "\n"
    with out_lock:
        sys.stdout.write(line)
        sys.stdout.flush()


def error(rid, e):
    """An error response: the KafkaError's code (librdkafka's: negative = local, positive = Kafka's) and name."""
    err = e.args[0] if e.args and hasattr(e.args[0], "code") else None
    if err is None:
        return {"id": rid, "error": str(e), "code": -1, "name": type(e).__name__}
    return {"id": rid, "error": err.str(), "code": err.code(), "name": err.name()}


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

    def hello(self, rid, req):
        # builds (and closes) a client with each config given, so that bad settings are refused before a run starts
        for kind, make in (("producer", ck.Producer), ("consumer", ck.Consumer)):
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
                send({"id": rid, "error": err.str(), "code": err.code(), "name": err.name()})
            else:
                send({"id": rid, "partition": msg.partition(), "offset": msg.offset()})
        try:
            self.producer.produce(self.topic, value=req["value"], key=req.get("key"), partition=req["partition"],
                                  on_delivery=report)
        except (BufferError, ck.KafkaException) as e:
            r = error(rid, e)
            r["local"] = True  # raised by produce(): the record was never queued
            return r
        return None

    def open_consumer(self, rid, req):
        self.consumer = ck.Consumer(req["config"])
        self.topic = req["topic"]
        return {"id": rid}

    def assign(self, rid, req):
        self.consumer.assign([ck.TopicPartition(self.topic, int(p), o) for p, o in req["offsets"].items()])
        return {"id": rid}

    def low_watermarks(self, rid, req):
        low = {}
        for p in req["partitions"]:
            low[str(p)] = self.consumer.get_watermark_offsets(ck.TopicPartition(self.topic, p), req["timeout"])[0]
        return {"id": rid, "low": low}

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
    ops = {"hello": driver.hello, "producer": driver.open_producer, "produce": driver.produce,
           "consumer": driver.open_consumer, "assign": driver.assign, "low-watermarks": driver.low_watermarks,
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
