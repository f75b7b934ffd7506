package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.harness.matrix.MatrixPageWriter;
import io.kchaos.harness.matrix.MatrixResult;
import io.kchaos.history.Json;
import io.kchaos.report.dashboard.StoreMatrix;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a matrix folder's results (matrix.json, matrix.txt, the matrix page) and prints the table and the outcome: for matrix and merge. */
final class MatrixOutput {
    private MatrixOutput() {
    }

    /** @param json the matrix.json to write: the result's own, or with more fields (merge) */
    static void write(Path dir, MatrixResult result, ObjectNode json, PrintStream out) {
        String table = result.table();
        try {
            Json.PRETTY.writeValue(dir.resolve(StoreMatrix.JSON).toFile(), json);
            Files.writeString(dir.resolve("matrix.txt"), table);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the matrix results in " + dir + ": " + e.getMessage(), e);
        }
        out.println();
        out.print(table);
        try {
            out.println("matrix page: " + MatrixPageWriter.write(dir, result).html());
        } catch (RuntimeException e) {
            out.println("warning: no matrix page: " + ErrorHandlers.oneLine(e));
        }
        out.println("matrix folder: " + dir);
        int exit = result.exitCode();
        out.println(exit == 0 ? "every expectation met" : exit == 1 ? "EXPECTATION UNMET" : "some runs could not be judged");
    }
}
