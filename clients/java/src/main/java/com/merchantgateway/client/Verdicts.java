package com.merchantgateway.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * What an answer means: the spec's verdict steps (operations.json {@code outcomes.rules}, the spec's
 * x-verdict-rules) over the outcome table of this release ({@code outcomes.tables}). Each branch names the rule id
 * it applies, in the spec's order; the sets and values (rate-limit status and codes, the outcomes a status or a
 * {@code success} flag contradicts, identity fields and types, unlisted codes, final verdicts) are read from the
 * rules, never kept here. The Python and TypeScript clients apply the same steps; the conformance kit's verdict
 * cases hold all three to the same conclusions. No I/O, no clock here.
 */
public final class Verdicts {
    static final String NOT_JSON = "the answer is not JSON";

    private Verdicts() {}

    /** What the answer must name; null: not known, not checked. */
    public record Expect(String transactionId, String merchantId, Long amount) {
        public static final Expect NONE = new Expect(null, null, null);
    }

    /** What is known of the requests sent for one transaction, on one clock in seconds. */
    public record Sends(boolean known, Double lastAt, double now, double grace, boolean closed) {}

    /** The verdict, the codes read, why, the mismatching field, the code's category and the deciding rule id. */
    public record Judgement(String verdict, String code, String payResponseCode, String reason, String mismatch,
                            String category, String rule) {}

    private static JsonNode judging() {
        return Artifacts.rules().path("judging");
    }

    private static Set<String> set(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }

    /** A final verdict (judging.final): nothing later can change it. */
    public static boolean isFinal(String verdict) {
        return set(judging().path("final")).contains(verdict);
    }

    /** The outcome table of an operationId or a webhook name. */
    public static JsonNode table(String key) {
        JsonNode t = Artifacts.operations().path("outcomes").path("tables").get(key);
        if (t == null) throw new GatewayError.Usage("no outcome table for " + key);
        return t;
    }

