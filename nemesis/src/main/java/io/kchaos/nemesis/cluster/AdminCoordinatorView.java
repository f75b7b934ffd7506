package io.kchaos.nemesis.cluster;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Node;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@link CoordinatorView} over Kafka's Admin API: {@code describeTransactions(...).coordinatorId()} for a transactional
 * id, {@code describeConsumerGroups(...).coordinator()} for a group. A lookup that fails or times out (5 s) reads as
 * "unknown" — e.g. a transactional id never initialized, or a coordinator being elected.
 */
public final class AdminCoordinatorView implements CoordinatorView {
    private final Admin admin;
    private final Supplier<List<String>> transactionalIds;
    private final Supplier<List<String>> groups;

    public AdminCoordinatorView(Admin admin, Supplier<List<String>> transactionalIds, Supplier<List<String>> groups) {
        this.admin = admin;
        this.transactionalIds = transactionalIds;
        this.groups = groups;
    }

    @Override
    public List<Coordinated> targets() {
        List<Coordinated> out = new ArrayList<>();
        transactionalIds.get().forEach(id -> out.add(new Coordinated(Coordinated.Kind.TRANSACTION, id)));
        groups.get().forEach(id -> out.add(new Coordinated(Coordinated.Kind.GROUP, id)));
        return out;
    }

    @Override
    public Optional<Integer> coordinator(Coordinated target) {
        try {
            if (target.kind() == Coordinated.Kind.TRANSACTION) {
                return Optional.of(admin.describeTransactions(List.of(target.id())).description(target.id())
                        .get(5, TimeUnit.SECONDS).coordinatorId());
            }
            Node n = admin.describeConsumerGroups(List.of(target.id())).describedGroups().get(target.id())
                    .get(5, TimeUnit.SECONDS).coordinator();
            return n == null || n.isEmpty() ? Optional.empty() : Optional.of(n.id());
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
