package com.merchantgateway.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One request as it goes on the wire, built from operations.json alone: the host's URL and the operation's path
 * (each value percent-encoded), the body wrapping (base64-json, json, form), the content type and X-VERIFY by the
 * operation's signing mode and path. Every value is checked before anything is encoded, signed or sent.
 */
public final class Requests {
    private Requests() {}

    /** A request as sent: header names as given, the body as text (null: none). */
    public record Wire(String operationId, String method, String url, Map<String, String> headers, String body) {}

    /** What a call carries: path values, headers and the payload (or a form for the token operation). */
    public static final class Input {
        final Map<String, String> path = new LinkedHashMap<>();
        final Map<String, String> headers = new LinkedHashMap<>();
        JsonNode payload;
        Map<String, String> form;
        Long originalAmount;

        public static Input of(JsonNode payload) {
            Input in = new Input();
            in.payload = payload;
            return in;
        }

        /** A payload from a map, keys in the map's order (e.g. Map.of for one field, a LinkedHashMap for more). */
        public static Input of(Map<String, ?> payload) {
            return of((JsonNode) StrictJson.MAPPER.valueToTree(new LinkedHashMap<>(payload)));
        }

        public static Input none() {
            return new Input();
        }

        public Input path(String name, String value) {
            path.put(name, value);
            return this;
        }

        public Input header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        /** A refund's original payment amount, when this gateway did not send that payment: a refund above what
         * is left of it is refused before anything is sent (GatewayError.ExcessRefund). */
        public Input originalAmount(long amount) {
            originalAmount = amount;
            return this;
        }

        public Input form(Map<String, String> fields) {
            form = fields;
            return this;
        }

        public JsonNode payload() {
            return payload;
        }

        public Map<String, String> pathValues() {
            return path;
        }
    }

    /** The payload with the configured merchantId first when its schema has the field and the caller left it out. */
    private static ObjectNode withMerchant(String schema, ObjectNode payload, String merchantId) {
        if (merchantId == null || payload.has("merchantId")) return payload;
        JsonNode properties = Artifacts.openapi().path("components").path("schemas").path(schema).path("properties");
        if (!properties.has("merchantId")) return payload;
        ObjectNode out = StrictJson.MAPPER.createObjectNode().put("merchantId", merchantId);
        out.setAll(payload);
        return out;
    }

    static Wire build(String operationId, Input in, Map<String, String> hosts, String saltKey, String saltIndex,
                      String merchantId) {
        JsonNode op = Artifacts.operation(operationId);
        Map<String, String> values = pathValues(operationId, op, in.path);
        Map<String, String> headers = new LinkedHashMap<>();
        checkHeaders(op, in.headers);
        String body = null;
        String message = null;
        JsonNode bodyFacts = op.path("body");
        if (!bodyFacts.isMissingNode() && !bodyFacts.isNull()) {
            String wrapping = bodyFacts.path("wrapping").asText();
            headers.put("Content-Type", bodyFacts.path("content_type").asText());
            if (wrapping.equals("form")) {
                body = formBody(in.form == null ? Map.of() : in.form);
            } else {
                if (in.payload == null || !in.payload.isObject()) {
                    throw new GatewayError.Validation("payload", "required: give the operation's payload as a JSON object");
                }
                in.payload = withMerchant(bodyFacts.path("payload_schema").asText(), (ObjectNode) in.payload, merchantId);
                PayloadCheck.check(op, in.payload);
                FieldRules.check(op, (ObjectNode) in.payload);
                String json = StrictJson.compact(in.payload);
                if (wrapping.equals("base64-json")) {
                    String b64 = Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
                    ObjectNode wrapper = StrictJson.MAPPER.createObjectNode().put(bodyFacts.path("wrapper_field").asText(), b64);
                    body = StrictJson.compact(wrapper);
                    if (op.path("signing").path("mode").asText().equals("body")) {
                        message = b64 + op.path("signing").path("path").asText("");
                    }
                } else if (wrapping.equals("json")) {
                    body = json;
                } else {
                    throw new GatewayError.Usage(operationId + ": body wrapping '" + wrapping + "' is not known to this package version");
                }
            }
        }
        if (op.path("signing").path("mode").asText().equals("path")) {
            message = fill(op.path("signing").path("path").asText(), values, false);
        }
        if (message != null) headers.put(Artifacts.operations().path("signature").path("header").asText(), Signing.xVerify(message, saltKey, saltIndex));
        headers.putAll(in.headers);
        String base = hosts.get(op.path("host").asText());
        if (base == null || base.isBlank()) {
            throw new GatewayError.Usage(op.path("host").asText() + " host URL: not configured; set MGW_"
                    + op.path("host").asText().toUpperCase() + "_URL (or the config's URL of that host)");
        }
        String url = base.replaceAll("/+$", "") + fill(op.path("path").asText(), values, true);
        return new Wire(operationId, op.path("method").asText(), url, headers, body);
    }

