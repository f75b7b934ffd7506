package io.kchaos.harness.layering;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No two packages of kchaos use each other in a circle, in any module (harness's {@code run} and {@code proxy} once
 * did); the rule also runs on a planted circle (test classes under {@code layering.planted}) and must fail there.
 * Two modules are not held yet, each needing its own change: in {@code workload}, {@code workload} and
 * {@code workload.common} use each other ({@code WorkloadContext} holds a {@code common.ClientKind}, the common
 * workers take the context and its stats); in {@code report}, {@code report} and {@code report.html},
 * {@code report.svg}, {@code report.junit} do.
 */
class PackageCirclesTest {
    /** The module packages whose packages still use each other in a circle (see above). */
    private static final List<String> NOT_YET = List.of("io.kchaos.workload", "io.kchaos.report");
    private static final JavaClasses PLANTED = new ClassFileImporter().importPackages("io.kchaos.harness.layering.planted");

    /** Each package under {@code io.kchaos} is one slice; none may reach itself through the others. */
    static ArchRule noPackageCircles() {
        return slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String p = c.getPackageName();
                boolean held = p.startsWith("io.kchaos.") && NOT_YET.stream().noneMatch(p::startsWith);
                return held ? SliceIdentifier.of(p) : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages of io.kchaos (but " + NOT_YET + ")";
            }
        }).should().beFreeOfCycles();
    }

    @Test
    void noPackagesUseEachOtherInACircle() {
        noPackageCircles().check(MainClasses.ALL);
    }

    @Test
    void aPlantedRunProxyCircleFailsTheRule() {
        AssertionError e = assertThrows(AssertionError.class, () -> noPackageCircles().check(PLANTED));
        assertTrue(e.getMessage().contains("planted.run") && e.getMessage().contains("planted.proxy"), e.getMessage());
    }
}
