import { Context, type MutableRef } from "effect"

/**
 * The idempotency key a write runs under. A contract write stores its result on the key's claim
 * in its own statement, so if the answer is then lost the next retry resumes from that result
 * instead of writing again.
 */
export class RequestKey extends Context.Tag("Idempotency/RequestKey")<RequestKey, {
  readonly scope: string
  readonly key: string
  /** When the key was claimed (ms): with scope and key, it names this write apart from the key's reuse after retention. */
  readonly claimedAt: number
  /** When resuming: the contract write this key already stored, and that write's result. */
  readonly stored: { readonly contract: string; readonly result: unknown } | null
  /**
   * Set once the request's write has stored the request's whole answer on the claim, in the
   * save's own statement (a route whose answer is its write's result): nothing is left to keep.
   */
  readonly answeredByWrite: MutableRef.MutableRef<boolean>
}>() {}

/** What a claim gives the request it runs: the key, its time, and a stored write to resume from. */
export type ClaimedKey = Omit<Context.Tag.Service<RequestKey>, "answeredByWrite">

/** Message headers that carry the key from the HTTP edge to the contract's entity. */
export const requestKeyHeaders = {
  scope: "x-idempotency-scope",
  key: "x-idempotency-key",
  /** Present when the write's result is the request's whole answer: the save finishes the claim with it. */
  resultAnswers: "x-idempotency-result-answers"
} as const

/**
 * The header naming one write: the same on every copy of its message the cluster sends, so the
 * contract's writer answers a copy from the write it already stored (Engine/EntityLive.ts).
 */
export const writeIdHeader = "x-contract-write"
