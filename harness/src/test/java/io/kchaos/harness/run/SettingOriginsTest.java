package io.kchaos.harness.run;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SettingOriginsTest {
    @Test
    void theUserWinsOverTheScenarioWhichWinsOverKchaos() {
        Map<String, String> user = new LinkedHashMap<>(Map.of("acks", "1"));
        SettingOrigins origins = SettingOrigins.ofCommandLine(Map.of(), user, Map.of());
        user.put("linger.ms", "5"); // a scenario merged in later does not change what the user gave
        Map<String, String> given = Map.of("acks", "1", "linger.ms", "5");
        assertEquals(SettingOrigins.Source.USER, SettingOrigins.of("acks", origins.userProducer(), given));
        assertEquals(SettingOrigins.Source.SCENARIO, SettingOrigins.of("linger.ms", origins.userProducer(), given));
        assertEquals(SettingOrigins.Source.KCHAOS, SettingOrigins.of("retries", origins.userProducer(), given));
    }
}
