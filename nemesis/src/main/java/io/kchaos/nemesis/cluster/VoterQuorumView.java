package io.kchaos.nemesis.cluster;

import io.kchaos.wire.HostPort;
import io.kchaos.wire.QuorumRequest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@link QuorumView} that asks every voter at once, each over its own connection ({@link QuorumRequest}): the leader
 * answers, so the quorum is read without the brokers (which may all have halted) and without a cached leader (a
 * paused voter costs only its own {@value #TIMEOUT_MS} ms). The answer with the highest epoch counts.
 */
public final class VoterQuorumView implements QuorumView, AutoCloseable {
    static final int TIMEOUT_MS = 2_000;
    private final List<String> voters;
    private final ExecutorService askers;

    /** @param voters each voter's {@code host:port} on its controller listener */
    public VoterQuorumView(List<String> voters) {
        if (voters.isEmpty()) throw new IllegalArgumentException("a voter quorum view needs the voters' addresses");
        this.voters = List.copyOf(voters);
        this.askers = Executors.newFixedThreadPool(voters.size(), r -> {
            Thread t = new Thread(r, "quorum-voter-ask");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public Optional<QuorumState> state() {
        List<CompletableFuture<Optional<QuorumRequest.Answer>>> asked = new ArrayList<>();
        for (String voter : voters) asked.add(CompletableFuture.supplyAsync(() -> ask(voter), askers));
        List<QuorumRequest.Answer> answers = new ArrayList<>();
        for (CompletableFuture<Optional<QuorumRequest.Answer>> f : asked) {
            try {
                f.get(2L * TIMEOUT_MS, TimeUnit.MILLISECONDS).ifPresent(answers::add);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            } catch (Exception e) {
                // unknown from this voter
            }
        }
        return answers.stream().max(Comparator.comparingInt(QuorumRequest.Answer::leaderEpoch))
                .map(a -> new QuorumState(a.leaderId(), a.leaderEpoch(), a.voters(), a.highWatermark(), a.voterEnds(), a.observerEnds()));
    }

    private static Optional<QuorumRequest.Answer> ask(String voter) {
        try {
            HostPort a = HostPort.parse(voter);
            return QuorumRequest.ask(a.host(), a.port(), TIMEOUT_MS);
        } catch (Exception e) {
            return Optional.empty(); // down, paused, cut off, or not answering this version
        }
    }

    @Override
    public void close() {
        askers.shutdownNow();
    }
}
