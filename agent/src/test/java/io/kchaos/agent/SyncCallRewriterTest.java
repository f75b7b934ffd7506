package io.kchaos.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Rewrites a class that syncs the way Kafka does, runs it, and reads the journal the hooks wrote. */
class SyncCallRewriterTest {

    private static byte[] classBytes(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    private static long inode(Path p) throws IOException {
        return (Long) Files.getAttribute(p, "unix:ino", LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void everySyncAndTruncateIsJournaledAfterItSucceeded(@TempDir Path dir) throws Exception {
        Path journal = dir.resolve("journal");
        SyncHooks.journalTo(journal);
        byte[] rewritten = SyncCallRewriter.rewrite(classBytes(SyncingCode.class));
        assertNotNull(rewritten, "the class has sync calls");

        Class<?> loaded = new ClassLoader(getClass().getClassLoader()) {
            Class<?> define() {
                return defineClass(SyncingCode.class.getName(), rewritten, 0, rewritten.length);
            }
        }.define();
        @SuppressWarnings("unchecked")
        Consumer<Path> code = (Consumer<Path>) loaded.getDeclaredConstructor().newInstance();
        code.accept(dir);

        long segment = inode(dir.resolve("segment"));
        assertEquals(List.of(
                "S " + segment + " 1000",
                "T " + segment + " 1200",
                "S " + inode(dir.resolve("checkpoint")) + " 30",
                "T " + inode(dir.resolve("index")) + " 4096"), Files.readAllLines(journal));
    }

    @Test
    void aClassWithoutSyncCallsIsLeftAlone() throws IOException {
        assertNull(SyncCallRewriter.rewrite(classBytes(SyncCall.class)));
    }

    @Test
    void onlyKafkasClassesAreRewritten() throws IOException {
        SyncCallRewriter rewriter = new SyncCallRewriter();
        byte[] bytes = classBytes(SyncingCode.class);
        assertNull(rewriter.transform(null, "io/kchaos/agent/SyncingCode", null, null, bytes));
        assertNull(rewriter.transform(null, "java/io/FileDescriptor", null, null, bytes));
        assertNotNull(rewriter.transform(null, "org/apache/kafka/storage/internals/log/SomeClass", null, null, bytes));
    }
}
