// The shape of operations.json (format 1, tools/artifacts/operations.schema.json) as the package reads it.
// src/generated/operations.ts holds the table of this release, generated from that file by codegen.mjs.

export type HostRole = "base" | "apps" | "auth";
export type SigningMode = "body" | "path" | "none";
export type BodyWrapping = "base64-json" | "json" | "form";

export interface ParamFacts {
  readonly name: string;
  readonly required: boolean;
}

export interface OperationFacts {
  readonly summary: string;
  readonly method: string;
  readonly host: HostRole;
  /** URL path template on the wire, relative to the host's base URL. */
  readonly path: string;
  /** Where the operation is in its per-host OpenAPI document (the path openapi-fetch is called with). */
  readonly document: { readonly file: string; readonly path: string };
  readonly source_path: string;
  readonly fixed_path_params: Readonly<Record<string, string>>;
  readonly path_params: readonly string[];
  readonly query_params: readonly ParamFacts[];
  readonly header_params: readonly ParamFacts[];
  readonly signing: { readonly mode: SigningMode; readonly path: string | null; readonly required: boolean };
  readonly body: null | {
    readonly wrapping: BodyWrapping;
    readonly content_type: string;
    readonly required: boolean;
    readonly schema: string;
    readonly wrapper_field: string | null;
    readonly payload_schema: string;
  };
  readonly follow_redirects: boolean;
  /** safe | reconcile-first | never; a value this package does not know is treated as never. */
  readonly retry: string;
  readonly money_movement: string;
  readonly answer_codes: string;
  readonly payload_from: string;
  readonly called_by: string;
  /** x-codes: the codes this operation answers and the outcome each means here (code stays an open string). */
  readonly codes: readonly { readonly code: string; readonly outcome: string; readonly [extra: string]: unknown }[];
  /** x-field-rules: rules between payload fields. */
  readonly field_rules: readonly { readonly rule: string; readonly fields: readonly string[] }[];
  /** Fields a later operations.json (same format) may add: readers ignore what they do not know. */
  readonly [extra: string]: unknown;
}

export interface WebhookFacts {
  readonly summary: string;
  readonly method: string;
  readonly content_type: string;
  readonly schema: string;
  readonly wrapper_field: string | null;
  readonly payload_schema: string;
  readonly verify: null | {
    readonly kind: "x-verify-header" | "checksum-field";
    readonly header: string | null;
    readonly field: string | null;
    readonly message: readonly string[];
  };
  readonly [extra: string]: unknown;
}

export interface HostFacts {
  readonly document: string;
  readonly variable: string;
  readonly servers: readonly ({ readonly url: string } & Readonly<Record<string, unknown>>)[];
  readonly [extra: string]: unknown;
}

/** What the package does after a failure once the request may have been sent (x-retry). */
export type RetryMode = "safe" | "reconcile-first" | "never";

export function retryMode(op: OperationFacts): RetryMode {
  return op.retry === "safe" || op.retry === "reconcile-first" ? op.retry : "never";
}
