package io.kchaos.checker.raft;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A node's {@code quorum-state} file (KRaft's {@code QuorumStateData} as JSON): the epoch it knows, the leader, and in
 * data version 0 the voter set ({@code currentVoters}; version 1, KIP-853, keeps voters in the log instead).
 *
 * @param path        the file
 * @param leaderEpoch the {@code leaderEpoch} field
 * @param leaderId    the {@code leaderId} field, -1 when none
 * @param voters      {@code currentVoters}' ids, empty when the file does not list them
 */
public record QuorumStateFile(Path path, int leaderEpoch, int leaderId, List<Integer> voters) {
    public static final String FILE_NAME = "quorum-state";

    /** Reads the file; empty when it is absent; throws {@link IllegalArgumentException} with one line when it does not parse. */
    public static Optional<QuorumStateFile> read(Path file) {
        if (!Files.isRegularFile(file)) return Optional.empty();
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " does not parse as JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (n == null || !n.path("leaderEpoch").canConvertToInt()) {
            throw new IllegalArgumentException(file + " has no numeric leaderEpoch");
        }
        List<Integer> voters = new ArrayList<>();
        n.path("currentVoters").forEach(v -> voters.add(v.path("voterId").asInt()));
        return Optional.of(new QuorumStateFile(file, n.path("leaderEpoch").asInt(), n.path("leaderId").asInt(-1), List.copyOf(voters)));
    }
}
