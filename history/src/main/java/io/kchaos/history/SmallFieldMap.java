package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The fields of one parsed JSON object in two small arrays, in insertion order: a history object has a handful of
 * fields, so a linear search beats hashing and costs a fraction of a LinkedHashMap's memory. A full, mutable map
 * (ObjectNode may change its fields), though lookups are O(n).
 */
final class SmallFieldMap extends AbstractMap<String, JsonNode> {
    private String[] keys;
    private JsonNode[] values;
    private int size;

    SmallFieldMap() {
        this(new String[4], new JsonNode[4], 0);
    }

    /** A map over the first {@code size} entries of these arrays, which it then owns; the keys must be distinct. */
    SmallFieldMap(String[] keys, JsonNode[] values, int size) {
        this.keys = keys;
        this.values = values;
        this.size = size;
    }

    private void append(String key, JsonNode value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, Math.max(4, size * 2));
            values = Arrays.copyOf(values, Math.max(4, size * 2));
        }
        keys[size] = key;
        values[size++] = value;
    }

    private int indexOf(Object key) {
        for (int i = 0; i < size; i++) {
            if (keys[i] == key) return i;
        }
        if (!(key instanceof String k)) return -1;
        int hash = k.hashCode();
        for (int i = 0; i < size; i++) {
            if (keys[i].hashCode() == hash && keys[i].equals(k)) return i;
        }
        return -1;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public JsonNode get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : values[i];
    }

    @Override
    public JsonNode put(String key, JsonNode value) {
        int i = indexOf(key);
        if (i >= 0) {
            JsonNode old = values[i];
            values[i] = value;
            return old;
        }
        append(key, value);
        return null;
    }

    @Override
    public JsonNode remove(Object key) {
        int i = indexOf(key);
        if (i < 0) return null;
        JsonNode old = values[i];
        removeAt(i);
        return old;
    }

    private void removeAt(int i) {
        System.arraycopy(keys, i + 1, keys, i, size - i - 1);
        System.arraycopy(values, i + 1, values, i, size - i - 1);
        size--;
        keys[size] = null;
        values[size] = null;
    }

    @Override
    public void clear() {
        Arrays.fill(keys, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
    }

    @Override
    public Set<Entry<String, JsonNode>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public Iterator<Entry<String, JsonNode>> iterator() {
                return new Iterator<>() {
                    private int next;
                    private int last = -1;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<String, JsonNode> next() {
                        if (next >= size) throw new NoSuchElementException();
                        last = next++;
                        return new Field(last);
                    }

                    @Override
                    public void remove() {
                        if (last < 0) throw new IllegalStateException();
                        removeAt(last);
                        next = last;
                        last = -1;
                    }
                };
            }
        };
    }

    /** One field, writing through to the map. */
    private final class Field implements Map.Entry<String, JsonNode> {
        private final String key;
        private final int index;

        Field(int index) {
            this.index = index;
            this.key = keys[index];
        }

        @Override
        public String getKey() {
            return key;
        }

        @Override
        public JsonNode getValue() {
            return index < size && keys[index] == key ? values[index] : get(key);
        }

        @Override
        public JsonNode setValue(JsonNode value) {
            return put(key, value);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Map.Entry<?, ?> e && key.equals(e.getKey()) && java.util.Objects.equals(getValue(), e.getValue());
        }

        @Override
        public int hashCode() {
            return key.hashCode() ^ java.util.Objects.hashCode(getValue());
        }
    }
}
