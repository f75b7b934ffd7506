package io.kchaos.harness.matrix;

import java.util.List;

/** A plain-text table: columns padded to their widest cell, two spaces apart, trailing spaces stripped. */
public final class TextTable {
    private TextTable() {
    }

    /** The rows, the first being the header, one line each. */
    public static String render(List<String[]> rows) {
        int width = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        int[] w = new int[width];
        for (String[] r : rows) for (int i = 0; i < r.length; i++) w[i] = Math.max(w[i], r[i].length());
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) line.append(r[i]).append(" ".repeat(w[i] - r[i].length())).append("  ");
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
