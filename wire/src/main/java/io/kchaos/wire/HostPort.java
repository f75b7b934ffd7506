package io.kchaos.wire;

/**
 * A node's {@code host:port}, as the clusters give their listeners' addresses, taken apart for {@link NodeRequest}.
 *
 * @param host the host name or address
 * @param port the port
 */
public record HostPort(String host, int port) {
    /** {@code host:port} split at its last colon; an address without one, or with a port that is not a number, is refused. */
    public static HostPort parse(String address) {
        int colon = address.lastIndexOf(':');
        if (colon < 0) throw new IllegalArgumentException("not host:port: " + address);
        return new HostPort(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)));
    }
}
