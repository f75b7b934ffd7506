package io.kchaos.checker.queue;

/** A process's last position in one partition: the offset, the value there and the history index it was seen at. */
final class Cursor {
    long offset;
    long value;
    long index;

    Cursor(long offset, long value, long index) {
        move(offset, value, index);
    }

    void move(long offset, long value, long index) {
        this.offset = offset;
        this.value = value;
        this.index = index;
    }
}
