package com.merchantgateway.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Waiting for a payment's final status on the spec's schedule (kit.json {@code verdicts.poll}; against a loopback
 * gateway, the local sandbox, a check every second): stops at a final verdict (judging.final); pending, not yet
 * found, rate-limited, unknown and transport failures of the safe status read wait for the next check. A status
 * naming another amount or transaction, or a refused read, ends the wait with an error: asking again cannot help.
 */
public final class Waiting {
    /** First check after {@code first} seconds, then phases of (every, duration; null: until the timeout). */
    public record Schedule(double first, List<double[]> phases, double timeout) {
        public static Schedule every(double seconds, double timeout) {
            return new Schedule(seconds, List.of(new double[] {seconds, Double.POSITIVE_INFINITY}), timeout);
        }

        /** kit.json verdicts.poll: the public reference's schedule. */
        public static Schedule spec() {
            JsonNode poll = Artifacts.kit().path("verdicts").path("poll");
            List<double[]> phases = new ArrayList<>();
            for (JsonNode p : poll.path("phases")) {
                phases.add(new double[] {p.path("every").asDouble(), p.path("duration").isNull()
                        ? Double.POSITIVE_INFINITY : p.path("duration").asDouble()});
            }
            return new Schedule(poll.path("first_check_after").asDouble(), phases, poll.path("timeout").asDouble());
        }

        /** Seconds after the start at which a check is due; the timeout is always the last. */
        public List<Double> offsets() {
            List<Double> out = new ArrayList<>();
            double t = Math.min(first, timeout);
            out.add(t);
            for (double[] phase : phases) {
                double end = Math.min(timeout, t + phase[1]);
                while (t + phase[0] <= end + 1e-9) {
                    t += phase[0];
                    out.add(t);
                }
                t = Math.max(t, end);
                if (t >= timeout) break;
            }
            if (out.get(out.size() - 1) < timeout) out.add(timeout);
            return out;
        }
    }

    private final Gateway gateway;
    private final Gateway.Clock clock;

    Waiting(Gateway gateway, Gateway.Clock clock) {
        this.gateway = gateway;
        this.clock = clock;
    }

    Gateway.Answer waitFor(String transactionId, Long expectedAmount, Schedule schedule) {
        Schedule s = schedule != null ? schedule
                : gateway.local() ? Schedule.every(1, Schedule.spec().timeout()) : Schedule.spec();
        double start = clock.now();
        Gateway.Answer last = null;
        for (double offset : s.offsets()) {
            try {
                clock.sleep(Math.max(0, start + offset - clock.now()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new GatewayError("wait interrupted: the payment " + transactionId + " is still open; wait again");
            }
            try {
                last = gateway.status(transactionId, expectedAmount);
            } catch (GatewayError.NotSent | GatewayError.OutcomeUnknown e) {
                continue; // the status read is safe: the next check asks again
            }
            Verdicts.Judgement j = last.judgement();
            if (Verdicts.isFinal(j.verdict())) return last;
            if ("amount".equals(j.mismatch())) {
                throw new GatewayError.AmountMismatch("the status of " + transactionId + " names another amount: " + j.reason()
                        + "; do not fulfil the order, reconcile it by hand");
            }
            if (j.mismatch() != null || j.verdict().equals("rejected") || j.verdict().equals("unconfirmed")) {
                throw new GatewayError.StatusRead("the status read of " + transactionId + " was " + j.verdict() + ": " + j.reason()
                        + "; asking again cannot help (check the ids, the salt and the expected amount)", j);
            }
        }
        throw new GatewayError.PollTimeout("no final status for " + transactionId + " after " + s.timeout()
                + " s (last: " + (last == null ? "no answer" : last.outcome()) + "); the payment is still open: check it again later");
    }
}
