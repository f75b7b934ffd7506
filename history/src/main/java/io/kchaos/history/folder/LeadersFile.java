package io.kchaos.history.folder;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Reads leaders.jsonl leniently: lines that do not parse are skipped and counted in a warning, never fatal. */
public final class LeadersFile {
    /** The changes read (sorted by time) and what was wrong with the file, if anything. */
    public record Contents(boolean present, List<LeaderChange> changes, List<String> warnings) {
    }

    private LeadersFile() {
    }

    public static Contents read(Path file) {
        if (!Files.isRegularFile(file)) return new Contents(false, List.of(), List.of());
        List<LeaderChange> changes = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        long bad = 0;
        long firstBad = -1;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            long lineNo = 0;
            while ((line = r.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) continue;
                LeaderChange c = parse(line);
                if (c == null) {
                    bad++;
                    if (firstBad < 0) firstBad = lineNo;
                } else {
                    changes.add(c);
                }
            }
        } catch (IOException | RuntimeException e) {
            warnings.add("leaders.jsonl could not be read completely: " + e.getMessage());
        }
        if (bad > 0) warnings.add("leaders.jsonl: " + bad + " malformed line(s) skipped, first at line " + firstBad);
        changes.sort(Comparator.comparingLong(LeaderChange::time));
        return new Contents(true, List.copyOf(changes), List.copyOf(warnings));
    }

    /** One line, or null when it lacks a time or a partition. */
    static LeaderChange parse(String line) {
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(line);
        } catch (IOException e) {
            return null;
        }
        if (n == null || !n.path("time").canConvertToLong() || !n.path("partition").canConvertToInt()) return null;
        List<Integer> isr = new ArrayList<>();
        n.path("isr").forEach(x -> {
            if (x.canConvertToInt()) isr.add(x.asInt());
        });
        return new LeaderChange(n.path("time").asLong(), n.path("partition").asInt(),
                n.path("leader").canConvertToInt() ? n.path("leader").asInt() : -1,
                n.path("epoch").canConvertToInt() ? n.path("epoch").asInt() : -1, List.copyOf(isr));
    }
}
