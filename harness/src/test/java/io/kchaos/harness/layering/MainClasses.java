package io.kchaos.harness.layering;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Collections;
import java.util.List;

/** The main classes under io/kchaos of every class path root that has that folder (not the whole class path: fast), imported once. */
final class MainClasses {
    static final JavaClasses ALL = importMainClasses();

    private MainClasses() {
    }

    private static JavaClasses importMainClasses() {
        try {
            List<URL> roots = Collections.list(MainClasses.class.getClassLoader().getResources("io/kchaos"));
            // test classes come from target/test-classes in `mvn test`, but from the modules' -tests.jar in `mvn verify`
            return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .withImportOption(location -> !location.contains("-tests.jar")).importUrls(roots);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
