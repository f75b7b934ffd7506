package io.kchaos.proxy;

import io.kroxylicious.proxy.KafkaProxy;
import io.kroxylicious.proxy.config.ConfigParser;
import io.kroxylicious.proxy.config.Configuration;
import io.kroxylicious.proxy.internal.config.Features;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The proxy JVM's main class: {@code ProxyMain HOST PORT CONTROL_PORT ACTIONS_FILE [tls=KEYSTORE,TRUSTSTORE,MUTUAL]
 * NODE=HOST:PORT...}. Starts Kroxylicious in front of the nodes (bootstrap on PORT, node i on PORT + 1 + i; TLS on
 * both sides when {@code tls=} is given: {@link TlsStores}), then serves the harness's control
 * connection, which must first give the token in {@value ControlToken#ENV} ({@link ControlToken}; without it the proxy
 * refuses to start, exit 2). Prints {@code kchaos-proxy ready} once it listens. The harness starts it under its
 * watchdog, so it dies with the harness.
 */
public final class ProxyMain {
    /** Printed once every port is bound; the harness dials the control port only after it. */
    public static final String READY = "kchaos-proxy ready";

    private ProxyMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: ProxyMain HOST PORT CONTROL_PORT ACTIONS_FILE NODE=HOST:PORT...");
            System.exit(2);
        }
        Optional<ControlToken> token = ControlToken.of(System.getenv(ControlToken.ENV));
        if (token.isEmpty()) {
            System.err.println("kchaos proxy: " + ControlToken.ENV + " is not set or holds no token; refusing to serve the control port without a token");
            System.exit(2);
        }
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        int controlPort = Integer.parseInt(args[2]);
        Path actions = Path.of(args[3]);
        Map<Integer, String> upstream = new TreeMap<>();
        Optional<TlsStores> tls = Optional.empty();
        for (int i = 4; i < args.length; i++) {
            if (args[i].startsWith(TlsStores.ARG_PREFIX)) {
                tls = Optional.of(TlsStores.parse(args[i], System.getenv(TlsStores.PASSWORD_ENV)));
                continue;
            }
            String[] kv = args[i].split("=", 2);
            upstream.put(Integer.parseInt(kv[0]), kv[1]);
        }
        Faults faults = new Faults(upstream, new ActionLog(actions));
        Faults.install(faults);
        ControlServer control = new ControlServer(controlPort, faults, token.get());
        ConfigParser parser = new ConfigParser();
        Configuration config = parser.parseConfiguration(ProxyYaml.of(host, port, new LinkedHashMap<>(upstream), tls));
        KafkaProxy proxy = new KafkaProxy(parser, config, Features.defaultFeatures());
        proxy.startup();
        System.out.println(READY);
        System.out.flush();
        control.serve();
    }
}
