package io.kchaos.harness.proxy;

import com.fasterxml.jackson.core.type.TypeReference;
import io.kchaos.history.Json;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.ProtocolRule;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * Switches the proxy's rules on and off over its control line, and returns only once the proxy lists them so (its
 * {@code rules} command), else throws {@link FaultNotHeld} with the ids it listed.
 */
final class ConfirmedRules {
    private static final TypeReference<List<String>> IDS = new TypeReference<>() {
    };

    private final ControlLine control;
    private final Duration bound;

    ConfirmedRules(ControlLine control) {
        this(control, EffectWait.BOUND);
    }

    /** With {@code bound} for the read-back instead of {@link EffectWait#BOUND} (tests). */
    ConfirmedRules(ControlLine control, Duration bound) {
        this.control = control;
        this.bound = bound;
    }

    void add(ProtocolRule rule) {
        control.command("add " + rule.toJson());
        await("rule " + rule.id() + " installed", ids -> ids.contains(rule.id()));
    }

    void remove(String id) {
        control.command("remove " + id);
        await("rule " + id + " removed", ids -> !ids.contains(id));
    }

    void clear() {
        control.command("clear");
        await("every rule removed", List::isEmpty);
    }

    /** The ids of the rules the proxy has switched on now. */
    List<String> listed() {
        try {
            return Json.MAPPER.readValue(control.command("rules"), IDS);
        } catch (IOException e) {
            throw new UncheckedIOException("the kchaos proxy listed its rules unreadably", e);
        }
    }

    private void await(String effect, Predicate<List<String>> holds) {
        EffectWait.until("kchaos proxy: " + effect, bound, this::listed, holds, ids -> "rules " + ids);
    }
}