    /** The verdict on one answer ({@code read}: StrictJson's reading, null: no body) of the table's operation. */
    public static Judgement judge(String key, int status, StrictJson.Read read, Expect expect, Sends sends,
                                  int attempt, String location) {
        JsonNode t = table(key);
        JsonNode j = judging();
        Expect e = expect == null ? Expect.NONE : expect;
        boolean moves = t.path("may_move_money").asBoolean();
        String doubt = j.path("doubt").path(moves ? "may_move_money" : "otherwise").asText();
        int limit = j.path("rate_limit").path("status").asInt();
        if (t.path("redirect").asBoolean() && status >= 300 && status < 400) { // redirect
            if (location != null && !pyStrip(location).isEmpty()) {
                return make("redirect", "accepted", null, null, "redirected to the payments page", null);
            }
            return make("redirect", doubt, null, null, "HTTP " + status + " without a Location", null);
        }
        ObjectNode answer = read == null ? null : read.value();
        String code = answer == null ? null : text(answer.get("code"));
        JsonNode rawData = answer == null ? null : answer.get("data");
        ObjectNode data = rawData instanceof ObjectNode o ? o : StrictJson.MAPPER.createObjectNode();
        String prc = text(data.get("payResponseCode"));
        if (status >= 500) return make("server-error", "unknown", code, prc, "HTTP " + status + ": the gateway may have acted", null);
        if (answer == null) { // unreadable-body
            String why = read == null ? "the answer has no body" : read.unreadable().why();
            if (status == limit && (read == null || NOT_JSON.equals(why))) {
                return make("unreadable-body", "rate-limited", null, null, "HTTP " + status + "; " + why, null);
            }
            return make("unreadable-body", doubt, null, null, why, null);
        }
        if (!absent(answer.get("code")) && code == null) return make("types", doubt, null, null, "code is not a string", null);
        JsonNode success = answer.get("success");
        if (!absent(success) && !success.isBoolean()) return make("types", doubt, code, prc, "success is not a boolean", null);
        boolean isTrue = success != null && success.isBoolean() && success.asBoolean();
        boolean isFalse = success != null && success.isBoolean() && !success.asBoolean();
        boolean is2xx = status >= 200 && status < 300;
        if (code == null) { // no-code
            if (t.path("codes").isEmpty() && is2xx) {
                if (isFalse) return make("no-code", "rejected", null, null, "success false", null);
                return make("no-code", "succeeded", null, null, "answered without an envelope", null);
            }
            if (status == limit && !isTrue) return make("no-code", "rate-limited", null, null, "HTTP " + status, null);
            return make("no-code", doubt, null, null, "HTTP " + status + " without a code" + (isTrue ? " and success true" : ""), null);
        }
        if (set(j.path("rate_limit").path("codes")).contains(code)) { // rate-limit-code
            if (status == limit && !isTrue) return make("rate-limit-code", "rate-limited", code, prc, code, null);
            return make("rate-limit-code", doubt, code, prc, code + " contradicted by HTTP " + status, null);
        }
        String outcome = t.path("codes").has(code) ? t.path("codes").path(code).asText() : null; // outcome
        if (outcome != null && prc != null) {
            for (JsonNode r : t.path("refine")) {
                if (r.path(0).asText().equals(code) && r.path(1).asText().equals(prc)) {
                    outcome = r.path(2).asText();
                    break;
                }
            }
        }
        if (outcome == null) {
            outcome = positiveByData(t, isTrue, is2xx, data, e);
            if (outcome == null) outcome = t.path("unlisted").asText();
            JsonNode category = Artifacts.operations().path("outcomes").path("categories").get(code);
            JsonNode unlisted = j.path("unlisted").path("categories");
            if (category != null && unlisted.has(category.asText())) outcome = unlisted.path(category.asText()).asText();
        }
        Set<String> needs2xx = set(j.path("needs_2xx"));
        if (status == limit) { // status-429: only a plain rate-limit answer (the steps above) means "not processed"
            return make("status-429", doubt, code, prc, "HTTP " + status + " with " + code + ", not a rate-limit answer", null);
        }
        if (outcome.equals("unknown")) return make("unknown", "unknown", code, prc, code + " on " + key + ": the gateway may have acted", null);
        if (needs2xx.contains(outcome) && !is2xx) return make("status-needs-2xx", doubt, code, prc, "HTTP " + status + " contradicts " + code, null);
        if (!(status >= 200 && status < 500) || (status >= 300 && status < 400)) {
            return make("status-other", doubt, code, prc, "HTTP " + status + " is not an answer of " + key, null);
        }
        if ((isFalse && set(j.path("success_false_contradicts")).contains(outcome))
                || (isTrue && set(j.path("success_true_contradicts")).contains(outcome))) {
            return make("success-flag", doubt, code, prc, "success " + success.asText() + " contradicts " + code, null);
        }
        String[] problem = identity(data, e); // identity
        if (problem != null) return make("identity", doubt, code, prc, problem[0], problem[1]);
        JsonNode needed = t.path("evidence").path(outcome); // evidence
        String missing = proves(needed, data, e);
        if (missing != null) {
            if (missing.equals("data.amount") && e.amount() == null && outcome.equals("succeeded")) {
                return make("evidence", "unconfirmed", code, prc, "no expected amount was given to check", null);
            }
            return make("evidence", doubt, code, prc, code + " without " + missing, null);
        }
        if (outcome.equals("not-found") && t.path("payment_state").asBoolean()) { // time
            return make("time", notFoundVerdict(sends), code, prc, "the gateway has no record (" + notFoundVerdict(sends) + ")", null);
        }
        if (outcome.equals("duplicate") && attempt > 1 && moves) { // duplicate-retry
            return make("duplicate-retry", "unknown", code, prc, "an earlier attempt of this call may have been recorded", null);
        }
        return make("outcome-stands", outcome, code, prc, code + " on " + key, null); // outcome-stands
    }

    /** TRANSACTION_NOT_FOUND on a status read, given what is known of the requests sent (the time rule). */
    public static String notFoundVerdict(Sends s) {
        if (s == null || !s.known()) return "not-found";
        if (!s.closed()) return "not-yet-found";
        if (s.lastAt() == null) return "not-recorded";
        if (s.now() < s.lastAt() || s.now() - s.lastAt() < s.grace()) return "not-yet-found"; // a clock that went back waits too
        return "not-recorded";
    }

