package io.kchaos.report;

import io.kchaos.checker.result.Verdict;
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
    void theSchemaRejectsWhatIsNotJUnit() throws Exception {
        Path wrong = tmp.resolve("wrong.xml");
        Files.writeString(wrong, "<testsuite name=\"x\"><testcase/></testsuite>");
        assertThrows(SAXException.class, () -> validate(wrong), "tests= and the testcase's name are required");
    }
}
