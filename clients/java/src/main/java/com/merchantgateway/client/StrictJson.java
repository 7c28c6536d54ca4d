package com.merchantgateway.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Reading an answer's bytes by the spec's reading rules (operations.json {@code outcomes.rules.reading}): one
 * leading byte order mark dropped, strict UTF-8, one RFC 8259 value, no key twice in any object, bounded depth and
 * integer length, an object at the top. Jackson does the parsing; a streaming pass first finds what its tree would
 * hide (a key given twice keeps the last value in a tree). "Not JSON" is reported before a duplicate key, and a
 * duplicate key before the depth, as the Python and TypeScript readers do.
 */
public final class StrictJson {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            // the limits are the spec's, checked below; Jackson's own would refuse first and name the wrong rule
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(Integer.MAX_VALUE).maxNumberLength(Integer.MAX_VALUE).build())
            .build();
    static final ObjectMapper MAPPER = new ObjectMapper(FACTORY);
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private StrictJson() {}

    /** An answer that proves nothing: why, and the id of the reading rule that refused it. */
    public record Unreadable(String why, String rule) {}

    /** Either the answer's JSON object or why it is unreadable. */
    public record Read(ObjectNode value, Unreadable unreadable) {
        public boolean ok() {
            return value != null;
        }
    }

    /** The text of the bytes: one leading BOM dropped (read-bom), strict UTF-8 (read-utf8); null when not UTF-8. */
    public static String text(byte[] body) {
        int start = 0;
        if (stripsBom() && body.length >= 3 && body[0] == BOM[0] && body[1] == BOM[1] && body[2] == BOM[2]) start = 3;
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body, start, body.length - start))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static boolean stripsBom() {
        return "strip".equals(Artifacts.reading().path("byte_order_mark").asText());
    }

    /** The answer's JSON object by the reading rules (read-bom ... read-object). */
    public static Read read(byte[] body) {
        String text = text(body);
        if (text == null) return new Read(null, new Unreadable(Verdicts.NOT_JSON, "read-utf8"));
        return parse(text);
    }

    /** As {@link #read(byte[])} for text already decoded (a leading BOM character is dropped once). */
    public static Read readText(String text) {
        return parse(stripsBom() && text.startsWith("\uFEFF") ? text.substring(1) : text);
    }

    private static Read parse(String text) {
        JsonNode node;
        try {
            String problem = scan(text);
            if (problem != null) {
                String rule = problem.startsWith("the answer names") ? "read-duplicate-keys" : "read-depth";
                return new Read(null, new Unreadable(problem, rule));
            }
            node = MAPPER.readTree(text);
        } catch (IOException e) {
            return new Read(null, new Unreadable(Verdicts.NOT_JSON, "read-json"));
        }
        if (node == null || !node.isObject()) {
            return new Read(null, new Unreadable("the answer is not a JSON object", "read-object"));
        }
        return new Read((ObjectNode) node, null);
    }

    /** One streaming pass: throws on anything that is not one JSON value; returns the first duplicate key's or the
     * depth's problem (in that order), or null. */
    private static String scan(String text) throws IOException {
        JsonNode reading = Artifacts.reading();
        int maxDepth = reading.path("max_depth").asInt();
        int maxDigits = reading.path("max_integer_digits").asInt();
        String duplicate = null;
        int depth = 0;
        int deepest = 0;
        Deque<Set<String>> keys = new ArrayDeque<>();
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == null) throw new JsonProcessingException("empty") {};
            do {
                switch (t) {
                    case START_OBJECT -> {
                        deepest = Math.max(deepest, ++depth);
                        keys.push(new HashSet<>());
                    }
                    case START_ARRAY -> deepest = Math.max(deepest, ++depth);
                    case END_OBJECT -> {
                        depth--;
                        keys.pop();
                    }
                    case END_ARRAY -> depth--;
                    case FIELD_NAME -> {
                        if (!keys.peek().add(p.currentName()) && duplicate == null) duplicate = p.currentName();
                    }
                    case VALUE_NUMBER_INT -> {
                        String lexeme = p.getText();
                        if (lexeme.replace("-", "").length() > maxDigits) throw new JsonProcessingException("long") {};
                    }
                    default -> { }
                }
                if (depth == 0) break;
            } while ((t = p.nextToken()) != null);
            if (depth != 0 || p.nextToken() != null) throw new JsonProcessingException("not one value") {};
        }
        if (duplicate != null) return "the answer names " + duplicate + " twice";
        if (deepest > maxDepth) return "the answer is nested too deeply";
        return null;
    }

    /** Compact JSON (no spaces), keys in the given order, non-ASCII written as raw UTF-8: the kit's payload_json. */
    public static String compact(JsonNode value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the payload cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
