package com.merchantgateway.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A payload checked against its schema in the spec (openapi.json components.schemas, the operation's
 * payload_schema) before anything is encoded, signed or sent: the keywords the TypeScript and Python clients check
 * ($ref, enum, const, allOf, oneOf/anyOf with a discriminator, not, if/then/else, type, required, properties,
 * additionalProperties, items, numeric bounds, string lengths, pattern, format uri). The first problem is reported
 * by its wire path ({@code a.b}, {@code a[0]}), never with the value given.
 */
final class PayloadCheck {
    private PayloadCheck() {}

    private record Problem(String path, String what) {}

    private static final Pattern URI = Pattern.compile("^\\w+:(/?/?)\\S+$");

    /** Throws GatewayError.Validation on the first problem (x-field-rules first when the problem is theirs). */
    static void check(JsonNode op, JsonNode payload) {
        String name = op.path("body").path("payload_schema").asText(null);
        JsonNode schemas = Artifacts.openapi().path("components").path("schemas");
        Problem found = name == null || !schemas.has(name) ? null : walk(schemas, payload, schemas.get(name), 0);
        if (found != null) {
            String field = found.path().isEmpty() ? "payload" : found.path();
            boolean theirs = field.equals("payload");
            for (JsonNode rule : op.path("field_rules")) {
                for (JsonNode f : rule.path("fields")) theirs |= f.asText().equals(field);
            }
            if (theirs && payload.isObject()) FieldRules.check(op, (com.fasterxml.jackson.databind.node.ObjectNode) payload);
            throw new GatewayError.Validation(field, found.what());
        }
    }

    private static Problem under(String prefix, Problem p) {
        if (p == null) return null;
        String path = p.path().startsWith("[") ? prefix + p.path() : p.path().isEmpty() ? prefix : prefix + "." + p.path();
        return new Problem(path, p.what());
    }

    private static String choices(JsonNode values) {
        List<String> out = new ArrayList<>();
        values.forEach(v -> out.add(v.asText()));
        return "must be one of " + String.join(", ", out);
    }

    private static Problem walk(JsonNode schemas, JsonNode value, JsonNode node, int depth) {
        if (depth > 64) return null; // a cycle of $refs: leave the rest to the gateway
        if (node.has("$ref")) {
            String ref = node.get("$ref").asText();
            JsonNode target = schemas.get(ref.substring(ref.lastIndexOf('/') + 1));
            return target == null ? null : walk(schemas, value, target, depth + 1);
        }
        if (node.has("enum") && !contains(node.get("enum"), value)) return new Problem("", choices(node.get("enum")));
        if (node.has("const") && !same(node.get("const"), value)) return new Problem("", "must be " + node.get("const").asText());
        for (JsonNode part : node.path("allOf")) {
            Problem p = walk(schemas, value, part, depth + 1);
            if (p != null) return p;
        }
        if (node.has("oneOf") || node.has("anyOf")) {
            Problem p = branches(schemas, value, node, depth);
            if (p != null) return p;
        }
        if (node.has("not") && walk(schemas, value, node.get("not"), depth + 1) == null) {
            JsonNode together = node.get("not").size() == 1 ? node.get("not").get("required") : null;
            if (together != null && together.size() > 1) {
                List<String> names = new ArrayList<>();
                together.forEach(n -> names.add(n.asText()));
                return new Problem(names.get(names.size() - 1), "must not be given together with "
                        + String.join(", ", names.subList(0, names.size() - 1)));
            }
            return new Problem("", "has a form the spec forbids here (a 'not' rule)");
        }
        Problem own = typed(schemas, value, node, depth);
        if (own != null) return own;
        if (node.has("if")) {
            JsonNode branch = walk(schemas, value, node.get("if"), depth + 1) == null ? node.get("then") : node.get("else");
            Problem p = branch == null ? null : walk(schemas, value, branch, depth + 1);
            if (p != null) return p;
        }
        return null;
    }

    private static Problem branches(JsonNode schemas, JsonNode value, JsonNode node, int depth) {
        JsonNode disc = node.path("discriminator");
        if (disc.has("propertyName") && disc.has("mapping")) {
            if (!value.isObject()) return new Problem("", "must be an object");
            String prop = disc.get("propertyName").asText();
            JsonNode key = value.get(prop);
            JsonNode target = key != null && key.isTextual() ? disc.get("mapping").get(key.asText()) : null;
            if (target == null) {
                List<String> keys = new ArrayList<>();
                disc.get("mapping").fieldNames().forEachRemaining(keys::add);
                return new Problem(prop, "must be one of " + String.join(", ", keys));
            }
            Problem p = walk(schemas, value, StrictJson.MAPPER.createObjectNode().put("$ref", target.asText()), depth + 1);
            if (p != null) return p;
        }
        for (String list : new String[] {"oneOf", "anyOf"}) {
            if (!node.has(list)) continue;
            List<Problem> problems = new ArrayList<>();
            for (JsonNode v : node.get(list)) problems.add(walk(schemas, value, v, depth + 1));
            long accepted = problems.stream().filter(p -> p == null).count();
            if (accepted == 0) return problems.isEmpty() ? null : problems.get(0);
            if (list.equals("oneOf") && accepted > 1) {
                return new Problem("", "matches more than one of the forms the spec allows here; it must match exactly one");
            }
        }
        return null;
    }

