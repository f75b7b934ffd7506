package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.Namespaces;
import io.kchaos.cluster.net.NodeShell;
import io.kchaos.cluster.os.CommandException;
import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;

import java.util.List;

/** A node's namespace as the network faults reach it: commands run inside it with {@code ip netns exec}, named by it. */
record NamespaceShell(CommandRunner runner, String namespace) implements NodeShell {

    @Override
    public CommandResult run(List<String> command) {
        return runner.run(Namespaces.exec(namespace, command));
    }

    @Override
    public String label() {
        return namespace;
    }

    @Override
    public RuntimeException failed(List<String> command, CommandResult result) {
        return new CommandException(String.join(" ", Namespaces.exec(namespace, command)), result);
    }
}
