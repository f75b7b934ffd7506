package io.kchaos.cluster.security;

import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import javax.security.auth.x500.X500Principal;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;

/**
 * A run's certificate authority: an EC P-256 key pair with its self-signed CA certificate, which signs the run's other
 * certificates (Bouncy Castle builds them, the JDK's providers make the keys and the signatures).
 */
final class RunAuthority {
    /** A key pair's private key and its certificate, signed by the authority. */
    record Issued(PrivateKey key, X509Certificate certificate) {}

    private static final String SIGNATURE = "SHA256withECDSA";
    private static final Duration VALIDITY = Duration.ofDays(30);
    /** How long before now a certificate is already valid: the hosts' clocks may differ a little. */
    private static final Duration CLOCK_SKEW = Duration.ofHours(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final KeyPair keys;
    private final X509Certificate certificate;

    private RunAuthority(KeyPair keys, X509Certificate certificate) {
        this.keys = keys;
        this.certificate = certificate;
    }

    /** A new CA named {@code CN=kchaos-ca,O=kchaos} (basic constraints CA, critical; key usage certificate and CRL signing). */
    static RunAuthority create() {
        KeyPair keys = keyPair();
        X500Principal name = new X500Principal("CN=kchaos-ca,O=kchaos");
        X509Certificate certificate = sign(name, keys, name, keys.getPrivate(), (b, ext) -> {
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            b.addExtension(Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(keys.getPublic()));
        });
        return new RunAuthority(keys, certificate);
    }

    PrivateKey key() {
        return keys.getPrivate();
    }

    X509Certificate certificate() {
        return certificate;
    }

    /**
     * A new key pair and its certificate for {@code CN=kchaos-<name>,O=kchaos}, for server and client authentication, with
     * {@code sanEntries} ({@code ip:<address>} or {@code dns:<name>}, as {@link RunCertificates#sanEntries} lists them) as its
     * subject alternative names, none when empty.
     */
    Issued issue(String name, List<String> sanEntries) {
        KeyPair leaf = keyPair();
        X509Certificate cert = sign(certificate.getSubjectX500Principal(), leaf, new X500Principal("CN=kchaos-" + name + ",O=kchaos"),
                keys.getPrivate(), (b, ext) -> {
                    b.addExtension(Extension.extendedKeyUsage, false,
                            new ExtendedKeyUsage(new KeyPurposeId[]{KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
                    if (!sanEntries.isEmpty()) b.addExtension(Extension.subjectAlternativeName, false, generalNames(sanEntries));
                    b.addExtension(Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(leaf.getPublic()));
                    b.addExtension(Extension.authorityKeyIdentifier, false, ext.createAuthorityKeyIdentifier(certificate));
                });
        return new Issued(leaf.getPrivate(), cert);
    }

    private static GeneralNames generalNames(List<String> sanEntries) {
        GeneralName[] names = new GeneralName[sanEntries.size()];
        for (int i = 0; i < names.length; i++) {
            String entry = sanEntries.get(i);
            int colon = entry.indexOf(':');
            String value = entry.substring(colon + 1);
            names[i] = switch (entry.substring(0, colon)) {
                case "ip" -> new GeneralName(GeneralName.iPAddress, value); // IllegalArgumentException when not an address
                case "dns" -> new GeneralName(GeneralName.dNSName, value);
                default -> throw new IllegalArgumentException("not an ip: or dns: entry: " + entry);
            };
        }
        return new GeneralNames(names);
    }

    private static KeyPair keyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new CertificateSetupException("cannot make an EC secp256r1 key pair for the run's certificates: " + e.getMessage());
        }
    }

    /** Adds a certificate's extensions to its builder. */
    private interface Extensions {
        void add(X509v3CertificateBuilder builder, JcaX509ExtensionUtils utils) throws CertIOException, GeneralSecurityException;
    }

    /** {@code subject}'s certificate for {@code keys}' public key, valid from a little before now for 30 days, signed by {@code signer}. */
    private static X509Certificate sign(X500Principal issuer, KeyPair keys, X500Principal subject, PrivateKey signer, Extensions extensions) {
        Instant now = Instant.now();
        BigInteger serial = new BigInteger(64, RANDOM).add(BigInteger.ONE);
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer, serial, Date.from(now.minus(CLOCK_SKEW)),
                Date.from(now.plus(VALIDITY)), subject, keys.getPublic());
        try {
            extensions.add(builder, new JcaX509ExtensionUtils());
            return new JcaX509CertificateConverter().getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE).build(signer)));
        } catch (CertIOException | GeneralSecurityException | OperatorCreationException | IllegalArgumentException e) {
            throw new CertificateSetupException("cannot make the run's certificate for " + subject.getName() + ": " + e.getMessage());
        }
    }
}
