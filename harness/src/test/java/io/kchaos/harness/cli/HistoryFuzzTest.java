package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.testkit.QueueHistoryGenerator;
import io.kchaos.history.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seeded fuzzing of the history reader through {@code kchaos check}: every structural mutation of a generated history
 * (lines lost, repeated, swapped, cut, joined; keys repeated or removed; numbers made fractional; garbage bytes;
 * harmless whitespace, blank lines, CRLF, field order) is either judged exactly as the original (same exit code, same
 * anomaly types) or refused with exit 2 and one line — never a stack trace, never a silently different verdict. A torn
 * last line is the one documented exception: judged, with a warning that says so.
 */
class HistoryFuzzTest {
    private static final long SEED = 20261201L;
    private static final int MUTATIONS = 150;

    @TempDir
    Path dir;

    private record Outcome(int exit, String err, List<String> anomalyTypes, List<String> warnings) {
    }

    @Test
    void everyMutationIsJudgedAsTheOriginalOrRefusedOnOneLine() throws Exception {
        fuzz(QueueHistoryGenerator.Settings.of(240), "valid");
        fuzz(QueueHistoryGenerator.Settings.of(240).planting(1, 1), "invalid");
    }

    private void fuzz(QueueHistoryGenerator.Settings settings, String name) throws Exception {
        Path original = dir.resolve(name + ".jsonl");
        QueueHistoryGenerator.write(settings, original);
        List<String> lines = Files.readAllLines(original);
        Outcome base = check(original);
        assertTrue(base.exit() == 0 || base.exit() == 1, "the generated history is judged: " + base);
        Random random = new Random(SEED + name.hashCode());
        Map<String, int[]> tally = new TreeMap<>();
        for (int i = 0; i < MUTATIONS; i++) {
            Mutation m = Mutation.values()[random.nextInt(Mutation.values().length)];
            Path mutated = dir.resolve(name + "-" + i + ".jsonl");
            Files.write(mutated, m.apply(lines, random));
            Outcome o = check(mutated);
            String what = name + " mutation " + i + " (" + m + "): " + o;
            assertFalse(o.err().contains("\tat ") || o.err().contains("Exception in thread"), "no stack trace: " + what);
            int[] t = tally.computeIfAbsent(m.name(), k -> new int[2]);
            if (o.exit() == 2) {
                assertEquals(1, o.err().lines().count(), "refused on one line: " + what);
                assertTrue(o.err().startsWith("kchaos: "), what);
                assertFalse(m.harmless, "a harmless mutation is judged, not refused: " + what);
                t[1]++;
            } else if (m == Mutation.TEAR_LAST_LINE) {
                assertTrue(o.warnings().stream().anyMatch(w -> w.contains("truncated")), "a torn last line is said: " + what);
                t[0]++;
            } else {
                assertEquals(base.exit(), o.exit(), "judged as the original: " + what);
                assertEquals(base.anomalyTypes(), o.anomalyTypes(), "judged as the original: " + what);
                t[0]++;
            }
            Files.delete(mutated);
        }
        StringBuilder summary = new StringBuilder("MEASURED fuzz " + name + " (" + lines.size() + " lines): judged/refused");
        tally.forEach((m, t) -> summary.append(' ').append(m).append('=').append(t[0]).append('/').append(t[1]));
        System.out.println(summary);
    }

