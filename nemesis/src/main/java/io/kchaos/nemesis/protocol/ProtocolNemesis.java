package io.kchaos.nemesis.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultOp;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.Coordinated;
import io.kchaos.nemesis.cluster.ProtocolControl;
import io.kchaos.nemesis.cluster.ProtocolRule;
import io.kchaos.nemesis.process.NodeTarget;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The protocol faults of {@link ProtocolFaults} and the link faults of {@link LinkFaults} ({@code proxy-*}): switches
 * one rule on the kchaos proxy for the fault's duration, aimed at a role's node (a partition's leader, the workload's
 * transaction or group coordinator, or any node), and switches it off on heal. Recorded as its {@code proxy-*} op with
 * the rule, and {@code heal-proxy}; what the proxy does to each request is recorded as {@code proxy-action} as it
 * happens.
 */
public final class ProtocolNemesis implements FaultInjector {
    private static final AtomicInteger IDS = new AtomicInteger();

    private final String name;
    private final FaultOp op;
    private final ProtocolRule template;
    private final String target;

    /**
     * The fault {@code name} (its rules' ids start with it), recording {@code op}, switching on rules like
     * {@code template} aimed at {@code target} (leader, coordinator, group-coordinator or any).
     */
    public ProtocolNemesis(String name, FaultOp op, ProtocolRule template, String target) {
        this.name = name;
        this.op = op;
        this.template = template;
        this.target = target;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        ProtocolControl proxy = ctx.cluster().protocol()
                .orElseThrow(() -> new IllegalStateException(name + " needs the kchaos proxy in front of the brokers"));
        ObjectNode value = Json.object();
        ProtocolRule rule = template;
        switch (target) {
            case "leader" -> {
                Optional<NodeTarget.Choice> c = NodeTarget.LEADER.choose(ctx);
                if (c.isEmpty()) return Fault.NONE;
                rule = rule.onNode(c.get().node());
                value.put("role", "leader");
                if (c.get().partition() >= 0) value.put("partition", c.get().partition());
            }
            case "coordinator", "group-coordinator" -> {
                Coordinated.Kind kind = target.equals("coordinator") ? Coordinated.Kind.TRANSACTION : Coordinated.Kind.GROUP;
                List<Coordinated> targets = ctx.coordinators().targets().stream().filter(t -> t.kind() == kind).toList();
                if (targets.isEmpty()) return Fault.NONE;
                Coordinated chosen = ctx.pick(targets);
                Optional<Integer> node = ctx.coordinators().coordinator(chosen).filter(ctx.cluster()::isRunning);
                if (node.isEmpty()) return Fault.NONE;
                rule = rule.onNode(node.get());
                value.set("coordinator-of", chosen.toJson());
                value.put("role", target);
                if (kind == Coordinated.Kind.TRANSACTION) rule = rule.forTransactionalId(chosen.id());
            }
            default -> value.put("role", "any");
        }
        ProtocolRule chosen = rule.withId(name + "-" + IDS.incrementAndGet());
        rule.node().ifPresent(n -> value.putArray("nodes").add(n));
        value.set("rule", chosen.toJson());
        ctx.recorder().record(op.f(), value, () -> proxy.add(chosen));
        ObjectNode healValue = Json.object().put("rule", chosen.id());
        return new HealOnce(op.f() + (chosen.apis().isEmpty() ? "" : " " + String.join(",", chosen.apis())) + rule.node().stream().mapToObj(n -> " on node " + n).findFirst().orElse(""),
                () -> ctx.recorder().record(NemesisOps.HEAL_PROXY, healValue, () -> proxy.remove(chosen.id())));
    }
}
