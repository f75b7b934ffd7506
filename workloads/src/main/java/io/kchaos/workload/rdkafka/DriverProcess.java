package io.kchaos.workload.rdkafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.workload.common.Clients;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * One librdkafka driver process (the Python script {@code driver.py} run by an interpreter with confluent_kafka) and
 * its JSON-lines protocol (docs/rdkafka-driver.md): each request gets an id, and its response, matched by that id on
 * a reader thread, completes the request's future. When the process ends, every pending request fails with the reason.
 */
final class DriverProcess {
    /** How much longer than a request's own timeout (a poll's, a transactional call's) the driver may take to answer. */
    static final Duration GRACE = Duration.ofSeconds(10);
    private static final int STDERR_LINES = 3;

    private final Process process;
    private final Writer stdin;
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(1);
    private final Deque<String> stderrTail = new ArrayDeque<>();
    private final Thread stderrReader;
    private final Thread replyReader;
    private volatile String ended;

    private DriverProcess(Process process) {
        this.process = process;
        this.stdin = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        stderrReader = Clients.daemon(this::readStderr, "rdkafka-driver-err");
        stderrReader.start();
        replyReader = Clients.daemon(this::readReplies, "rdkafka-driver-out");
        replyReader.start();
    }

    /** Starts {@code python} on the driver script; an interpreter that cannot be run fails in one line. */
    static DriverProcess start(String python) {
        try {
            return new DriverProcess(new ProcessBuilder(python, "-c", script()).start());
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    private static String script() {
        try (InputStream in = DriverProcess.class.getResourceAsStream("driver.py")) {
            if (in == null) throw new IllegalStateException("driver.py is missing from the class path");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends a request; its future completes with the response (which may carry an {@code error}). */
    CompletableFuture<JsonNode> request(String op, ObjectNode fields) {
        long id = ids.getAndIncrement();
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        ObjectNode r = Json.object().put("id", id).put("op", op);
        r.setAll(fields);
        String why = ended;
        if (why == null) {
            try {
                synchronized (stdin) {
                    stdin.write(Json.MAPPER.writeValueAsString(r));
                    stdin.write('\n');
                    stdin.flush();
                }
            } catch (IOException e) {
                why = endedAfterFailedWrite("cannot write to the librdkafka driver: " + e.getMessage());
            }
        }
        if (why != null && pending.remove(id) != null) f.completeExceptionally(new KafkaException(why));
        return f;
    }

    /**
     * A write fails with a broken pipe when the driver has already exited, usually having said why on stdout; the
     * reason the reply reader finds is the one to give, so wait briefly for the reader to see the end.
     */
    private String endedAfterFailedWrite(String writeError) {
        try {
            if (process.waitFor(2, TimeUnit.SECONDS)) replyReader.join(4_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return ended != null ? ended : writeError;
    }

    /** Sends a request and waits at most {@code timeout} for a response without an error, which it returns. */
    JsonNode call(String op, ObjectNode fields, Duration timeout) {
        return await(request(op, fields), timeout);
    }

    /** Waits for a response; an error response, the driver's end or the timeout is thrown as a Kafka exception. */
    static JsonNode await(CompletableFuture<JsonNode> f, Duration timeout) {
        return await(f, timeout, DriverReplies::error);
    }

    /** As {@link #await(CompletableFuture, Duration)}, with an error response decoded by {@code errors}. */
    static JsonNode await(CompletableFuture<JsonNode> f, Duration timeout, Function<JsonNode, KafkaException> errors) {
        try {
            JsonNode reply = f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (reply.has("error")) throw errors.apply(reply);
            return reply;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new KafkaException(e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new TimeoutException("no answer from the librdkafka driver within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptException(e);
        }
    }

    /** Asks the driver to close its client within {@code timeout}; a driver that does not answer in time is killed. */
    void close(Duration timeout) {
        long exitMillis = 2_000;
        try {
            call("close", Json.object().put("timeout", seconds(timeout)), timeout.plusSeconds(2));
        } catch (RuntimeException e) {
            if (ended == null) System.err.println("warning: closing a librdkafka client: " + e.getMessage());
            exitMillis = 0;
        }
        try {
            if (!process.waitFor(exitMillis, TimeUnit.MILLISECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** A timeout as the driver takes it: seconds, with a fraction. */
    static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    private void readReplies() {
        String firstError = null;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                JsonNode reply = Json.MAPPER.readTree(line);
                CompletableFuture<JsonNode> f = pending.remove(reply.path("id").asLong());
                if (f != null) f.complete(reply);
                else if (reply.has("error") && firstError == null) firstError = reply.path("error").asText();
            }
        } catch (IOException e) {
            firstError = firstError != null ? firstError : e.getMessage();
        }
        try {
            process.waitFor(2, TimeUnit.SECONDS);
            stderrReader.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String why = "the librdkafka driver ended" + (process.isAlive() ? "" : " (exit " + process.exitValue() + ")") + ": "
                + (firstError != null ? firstError : lastStderr());
        ended = why;
        pending.keySet().forEach(id -> {
            CompletableFuture<JsonNode> f = pending.remove(id);
            if (f != null) f.completeExceptionally(new KafkaException(why));
        });
    }

    private void readStderr() {
        try (BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = err.readLine()) != null; ) {
                synchronized (stderrTail) {
                    stderrTail.addLast(line);
                    if (stderrTail.size() > STDERR_LINES) stderrTail.removeFirst();
                }
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    private String lastStderr() {
        synchronized (stderrTail) {
            return stderrTail.isEmpty() ? "no output" : String.join(" | ", stderrTail);
        }
    }
}
