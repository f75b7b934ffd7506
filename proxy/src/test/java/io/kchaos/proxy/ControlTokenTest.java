package io.kchaos.proxy;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ControlTokenTest {
    @Test
    void admitsOnlyAuthWithTheExactToken() {
        ControlToken t = ControlToken.of("abc123").orElseThrow();
        assertTrue(t.admits("auth abc123"));
        for (String line : new String[] {null, "", "auth", "auth ", "auth abc12", "auth abc1234", "AUTH abc123", "auth  abc123", "abc123"}) {
            assertFalse(t.admits(line), "admitted: " + line);
        }
        assertFalse(t.toString().contains("abc123"), t.toString());
    }

    @Test
    void noTokenWhenTheVariableIsUnsetBlankOrSpaced() {
        for (String v : new String[] {null, "", " ", "a b", "ab\n"}) assertTrue(ControlToken.of(v).isEmpty(), "a token from '" + v + "'");
    }
}
