package io.kchaos.harness.layering;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

/**
 * The module layering, checked on the compiled main classes of every module: data flows workload -> history ->
 * checker -> report, and only the CLI (harness) sees everything. To add a module: one {@link #module} line naming its
 * package and the modules it may use (and its artifact as a test dependency of harness, so its classes are here).
 */
class LayeringTest {
    private static final Map<String, List<String>> MAY_USE = new LinkedHashMap<>();

    private static void module(String packageName, String... mayUse) {
        MAY_USE.put(packageName, List.of(mayUse));
    }

    static {
        module("history");                                   // the contract: depends on no other kchaos module
        module("agent");                                     // loaded into broker JVMs: JDK only (ByteBuddy shaded inside)
        module("tiered");                                    // loaded into broker JVMs: Kafka's storage API only
        module("proxy");                                     // its own JVM (Kroxylicious, kafka-clients 4.0.0): no other kchaos module
        module("wire");                                      // one request to one broker: kafka-clients only
        module("checker", "history");                        // judges any history without a cluster
        module("workload", "history", "wire");
        module("nemesis", "history", "wire", "tiered");      // tiered: the remote-tier faults' control file (JDK-only classes)
        module("report", "history", "checker");
        module("testkit", "history");                        // synthetic data for tests and benchmarks, not shipped
        module("bench", "history", "checker", "report", "testkit", "cluster", "backend.local", "agent"); // benchmark mains, not shipped
        module("cluster", "history", "nemesis");             // the cluster abstraction every backend implements
        module("backend.local", "history", "checker", "nemesis", "cluster", "agent"); // each backend sees no other backend
        module("backend.docker", "history", "nemesis", "cluster");
        module("backend.ssh", "history", "checker", "nemesis", "cluster");
        module("harness", "history", "checker", "workload", "nemesis", "report", "agent", "cluster", "backend.local",
                "backend.docker", "backend.ssh", "tiered");  // the CLI: nothing depends on it
    }

    private static final JavaClasses MAIN = MainClasses.ALL;

    private static String packageOf(String module) {
        return "io.kchaos." + module + "..";
    }

    @Test
    void eachModuleUsesOnlyTheModulesItDeclares() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (String m : MAY_USE.keySet()) layers = layers.layer(m).definedBy(packageOf(m));
        for (Map.Entry<String, List<String>> e : MAY_USE.entrySet()) {
            layers = e.getValue().isEmpty()
                    ? layers.whereLayer(e.getKey()).mayNotAccessAnyLayer()
                    : layers.whereLayer(e.getKey()).mayOnlyAccessLayers(e.getValue().toArray(String[]::new));
        }
        layers.check(MAIN);
    }

    @Test
    void everyClassBelongsToADeclaredModule() {
        classes().should().resideInAnyPackage(MAY_USE.keySet().stream().map(LayeringTest::packageOf).toArray(String[]::new))
                .because("a new module needs its line in LayeringTest")
                .check(MAIN);
    }

    /**
     * Outside the broker plugin, only its JDK-only classes (the remote-tier control file, the bucket's names): the Kafka
     * storage API it is built on is on no class path but the broker's.
     */
    @Test
    void onlyTheJdkOnlyClassesOfTheStorageManagerAreUsedOutsideIt() {
        Set<String> shared = Set.of("io.kchaos.tiered.RemoteFault", "io.kchaos.tiered.RemoteFault$Mode", "io.kchaos.tiered.BucketLayout");
        noClasses().that().resideOutsideOfPackage(packageOf("tiered"))
                .should().dependOnClassesThat(DescribedPredicate.describe("tiered-storage classes that need Kafka's storage API",
                        (JavaClass c) -> c.getPackageName().equals("io.kchaos.tiered") && !shared.contains(c.getName())))
                .check(MAIN);
        noClasses().that(DescribedPredicate.describe("the shared classes", (JavaClass c) -> shared.contains(c.getName())))
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..")
                .check(MAIN);
    }

    /** Testcontainers (and Toxiproxy's client) only in the Docker backend, MINA SSHD only in the SSH backend. */
    @Test
    void eachBackendsLibrariesStayInItsModule() {
        noClasses().that().resideOutsideOfPackage(packageOf("backend.docker"))
                .should().dependOnClassesThat().resideInAnyPackage("org.testcontainers..", "eu.rekawek.toxiproxy..", "com.github.dockerjava..")
                .check(MAIN);
        noClasses().that().resideOutsideOfPackage(packageOf("backend.ssh"))
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.sshd..")
                .check(MAIN);
    }

    @Test
    void theRulesSeeEveryModule() {
        for (String m : MAY_USE.keySet()) {
            if (MAIN.stream().noneMatch(c -> c.getPackageName().startsWith("io.kchaos." + m))) {
                throw new AssertionError("no class of module package io.kchaos." + m + " on the test class path");
            }
        }
    }
}
