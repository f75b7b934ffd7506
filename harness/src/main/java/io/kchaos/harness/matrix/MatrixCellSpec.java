package io.kchaos.harness.matrix;

import io.kchaos.cluster.secret.SecretSettings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** One cell of a matrix: a value for every axis, in axis order. */
public record MatrixCellSpec(int index, List<MatrixAxis> axes, Map<String, String> values) {
    public MatrixCellSpec {
        values = new LinkedHashMap<>(values);
    }

    /** Every combination of the axes' values, the first axis varying slowest. */
    public static List<MatrixCellSpec> grid(List<MatrixAxis> axes) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (MatrixAxis axis : axes) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combos) {
                for (String v : axis.values()) {
                    Map<String, String> m = new LinkedHashMap<>(c);
                    m.put(axis.key(), v);
                    next.add(m);
                }
            }
            combos = next;
        }
        List<MatrixCellSpec> cells = new ArrayList<>();
        for (int i = 0; i < combos.size(); i++) cells.add(new MatrixCellSpec(i + 1, axes, combos.get(i)));
        return cells;
    }

    /** {@code c01}, {@code c02}, ... */
    public String id() {
        return String.format("c%02d", index);
    }

    /** {@code min.insync.replicas=1 acks=all} (a secret's value redacted), or {@code (scenario as is)} for a matrix without axes. */
    public String label() {
        StringJoiner j = new StringJoiner(" ");
        values.forEach((k, v) -> j.add(k + "=" + SecretSettings.shown(k, v)));
        return values.isEmpty() ? "(scenario as is)" : j.toString();
    }

    /** The value of the axis a selector key names, or null. */
    public String value(String selectorKey) {
        for (MatrixAxis a : axes) {
            if (a.named(selectorKey)) return values.get(a.key());
        }
        return null;
    }

    /** The {@code run} arguments that apply this cell's values. */
    public List<String> runArgs() {
        List<String> args = new ArrayList<>();
        for (MatrixAxis a : axes) args.addAll(a.route().target().args(a.route().key(), values.get(a.key())));
        return args;
    }
}