    private static Judgement make(String rule, String verdict, String code, String prc, String reason, String mismatch) {
        JsonNode category = code == null ? null : Artifacts.operations().path("outcomes").path("categories").get(code);
        return new Judgement(verdict, code, prc, reason, mismatch, category == null ? null : category.asText(), rule);
    }

    /** A code the table does not list, decided by the data: an acceptance on an operation that answers
     * acceptances, a success on a safe read that is not a payment state; never a money move's success. */
    private static String positiveByData(JsonNode t, boolean isTrue, boolean is2xx, ObjectNode data, Expect e) {
        if (!isTrue || !is2xx) return null;
        Set<String> outcomes = new HashSet<>();
        t.path("codes").forEach(v -> outcomes.add(v.asText()));
        String outcome = outcomes.contains("accepted") ? "accepted" : null;
        if (outcome == null && !t.path("may_move_money").asBoolean() && !t.path("payment_state").asBoolean()
                && outcomes.contains("succeeded")) {
            outcome = "succeeded";
        }
        if (outcome == null || proves(t.path("evidence").path(outcome), data, e) != null) return null;
        return outcome;
    }

    private static String[] identity(ObjectNode data, Expect e) {
        Iterator<Map.Entry<String, JsonNode>> fields = judging().path("identity").fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> entry = fields.next();
            String path = entry.getKey();
            String kind = entry.getValue().asText();
            String name = path.startsWith("data.") ? path.substring(5) : path;
            JsonNode got = data.get(name);
            if (absent(got)) continue;
            if (kind.equals("integer") && !got.isIntegralNumber()) return new String[] {path + " is not an integer", null};
            if (kind.equals("string") && !got.isTextual()) return new String[] {path + " is not a string", null};
            Object want = switch (name) {
                case "transactionId" -> e.transactionId();
                case "merchantId" -> e.merchantId();
                case "amount" -> e.amount();
                default -> null;
            };
            if (want == null) continue;
            boolean differs = kind.equals("integer")
                    ? !got.bigIntegerValue().equals(BigInteger.valueOf((Long) want))
                    : !got.asText().equals(want);
            if (differs) {
                if (kind.equals("integer")) {
                    return new String[] {"the answer's " + name + " " + got.asText() + " differs from the expected " + want, name};
                }
                return new String[] {"the answer names another " + name, name};
            }
        }
        return null;
    }

    private static String proves(JsonNode fields, ObjectNode data, Expect e) {
        for (JsonNode f : fields) {
            String path = f.asText();
            String name = path.startsWith("data.") ? path.substring(5) : path;
            JsonNode value = data.get(name);
            if (absent(value) || (value.isTextual() && pyStrip(value.asText()).isEmpty())) return path;
            if (name.equals("transactionId") && e.transactionId() == null) return path;
            if (name.equals("amount") && e.amount() == null) return path;
            if (name.equals("redirectURL") && !value.isTextual()) return path;
        }
        return null;
    }

    private static boolean absent(JsonNode v) {
        return v == null || v.isNull();
    }

    private static String text(JsonNode v) {
        return v != null && v.isTextual() ? v.asText() : null;
    }

    // Python's str.strip(): the whitespace str.isspace() knows, so all three clients call the same text blank.
    private static boolean pySpace(char c) {
        return (c >= '\t' && c <= '\r') || (c >= '\u001c' && c <= ' ') || c == '\u0085' || c == '\u00a0'
                || c == '\u1680' || (c >= '\u2000' && c <= '\u200a') || c == '\u2028' || c == '\u2029'
                || c == '\u202f' || c == '\u205f' || c == '\u3000';
    }

    static String pyStrip(String s) {
        int a = 0;
        int b = s.length();
        while (a < b && pySpace(s.charAt(a))) a++;
        while (b > a && pySpace(s.charAt(b - 1))) b--;
        return s.substring(a, b);
    }
}
