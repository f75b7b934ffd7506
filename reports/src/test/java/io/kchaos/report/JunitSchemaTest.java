package io.kchaos.report;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.checker.result.Verdict;
import io.kchaos.report.bugs.BugsReport;
import io.kchaos.report.bugs.BugsReportTest;
import io.kchaos.report.write.MatrixReport;
import io.kchaos.report.write.RunReport;
import io.kchaos.testkit.SyntheticRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every junit.xml kchaos writes validates against the common JUnit report schema (src/test/resources/junit-common.xsd). */
class JunitSchemaTest {
    @TempDir
    Path tmp;

    private static Schema schema() throws SAXException {
        return SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(JunitSchemaTest.class.getResource("/junit-common.xsd"));
    }

    private static void validate(Path xml) throws Exception {
        schema().newValidator().validate(new StreamSource(xml.toFile()));
    }

    @Test
    void failingAndValidRunsAndAMatrixValidate() throws Exception {
        Path bad = tmp.resolve("bad");
        SyntheticRun.write(bad, 4_000, true, 3);
        Path badJunit = RunReport.write(bad).junit();
        validate(badJunit);
        assertTrue(Files.readString(badJunit).contains("<failure"), "a failing run has a <failure>");

        Path good = tmp.resolve("good");
        SyntheticRun.write(good, 2_000, false, 4);
        validate(RunReport.write(good).junit());

        List<MatrixCell> cells = List.of(
                new MatrixCell("acks=1", Map.of("acks", "1"), Verdict.INVALID, Map.of("lost-write", 3L), 1_000_000_000L, 5.0, "a/report.html"),
                new MatrixCell("acks=all", Map.of("acks", "all"), Verdict.VALID, Map.of(), 1_000_000_000L, 6.0, "b/report.html"));
        validate(MatrixReport.write(tmp.resolve("m"), cells).junit());
    }

    @Test
    void theBugPackValidatesWithEachAnswerAsItsOwnOutcome() throws Exception {
        String xml = Files.readString(BugsReport.write(tmp.resolve("p"), BugsReportTest.cells(), "kchaos bugs").junit());
        validate(tmp.resolve("p").resolve(RunFiles.JUNIT_XML));
        assertTrue(xml.contains("tests=\"4\" failures=\"1\" errors=\"1\" skipped=\"1\""), xml);
        assertTrue(xml.contains("<testcase classname=\"kchaos.bugs\" name=\"KIP-966 on 3.9.1\" time=\"120.000\">\n    <failure message=\"exposed: "
                + "lost-write 880 in r1\" type=\"exposed\">"), xml);
        assertTrue(xml.contains("<skipped message=\"not applicable: fixed in 3.8.0\" type=\"skipped\">"), xml);
        assertTrue(xml.contains("<error message=\"inconclusive: no run folder\" type=\"inconclusive\">"), xml);
    }

    @Test
    void theSchemaRejectsWhatIsNotJUnit() throws Exception {
        Path wrong = tmp.resolve("wrong.xml");
        Files.writeString(wrong, "<testsuite name=\"x\"><testcase/></testsuite>");
        assertThrows(SAXException.class, () -> validate(wrong), "tests= and the testcase's name are required");
    }
}
