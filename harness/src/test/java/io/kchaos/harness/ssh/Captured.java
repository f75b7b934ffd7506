package io.kchaos.harness.ssh;

import io.kchaos.harness.cli.Main;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** A {@code kchaos} command run in this JVM with its console output captured (and still shown). */
record Captured(int exit, String out) {
    static Captured run(List<String> args) {
        PrintStream original = System.out;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream tee = new PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                buffer.write(b);
                original.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                buffer.write(b, off, len);
                original.write(b, off, len);
            }
        }, true, StandardCharsets.UTF_8);
        System.setOut(tee);
        try {
            int exit = Main.execute(args.toArray(String[]::new));
            return new Captured(exit, buffer.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(original);
        }
    }
}
