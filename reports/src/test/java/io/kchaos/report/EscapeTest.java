package io.kchaos.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class EscapeTest {
    @Test
    void markupCharactersBecomeEntities() {
        assertEquals("&lt;script&gt;alert(1)&lt;/script&gt;", Escape.markup("<script>alert(1)</script>"));
        assertEquals("a &amp; b &quot;c&quot; &#39;d&#39;", Escape.markup("a & b \"c\" 'd'"));
    }

    @Test
    void plainTextIsReturnedAsIs() {
        String s = "k3 → 1234 ünïcødé 😀";
        assertSame(s, Escape.markup(s));
    }

    @Test
    void charactersXmlCannotCarryAreReplaced() {
        assertEquals("a\uFFFDb\uFFFDc\td", Escape.markup("a\u0000b\u001bc\td"));
        assertEquals("x\uFFFDy", Escape.markup("x\uD800y"), "a lone surrogate");
        assertEquals("", Escape.markup(null));
    }
}
