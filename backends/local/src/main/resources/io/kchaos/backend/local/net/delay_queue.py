# kchaos packet-delay queue: holds every packet the kernel queues to NFQUEUE 0 (in this network namespace) for
# DELAY_MS +- JITTER_MS (uniform), then lets it through. Used for the 'slow' fault where the kernel has no netem.
# Arguments: DELAY_MS JITTER_MS, or --probe (bind the queue and exit 0). Prints "ready" once bound. On SIGTERM it
# releases every held packet at once and exits; it does the same when its parent (the harness) dies without stopping
# it, seen as a change of its parent pid. Python 3 standard library only (raw netlink, nfnetlink_queue).
import heapq
import os
import random
import select
import signal
import socket
import struct
import sys
import time

NETLINK_NETFILTER = 12
QUEUE_SUBSYS = 3 << 8
MSG_PACKET, MSG_VERDICT, MSG_CONFIG = 0, 1, 2
NLMSG_ERROR = 2
NLM_F_REQUEST, NLM_F_ACK = 1, 4
CFG_CMD, CFG_PARAMS, CFG_QUEUE_MAXLEN, CFG_MASK, CFG_FLAGS = 1, 2, 3, 4, 5
CMD_BIND = 1
COPY_META = 1
FLAG_FAIL_OPEN = 1
PACKET_HDR, VERDICT_HDR = 1, 2
NF_ACCEPT = 1
QUEUE = 0
SOL_NETLINK, NETLINK_NO_ENOBUFS = 270, 5


class Queue:
    def __init__(self):
        self.sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_NETFILTER)
        self.sock.bind((0, 0))
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, 33, 8 << 20)  # SO_RCVBUFFORCE
            self.sock.setsockopt(SOL_NETLINK, NETLINK_NO_ENOBUFS, 1)
        except OSError:
            pass
        self.seq = 0

    def send(self, msg_type, attrs, flags=NLM_F_REQUEST):
        payload = struct.pack("=BBH", socket.AF_UNSPEC, 0, socket.htons(QUEUE))
        for attr_type, data in attrs:
            length = 4 + len(data)
            payload += struct.pack("=HH", length, attr_type) + data + b"\0" * (-length % 4)
        self.seq += 1
        header = struct.pack("=IHHII", 16 + len(payload), QUEUE_SUBSYS | msg_type, flags, self.seq, 0)
        self.sock.send(header + payload)

    def configure(self, attrs):
        self.send(MSG_CONFIG, attrs, NLM_F_REQUEST | NLM_F_ACK)
        for msg_type, body in self.messages(self.sock.recv(65536)):
            if msg_type == NLMSG_ERROR:
                code = struct.unpack("=i", body[:4])[0]
                if code != 0:
                    raise OSError(-code, os.strerror(-code))

    def bind(self):
        self.configure([(CFG_CMD, struct.pack(">BBH", CMD_BIND, 0, 0))])
        self.configure([(CFG_PARAMS, struct.pack(">IB", 0, COPY_META)),
                        (CFG_QUEUE_MAXLEN, struct.pack(">I", 100000)),
                        (CFG_MASK, struct.pack(">I", FLAG_FAIL_OPEN)),
                        (CFG_FLAGS, struct.pack(">I", FLAG_FAIL_OPEN))])

    def accept(self, packet_id):
        self.send(MSG_VERDICT, [(VERDICT_HDR, struct.pack(">II", NF_ACCEPT, packet_id))])

    def messages(self, data):
        offset = 0
        while offset + 16 <= len(data):
            length, msg_type = struct.unpack_from("=IH", data, offset)
            if length < 16:
                break
            yield msg_type, data[offset + 16:offset + length]
            offset += (length + 3) & ~3

    def packet_ids(self, data):
        for msg_type, body in self.messages(data):
            if msg_type != QUEUE_SUBSYS | MSG_PACKET:
                continue
            offset = 4
            while offset + 4 <= len(body):
                length, attr_type = struct.unpack_from("=HH", body, offset)
                if length < 4:
                    break
                if attr_type & 0x3FFF == PACKET_HDR:
                    yield struct.unpack_from(">I", body, offset + 4)[0]
                offset += (length + 3) & ~3


def main(args):
    queue = Queue()
    queue.bind()
    if args[0] == "--probe":
        return 0
    delay, jitter = int(args[0]) / 1000.0, int(args[1]) / 1000.0
    held = []
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(True))
    parent = os.getppid()
    print("ready", flush=True)
    while not stopping and os.getppid() == parent:  # reparented: the harness is gone
        now = time.monotonic()
        while held and held[0][0] <= now:
            queue.accept(heapq.heappop(held)[1])
        timeout = max(0.0, held[0][0] - now) if held else 0.5
        try:
            readable, _, _ = select.select([queue.sock], [], [], min(timeout, 0.5))
            if readable:
                for packet_id in queue.packet_ids(queue.sock.recv(1 << 20)):
                    due = time.monotonic() + max(0.0, delay + random.uniform(-jitter, jitter))
                    heapq.heappush(held, (due, packet_id))
        except InterruptedError:
            continue
        except OSError as e:
            if e.errno != 105:  # ENOBUFS: some packets were not copied; fail-open passes them on
                raise
    for _, packet_id in held:
        queue.accept(packet_id)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
