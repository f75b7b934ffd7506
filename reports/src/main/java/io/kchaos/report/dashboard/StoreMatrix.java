package io.kchaos.report.dashboard;

import io.kchaos.history.folder.FolderJson;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Verdict;
import io.kchaos.history.Json;
import io.kchaos.report.MatrixExpectations;
import io.kchaos.report.write.MatrixReport;
import io.kchaos.report.VerdictCounts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One matrix folder of a store, from its matrix.json: scenario, expectations met or unmet per cell, and the verdicts of
 * its runs; a folder whose matrix.json is missing or damaged gives a matrix whose {@link #problem()} says why.
 */
public record StoreMatrix(Path dir, Instant started, String scenario, MatrixExpectations expectations, VerdictCounts verdicts,
                          String problem) {
    /** The file that holds a matrix's results. */
    public static final String JSON = "matrix.json";

    /** True when {@code dir} is a matrix folder (it holds matrix.json or matrix.html). */
    public static boolean isMatrix(Path dir) {
        return Files.exists(dir.resolve(JSON)) || Files.exists(dir.resolve(MatrixReport.HTML));
    }

    /** Reads a matrix folder; never throws for a damaged one. */
    public static StoreMatrix read(Path dir) {
        Instant started = FolderTime.of(dir, null);
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(dir.resolve(JSON).toFile());
        } catch (IOException | RuntimeException e) {
            String why = Files.exists(dir.resolve(JSON)) ? JSON + " is unreadable: " + FolderJson.firstLine(e.getMessage())
                    : JSON + " not found (the matrix is still running, or it was stopped)";
            return new StoreMatrix(dir, started, "unknown", MatrixExpectations.NONE, new VerdictCounts(0, 0, 0), why);
        }
        if (root == null || !root.isObject()) {
            return new StoreMatrix(dir, started, "unknown", MatrixExpectations.NONE, new VerdictCounts(0, 0, 0), JSON + " is not a JSON object");
        }
        List<MatrixExpectations.Cell> cells = new ArrayList<>();
        List<Verdict> verdicts = new ArrayList<>();
        for (JsonNode c : root.path("cells")) {
            cells.add(new MatrixExpectations.Cell(c.path("id").asText() + " " + c.path("label").asText(), texts(c.path("expect")),
                    texts(c.path("unmet"))));
            for (JsonNode r : c.path("runs")) verdicts.add(verdict(r.path("verdict").asText()));
        }
        return new StoreMatrix(dir, started, root.path("scenario").asText("unknown"), new MatrixExpectations(cells),
                VerdictCounts.of(verdicts), null);
    }

    /** matrix.json's run verdict (the enum's name in lower case). */
    private static Verdict verdict(String s) {
        try {
            return Verdict.valueOf(s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return Verdict.UNKNOWN;
        }
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The matrix's matrix.html, or null when it has none. */
    public Path page() {
        Path html = dir.resolve(MatrixReport.HTML);
        return Files.isRegularFile(html) ? html : null;
    }

    /** The folder's name. */
    public String name() {
        return dir.getFileName().toString();
    }
}
