package com.merchantgateway.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The release artifacts this jar ships (com/merchantgateway/client/openapi/): operations.json (hosts, signing,
 * wrapping, codes, evidence, field rules, the outcome tables and the verdict rules) and kit.json (the conformance
 * kit, whose {@code verdicts.poll} is the wait schedule). Everything the client does per operation is read here.
 */
public final class Artifacts {
    /** Where the artifacts are inside the jar (read them with getResourceAsStream). */
    public static final String PREFIX = "/com/merchantgateway/client/openapi/";
    private static JsonNode operations;
    private static JsonNode kit;
    private static JsonNode openapi;

    private Artifacts() {}

    /** A shipped artifact by file name, e.g. "operations.json", "kit.json", "openapi.base.json". */
    public static JsonNode load(String name) {
        try (InputStream in = Artifacts.class.getResourceAsStream(PREFIX + name)) {
            if (in == null) throw new IllegalStateException("the jar lacks " + PREFIX + name + ": rebuild it (clients/java/run.sh)");
            return StrictJson.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static synchronized JsonNode operations() {
        if (operations == null) operations = load("operations.json");
        return operations;
    }

    /** openapi.json: the bundled spec (schemas). */
    public static synchronized JsonNode openapi() {
        if (openapi == null) openapi = load("openapi.json");
        return openapi;
    }

    public static synchronized JsonNode kit() {
        if (kit == null) kit = load("kit.json");
        return kit;
    }

    /** The spec's version: this package's version. */
    public static String version() {
        return operations().path("spec").path("version").asText();
    }

    /** operations.json operations[id], or an error naming the known ones. */
    public static JsonNode operation(String operationId) {
        JsonNode op = operations().path("operations").get(operationId);
        if (op == null) {
            throw new GatewayError.Usage("operationId: unknown '" + operationId + "'; one of "
                    + String.join(", ", (Iterable<String>) () -> operations().path("operations").fieldNames()));
        }
        return op;
    }

    static JsonNode rules() {
        return operations().path("outcomes").path("rules");
    }

    static JsonNode reading() {
        return rules().path("reading");
    }
}
