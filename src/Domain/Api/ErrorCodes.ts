// The spec's error table, one row per code: the only place a status or type is chosen, and the
// text of GET /docs/errors, so the page can never list a code the envelope lacks or miss one.
// Each row: status, type, when it fires (the spec's Codes table), how to recover (its Recovery
// rules, and Stripe's practice where the spec gives none). Text between backticks is code.

export type ErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "conflict_error"
  | "rate_limit_error"
  | "api_error"

const seatRecovery =
  "Not fixed by widening a key's scopes: the fix is an invite, with the right capacity, by someone with authority on your side of the contract."

export const errorCodes = {
  confirmation_required: [
    409,
    "conflict_error",
    "Send, replies, signatures or a signature withdrawal arrive without `confirmed_by`. The body carries `letter_preview` (`from`, `to[]`, `decisions[]`) and `landed_if_sent` beside the envelope. On a signature call `from` is the signer's party and the rest are empty (a signature mails, decides and lands nothing), beside `text_hash` and `state_if_signed` (signing) or `signature` (withdrawal).",
    "Do not retry as is: show the preview to a person, then call again with that person's id in `confirmed_by`. Retrying with the same idempotency key does not help."
  ],
  words_changed: [
    409,
    "conflict_error",
    "A stale `If-Match`, or a stale signature `text_hash`: the words changed since you read them. There is no 412. The body carries `current_hash`, and `re_asked[]` on reply and word-moving calls or `your_signature` on signature calls.",
    "Take `current_hash` and re-decide only the `re_asked` decisions. For a signature, collect a fresh signature against the hash the signer read; `your_signature` shows the previous one with its true state (e.g. `void`)."
  ],
  not_a_negotiator: [403, "permission_error", "You are on the contract without negotiator capacity.", seatRecovery],
  not_a_signer: [403, "permission_error", "You are on the contract without signer capacity; also withdrawing a signature that is not yours.", seatRecovery],
  not_on_required_party_list: [
    403,
    "permission_error",
    "You are not a party to the contract (or `confirmed_by` names someone who is not a party of your side).",
    seatRecovery
  ],
  ask_voided_by_counter: [
    409,
    "conflict_error",
    "Deciding an ask that a counter superseded; or opening a question (`block_id`) on a block a counter has meanwhile opened an ask on.",
    "Refetch the latest letter and decide the live ask on that block."
  ],
  contract_executed: [409, "conflict_error", "Acting on an executed contract.", "Amend instead: `POST /contracts/{id}/amend` starts a new version."],
  contract_filed: [
    409,
    "conflict_error",
    "Send, decisions, replies, invite or signatures on a filed contract.",
    "A filed contract does not change: amend it to start a new version."
  ],
  contract_cancelled: [409, "conflict_error", "The deal was cancelled.", "Nothing more can change on this contract; draft a new one to start again."],
  unauthorized: [
    401,
    "authentication_error",
    "No, malformed or revoked key; an expired or revoked guest link; a write with the guest token in the URL.",
    "Send a valid key as `Authorization: Bearer …`. A guest writes with `Authorization: Token …`, never `?t=`; an expired or revoked link needs a new invite."
  ],
  insufficient_scope: [
    403,
    "permission_error",
    "The key was not granted the scope this call needs; `param` names it. Also a `/mcp` request from a web page whose `Origin` is not in `MCP_ALLOWED_ORIGINS` (`param: Origin`).",
    "Use a key that holds the scope named in `param`; for `Origin`, the operator adds the page's origin to `MCP_ALLOWED_ORIGINS`."
  ],
  acting_person_required: [
    400,
    "invalid_request_error",
    "An org key wrote, or read `GET /attention`, without `Contracts-Acting-Person`.",
    "Name the human the call is for: `Contracts-Acting-Person: per_…`."
  ],
  if_match_required: [
    428,
    "invalid_request_error",
    "A word-moving call arrived with no `If-Match`.",
    "Read the contract's `words_hash` and send it as `If-Match`."
  ],
  invalid_request: [
    400,
    "invalid_request_error",
    "Malformed input; `param` names it. Among others: prompt with template_id; ask_id with block_id; missing why; empty capacity; a guest call carrying confirmed_by or an acting person; confirm with text after the first Send; If-Match on signatures; an asset binding with neither or both of contract_id and relationship_id.",
    "Fix the field `param` names and call again; nothing was stored."
  ],
  idempotency_error: [
    400,
    "invalid_request_error",
    "An `Idempotency-Key` reused with a different body.",
    "Use one key per attempt: a different request needs a new key."
  ],
  idempotency_in_flight: [
    409,
    "conflict_error",
    "The first call under this `Idempotency-Key` is still running; carries `Retry-After`.",
    "Wait `Retry-After` seconds and retry with the same key and body: you then get the first call's answer."
  ],
  not_found: [
    404,
    "invalid_request_error",
    "No such record, or a record your seat may not see (the same body for both; an unrecognized URL too). Exception: a visible contract where capacity is lacking gives 403.",
    "Check the id, and the key's mode: a test key sees only test-mode records. A contract you are not on is reached by an invite, never by retrying."
  ],
  fact_has_no_span: [
    400,
    "invalid_request_error",
    "The fact value would appear nowhere in the words.",
    "Send a value that stands somewhere in the words (an empty value never does)."
  ],
  not_a_parse_candidate: [400, "invalid_request_error", "Confirming text the parse never proposed.", "Confirm one of the candidates the parse proposed."],
  unsupported_format: [
    415,
    "invalid_request_error",
    "An import file outside `docx`, `pdf`, `txt`, `md`. Inside a batch the same reason arrives on `import.failed`.",
    "Convert the file to `docx`, `pdf`, `txt` or `md`. Other `import.failed` reasons: `extraction_empty` (no text; a scan without a text layer usually), `not_a_contract`, `parser_error` (retry with a fresh idempotency key), `virus_detected`."
  ],
  file_too_large: [
    413,
    "invalid_request_error",
    "One file over 25MB. Inside a batch the same reason arrives on `import.failed`.",
    "Send files of at most 25MB each."
  ],
  too_many_files: [400, "invalid_request_error", "More than 100 files in one import call.", "Split the upload into calls of at most 100 files."],
  rate_limited: [
    429,
    "rate_limit_error",
    "Over a rate limit (per org; agent traffic is counted against the acting person); carries `Retry-After`.",
    "Safe to retry with backoff, after `Retry-After` seconds."
  ],
  // The spec gives no type for endpoint_pending; it is a conflict like its 409 neighbours (docs/gaps.md).
  endpoint_pending: [
    409,
    "conflict_error",
    "A test delivery on a webhook endpoint that is not verified yet.",
    "Verify the endpoint first (answer the ping with its nonce, or `POST /webhooks/endpoints/{id}/verify`), then test."
  ],
  // Not in the spec's table: a replay to an endpoint disabled after 72 hours of failure (docs/gaps.md).
  endpoint_disabled: [
    409,
    "conflict_error",
    "A replay to a webhook endpoint that was disabled after 72 hours of failed deliveries.",
    "Fix the receiver, rotate the endpoint's secret (`POST /webhooks/endpoints/{id}/rotate`) to revive it, then replay."
  ],
  // Not in the spec's table: the admin API refusing a second person of an org for one email (docs/gaps.md).
  email_in_use: [
    409,
    "conflict_error",
    "The admin API was asked for a person with an email that a person of an org already has (compared without case). A person belongs to at most one org, and a Send to an email reaches the org person who has it, so one email names one person.",
    "Use the person the message names, or another email. External people (guests) are not people of an org and never conflict."
  ],
  // The spec's status is "200 then an error event": a stream has begun when it fails. An answer
  // asked with `stream: false` has not, so there it is a whole 500 (docs/gaps.md).
  generation_failed: [
    500,
    "api_error",
    "A `POST /ask` answer stopped partway. Streaming, the answer is `200` and ends with an `error` event carrying this code; with `stream: false` the whole answer is this `500`. Nothing is saved.",
    "Ask again; nothing of the failed answer was kept."
  ],
  api_error: [
    500,
    "api_error",
    "Something failed on the service's side; the message shows nothing internal. Also `503` with `Retry-After` while the service is starting.",
    "Retry with backoff, with the same idempotency key: a write that was stored answers from its stored result and is never made twice. On `503`, retry after `Retry-After` seconds."
  ]
} as const satisfies Record<string, readonly [status: number, type: ErrorType, fires: string, recovery: string]>

export type ErrorCode = keyof typeof errorCodes

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCodes, code)

/** Every code of the table, in its order. */
export const allErrorCodes: ReadonlyArray<ErrorCode> = Object.keys(errorCodes).filter(isErrorCode)
