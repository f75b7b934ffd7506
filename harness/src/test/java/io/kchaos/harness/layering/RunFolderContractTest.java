package io.kchaos.harness.layering;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import io.kchaos.history.Json;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * run.json and results.json are read only through the run-folder contract ({@code io.kchaos.history.folder}: RunFiles,
 * RunJson, ResultsJson): no other main class parses a whole JSON file with Jackson ({@code readTree} or
 * {@code readValue} of a File, Path, URL, stream or reader). ArchUnit cannot see string literals (javac inlines the
 * file-name constants), so the rule guards the one door every such reader would use; the other JSON files kchaos
 * reads whole (an ssh hosts file, a matrix's matrix.json for the dashboard and for a merge) are named below.
 */
class RunFolderContractTest {
    private static final String CONTRACT = "io.kchaos.history.folder..";
    /** Whole-file JSON readers of files that are not run.json or results.json. */
    private static final Set<String> OTHER_FILES = Set.of("io.kchaos.backend.ssh.HostsFile", "io.kchaos.report.dashboard.StoreMatrix",
            "io.kchaos.harness.matrix.ShardFolder");
    private static final List<Class<?>> FILE_SOURCES = List.of(File.class, Path.class, URL.class, InputStream.class, Reader.class);

    private static final ArchRule RULE = noClasses().that().resideOutsideOfPackage(CONTRACT)
            .and(DescribedPredicate.describe("are not readers of other JSON files", (JavaClass c) -> !OTHER_FILES.contains(c.getName())))
            .should().callMethodWhere(DescribedPredicate.describe("Jackson parses a whole JSON file", RunFolderContractTest::parsesFile))
            .because("run.json and results.json are read through RunJson and ResultsJson (io.kchaos.history.folder)");

    @Test
    void onlyTheContractReadsRunFolderJson() {
        RULE.check(MainClasses.ALL);
    }

    @Test
    void aClassParsingRunJsonItselfIsReported() {
        JavaClasses planted = new ClassFileImporter().importClasses(ParsesRunJsonItself.class);
        AssertionError e = assertThrows(AssertionError.class, () -> RULE.check(planted));
        assertTrue(e.getMessage().contains("readTree"), e.getMessage());
    }

    /** The negative control: reads run.json the way the rule forbids. */
    static final class ParsesRunJsonItself {
        static String workload(Path dir) throws IOException {
            return Json.MAPPER.readTree(dir.resolve("run.json").toFile()).path("workload").asText();
        }
    }

    private static boolean parsesFile(JavaMethodCall call) {
        var target = call.getTarget();
        if (!target.getOwner().isAssignableTo(ObjectMapper.class)) return false;
        if (!target.getName().equals("readTree") && !target.getName().equals("readValue")) return false;
        List<JavaClass> params = target.getRawParameterTypes();
        return !params.isEmpty() && FILE_SOURCES.stream().anyMatch(params.get(0)::isAssignableTo);
    }
}
