/**
 * The replica audit: judges Kafka brokers' own log directories (the replica anomalies of docs/format.md).
 * Entry point {@link io.kchaos.checker.replica.ReplicaAudit}; {@link io.kchaos.checker.replica.BrokerLogDir} reads one
 * {@code log.dirs} folder.
 *
 * <p>Decisions a reader of the results should know:
 * <ul>
 *   <li>High watermark of a partition: the highest {@code replication-offset-checkpoint} value among its replicas (the
 *       leader's; followers lag it by a fetch).</li>
 *   <li>Final ISR: given by the caller per partition; otherwise inferred as the replicas whose own high-watermark
 *       checkpoint equals the partition's (with a warning).</li>
 *   <li>One damage, one anomaly: a CRC mismatch, or bytes below the recovery point that do not parse (a segment cut
 *       inside a batch), is {@code corrupt-batch}; the offsets lost with it are named in that case and not reported
 *       again as {@code committed-data-missing}, missing acknowledged writes or lineage gaps. A segment cut exactly
 *       between batches leaves nothing unparseable: a final-ISR replica then lacks committed offsets,
 *       {@code committed-data-missing}.</li>
 *   <li>Unparseable bytes at or above the recovery point are a torn tail (normal after a crash): a warning; the offsets
 *       are simply absent. A log dir without {@code .kafka_cleanshutdown} gets a warning, and its leader-epoch
 *       checkpoint is not held to batches above the recovery point (Kafka rebuilds that part on restart).</li>
 *   <li>A replica outside the final ISR is compared only on the prefix it holds, and only until its batches carry
 *       another epoch than the final ISR's (an uncommitted suffix Kafka truncates when it rejoins): a warning.</li>
 *   <li>Tiered storage ({@code ReplicaAudit.Builder.remoteTier}): a replica's local log starts at its first local
 *       segment; the offsets below it down to the checkpointed log start are in the remote tier, counted
 *       ({@code local-log-start-offsets}, {@code in-remote-tier}) but neither checked nor warned about. A hole above the
 *       first local segment is still missing data.</li>
 *   <li>Leader samples ({@code ReplicaAudit.Builder.observedLeaders}, a run's {@code leaders.jsonl}): the last observed
 *       leader of a partition must keep an entry for the epoch it led, which it writes on election even with no record
 *       behind it; followers never get such entries, so peers' checkpoints legitimately differ in them.</li>
 *   <li>Batches are compared by offset range and stored CRC (the CRC does not cover the leader epoch; epochs are
 *       checked by the lineage checks). Compacted topics are out of scope: replicas may compact differently.</li>
 * </ul>
 */
package io.kchaos.checker.replica;
