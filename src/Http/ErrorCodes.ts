// The spec's error table, one row per code: the only place a status or type is chosen.

export type ErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "conflict_error"
  | "rate_limit_error"
  | "api_error"

export const errorCodes = {
  confirmation_required: [409, "conflict_error"],
  words_changed: [409, "conflict_error"],
  not_a_negotiator: [403, "permission_error"],
  not_a_signer: [403, "permission_error"],
  not_on_required_party_list: [403, "permission_error"],
  ask_voided_by_counter: [409, "conflict_error"],
  contract_executed: [409, "conflict_error"],
  contract_filed: [409, "conflict_error"],
  contract_cancelled: [409, "conflict_error"],
  unauthorized: [401, "authentication_error"],
  insufficient_scope: [403, "permission_error"],
  acting_person_required: [400, "invalid_request_error"],
  if_match_required: [428, "invalid_request_error"],
  invalid_request: [400, "invalid_request_error"],
  idempotency_error: [400, "invalid_request_error"],
  idempotency_in_flight: [409, "conflict_error"],
  not_found: [404, "invalid_request_error"],
  fact_has_no_span: [400, "invalid_request_error"],
  not_a_parse_candidate: [400, "invalid_request_error"],
  unsupported_format: [415, "invalid_request_error"],
  file_too_large: [413, "invalid_request_error"],
  too_many_files: [400, "invalid_request_error"],
  rate_limited: [429, "rate_limit_error"],
  // The spec gives no type for endpoint_pending; it is a conflict like its 409 neighbours (docs/gaps.md).
  endpoint_pending: [409, "conflict_error"],
  api_error: [500, "api_error"]
} as const satisfies Record<string, readonly [number, ErrorType]>

export type ErrorCode = keyof typeof errorCodes

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCodes, code)
