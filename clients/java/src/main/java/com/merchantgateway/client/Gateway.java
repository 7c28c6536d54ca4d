package com.merchantgateway.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The gateway, server side: one method per call ({@link #call} by operationId), host routing, wrapping and X-VERIFY
 * from operations.json; answers of any HTTP status are returned with their verdict (decide by {@link Answer#outcome},
 * never by the code alone); callbacks verified with the configured salt; {@link #waitFor} polls the status on the
 * spec's schedule. The package never re-sends a request by itself.
 */
public final class Gateway {
    /** The hosts' URLs, the merchant, the salt, and the token operation's client credentials (may be empty). */
    public record Config(String baseUrl, String appsUrl, String authUrl, String merchantId, String saltKey,
                         String saltIndex, Map<String, String> clientCredentials) {
        @Override
        public String toString() { // the salt and the credentials never appear in a string
            return "Config[baseUrl=" + baseUrl + ", appsUrl=" + appsUrl + ", authUrl=" + authUrl + ", merchantId=" + merchantId
                    + ", saltIndex=" + saltIndex + "]";
        }

        /** From MGW_BASE_URL, MGW_APPS_URL, MGW_AUTH_URL, MGW_MERCHANT_ID, MGW_SALT_KEY, MGW_SALT_INDEX. */
        public static Config fromEnv() {
            Map<String, String> env = System.getenv();
            for (String name : new String[] {"MGW_BASE_URL", "MGW_MERCHANT_ID", "MGW_SALT_KEY", "MGW_SALT_INDEX"}) {
                if (env.getOrDefault(name, "").isBlank()) throw new GatewayError.Usage(name + ": not set; set it (docs/other-languages.md)");
            }
            String base = env.get("MGW_BASE_URL");
            return new Config(base, env.getOrDefault("MGW_APPS_URL", base), env.getOrDefault("MGW_AUTH_URL", base),
                    env.get("MGW_MERCHANT_ID"), env.get("MGW_SALT_KEY"), env.get("MGW_SALT_INDEX"), Map.of());
        }
    }

    /** An HTTP exchange: the request as built, the status, the headers (names in lower case) and the body bytes. */
    public interface Transport {
        Response send(Requests.Wire request) throws IOException, InterruptedException;
    }

    public record Response(int status, Map<String, String> headers, byte[] body) {}

    /** One answer: its status, JSON object (null when unreadable), code and verdict. */
    public record Answer(String operationId, int status, JsonNode json, String code, String outcome,
                         Verdicts.Judgement judgement, String location) {
        public boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    /** Time for {@link #waitFor}: seconds on one clock, and a sleep (tests give a fake one). */
    public interface Clock {
        double now();

        void sleep(double seconds) throws InterruptedException;

        Clock SYSTEM = new Clock() {
            public double now() {
                return System.nanoTime() / 1e9;
            }

            public void sleep(double seconds) throws InterruptedException {
                Thread.sleep(Math.max(0, Math.round(seconds * 1000)));
            }
        };
    }

    private final Config config;
    private final Transport transport;
    private final Clock clock;
    private final Map<String, Long> amountsSent = new ConcurrentHashMap<>();
    private final Map<String, Double> lastSends = new ConcurrentHashMap<>();
    /** Per original payment: the refunds of it sent or in progress (id -> amount); a refund proven failed leaves. */
    private final Map<String, Map<String, Long>> refunds = new ConcurrentHashMap<>();

    public Gateway(Config config) {
        this(config, httpTransport(), Clock.SYSTEM);
    }

    public Gateway(Config config, Transport transport, Clock clock) {
        this.config = config;
        this.transport = transport;
        this.clock = clock;
    }

    /**
     * java.net.http forced to HTTP/1.1: its default offers an h2c upgrade on http:// that servers may answer by
     * dropping the body. Redirects are not followed (a debit's redirect is its answer: x-follow-redirects).
     */
    public static Transport httpTransport() {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
        return request -> {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(request.url())).timeout(Duration.ofSeconds(30));
            request.headers().forEach(b::header);
            b.method(request.method(), request.body() == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(request.body()));
            HttpResponse<byte[]> r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            Map<String, String> headers = new LinkedHashMap<>();
            r.headers().map().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(", ", v)));
            return new Response(r.statusCode(), headers, r.body());
        };
    }

    public Config config() {
        return config;
    }

    private Map<String, String> hosts() {
        return Map.of("base", config.baseUrl(), "apps", config.appsUrl() == null ? "" : config.appsUrl(),
                "auth", config.authUrl() == null ? "" : config.authUrl());
    }

    /** The signed request as it would be sent (the mobile-SDK operations are sent by the app: prepare them). */
    public Requests.Wire prepare(String operationId, Requests.Input input) {
        if (operationId.equals("getAuthorizationToken") && input.form == null) input.form(tokenForm());
        return Requests.build(operationId, input, hosts(), config.saltKey(), config.saltIndex(), config.merchantId());
    }

    private Map<String, String> tokenForm() {
        Map<String, String> form = new LinkedHashMap<>(config.clientCredentials());
        JsonNode grant = Artifacts.load("openapi.auth.json").path("components").path("schemas").path("TokenForm")
                .path("properties").path("grant_type").path("enum").path(0);
        if (!grant.isMissingNode()) form.putIfAbsent("grant_type", grant.asText());
        return form;
    }

    /** Send one call (attempt 1) and judge its answer. */
    public Answer call(String operationId, Requests.Input input) {
        return call(operationId, input, null, 1);
    }

    /**
     * Send one call and judge its answer. {@code expectedAmount}: the amount a status answer must carry (default:
     * the amount this gateway sent for the transaction); {@code attempt}: which attempt of the caller's call it is.
     */
    public Answer call(String operationId, Requests.Input input, Long expectedAmount, int attempt) {
        JsonNode op = Artifacts.operation(operationId);
        if (!op.path("called_by").asText().equals("merchant-server")) {
            throw new GatewayError.Usage(operationId + " is sent by the " + op.path("called_by").asText()
                    + ", not the merchant's server: prepare() it and hand the signed request to the app");
        }
        Requests.Wire wire = prepare(operationId, input);
        JsonNode payload = input.payload;
        String txId = payload != null && payload.path("transactionId").isTextual() ? payload.path("transactionId").asText()
                : input.path.get("transactionId");
        String merchant = payload != null && payload.path("merchantId").isTextual() ? payload.path("merchantId").asText()
                : input.path.getOrDefault("merchantId", config.merchantId());
        boolean moves = !op.path("money_movement").asText().equals("none");
        Long amount = null;
        if (moves && payload != null && payload.path("amount").isIntegralNumber()) amount = payload.path("amount").asLong();
        else if (!moves && txId != null) amount = expectedAmount != null ? expectedAmount : amountsSent.get(txId);
        String movement = op.path("money_movement").asText();
        String original = payload != null && movement.equals("refund") ? payload.path("originalTransactionId").asText(null) : null;
        if (original != null && txId != null && amount != null) holdRefund(original, txId, amount, input.originalAmount);
        if (moves && txId != null) {
            lastSends.put(txId, clock.now());
            if (amount != null && (movement.equals("debit") || movement.equals("collect"))) amountsSent.put(txId, amount);
        }
        Response r;
        try {
            r = transport.send(wire);
        } catch (ConnectException e) {
            throw new GatewayError.NotSent(operationId + ": could not connect to " + wire.url(), e);
        } catch (IOException e) {
            throw new GatewayError.OutcomeUnknown(operationId + ": " + e.getClass().getSimpleName(), op.path("retry").asText(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GatewayError.OutcomeUnknown(operationId + ": interrupted", op.path("retry").asText(), e);
        }
        if (moves && txId != null) lastSends.put(txId, clock.now());
        StrictJson.Read read = r.body() == null || r.body().length == 0 ? null : StrictJson.read(r.body());
        Double last = txId == null ? null : lastSends.get(txId);
        Verdicts.Sends sends = last == null ? null : new Verdicts.Sends(true, last, clock.now(), grace(), true);
        String location = r.headers().get("location");
        Verdicts.Judgement j = Verdicts.judge(operationId, r.status(), read, new Verdicts.Expect(txId, merchant, amount),
                sends, attempt, location);
        if (original != null && j.verdict().equals("failed")) refunds.getOrDefault(original, Map.of()).remove(txId);
        JsonNode json = read == null ? null : read.value();
        return new Answer(operationId, r.status(), json, j.code(), j.verdict(), j, location);
    }

    /** Refuse a refund above what is left of its payment (the caller's original amount, else the amount this
     * gateway sent for it; neither known: not checked), else hold it against the payment. */
    private synchronized void holdRefund(String original, String refundId, long amount, Long originalAmount) {
        Long of = originalAmount != null ? originalAmount : amountsSent.get(original);
        Map<String, Long> held = refunds.computeIfAbsent(original, k -> new ConcurrentHashMap<>());
        if (of != null) {
            long others = held.entrySet().stream().filter(e -> !e.getKey().equals(refundId)).mapToLong(Map.Entry::getValue).sum();
            if (others + amount > of) {
                throw new GatewayError.ExcessRefund("refund " + refundId + " of " + amount + " exceeds what is left of payment "
                        + original + " (" + of + ", refunds held: " + others + "); nothing was sent: refund at most " + Math.max(0, of - others));
            }
        }
        held.put(refundId, amount);
    }

    private static double grace() {
        return Artifacts.kit().path("verdicts").path("poll").path("grace").asDouble();
    }

    /** The base host's status of one transaction (merchantId from the config). */
    public Answer status(String transactionId, Long expectedAmount) {
        Requests.Input in = Requests.Input.none().path("merchantId", config.merchantId()).path("transactionId", transactionId);
        return call("getTransactionStatus", in, expectedAmount, 1);
    }

    /** Wait for a payment's final status (succeeded, failed, not-recorded): {@link Waiting}. */
    public Answer waitFor(String transactionId, Long expectedAmount) {
        return new Waiting(this, clock).waitFor(transactionId, expectedAmount, null);
    }

    public Answer waitFor(String transactionId, Long expectedAmount, Waiting.Schedule schedule) {
        return new Waiting(this, clock).waitFor(transactionId, expectedAmount, schedule);
    }

    boolean local() {
        String host = URI.create(config.baseUrl()).getHost();
        return host != null && (host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1") || host.equals("[::1]"));
    }

    private Map<String, String> salts() {
        return Map.of(config.saltIndex(), config.saltKey());
    }

    /** Verify a server-to-server payment callback; {@code paid} only for this transaction and exactly this amount. */
    public Callbacks.Result verifyCallback(byte[] body, String xVerify, String transactionId, Long amount) {
        return Callbacks.verify(body, xVerify, salts(), "paymentCallback", new Verdicts.Expect(transactionId, config.merchantId(), amount));
    }

    /** Verify the UI callback form post (its urlencoded body). */
    public Callbacks.Result verifyUiCallback(String formBody, String transactionId, Long amount) {
        return Callbacks.verifyUi(Callbacks.formFields(formBody), salts(), new Verdicts.Expect(transactionId, config.merchantId(), amount));
    }
}
