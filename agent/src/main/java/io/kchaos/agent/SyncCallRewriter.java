package io.kchaos.agent;

import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

import java.lang.instrument.ClassFileTransformer;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.List;

/**
 * Rewrites, in Kafka's own classes ({@code kafka.*}, {@code org.apache.kafka.*}, all loaded after the agent), each
 * call of a {@link SyncCall} into the matching static {@link SyncHooks} method (the receiver becomes the first
 * argument, so the operand stack and the stack map frames stay as they were). JDK classes are never touched, which is
 * why this works on every JDK and Kafka version: only the call sites change. Uses ByteBuddy's bundled ASM.
 */
final class SyncCallRewriter implements ClassFileTransformer {
    private static final String HOOKS = SyncHooks.class.getName().replace('.', '/');
    private static final List<byte[]> OWNER_NAMES = SyncCall.owners().stream().map(o -> o.getBytes(StandardCharsets.UTF_8)).toList();

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
        if (className == null || !(className.startsWith("kafka/") || className.startsWith("org/apache/kafka/"))) return null;
        if (!mentionsAnOwner(bytes)) return null;
        try {
            return rewrite(bytes);
        } catch (RuntimeException e) {
            System.err.println("kchaos-agent: cannot rewrite " + className + ", its syncs are not journaled: " + e);
            return null;
        }
    }

    /** The class with its sync calls rewritten, or null when it has none. */
    static byte[] rewrite(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, 0);
        boolean[] changed = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, desc, signature, exceptions)) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String methodDesc, boolean itf) {
                        SyncCall call = opcode == Opcodes.INVOKEVIRTUAL ? SyncCall.match(owner, method, methodDesc) : null;
                        if (call == null) {
                            super.visitMethodInsn(opcode, owner, method, methodDesc, itf);
                            return;
                        }
                        changed[0] = true;
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, call.hook(), call.hookDescriptor(), false);
                    }
                };
            }
        }, 0);
        return changed[0] ? writer.toByteArray() : null;
    }

    /** A cheap pre-check on the raw bytes: a class whose constant pool names no owner cannot call one. */
    private static boolean mentionsAnOwner(byte[] bytes) {
        for (byte[] name : OWNER_NAMES) if (indexOf(bytes, name) >= 0) return true;
        return false;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) if (haystack[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }
}
