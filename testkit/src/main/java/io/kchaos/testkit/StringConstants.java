package io.kchaos.testkit;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/** The values of a class's public static String constants, for tests that hold a table of names against its declaration. */
public final class StringConstants {
    private StringConstants() {
    }

    /** Every public static final String of {@code c} (not of its nested classes), in declaration order. */
    public static List<String> of(Class<?> c) {
        List<String> out = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) {
            int m = f.getModifiers();
            if (f.getType() != String.class || !Modifier.isStatic(m) || !Modifier.isPublic(m) || !Modifier.isFinal(m)) continue;
            try {
                out.add((String) f.get(null));
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return out;
    }
}
