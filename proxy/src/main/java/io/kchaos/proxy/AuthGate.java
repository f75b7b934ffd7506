package io.kchaos.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A control connection's first line: the connection is admitted when the line is {@code auth <token>} and arrives
 * within the timeout; otherwise it is answered {@value #REFUSED} and the caller closes it.
 */
final class AuthGate {
    static final String REFUSED = "error unauthenticated";
    /** Longer than any {@code auth <token>} line the harness sends; a longer first line is refused unread. */
    static final int MAX_LINE = 512;

    private final ControlToken token;
    private final int timeoutMs;

    AuthGate(ControlToken token, int timeoutMs) {
        this.token = token;
        this.timeoutMs = timeoutMs;
    }

    /** Reads the first line (no byte past it) and says whether the connection may go on; refused ones are answered. */
    boolean admit(Socket s) throws IOException {
        s.setSoTimeout(timeoutMs);
        String line;
        try {
            line = firstLine(s.getInputStream());
        } catch (SocketTimeoutException e) {
            line = null;
        }
        if (token.admits(line)) {
            s.setSoTimeout(0);
            return true;
        }
        OutputStream out = s.getOutputStream();
        out.write((REFUSED + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        return false;
    }

    /** The bytes up to the first line break, read one at a time so none of the next line is taken; null at end of stream or past {@link #MAX_LINE}. */
    static String firstLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0 || line.size() >= MAX_LINE) return null;
            line.write(b);
        }
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
