package io.kchaos.nemesis.remote;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultOp;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.tiered.RemoteFault;
import io.kchaos.tiered.RemoteFault.Mode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code remote-slow}, {@code remote-fail}, {@code remote-outage}: the remote store delays every call, fails a share of
 * them, or fails them all, by the control file it writes in the bucket ({@link RemoteFault}); the heal
 * ({@code heal-remote}) removes it, recording which brokers acknowledged it ({@code seen-by}). Ok once the file is in
 * place: it takes effect at each broker's next remote call.
 */
public final class RemoteTierNemesis implements FaultInjector {
    static final String TAKES_EFFECT = "at each broker's next remote call";

    private final Mode mode;
    private final FaultOp op;
    private final long delayMs;
    private final double failShare;

    private RemoteTierNemesis(Mode mode, FaultOp op, long delayMs, double failShare) {
        this.mode = mode;
        this.op = op;
        this.delayMs = delayMs;
        this.failShare = failShare;
    }

    public static RemoteTierNemesis slow(NemesisOptions options) {
        return new RemoteTierNemesis(Mode.SLOW, NemesisOps.REMOTE_SLOW, options.positive(NemesisSettings.REMOTE_DELAY_MS.key()), 0);
    }

    public static RemoteTierNemesis fail(NemesisOptions options) {
        return new RemoteTierNemesis(Mode.FAIL, NemesisOps.REMOTE_FAIL, 0, options.share(NemesisSettings.REMOTE_FAIL_SHARE.key()));
    }

    public static RemoteTierNemesis outage() {
        return new RemoteTierNemesis(Mode.OUTAGE, NemesisOps.REMOTE_OUTAGE, 0, 0);
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Path bucket = Buckets.of(ctx);
        RemoteFault fault = new RemoteFault(mode, System.currentTimeMillis(), delayMs, failShare);
        ObjectNode v = Json.object();
        v.put("mode", mode.label());
        v.put("generation", fault.generation());
        if (mode == Mode.SLOW) v.put("delay-ms", delayMs);
        if (mode == Mode.FAIL) v.put("fail-share", failShare);
        v.put("file", RemoteFault.fileIn(bucket).toString());
        v.put("takes-effect", TAKES_EFFECT);
        ctx.recorder().record(op.f(), v, () -> io(() -> fault.writeTo(bucket)));
        return new HealOnce("remote tier " + mode.label(), () -> {
            ObjectNode h = v.deepCopy();
            ctx.recorder().record(NemesisOps.HEAL_REMOTE, h, () -> io(() -> {
                ArrayNode seen = h.putArray("seen-by");
                fault.seenBy(bucket).forEach(b -> {
                    if (b.chars().allMatch(Character::isDigit)) seen.add(Integer.parseInt(b));
                    else seen.add(b);
                });
                Optional<RemoteFault> other = fault.removeFrom(bucket);
                other.ifPresent(o -> h.put("replaced-by", o.generation()));
            }));
        });
    }

    private static void io(IoAction action) {
        try {
            action.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file action on the bucket. */
    @FunctionalInterface
    private interface IoAction {
        void run() throws IOException;
    }
}
