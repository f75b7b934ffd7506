package io.kchaos.proxy;

/**
 * The PKCS12 stores the proxy uses in a TLS cluster's path: its own key, presented to the clients (and, when
 * {@code mutual}, to the brokers as its client certificate), and the truststore it checks the brokers with. Given on
 * the command line as {@code tls=KEYSTORE,TRUSTSTORE,MUTUAL}; the stores' password comes from the environment
 * ({@value #PASSWORD_ENV}), never the command line or a file.
 */
public record TlsStores(String keystore, String truststore, boolean mutual, String password) {
    public static final String ARG_PREFIX = "tls=";
    public static final String PASSWORD_ENV = "KCHAOS_PROXY_STORE_PASSWORD";
    private static final String TYPE = "PKCS12";

    /** The stores an argument {@code tls=KEYSTORE,TRUSTSTORE,MUTUAL} names, with the password from {@code password}. */
    public static TlsStores parse(String arg, String password) {
        String[] parts = arg.substring(ARG_PREFIX.length()).split(",");
        if (parts.length != 3) throw new IllegalArgumentException("expected tls=KEYSTORE,TRUSTSTORE,MUTUAL, got " + arg);
        if (password == null || password.isEmpty()) throw new IllegalArgumentException(PASSWORD_ENV + " is not set");
        return new TlsStores(parts[0], parts[1], Boolean.parseBoolean(parts[2]), password);
    }

    /** The gateway's {@code tls:} block (the key the clients see), indented by {@code indent}. */
    String gateway(String indent) {
        return indent + "tls:\n" + store("key", keystore, indent + "  ");
    }

    /** The target cluster's {@code tls:} block (the brokers checked against the truststore; the key under mutual TLS). */
    String upstream(String indent) {
        return indent + "tls:\n" + store("trust", truststore, indent + "  ") + (mutual ? store("key", keystore, indent + "  ") : "");
    }

    private String store(String kind, String file, String indent) {
        return indent + kind + ":\n"
                + indent + "  storeFile: " + file + "\n"
                + indent + "  storePassword:\n"
                + indent + "    password: " + password + "\n"
                + indent + "  storeType: " + TYPE + "\n";
    }

    @Override
    public String toString() {
        return "TlsStores[" + keystore + ", " + truststore + (mutual ? ", mutual" : "") + "]";
    }
}