    private static final String UNRESERVED = "[A-Za-z0-9._~-]+";

    /** The operation's path values: each required, a fixed one (x-fixed path segment) only as fixed, and none that
     * would need percent-encoding (X-VERIFY signs the raw path; how the gateway signs an encoded one is not shown). */
    private static Map<String, String> pathValues(String id, JsonNode op, Map<String, String> given) {
        Map<String, String> values = new TreeMap<>();
        op.path("fixed_path_params").fields().forEachRemaining(f -> values.put(f.getKey(), f.getValue().asText()));
        List<String> names = new ArrayList<>();
        op.path("path_params").forEach(n -> names.add(n.asText()));
        for (Map.Entry<String, String> e : given.entrySet()) {
            if (!names.contains(e.getKey()) && !e.getValue().equals(values.get(e.getKey()))) {
                throw new GatewayError.Validation("path." + e.getKey(), "not a path parameter of " + id + "; known: " + String.join(", ", names));
            }
        }
        for (String name : names) {
            String v = given.get(name);
            if (v == null) throw new GatewayError.Validation("path." + name, "required by " + id + ": give it");
            if (!v.matches(UNRESERVED) || v.equals(".") || v.equals("..")) {
                throw new GatewayError.Validation("path." + name, "must be letters, digits and -._~ only (not empty, '.' or '..'),"
                        + " because X-VERIFY signs the raw path: use an id made of those characters");
            }
            values.put(name, v);
        }
        return values;
    }

    private static void checkHeaders(JsonNode op, Map<String, String> given) {
        Map<String, Boolean> known = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        op.path("header_params").forEach(h -> known.put(h.path("name").asText(), h.path("required").asBoolean()));
        for (String name : given.keySet()) {
            if (!known.containsKey(name)) {
                throw new GatewayError.Validation("headers." + name, "not a header of this operation; allowed: " + String.join(", ", known.keySet()));
            }
        }
        Map<String, String> have = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        have.putAll(given);
        known.forEach((name, required) -> {
            if (required && !have.containsKey(name)) throw new GatewayError.Validation("headers." + name, "required: give it");
        });
    }

    private static String fill(String template, Map<String, String> values, boolean encode) {
        String out = template;
        for (Map.Entry<String, String> e : values.entrySet()) {
            out = out.replace("{" + e.getKey() + "}", encode ? percent(e.getValue()) : e.getValue());
        }
        return out;
    }

    /** Every UTF-8 byte outside A-Z a-z 0-9 - . _ ~ as %XX (uppercase hex); {@code plusForSpace} for form bodies. */
    static String percent(String value, boolean plusForSpace) {
        StringBuilder out = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "-._~".indexOf(c) >= 0) out.append(c);
            else if (c == ' ' && plusForSpace) out.append('+');
            else out.append('%').append(String.format("%02X", b & 0xff));
        }
        return out.toString();
    }

    static String percent(String value) {
        return percent(value, false);
    }

    static String formBody(Map<String, String> form) {
        List<String> pairs = new ArrayList<>();
        form.forEach((k, v) -> pairs.add(percent(k, true) + "=" + percent(v, true)));
        return String.join("&", pairs);
    }
}
