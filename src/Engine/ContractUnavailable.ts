/**
 * A write that got no answer in time: its runner is gone and its shard not yet moved, or its
 * contract's queue is that long. It may still be applied; the request answers `503` with
 * `Retry-After` (src/Gateway/Answer.ts), and its idempotency claim stays held so a retry under
 * the key never writes twice (Idempotency/Idempotency.ts).
 */
export class ContractUnavailable extends Error {
  readonly retryAfterSeconds = 1
}
