package io.kchaos.harness.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CommandLineTextTest {
    @Test
    void aSecretsValueIsRedactedInEitherOptionForm() {
        assertEquals("kchaos run --broker-config ssl.keystore.password=[redacted] --broker-config=listener.name.x.plain.sasl.jaas.config=[redacted]"
                        + " --producer-config acks=1 --set ssl.key.password=[redacted] --name a=b",
                CommandLineText.of(List.of("run", "--broker-config", "ssl.keystore.password=s1", "--broker-config=listener.name.x.plain.sasl.jaas.config=s2",
                        "--producer-config", "acks=1", "--set", "ssl.key.password=s3,s4", "--name", "a=b")));
    }

    @Test
    void argumentsWithoutSecretsStayAsGiven() {
        assertEquals("kchaos run --time-limit 30 --consumer-config=ssl.truststore.location=/t.jks -x",
                CommandLineText.of(List.of("run", "--time-limit", "30", "--consumer-config=ssl.truststore.location=/t.jks", "-x")));
    }
}
