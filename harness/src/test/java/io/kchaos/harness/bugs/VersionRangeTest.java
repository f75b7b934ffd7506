package io.kchaos.harness.bugs;

import io.kchaos.cluster.version.KafkaVersion;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The catalogue's version ranges: the four interval forms, their bounds, and one-line refusals. */
class VersionRangeTest {
    private static KafkaVersion v(String s) {
        return KafkaVersion.parse(s);
    }

    @Test
    void boundsAreInclusiveBelowAndExclusiveAbove() {
        VersionRange r = VersionRange.parse("[3.7.0,3.8.0)");
        assertTrue(r.contains(v("3.7.0")));
        assertTrue(r.contains(v("3.7.2")));
        assertFalse(r.contains(v("3.8.0")));
        assertFalse(r.contains(v("3.6.9")));
        assertEquals("3.7.0 up to 3.8.0 (excluded)", r.describe());
        assertEquals("[3.7.0,3.8.0)", r.toString());
    }

    @Test
    void openEnds() {
        assertTrue(VersionRange.parse("(,4.1.0)").contains(v("4.0.2")));
        assertFalse(VersionRange.parse("(,4.1.0)").contains(v("4.1.0")));
        assertTrue(VersionRange.parse("[4.1.0,)").contains(v("4.4.0")));
        assertFalse(VersionRange.parse("[4.1.0,)").contains(v("4.0.9")));
        assertTrue(VersionRange.parse(" (,) ").contains(v("3.7.0")));
        assertEquals("every release", VersionRange.parse("(,)").describe());
        assertEquals("before 3.5.2", VersionRange.parse("(,3.5.2)").describe());
        assertEquals("4.1.0 and later", VersionRange.parse("[4.1.0,)").describe());
    }

    @Test
    void badRangesAreOneLine() {
        for (String bad : new String[] {"3.7.0", "[3.7.0,3.8.0]", "(3.7.0,3.8.0)", "[,3.8.0)", "[3.8.0,3.7.0)", "[3.7,3.8.0)", "", "[3.7.0 3.8.0)"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VersionRange.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("version range '" + bad + "'") && !e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
