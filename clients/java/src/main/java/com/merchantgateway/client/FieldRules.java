package com.merchantgateway.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** The operation's x-field-rules (operations.json {@code field_rules}): exactly-one-of, at-least-one-of,
 * at-most-one-of and required; a field counts as sent when its key is in the payload. */
final class FieldRules {
    private FieldRules() {}

    static void check(JsonNode op, ObjectNode payload) {
        for (JsonNode rule : op.path("field_rules")) {
            List<String> fields = new ArrayList<>();
            rule.path("fields").forEach(f -> fields.add(f.asText()));
            long sent = fields.stream().filter(payload::has).count();
            String kind = rule.path("rule").asText();
            String names = String.join(", ", fields);
            String problem = switch (kind) {
                case "exactly-one-of" -> sent == 1 ? null : "give exactly one of " + names + " (" + sent + " given)";
                case "at-least-one-of" -> sent >= 1 ? null : "give at least one of " + names;
                case "at-most-one-of" -> sent <= 1 ? null : "give at most one of " + names + " (not together)";
                case "required" -> sent == fields.size() ? null : "required: " + names;
                default -> throw new GatewayError.Usage("field rule '" + kind + "' is not known to this package version");
            };
            if (problem != null) {
                String field = fields.stream().filter(f -> kind.equals("required") ? !payload.has(f) : payload.has(f))
                        .findFirst().orElse(fields.get(0));
                throw new GatewayError.Validation(field, problem);
            }
        }
    }
}
