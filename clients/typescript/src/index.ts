// "@merchant-gateway/client": safe anywhere, including browsers (no salt, no signing, no Node modules): the
// generated types, operations.json of this release, and the wire encodings. The signing client and callback
// verification are in "@merchant-gateway/client/server".
export type { CallOptions, GatewayAnswer, WireRequest } from "./answer.js";
export {
  ConfigurationError,
  ExcessRefundError,
  GatewayError,
  NotSentError,
  OutcomeUnknownError,
  SaltExposedError,
  UsageError,
  ValidationError,
} from "./errors.js";
export {
  type BodyWrapping,
  type HostFacts,
  type HostRole,
  type OperationFacts,
  type RetryMode,
  retryMode,
  type SigningMode,
  type WebhookFacts,
} from "./facts.js";
export {
  CONFIGURED_FORMS,
  HOSTS,
  type Inputs,
  OPERATIONS,
  OPERATIONS_FORMAT,
  type OperationId,
  type OperationTypes,
  PARAMETERS,
  ROUTES,
  SPEC_VERSION,
  type Schema,
  type SchemaName,
  type ServerOperationId,
  WEBHOOKS,
  type WebhookId,
  type WebhookPayloads,
  type WithMerchant,
} from "./generated/operations.js";
export type * as apps from "./generated/apps.js";
export type * as auth from "./generated/auth.js";
export type * as base from "./generated/base.js";
export type * as webhooks from "./generated/webhooks.js";
export {
  checkFieldRules,
  checkParameters,
  checkPayload,
  firstProblem,
  type ParameterPlace,
  type ParameterSchema,
  type PayloadSchema,
} from "./validate.js";
export { base64Utf8, decodeBase64Utf8, encodePathValue, encodePayload, fillPath, formEncode, formFields } from "./wire.js";
export { CATEGORIES, OUTCOMES, type OutcomeKey, POLL_SCHEDULE } from "./generated/outcomes.js";
export { NonInteger } from "./json.js";
export {
  type Answer,
  type Expect,
  type Judgement,
  type JudgeInput,
  type Outcome,
  type OutcomeTable,
  type Sends,
  type Case,
  type Step,
  STEP_IDS,
  STEPS,
  Unreadable,
  type Verdict,
  isFinal,
  judge,
  notFoundVerdict,
  outcomeTable,
  readAnswer,
  walkOrder,
} from "./verdicts.js";
export { chooseSchedule, everySchedule, type PollSchedule, pollOffsets, SANDBOX_POLL_SCHEDULE } from "./wait.js";
