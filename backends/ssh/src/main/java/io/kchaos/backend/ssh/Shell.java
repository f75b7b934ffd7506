package io.kchaos.backend.ssh;

import java.util.List;
import java.util.stream.Collectors;

/** POSIX shell quoting, for commands sent to a host as one string. */
final class Shell {
    private Shell() {
    }

    /** The word quoted so that {@code sh} reads it back unchanged. */
    static String quote(String word) {
        if (word.matches("[A-Za-z0-9_./:=@%+,-]+")) return word;
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** The command's words quoted and joined. */
    static String join(List<String> words) {
        return words.stream().map(Shell::quote).collect(Collectors.joining(" "));
    }
}
