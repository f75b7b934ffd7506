package io.kchaos.nemesis.cluster;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.Uuid;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@link CoordinatorView} over Kafka's Admin API: {@code describeTransactions(...).coordinatorId()} for a transactional
 * id, {@code describeConsumerGroups(...).coordinator()} for a group, {@code describeShareGroups(...).coordinator()} for
 * a share group, and for a share-partition the leader of the {@code __share_group_state} partition Kafka's share
 * coordinator keeps its state in: {@code abs(("group:topicId:partition").hashCode()) % partitions}, as
 * {@code ShareCoordinatorService.partitionFor} computes it (Kafka 4.2–4.4); a transactional id's producer epoch from
 * {@code describeTransactions(...).producerEpoch()}, the coordinator's own. A lookup that fails or times out (5 s)
 * reads as "unknown" — e.g. a transactional id never initialized, or a coordinator being elected.
 */
public final class AdminCoordinatorView implements CoordinatorView {
    /** The internal topic Kafka's share coordinator keeps share-group state in. */
    public static final String SHARE_STATE_TOPIC = "__share_group_state";
    private final Admin admin;
    private final Supplier<List<String>> transactionalIds;
    private final Supplier<List<String>> groups;
    private final Supplier<List<String>> shareGroups;
    private final Supplier<List<String>> sharePartitions;

    public AdminCoordinatorView(Admin admin, Supplier<List<String>> transactionalIds, Supplier<List<String>> groups) {
        this(admin, transactionalIds, groups, List::of, List::of);
    }

    /** With share groups, and their share-partitions as {@code group:topic:partition}. */
    public AdminCoordinatorView(Admin admin, Supplier<List<String>> transactionalIds, Supplier<List<String>> groups,
                                Supplier<List<String>> shareGroups, Supplier<List<String>> sharePartitions) {
        this.admin = admin;
        this.transactionalIds = transactionalIds;
        this.groups = groups;
        this.shareGroups = shareGroups;
        this.sharePartitions = sharePartitions;
    }

    @Override
    public List<Coordinated> targets() {
        List<Coordinated> out = new ArrayList<>();
        transactionalIds.get().forEach(id -> out.add(new Coordinated(Coordinated.Kind.TRANSACTION, id)));
        groups.get().forEach(id -> out.add(new Coordinated(Coordinated.Kind.GROUP, id)));
        shareGroups.get().forEach(id -> out.add(new Coordinated(Coordinated.Kind.SHARE_GROUP, id)));
        sharePartitions.get().forEach(id -> out.add(new Coordinated(Coordinated.Kind.SHARE_PARTITION, id)));
        return out;
    }

    @Override
    public Optional<Integer> coordinator(Coordinated target) {
        try {
            if (target.kind() == Coordinated.Kind.TRANSACTION) return Optional.of(transaction(target.id()).coordinatorId());
            if (target.kind() == Coordinated.Kind.SHARE_PARTITION) return shareCoordinator(target.id());
            Node n = target.kind() == Coordinated.Kind.SHARE_GROUP
                    ? admin.describeShareGroups(List.of(target.id())).describedGroups().get(target.id()).get(5, TimeUnit.SECONDS).coordinator()
                    : admin.describeConsumerGroups(List.of(target.id())).describedGroups().get(target.id())
                    .get(5, TimeUnit.SECONDS).coordinator();
            return n == null || n.isEmpty() ? Optional.empty() : Optional.of(n.id());
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    @Override
    public Optional<Integer> producerEpoch(Coordinated target) {
        if (target.kind() != Coordinated.Kind.TRANSACTION) return Optional.empty();
        try {
            return Optional.of(transaction(target.id()).producerEpoch());
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private TransactionDescription transaction(String transactionalId) throws Exception {
        return admin.describeTransactions(List.of(transactionalId)).description(transactionalId).get(5, TimeUnit.SECONDS);
    }

    /** The leader of the share-group state partition of {@code group:topic:partition}. */
    private Optional<Integer> shareCoordinator(String key) throws Exception {
        int last = key.lastIndexOf(':');
        int mid = key.lastIndexOf(':', last - 1);
        String group = key.substring(0, mid);
        String topic = key.substring(mid + 1, last);
        int partition = Integer.parseInt(key.substring(last + 1));
        Map<String, TopicDescription> d = admin.describeTopics(List.of(topic, SHARE_STATE_TOPIC)).allTopicNames().get(5, TimeUnit.SECONDS);
        Uuid topicId = d.get(topic).topicId();
        List<TopicPartitionInfo> state = d.get(SHARE_STATE_TOPIC).partitions();
        int hash = (group + ":" + topicId + ":" + partition).hashCode();
        int p = (hash == Integer.MIN_VALUE ? 0 : Math.abs(hash)) % state.size();
        Node leader = state.stream().filter(i -> i.partition() == p).findFirst().map(TopicPartitionInfo::leader).orElse(null);
        return leader == null || leader.isEmpty() ? Optional.empty() : Optional.of(leader.id());
    }
}
