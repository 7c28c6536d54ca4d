package com.merchantgateway.client;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/** X-VERIFY (operations.json {@code signature}): hex(sha256(message + salt_key)) + "###" + salt_index. */
public final class Signing {
    private Signing() {}

    public static String sha256Hex(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String separator() {
        return Artifacts.operations().path("signature").path("separator").asText("###");
    }

    public static String xVerify(String message, String saltKey, String saltIndex) {
        return sha256Hex(message + saltKey) + separator() + saltIndex;
    }

    /** Check "digest###index" against {@code message} with that index's salt, in constant time: the index of the
     * salt that matched, or null (unknown index, malformed value, wrong digest). */
    public static String verify(String message, String signature, Map<String, String> salts) {
        if (signature == null) return null;
        String sep = separator();
        int at = signature.lastIndexOf(sep);
        if (at < 0) return null;
        String digest = signature.substring(0, at);
        String index = signature.substring(at + sep.length());
        String salt = salts.get(index);
        if (salt == null || !digest.matches("[0-9a-fA-F]{64}")) return null;
        byte[] expected = HexFormat.of().parseHex(sha256Hex(message + salt));
        return MessageDigest.isEqual(expected, HexFormat.of().parseHex(digest)) ? index : null;
    }
}
