package com.merchantgateway.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Verification of what the gateway sends to the merchant, driven by operations.json {@code webhooks}: the
 * server-to-server callbacks ({"response": base64} with X-VERIFY over that string) and the UI form post (a checksum
 * field over the listed form fields, absent ones left out). Constant-time comparison; an unknown salt index is
 * invalid; the payload is decoded only after the signature matched.
 */
public final class Callbacks {
    private Callbacks() {}

    /** {@code paid} only when the webhook's verdict is succeeded: this transaction and exactly this amount. Invalid
     * (with {@code mismatch}) when correctly signed but naming another transaction, merchant or amount. */
    public record Result(boolean valid, JsonNode payload, String saltIndex, boolean paid, String reason,
                         String mismatch, Verdicts.Judgement judgement) {
        static Result invalid(String reason) {
            return new Result(false, null, null, false, reason, null, null);
        }
    }

    private static JsonNode webhook(String name) {
        JsonNode w = Artifacts.operations().path("webhooks").get(name);
        if (w == null) throw new GatewayError.Usage("webhook: unknown '" + name + "'");
        return w;
    }

    /** Verify a server-to-server callback ({@code webhook}: paymentCallback or chargeCallback). */
    public static Result verify(byte[] body, String signature, Map<String, String> salts, String webhook,
                                Verdicts.Expect expect) {
        JsonNode facts = webhook(webhook);
        String field = facts.path("wrapper_field").asText();
        String text = StrictJson.text(body);
        if (text == null) return Result.invalid("the body is not UTF-8");
        if (text.startsWith("\uFEFF")) text = text.substring(1);
        JsonNode envelope;
        try {
            envelope = StrictJson.MAPPER.readTree(text);
        } catch (IOException e) {
            return Result.invalid("the body is not JSON");
        }
        if (envelope == null || !envelope.path(field).isTextual()) return Result.invalid("the body has no string field " + field);
        StringBuilder message = new StringBuilder();
        for (JsonNode name : facts.path("verify").path("message")) {
            JsonNode v = envelope.get(name.asText());
            if (v != null && v.isTextual()) message.append(v.asText());
        }
        String header = facts.path("verify").path("header").asText();
        String saltIndex = Signing.verify(message.toString(), signature, salts);
        if (saltIndex == null) return Result.invalid(header + " does not match (or names an unknown salt index)");
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(envelope.path(field).asText());
        } catch (IllegalArgumentException e) {
            return Result.invalid(field + " is not base64");
        }
        String payloadText = StrictJson.text(bytes);
        if (payloadText == null) return Result.invalid(field + " is not base64 of UTF-8 text");
        if (payloadText.startsWith("\uFEFF")) payloadText = payloadText.substring(1);
        JsonNode payload;
        try {
            payload = StrictJson.MAPPER.readTree(payloadText);
        } catch (IOException e) {
            return Result.invalid(field + " does not hold JSON");
        }
        if (!Artifacts.operations().path("outcomes").path("tables").has(webhook)) {
            return new Result(true, payload, saltIndex, false, null, null, null); // nothing to judge
        }
        Verdicts.Judgement j = Verdicts.judge(webhook, 200, StrictJson.read(bytes), expect, null, 1, null);
        if (j.mismatch() != null) {
            return new Result(false, payload, saltIndex, false, "correctly signed, but " + j.reason()
                    + ": do not fulfil the order on it; read the payment's status", j.mismatch(), j);
        }
        return new Result(true, payload, saltIndex, j.verdict().equals("succeeded"), null, null, j);
    }

    /** The fields of an x-www-form-urlencoded body, in order. */
    public static Map<String, String> formFields(String body) {
        Map<String, String> out = new LinkedHashMap<>();
        if (body.isEmpty()) return out;
        for (String pair : body.split("&", -1)) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            out.putIfAbsent(URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8));
        }
        return out;
    }

    /** Verify the UI callback form post (its fields). Never proof of payment: the spec gives it no outcome table. */
    public static Result verifyUi(Map<String, String> fields, Map<String, String> salts, Verdicts.Expect expect) {
        JsonNode verify = webhook("uiCallback").path("verify");
        String checksumField = verify.path("field").asText();
        String checksum = fields.get(checksumField);
        if (checksum == null) return Result.invalid("no " + checksumField + " field");
        StringBuilder message = new StringBuilder();
        for (JsonNode name : verify.path("message")) message.append(fields.getOrDefault(name.asText(), ""));
        String saltIndex = Signing.verify(message.toString(), checksum, salts);
        if (saltIndex == null) return Result.invalid(checksumField + " does not match (or names an unknown salt index)");
        String amount = fields.getOrDefault("amount", "");
        if (!amount.matches("[0-9]+")) return Result.invalid("form field amount is not an integer");
        Verdicts.Expect e = expect == null ? Verdicts.Expect.NONE : expect;
        String[][] checks = {
            {"amount", e.amount() == null ? null : e.amount().toString(), amount},
            {"transactionId", e.transactionId(), fields.get("transactionId")},
            {"merchantId", e.merchantId(), fields.get("merchantId")},
        };
        for (String[] c : checks) {
            if (c[1] != null && !c[1].equals(c[2])) {
                return new Result(false, null, saltIndex, false, "correctly signed, but it names another " + c[0]
                        + ": do not fulfil the order on it; read the payment's status", c[0], null);
            }
        }
        return new Result(true, StrictJson.MAPPER.valueToTree(fields), saltIndex, false, null, null, null);
    }
}
