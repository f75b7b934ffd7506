package io.kchaos.nemesis.catalogue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.process.LeaderCrash;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The catalogue says each fault's name and needs once: no worker class (nor a crash it is given) states a
 * {@code name()} or {@code requires()} of its own or makes itself a {@link Nemesis}. The rule is also run on a planted
 * violator (test classes under {@code io.kchaos.nemesis.planted}) and must fail there. That no packages use each other
 * in a circle (the registry once called its faults' {@code bind}, which called back into it) is held for every module,
 * this one included, by the harness's {@code PackageCirclesTest}.
 */
class FaultCatalogueRulesTest {
    private static final JavaClasses MAIN = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.kchaos.nemesis");
    private static final JavaClasses PLANTED = new ClassFileImporter().importPackages("io.kchaos.nemesis.planted");
    private static final Set<String> RESTATED = Set.of("name", "requires");

    /** Workers, and the crashes they are given: anything that injects, but not the catalogue's or the schedule's wrappers. */
    static ArchRule workersStateNoNameOrNeeds() {
        return classes().that().areAssignableTo(FaultInjector.class).or().areAssignableTo(LeaderCrash.class)
                .and().areNotInterfaces()
                .and().resideOutsideOfPackages("io.kchaos.nemesis.catalogue..", "io.kchaos.nemesis.schedule..")
                .should(new ArchCondition<JavaClass>("state no name() or requires() of their own, nor be a Nemesis") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        for (JavaMethod m : c.getMethods()) {
                            if (m.getParameters().isEmpty() && RESTATED.contains(m.getName())) {
                                events.add(SimpleConditionEvent.violated(c, c.getName() + " declares " + m.getName() + "() ("
                                        + m.getSourceCodeLocation() + "): its entry in FaultCatalogue says that"));
                            }
                        }
                        if (c.isAssignableTo(Nemesis.class)) {
                            events.add(SimpleConditionEvent.violated(c, c.getName() + " implements Nemesis: implement FaultInjector, "
                                    + "and the catalogue makes the Nemesis"));
                        }
                    }
                })
                .allowEmptyShould(false);
    }

    @Test
    void noWorkerStatesItsNameOrNeeds() {
        workersStateNoNameOrNeeds().check(MAIN);
    }

    @Test
    void aPlantedWorkerThatNamesItselfFailsTheRule() {
        AssertionError e = assertThrows(AssertionError.class, () -> workersStateNoNameOrNeeds().check(PLANTED));
        assertTrue(e.getMessage().contains("NamedWorker declares name()") && e.getMessage().contains("NamedWorker declares requires()"),
                e.getMessage());
    }
}
