package io.kchaos.bench.suite;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;

/**
 * Reads one Surefire or Failsafe {@code TEST-*.xml} report (the JDK's DOM parser) into a {@link ClassCost}. A count or
 * time the {@code <testsuite>} element lacks is taken from its {@code <testcase>} elements instead.
 */
public final class ReportParser {

    /** The class cost {@code report} records; {@link BadReports} when it is not a readable test report. */
    public ClassCost parse(ReportFile report) throws BadReports {
        Element suite = suiteOf(report);
        NodeList cases = suite.getElementsByTagName("testcase");
        String className = suite.getAttribute("name");
        if (className.isEmpty()) {
            throw new BadReports(report.path() + ": the <testsuite> has no name");
        }
        int tests = count(report, suite, "tests", cases.getLength());
        int failed = count(report, suite, "failures", casesWith(cases, "failure"))
                + count(report, suite, "errors", casesWith(cases, "error"));
        int skipped = count(report, suite, "skipped", casesWith(cases, "skipped"));
        double seconds = suite.hasAttribute("time") && !suite.getAttribute("time").isBlank()
                ? seconds(report, suite.getAttribute("time")) : caseSeconds(report, cases);
        return new ClassCost(className, report.module(), report.kind(), tests, failed, skipped, seconds);
    }

    private static Element suiteOf(ReportFile report) throws BadReports {
        Element root;
        try {
            root = builder().parse(report.path().toFile()).getDocumentElement();
        } catch (SAXParseException e) {
            throw new BadReports(report.path() + ": not well-formed XML (line " + e.getLineNumber() + ": " + e.getMessage() + ")");
        } catch (SAXException | IOException e) {
            throw new BadReports(report.path() + ": cannot be read (" + e.getMessage() + ")");
        }
        if (!root.getTagName().equals("testsuite")) {
            throw new BadReports(report.path() + ": not a test report (its root is <" + root.getTagName() + ">, not <testsuite>)");
        }
        return root;
    }

    private static DocumentBuilder builder() throws BadReports {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new Silent()); // the default handler prints "[Fatal Error]" to stderr
            return builder;
        } catch (ParserConfigurationException e) {
            throw new BadReports("the JDK's XML parser cannot be set up: " + e.getMessage());
        }
    }

    private static int count(ReportFile report, Element suite, String attribute, int fallback) throws BadReports {
        String value = suite.getAttribute(attribute).trim();
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new BadReports(report.path() + ": " + attribute + "=\"" + value + "\" is not a count");
        }
    }

    private static int casesWith(NodeList cases, String child) {
        int n = 0;
        for (int i = 0; i < cases.getLength(); i++) {
            if (((Element) cases.item(i)).getElementsByTagName(child).getLength() > 0) {
                n++;
            }
        }
        return n;
    }

    private static double caseSeconds(ReportFile report, NodeList cases) throws BadReports {
        double sum = 0;
        for (int i = 0; i < cases.getLength(); i++) {
            String time = ((Element) cases.item(i)).getAttribute("time");
            sum += time.isBlank() ? 0 : seconds(report, time);
        }
        return sum;
    }

    private static double seconds(ReportFile report, String time) throws BadReports {
        try {
            // older Surefire versions wrote times with a thousands separator ("1,234.5")
            return Double.parseDouble(time.trim().replace(",", ""));
        } catch (NumberFormatException e) {
            throw new BadReports(report.path() + ": time=\"" + time + "\" is not a number of seconds");
        }
    }

    /** Lets every parse error surface as the exception, never as a line on stderr. */
    private static final class Silent implements ErrorHandler {
        @Override
        public void warning(SAXParseException e) {
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }
    }
}
