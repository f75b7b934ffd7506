package io.kchaos.harness.layering;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No two packages of kchaos use each other in a circle, in any module (harness's {@code run} and {@code proxy} once
 * did); the rule also runs on a planted circle (test classes under {@code layering.planted}) and must fail there.
 */
class PackageCirclesTest {
    private static final JavaClasses PLANTED = new ClassFileImporter().importPackages("io.kchaos.harness.layering.planted");

    /** Each package under {@code io.kchaos} is one slice; none may reach itself through the others. */
    static ArchRule noPackageCircles() {
        return slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String p = c.getPackageName();
                return p.startsWith("io.kchaos.") ? SliceIdentifier.of(p) : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages of io.kchaos";
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
