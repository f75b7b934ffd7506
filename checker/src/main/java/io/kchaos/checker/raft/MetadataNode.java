package io.kchaos.checker.raft;

import java.nio.file.Path;

/**
 * One node whose KRaft metadata log the Raft audit reads: its id, the directory holding {@code __cluster_metadata-0}
 * (its {@code metadata.log.dir}, or its first {@code log.dirs} folder) and whether it is a voter or an observer.
 *
 * @param id          the node id
 * @param metadataDir the folder that holds {@code __cluster_metadata-0}
 * @param voter       true for a member of the voter set the audit is given, in force until a log names another
 *                    ({@link VoterSets}); false for an observer (a broker in dedicated-controller mode), or for every node
 *                    when the logs alone are to name the voter set
 */
public record MetadataNode(int id, Path metadataDir, boolean voter) {
    /** The metadata partition's folder name. */
    public static final String PARTITION_FOLDER = "__cluster_metadata-0";

    /** The node's {@code __cluster_metadata-0} folder. */
    public Path partitionDir() {
        return metadataDir.resolve(PARTITION_FOLDER);
    }
}
