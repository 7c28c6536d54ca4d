package com.merchantgateway.client;

/** Every error this package raises: what happened and what to do next. Secrets are never part of a message. */
public class GatewayError extends RuntimeException {
    public GatewayError(String message) {
        super(message);
    }

    public GatewayError(String message, Throwable cause) {
        super(message, cause);
    }

    /** The caller used the package wrongly (an unknown operation, a missing setting): nothing was sent. */
    public static class Usage extends GatewayError {
        public Usage(String message) {
            super(message);
        }
    }

    /** A value refused before anything was encoded, signed or sent; {@link #field} is its wire path. */
    public static class Validation extends GatewayError {
        public final String field;

        public Validation(String field, String message) {
            super(field + ": " + message);
            this.field = field;
        }
    }

    /** Nothing reached the gateway (the connection was refused before a byte was written): safe to send again. */
    public static class NotSent extends GatewayError {
        public NotSent(String message, Throwable cause) {
            super(message + ": nothing was sent; safe to send again", cause);
        }
    }

    /** The request may have been sent and the outcome is not known: settle it through the status operation
     * ({@code retry} is the operation's x-retry); never re-send blindly. */
    public static class OutcomeUnknown extends GatewayError {
        public final String retry;

        public OutcomeUnknown(String message, String retry, Throwable cause) {
            super(message + ": the request may have been sent; read its status (x-retry " + retry
                    + "), never send it again blindly", cause);
            this.retry = retry;
        }
    }

    /** A refund above what is left of its payment (the original amount less the refunds of it sent or in
     * progress): refused before sending. The message leads with the gateway's own code for it. */
    public static class ExcessRefund extends GatewayError {
        public static final String CODE = "EXCESS_REFUND_AMOUNT";
        public final String code = CODE;

        public ExcessRefund(String message) {
            super(CODE + ": " + message);
        }
    }

    /** The status names another amount than the payment's: do not fulfil; reconcile by hand. */
    public static class AmountMismatch extends GatewayError {
        public AmountMismatch(String message) {
            super(message);
        }
    }

    /** The status read was refused or names another transaction: asking again cannot help. */
    public static class StatusRead extends GatewayError {
        public final Verdicts.Judgement judgement;

        public StatusRead(String message, Verdicts.Judgement judgement) {
            super(message);
            this.judgement = judgement;
        }
    }

    /** No final status before the wait's timeout: the payment is still open; check again later. */
    public static class PollTimeout extends GatewayError {
        public PollTimeout(String message) {
            super(message);
        }
    }
}