    private Outcome check(Path history) throws Exception {
        Path results = dir.resolve("results.json");
        Files.deleteIfExists(results);
        StringWriter err = new StringWriter();
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream errBytes = new java.io.ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(OutputStream.nullOutputStream()));
            System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
            exit = Main.execute(new PrintWriter(err, true), "check", history.toString(), "--out", results.toString());
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        String allErr = err + errBytes.toString(StandardCharsets.UTF_8);
        List<String> types = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (Files.exists(results)) {
            JsonNode r = Json.MAPPER.readTree(results.toFile());
            r.path("anomaly-types").forEach(t -> types.add(t.asText()));
            r.path("warnings").forEach(w -> warnings.add(w.asText()));
        }
        return new Outcome(exit, allErr, types, warnings);
    }

    /** Structural damage and harmless reformatting of a history's lines. */
    private enum Mutation {
        DELETE_LINE(false) {
            List<String> lines(List<String> l, Random r) {
                l.remove(r.nextInt(l.size() - 1));
                return l;
            }
        },
        REPEAT_LINE(false) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size());
                l.add(i, l.get(i));
                return l;
            }
        },
        SWAP_LINES(false) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size() - 1);
                String a = l.get(i);
                l.set(i, l.get(i + 1));
                l.set(i + 1, a);
                return l;
            }
        },
        CUT_LINE(false) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size() - 1);
                String s = l.get(i);
                l.set(i, s.substring(0, 1 + r.nextInt(s.length() - 1)));
                return l;
            }
        },
        JOIN_LINES(false) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size() - 1);
                l.set(i, l.get(i) + l.remove(i + 1));
                return l;
            }
        },
        REPEAT_KEY(false) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size());
                String[] keys = {"\"type\":\"ok\",", "\"index\":0,", "\"f\":\"send\",", "\"process\":3,", "\"value\":null,"};
                l.set(i, "{" + keys[r.nextInt(keys.length)] + l.get(i).substring(1));
                return l;
            }
        },
        REMOVE_FIELD(false) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size());
                String[] fields = {"index", "time", "process", "type", "f"};
                l.set(i, Json.MAPPER.createObjectNode().setAll(without(l.get(i), fields[r.nextInt(fields.length)])).toString());
                return l;
            }
        },
        FRACTIONAL_NUMBER(false) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size());
                String[] fields = {"index", "time", "process"};
                String f = fields[r.nextInt(fields.length)];
                l.set(i, l.get(i).replaceFirst("\"" + f + "\":(\\d+)", "\"" + f + "\":$1.5"));
                if (!l.get(i).contains(".5")) l.set(i, l.get(i).replaceFirst("\"index\":(\\d+)", "\"index\":$1.5"));
                return l;
            }
        },
        UNKNOWN_F(false) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size());
                if (l.get(i).contains("\"nemesis\"")) i = 0;
                l.set(i, l.get(i).replaceFirst("\"f\":\"[a-z-]+\"", "\"f\":\"produce\""));
                return l;
            }
        },
        GARBAGE_BYTE(false) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size() - 1);
                String s = l.get(i);
                int at = r.nextInt(s.length());
                char[] garbage = {'x', '}', '{', '"', ',', ':', '\u0000', '\uFFFD', ']'};
                l.set(i, s.substring(0, at) + garbage[r.nextInt(garbage.length)] + s.substring(at));
                return l;
            }
        },
        TEXT_AFTER(false) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size());
                l.set(i, l.get(i) + (r.nextBoolean() ? " trailing" : " {}"));
                return l;
            }
        },
        TEAR_LAST_LINE(false) {
            List<String> lines(List<String> l, Random r) {
                int i = l.size() - 1;
                String s = l.get(i);
                l.set(i, s.substring(0, 1 + r.nextInt(s.length() - 1)));
                return l;
            }

            @Override
            byte[] apply(List<String> l, Random r) {
                byte[] b = super.apply(l, r);
                return java.util.Arrays.copyOf(b, b.length - 1); // no newline at the end
            }
        },
        BLANK_LINE(true) {
            List<String> lines(List<String> l, Random r) {
                l.add(r.nextInt(l.size()), r.nextBoolean() ? "" : "   ");
                return l;
            }
        },
        CRLF(true) {
            List<String> lines(List<String> l, Random r) {
                l.replaceAll(s -> s + "\r");
                return l;
            }
        },
        SPACES_BETWEEN_TOKENS(true) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size());
                l.set(i, l.get(i).replace(",\"", ", \"").replace("\":", "\" : "));
                return l;
            }
        },
        FIELD_ORDER(true) {
            List<String> lines(List<String> l, Random r) {
                int i = r.nextInt(l.size());
                try {
                    JsonNode n = Json.MAPPER.readTree(l.get(i));
                    List<String> names = new ArrayList<>();
                    n.fieldNames().forEachRemaining(names::add);
                    java.util.Collections.reverse(names);
                    var o = Json.MAPPER.createObjectNode();
                    names.forEach(k -> o.set(k, n.get(k)));
                    l.set(i, o.toString());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                return l;
            }
        };

        final boolean harmless;

        Mutation(boolean harmless) {
            this.harmless = harmless;
        }

        abstract List<String> lines(List<String> lines, Random random);

        byte[] apply(List<String> original, Random random) {
            List<String> l = lines(new ArrayList<>(original), random);
            return (String.join("\n", l) + "\n").getBytes(StandardCharsets.UTF_8);
        }

        private static Map<String, JsonNode> without(String line, String field) {
            try {
                Map<String, JsonNode> m = new java.util.LinkedHashMap<>();
                Json.MAPPER.readTree(line).fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue()));
                m.remove(field);
                return m;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
