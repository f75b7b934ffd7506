package io.kchaos.checker.cause;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields.KnownCause;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A broker's refusal of a produce request as out of order, as its server.log records it ({@code Out of order
 * sequence number for producer P at offset O in partition T-N: S (incoming seq. number), E (current end sequence
 * number)}, written by {@code ProducerAppendInfo.checkSequence} in every release from 3.7 to 4.4).
 *
 * @param node             the broker whose log holds it
 * @param time             the time of the log line it belongs to, as the log writes it, or null
 * @param producerId       the producer
 * @param topic            the partition's topic
 * @param partition        the partition
 * @param logEndOffset     the offset the refused batch would have been appended at
 * @param incomingSequence the refused batch's first sequence
 * @param endSequence      the last sequence the broker knew of the producer
 */
public record OutOfOrderRefusal(int node, String time, long producerId, String topic, int partition, long logEndOffset,
                                int incomingSequence, int endSequence) {
    private static final Pattern REFUSAL = Pattern.compile("Out of order sequence number for producer (\\d+) at offset (\\d+) in "
            + "partition (.+)-(\\d+): (-?\\d+) \\(incoming seq\\. number\\), (-?\\d+) \\(current end sequence number\\)");
    /** A log line's time: Kafka's own layout ({@code [2026-12-05 21:48:01,123]}) or kchaos's brokers' ({@code 2026-12-05T21:48:01.123}). */
    private static final Pattern TIME = Pattern.compile("^\\[?(\\d{4}-\\d\\d-\\d\\d[ T]\\d\\d:\\d\\d:\\d\\d[,.]\\d{3})\\]?");

    /** Every refusal in {@code serverLog} of node {@code node}, once each, in the order logged; none when the file is absent. */
    public static List<OutOfOrderRefusal> read(int node, Path serverLog) {
        if (!Files.isRegularFile(serverLog)) return List.of();
        Set<OutOfOrderRefusal> found = new LinkedHashSet<>();
        try (BufferedReader in = Files.newBufferedReader(serverLog, StandardCharsets.UTF_8)) {
            String time = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                Matcher t = TIME.matcher(line);
                if (t.find()) time = t.group(1);
                Matcher m = REFUSAL.matcher(line);
                if (m.find()) {
                    found.add(new OutOfOrderRefusal(node, time, Long.parseLong(m.group(1)), m.group(3), Integer.parseInt(m.group(4)),
                            Long.parseLong(m.group(2)), Integer.parseInt(m.group(5)), Integer.parseInt(m.group(6))));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + serverLog, e);
        }
        return new ArrayList<>(found);
    }

    /** The evidence as results.json shows it. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put(KnownCause.NODE, node);
        if (time != null) o.put(KnownCause.TIME, time);
        o.put(KnownCause.PRODUCER_ID, producerId);
        o.put("partition", partition);
        o.put(KnownCause.LOG_END_OFFSET, logEndOffset);
        o.put(KnownCause.INCOMING_SEQUENCE, incomingSequence);
        o.put(KnownCause.END_SEQUENCE, endSequence);
        return o;
    }
}