    private static final Map<String, String> KINDS = Map.of("string", "a string", "integer", "an integer", "number", "a number",
            "boolean", "true or false", "object", "an object", "array", "a list", "null", "null");

    private static boolean isKind(String kind, JsonNode v) {
        return switch (kind) {
            case "string" -> v.isTextual();
            case "integer" -> v.isIntegralNumber() || (v.isNumber() && v.asDouble() == Math.rint(v.asDouble()) && !Double.isInfinite(v.asDouble()));
            case "number" -> v.isNumber();
            case "boolean" -> v.isBoolean();
            case "object" -> v.isObject();
            case "array" -> v.isArray();
            case "null" -> v.isNull();
            default -> true;
        };
    }

    private static Problem typed(JsonNode schemas, JsonNode value, JsonNode node, int depth) {
        List<String> kinds = new ArrayList<>();
        if (node.path("type").isTextual()) kinds.add(node.get("type").asText());
        node.path("type").forEach(t -> kinds.add(t.asText()));
        if (!kinds.isEmpty() && kinds.stream().noneMatch(k -> isKind(k, value))) {
            List<String> words = new ArrayList<>();
            kinds.forEach(k -> words.add(KINDS.getOrDefault(k, k)));
            return new Problem("", "must be " + String.join(" or ", words));
        }
        if (value.isObject()) {
            for (JsonNode name : node.path("required")) {
                JsonNode v = value.get(name.asText());
                if (v == null || v.isNull()) return new Problem(name.asText(), "is required");
            }
            var fields = value.fields();
            while (fields.hasNext()) {
                var e = fields.next();
                JsonNode prop = node.path("properties").get(e.getKey());
                JsonNode extra = prop == null ? node.get("additionalProperties") : null;
                if (extra != null && extra.isBoolean() && !extra.asBoolean()) {
                    return new Problem(e.getKey(), "has a field the spec does not define here");
                }
                JsonNode sub = prop != null ? prop : extra != null && extra.isObject() ? extra : null;
                Problem p = sub == null ? null : under(e.getKey(), walk(schemas, e.getValue(), sub, depth + 1));
                if (p != null) return p;
            }
        } else if (value.isArray()) {
            if (node.has("minItems") && value.size() < node.get("minItems").asInt()) return new Problem("", "must have at least " + node.get("minItems").asInt() + " items");
            if (node.has("maxItems") && value.size() > node.get("maxItems").asInt()) return new Problem("", "must have at most " + node.get("maxItems").asInt() + " items");
            for (int i = 0; i < value.size(); i++) {
                Problem p = under("[" + i + "]", walk(schemas, value.get(i), node.has("items") ? node.get("items") : StrictJson.MAPPER.createObjectNode(), depth + 1));
                if (p != null) return p;
            }
        } else if (value.isNumber()) {
            double v = value.asDouble();
            if (node.has("minimum") && v < node.get("minimum").asDouble()) return new Problem("", "must be at least " + node.get("minimum").asText());
            if (node.has("maximum") && v > node.get("maximum").asDouble()) return new Problem("", "must be at most " + node.get("maximum").asText());
            if (node.has("exclusiveMinimum") && v <= node.get("exclusiveMinimum").asDouble()) return new Problem("", "must be greater than " + node.get("exclusiveMinimum").asText());
            if (node.has("exclusiveMaximum") && v >= node.get("exclusiveMaximum").asDouble()) return new Problem("", "must be less than " + node.get("exclusiveMaximum").asText());
        } else if (value.isTextual()) {
            String s = value.asText();
            int n = s.codePointCount(0, s.length()); // JSON Schema counts code points
            if (node.has("minLength") && n < node.get("minLength").asInt()) {
                return new Problem("", node.get("minLength").asInt() == 1 ? "must not be empty" : "must have at least " + node.get("minLength").asInt() + " characters");
            }
            if (node.has("maxLength") && n > node.get("maxLength").asInt()) return new Problem("", "must have at most " + node.get("maxLength").asInt() + " characters");
            if (node.has("pattern") && !Pattern.compile(node.get("pattern").asText(), Pattern.UNICODE_CHARACTER_CLASS).matcher(s).find()) {
                return new Problem("", "must match the pattern " + node.get("pattern").asText());
            }
            if ("uri".equals(node.path("format").asText()) && !URI.matcher(s).find()) {
                return new Problem("", "must be an absolute URI with a scheme (https://merchant.example/path)");
            }
        }
        return null;
    }

    private static boolean same(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) return a.decimalValue().compareTo(b.decimalValue()) == 0;
        return a.equals(b);
    }

    private static boolean contains(JsonNode values, JsonNode v) {
        for (JsonNode x : values) if (same(x, v)) return true;
        return false;
    }
}
