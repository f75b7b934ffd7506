package io.kchaos.report.svg;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.report.scan.HistoryDigest;
import io.kchaos.report.scan.HistoryScan;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The charts' fault shading, drawn from the windows NemesisOps' pairing gives: every window closed by its heal. */
class FaultShadingTest {
    private static final long S = 1_000_000_000L;

    /** Sends every 100 ms for 20 s, an isolate of node 2 from 3 s to 6 s, a latency toxic on node 1 from 8 s to 11 s. */
    private static History history() {
        List<Op> ops = new ArrayList<>();
        long[] index = {0};
        for (long t = 0; t < 20 * S; t += S / 10) {
            JsonNode v = Json.object().put("key", "k").put("value", t);
            ops.add(new Op(index[0]++, t, 1, OpType.INVOKE, "send", v, null));
            ops.add(new Op(index[0]++, t + 1_000_000, 1, OpType.OK, "send", v, null));
        }
        nemesis(ops, 3 * S, NemesisOps.ISOLATE.f(), 2);
        nemesis(ops, 6 * S, NemesisOps.REJOIN, 2);
        nemesis(ops, 8 * S, NemesisOps.TOXIC_LATENCY.f(), 1);
        nemesis(ops, 11 * S, NemesisOps.HEAL_TOXIC, 1);
        ops.sort((a, b) -> Long.compare(a.time(), b.time()));
        List<Op> indexed = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            Op o = ops.get(i);
            indexed.add(new Op(i, o.time(), o.process(), o.type(), o.f(), o.value(), o.error()));
        }
        return History.of(indexed);
    }

    private static void nemesis(List<Op> ops, long t, String f, int node) {
        JsonNode v = Json.object().set("nodes", Json.MAPPER.createArrayNode().add(node));
        ops.add(new Op(0, t, Op.NEMESIS, OpType.INVOKE, f, v, null));
        ops.add(new Op(0, t + 5_000_000, Op.NEMESIS, OpType.INFO, f, v, null));
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<String> titles(Document d) {
        NodeList nl = d.getElementsByTagNameNS("*", "title");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < nl.getLength(); i++) out.add(nl.item(i).getTextContent());
        return out;
    }

    @Test
    void proxyFaultsAreWindowsClosedByTheirHealsNotPointsOrOpenEnded() throws Exception {
        HistoryDigest d = HistoryScan.scan(history(), List.of());
        assertEquals(List.of(), d.events(), "no op drawn as a point");
        assertEquals(List.of("isolate", "toxic-latency"), d.windows().stream().map(FaultWindow::f).toList());
        for (String svg : List.of(
                ThroughputChart.render("tp", 900, d.throughput(), 20, d.windows(), d.events()),
                LatencyChart.render("lat", 900, d.points(), 20, d.windows(), d.events()))) {
            List<String> titles = titles(parse(svg));
            assertTrue(titles.stream().anyMatch(t -> t.startsWith("#1 isolate 2") && t.contains("(healed by rejoin)")), titles.toString());
            assertTrue(titles.stream().anyMatch(t -> t.startsWith("#2 toxic-latency") && t.contains("(healed by heal-toxic)")), titles.toString());
            assertFalse(titles.stream().anyMatch(t -> t.contains("not healed")), titles.toString());
            assertFalse(svg.contains("stroke-dasharray=\"2 3\""), "no event markers");
        }
    }

    @Test
    void everyDeclaredFaultHasAColorFamilyOrTheNeutralOne() {
        for (String f : NemesisOps.faults().keySet()) assertTrue(Palette.fault(f).startsWith("#"), f);
        assertEquals("#8c564b", Palette.fault(NemesisOps.ISOLATE.f()), "isolate is drawn as a network fault");
    }

    @Test
    void theColorIsTheOpsKindSoOtherToolsNamesShadeAsTheirKind() {
        assertEquals(Palette.fault("kill"), Palette.fault("crash"), "crash reads as a kill");
        assertEquals(Palette.fault("kill"), Palette.fault("stop"));
        assertEquals(Palette.fault("slow"), Palette.fault("corrupt"), "corrupt in a history is network corruption");
        assertEquals(Palette.fault("partition"), Palette.fault("bridge"));
        assertEquals(Palette.fault("wipe"), Palette.fault("corrupt-segment"));
        assertEquals(Palette.fault(null), Palette.fault("made-up"), "an op no declaration knows is neutral");
    }
}
