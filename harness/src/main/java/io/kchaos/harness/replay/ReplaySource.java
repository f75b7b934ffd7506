package io.kchaos.harness.replay;

import io.kchaos.history.folder.RunFields;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.history.Json;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunJson;
import io.kchaos.nemesis.replay.RecordedSchedule;
import io.kchaos.nemesis.replay.ScheduleReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * A previous run whose fault schedule is replayed: its folder, its run.json (the settings a replay starts from) and
 * the schedule read from its history. Every problem with the folder is an IllegalArgumentException of one line.
 */
public record ReplaySource(Path dir, RunJson runJson, RecordedSchedule schedule) {

    /** Reads {@code dir}: a run folder with run.json and history.jsonl. */
    public static ReplaySource load(Path dir) {
        if (!Files.exists(dir)) throw new IllegalArgumentException("no such run folder: " + dir);
        if (!Files.isDirectory(dir)) throw new IllegalArgumentException("not a run folder (not a directory): " + dir);
        RunFiles files = new RunFiles(dir);
        Path history = files.history();
        RunJson run = RunJson.read(dir);
        switch (run.file().status()) {
            case MISSING -> throw new IllegalArgumentException("not a run folder (no run.json): " + dir);
            case UNREADABLE -> throw new IllegalArgumentException("damaged run.json in " + dir + ": " + firstLine(run.file().detail()));
            case NOT_OBJECT, READ -> {
                if (run.seed().isEmpty()) throw new IllegalArgumentException("not a run folder (run.json is not a kchaos run's): " + dir);
            }
        }
        if (!Files.isRegularFile(history)) throw new IllegalArgumentException("run folder without a history (no history.jsonl): " + dir);
        HistoryFile file = HistoryFile.open(history);
        RecordedSchedule schedule;
        try {
            schedule = ScheduleReader.read(file, history.toString());
        } catch (HistoryFormatException e) {
            throw new IllegalArgumentException("damaged history: " + file.located(e).getMessage());
        }
        Path real;
        try {
            real = dir.toRealPath();
        } catch (IOException e) {
            real = dir.toAbsolutePath().normalize();
        }
        return new ReplaySource(real, run, schedule);
    }

    private static String firstLine(String s) {
        return s == null ? "unreadable" : s.lines().findFirst().orElse("unreadable");
    }

    /** The original run's name (its folder's name when run.json has none). */
    public String name() {
        return runJson.name().orElse(dir.getFileName().toString());
    }

    /** run.json's {@code replay-of} section of a replay of this run keeping {@code kept} of its faults. */
    public ObjectNode replayOf(RecordedSchedule replayed, Set<Integer> kept) {
        ObjectNode o = Json.object();
        o.put(RunFields.ReplayOf.RUN, dir.toString());
        o.put(RunFields.ReplayOf.NAME, name());
        o.put(RunFields.ReplayOf.SEED, runJson.seed().orElse(0));
        o.put(RunFields.ReplayOf.FAULTS, schedule.faults().size());
        ArrayNode k = o.putArray(RunFields.ReplayOf.KEPT);
        kept.forEach(k::add);
        ArrayNode d = o.putArray(RunFields.ReplayOf.SCHEDULE);
        replayed.describe().forEach(d::add);
        ArrayNode n = o.putArray(RunFields.ReplayOf.NOTES);
        schedule.notes().forEach(n::add);
        return o;
    }
}
