package io.kchaos.harness.proxy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a failed proxy start says: the lines of its log that tell why (a port taken among them), never nothing. */
class ProxyLogTailTest {
    @TempDir
    Path dir;

    @Test
    void theExceptionLinesOfTheLogSayWhyAndAPortTakenIsRecognised() throws Exception {
        Path log = Files.writeString(dir.resolve("proxy.log"), "starting\nio.netty.channel.unix.Errors$NativeIoException: bind(..) failed: "
                + "Address already in use\n\tat io.netty.Foo.bar(Foo.java:1)\n");
        String tail = ProtocolProxy.logTail(log);
        assertTrue(tail.contains("bind(..) failed"), tail);
        assertTrue(tail.contains(ProtocolProxy.BIND_FAILED), tail);
    }

    @Test
    void aLogWithoutExceptionsGivesItsLastLinesAndAnEmptyOrMissingLogSaysSo() throws Exception {
        assertEquals("b | c", ProtocolProxy.logTail(Files.writeString(dir.resolve("a.log"), "b\nc\n")));
        assertEquals("(its log is empty)", ProtocolProxy.logTail(Files.writeString(dir.resolve("e.log"), "")));
        assertTrue(ProtocolProxy.logTail(dir.resolve("absent.log")).startsWith("(its log cannot be read"));
    }
}
