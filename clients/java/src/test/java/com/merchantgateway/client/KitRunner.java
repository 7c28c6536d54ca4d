package com.merchantgateway.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The package against the language-neutral conformance kit (spec/conformance/kit.json, or the jar's own kit.json):
 * every request case built through the package (call() with a recording transport; prepare() for the mobile-SDK
 * operations) must match byte for byte; path and x-field-rules cases refused before sending; every callback and UI
 * callback verified as the kit says; every verdict case judged to the kit's verdict, rule, codes, mismatch and
 * reading rule. A plain main-driven runner (JUnit is not in the offline repository): exit 1 on any failure.
 *   java -cp ... com.merchantgateway.client.KitRunner [kit.json]
 */
public final class KitRunner {
    private static int passed;
    private static final List<String> failures = new ArrayList<>();
    private static final Map<String, Integer> skipped = new LinkedHashMap<>();
    private static JsonNode kit;

    public static void main(String[] args) throws Exception {
        kit = args.length > 0 ? StrictJson.MAPPER.readTree(new File(args[0])) : Artifacts.kit();
        operations();
        for (JsonNode c : kit.path("requests")) check(c.path("id").asText(), () -> request(c));
        for (JsonNode c : kit.path("path_cases")) check(c.path("id").asText(), () -> pathCase(c));
        for (JsonNode c : kit.path("rule_cases")) check("x-field-rules " + c.path("id").asText(), () -> ruleCase(c));
        for (JsonNode c : kit.path("callbacks")) check(c.path("id").asText(), () -> callback(c));
        for (JsonNode c : kit.path("ui_callbacks")) check(c.path("id").asText(), () -> uiCallback(c));
        for (JsonNode c : kit.path("verdicts").path("cases")) check("verdict " + c.path("id").asText(), () -> verdict(c));
        check("poll schedule offsets", () -> {
            List<Double> want = new ArrayList<>();
            kit.path("verdicts").path("poll").path("offsets").forEach(o -> want.add(o.asDouble()));
            same(want, Waiting.Schedule.spec().offsets(), "wait's checks (seconds after the start)");
        });
        waits();
        for (JsonNode c : kit.path("clients").path("cases")) check("client " + c.path("id").asText(), () -> clientCase(c));
        for (JsonNode c : kit.path("schema_cases")) check("schema " + c.path("id").asText(), () -> schemaCase(c));
        for (String f : failures) System.out.println("FAIL " + f);
        System.out.println("kit: " + passed + " passed, " + failures.size() + " failed; not run by this package: " + skipped);
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    interface Case {
        void run() throws Exception;
    }

    private static void check(String id, Case c) {
        try {
            c.run();
            passed++;
        } catch (Throwable e) {
            failures.add(id + ": " + e);
        }
    }

    private static void expect(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }

    private static void same(Object want, Object got, String what) {
        if (!Objects.equals(want, got)) throw new AssertionError(what + ": want " + want + ", got " + got);
    }

    private static void operations() {
        kit.path("operations").fields().forEachRemaining(e -> check("operation " + e.getKey(), () -> {
            JsonNode mine = Artifacts.operation(e.getKey());
            for (String f : new String[] {"host", "method", "retry"}) same(e.getValue().path(f), mine.path(f), f);
        }));
    }

    private static Map<String, String> strings(JsonNode obj) {
        Map<String, String> out = new LinkedHashMap<>();
        obj.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    private static final class Recorder implements Gateway.Transport {
        final List<Requests.Wire> sent = new ArrayList<>();
        final JsonNode response;

        Recorder(JsonNode response) {
            this.response = response;
        }

        public Gateway.Response send(Requests.Wire r) {
            sent.add(r);
            Map<String, String> headers = new LinkedHashMap<>();
            response.path("headers").fields().forEachRemaining(e -> headers.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue().asText()));
            return new Gateway.Response(response.path("status").asInt(), headers,
                    response.path("body").asText("").getBytes(StandardCharsets.UTF_8));
        }
    }

    private static Gateway gateway(JsonNode c, Recorder recorder) {
        JsonNode cfg = kit.path("config");
        Map<String, String> credentials = strings(c.path("inputs").path("form"));
        credentials.remove("grant_type");
        Gateway.Config config = new Gateway.Config(cfg.path("hosts").path("base").asText(), cfg.path("hosts").path("apps").asText(),
                cfg.path("hosts").path("auth").asText(), "MERCHANTUAT", cfg.path("salt_key").asText(), cfg.path("salt_index").asText(), credentials);
        return new Gateway(config, recorder, Gateway.Clock.SYSTEM);
    }

    private static Requests.Input input(JsonNode c, JsonNode payload) {
        JsonNode in = c.path("inputs");
        Requests.Input input = Requests.Input.of(payload != null ? payload : in.has("payload") ? in.get("payload") : in.get("json"));
        strings(in.path("path_params")).forEach(input::path);
        strings(in.path("headers")).forEach(input::header);
        return input;
    }

    private static void compare(JsonNode c, Requests.Wire got) {
        JsonNode want = c.path("expect");
        same(want.path("method").asText(), got.method(), "method");
        same(want.path("url").asText(), got.url(), "url");
        Map<String, String> have = new LinkedHashMap<>();
        got.headers().forEach((k, v) -> have.put(k.toLowerCase(Locale.ROOT), v));
        Set<String> wanted = new HashSet<>();
        want.path("headers").fields().forEachRemaining(e -> {
            String k = e.getKey().toLowerCase(Locale.ROOT);
            wanted.add(k);
            same(e.getValue().asText(), have.get(k), "header " + k);
        });
        Set<String> transport = new HashSet<>();
        kit.path("transport_headers").forEach(h -> transport.add(h.asText()));
        for (String k : have.keySet()) expect(wanted.contains(k) || transport.contains(k), "unexpected header " + k);
        String body = want.path("body").isNull() ? "" : want.path("body").asText();
        same(body, got.body() == null ? "" : got.body(), "body bytes");
    }

    private static String needsEncoding(JsonNode c) {
        var it = c.path("inputs").path("path_params").fields();
        while (it.hasNext()) {
            var e = it.next();
            if (!e.getValue().asText().matches("[A-Za-z0-9._~-]+")) return e.getKey();
        }
        return null;
    }

    private static void request(JsonNode c) {
        Recorder rec = new Recorder(c.path("response"));
        Gateway gw = gateway(c, rec);
        String id = c.path("operationId").asText();
        String encoded = needsEncoding(c);
        JsonNode op = Artifacts.operation(id);
        if (encoded != null) {
            refused(() -> gw.call(id, input(c, null)), "path." + encoded);
            same(0, rec.sent.size(), "nothing sent");
        } else if (op.path("called_by").asText().equals("merchant-server")) {
            Gateway.Answer a = gw.call(id, input(c, null));
            same(1, rec.sent.size(), "one request sent");
            same(c.path("response").path("status").asInt(), a.status(), "status");
            if (!op.path("follow_redirects").asBoolean(true)) {
                JsonNode loc = c.path("response").path("headers").get("Location");
                same(loc == null ? null : loc.asText(), a.location(), "location");
            }
            compare(c, rec.sent.get(0));
        } else {
            try {
                gw.call(id, input(c, null));
                throw new AssertionError("a mobile-sdk operation was sent");
            } catch (GatewayError.Usage e) {
                expect(e.getMessage().contains("mobile-sdk"), "the refusal names mobile-sdk");
            }
            compare(c, gw.prepare(id, input(c, null)));
        }
    }

    private static GatewayError.Validation refused(Runnable r, String field) {
        try {
            r.run();
        } catch (GatewayError.Validation e) {
            if (field != null) same(field, e.field, "refused field");
            return e;
        }
        throw new AssertionError("not refused");
    }

    private static JsonNode template(String operationId) {
        for (JsonNode r : kit.path("requests")) if (r.path("operationId").asText().equals(operationId)) return r;
        throw new AssertionError("the kit has no request case of " + operationId);
    }

    private static void pathCase(JsonNode c) {
        JsonNode t = template(c.path("operationId").asText());
        Recorder rec = new Recorder(t.path("response"));
        Requests.Input in = input(t, null);
        in.pathValues().clear();
        strings(c.path("inputs").path("path_params")).forEach(in::path);
        refused(() -> gateway(t, rec).call(c.path("operationId").asText(), in), "path." + c.path("expect").path("field").asText());
        same(0, rec.sent.size(), "nothing sent");
    }

    private static void ruleCase(JsonNode c) {
        JsonNode t = template(c.path("operationId").asText());
        Recorder rec = new Recorder(t.path("response"));
        GatewayError.Validation e = refused(() -> gateway(t, rec).prepare(c.path("operationId").asText(),
                input(t, c.path("inputs").path("payload"))), null);
        List<String> fields = new ArrayList<>();
        c.path("expect").path("fields").forEach(f -> fields.add(f.asText()));
        expect(fields.contains(e.field), "names " + e.field + ", not one of " + fields);
        for (String f : fields) expect(e.getMessage().contains(f), "the message names " + f);
        same(0, rec.sent.size(), "nothing sent");
    }

    private static void schemaCase(JsonNode c) {
        JsonNode t = template(c.path("operationId").asText());
        Recorder rec = new Recorder(t.path("response"));
        GatewayError.Validation e = refused(() -> gateway(t, rec).prepare(c.path("operationId").asText(),
                input(t, c.path("inputs").path("payload"))), c.path("expect").path("field").asText());
        for (JsonNode v : c.path("expect").path("allowed")) expect(e.getMessage().contains(v.asText()), "names " + v.asText());
        same(0, rec.sent.size(), "nothing sent");
    }

    private static void callback(JsonNode c) {
        Callbacks.Result r = Callbacks.verify(c.path("inputs").path("body").asText().getBytes(StandardCharsets.UTF_8),
                c.path("inputs").path("headers").path("X-VERIFY").asText(null), strings(kit.path("callback_salts")),
                c.path("webhook").asText(), null);
        same(c.path("expect").path("valid").asBoolean(), r.valid(), "valid");
        if (r.valid()) same(c.path("expect").path("decoded"), r.payload(), "decoded");
    }

    private static void uiCallback(JsonNode c) {
        Map<String, String> salts = strings(kit.path("callback_salts"));
        boolean want = c.path("expect").path("valid").asBoolean();
        same(want, Callbacks.verifyUi(strings(c.path("inputs").path("form")), salts, null).valid(), "as fields");
        same(want, Callbacks.verifyUi(Callbacks.formFields(c.path("inputs").path("body").asText()), salts, null).valid(), "as the posted body");
    }

    private static String text(JsonNode v) {
        return v == null || v.isNull() ? null : v.asText();
    }

    private static void verdict(JsonNode c) {
        byte[] body = c.has("body_base64") && !c.path("body_base64").isNull() ? Base64.getDecoder().decode(c.path("body_base64").asText())
                : c.path("body").isNull() ? null : c.path("body").asText().getBytes(StandardCharsets.UTF_8);
        StrictJson.Read read = body == null ? null : StrictJson.read(body);
        JsonNode e = c.path("expect");
        Verdicts.Expect expect = e.isNull() ? null : new Verdicts.Expect(text(e.get("transaction_id")), text(e.get("merchant_id")),
                e.path("amount").isNull() || e.path("amount").isMissingNode() ? null : e.path("amount").asLong());
        JsonNode s = c.path("sends");
        Verdicts.Sends sends = s.isNull() ? null : new Verdicts.Sends(s.path("known").asBoolean(),
                s.path("last_at").isNull() ? null : s.path("last_at").asDouble(), s.path("now").asDouble(), s.path("grace").asDouble(),
                s.path("closed").asBoolean(true));
        Verdicts.Judgement j = Verdicts.judge(c.path("key").asText(), c.path("status").asInt(), read, expect, sends,
                c.path("attempt").asInt(1), text(c.get("location")));
        same(c.path("verdict").asText(), j.verdict(), "verdict (" + j.rule() + ": " + j.reason() + ")");
        same(c.path("rule").asText(), j.rule(), "rule");
        same(text(c.get("code")), j.code(), "code");
        same(text(c.get("pay_response_code")), j.payResponseCode(), "pay_response_code");
        same(text(c.get("mismatch")), j.mismatch(), "mismatch");
        same(text(c.get("reading")), read == null || read.ok() ? null : read.unreadable().rule(), "reading");
    }

    /** A whole-client case: one gateway of the case's merchant, each step answered by its scripted answer (null:
     * the client must not send it; the gateway gives the step's first `attempts` requests that answer, as the
     * Python and TypeScript replays do, so a re-send would be seen), the outcome (or the refusal) and code as the kit
     * says, and a step that is sent reaches the gateway exactly once whatever `attempts` says. */
    private static void clientCase(JsonNode c) {
        JsonNode[] next = new JsonNode[1];
        int[] seen = {0};
        int[] left = {0};
        int attempts = c.path("attempts").asInt(0);
        expect(attempts >= 1, "attempts: the kit gives every whole-client case how often a call may be tried");
        Gateway.Transport scripted = request -> {
            seen[0]++;
            JsonNode a = left[0] > 0 ? next[0] : null;
            left[0]--;
            Map<String, String> headers = new LinkedHashMap<>();
            if (a == null) return new Gateway.Response(599, headers, new byte[0]);
            a.path("headers").fields().forEachRemaining(e -> headers.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue().asText()));
            return new Gateway.Response(a.path("status").asInt(), headers, Base64.getDecoder().decode(a.path("body_base64").asText("")));
        };
        String m = c.path("merchant").asText();
        Gateway gw = new Gateway(new Gateway.Config("http://127.0.0.1:9/base", "http://127.0.0.1:9/apps", "http://127.0.0.1:9/auth",
                m, "kit-clients-salt", "1", Map.of()), scripted, Gateway.Clock.SYSTEM);
        int n = 0;
        for (JsonNode step : c.path("steps")) {
            String where = "step " + n++ + " (" + step.path("call").asText() + ")";
            next[0] = step.path("answer").isNull() ? null : step.path("answer");
            left[0] = next[0] == null ? 0 : attempts;
            int before = seen[0];
            Requests.Input in = step.has("payload") ? Requests.Input.of(step.path("payload")) : Requests.Input.none();
            strings(step.path("path")).forEach(in::path);
            if (step.path("options").has("original_amount")) in.originalAmount(step.path("options").path("original_amount").asLong());
            Long expected = step.path("options").has("expected_amount") ? step.path("options").path("expected_amount").asLong() : null;
            JsonNode want = step.path("expect");
            String outcome;
            String code;
            try {
                Gateway.Answer a = gw.call(step.path("call").asText(), in, expected, 1);
                outcome = a.outcome();
                code = a.judgement().code();
                if (want.has("leads_with")) {
                    String first = a.judgement().payResponseCode() != null ? a.judgement().payResponseCode() : a.judgement().code();
                    same(want.path("leads_with").asText(), first, where + ": the reason read first");
                }
            } catch (GatewayError.ExcessRefund e) {
                outcome = "refused";
                code = e.code;
                if (want.has("leads_with")) expect(e.getMessage().startsWith(want.path("leads_with").asText()), where + ": leads with");
            }
            same(want.path("sent").asBoolean() ? 1 : 0, seen[0] - before, where + ": requests that reached the gateway");
            same(want.path("outcome").asText(), outcome, where + ": outcome");
            same(text(want.get("code")), code, where + ": code");
        }
    }

    /** A fake clock: sleeping moves it, nothing waits. */
    private static final class FakeClock implements Gateway.Clock {
        double now;
        final List<Double> checks = new ArrayList<>();

        public double now() {
            return now;
        }

        public void sleep(double seconds) {
            now += seconds;
        }
    }

    private static Gateway scriptedStatus(FakeClock clock, List<String> bodies) {
        Gateway.Transport t = request -> {
            clock.checks.add(clock.now);
            String body = bodies.size() > 1 ? bodies.remove(0) : bodies.get(0);
            return new Gateway.Response(200, Map.of("content-type", "application/json"), body.getBytes(StandardCharsets.UTF_8));
        };
        return new Gateway(new Gateway.Config("https://gateway.invalid/base", "", "", "M1", "salt", "1", Map.of()), t, clock);
    }

    private static String status(String code, long amount) {
        return "{\"success\":true,\"code\":\"" + code + "\",\"message\":\"m\",\"data\":{\"merchantId\":\"M1\","
                + "\"transactionId\":\"TX1\",\"amount\":" + amount + "}}";
    }

    /** wait on a fake clock: the spec's schedule until a final verdict; another amount ends it; no final status
     * before the timeout is PollTimeout (after the last check, at the timeout). */
    private static void waits() {
        check("wait: pending, then succeeded on the spec's schedule", () -> {
            FakeClock clock = new FakeClock();
            List<String> bodies = new ArrayList<>(List.of(status("PAYMENT_PENDING", 100), status("PAYMENT_PENDING", 100),
                    status("PAYMENT_SUCCESS", 100)));
            Gateway.Answer a = scriptedStatus(clock, bodies).waitFor("TX1", 100L);
            same("succeeded", a.outcome(), "verdict");
            same(Waiting.Schedule.spec().offsets().subList(0, 3), clock.checks, "checks");
        });
        check("wait: another amount ends the wait", () -> {
            FakeClock clock = new FakeClock();
            try {
                scriptedStatus(clock, new ArrayList<>(List.of(status("PAYMENT_SUCCESS", 101)))).waitFor("TX1", 100L);
                throw new AssertionError("no AmountMismatch");
            } catch (GatewayError.AmountMismatch e) {
                same(1, clock.checks.size(), "one check");
            }
        });
        check("wait: no final status before the timeout", () -> {
            FakeClock clock = new FakeClock();
            try {
                scriptedStatus(clock, new ArrayList<>(List.of(status("PAYMENT_PENDING", 100)))).waitFor("TX1", 100L);
                throw new AssertionError("no PollTimeout");
            } catch (GatewayError.PollTimeout e) {
                same(Waiting.Schedule.spec().offsets(), clock.checks, "every check of the schedule");
            }
        });
    }

    private KitRunner() {}

    static ObjectNode unused() {
        return null;
    }
}
