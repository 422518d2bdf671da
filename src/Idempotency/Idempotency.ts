import type { HttpServerResponse } from "@effect/platform"
import { Clock, Effect, Exit, MutableRef, Option } from "effect"
import { sha256 } from "../Domain/Words/Blocks.js"
import { IdempotencyRepo } from "./Repo.js"
import { type ClaimedKey, RequestKey } from "./RequestKey.js"

export const retention = 24 * 60 * 60 * 1000
/** A claim older than this with no answer belongs to a process that died mid-request. */
export const lease = 60 * 1000

// Outcomes that are the request's own result are kept; refusals before it ran are not (Stripe's rule),
// so a caller can fix headers or credentials and retry with the same key.
const unkeptCodes = new Set([
  "invalid_request",
  "if_match_required",
  "unauthorized",
  "insufficient_scope",
  "acting_person_required",
  "rate_limited",
  "idempotency_error",
  "idempotency_in_flight",
  "api_error"
])

const errorCode = (body: string): string | undefined => {
  try {
    const parsed: unknown = JSON.parse(body)
    const error = typeof parsed === "object" && parsed !== null && "error" in parsed ? parsed.error : undefined
    const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined
    return typeof code === "string" ? code : undefined
  } catch {
    return undefined
  }
}

export const isKept = (status: number, body: string) => status < 400 || (status < 500 && !unkeptCodes.has(errorCode(body) ?? "api_error"))

const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, field]) => [key, canonical(field)]))
    : value

/** Same method, path and JSON body (key order aside) is the same request. */
export const fingerprint = (method: string, path: string, body: string) => {
  let normal = body
  try {
    normal = JSON.stringify(canonical(JSON.parse(body)))
  } catch {
    // not JSON: compare the bytes as sent
  }
  return sha256(`${method} ${path}\n${normal}`)
}

export type Claim =
  /** `claimedAt`: when the claim was made (ms), naming this use of the key apart from a reuse after retention. */
  | { readonly _tag: "Proceed"; readonly claimedAt: number }
  | { readonly _tag: "Replay"; readonly status: number; readonly body: string }
  | { readonly _tag: "Mismatch" }
  | { readonly _tag: "InFlight" }
  /** The request's contract write is stored but its answer was lost: answer from the write's result. */
  | { readonly _tag: "Resume"; readonly contract: string; readonly result: unknown; readonly claimedAt: number }

const claimed = (tag: "Mismatch" | "InFlight"): Claim => ({ _tag: tag })
const proceed = (claimedAt: number): Claim => ({ _tag: "Proceed", claimedAt })
const replay = (status: number, body: string): Claim => ({ _tag: "Replay", status, body })
const resume = (contract: string, result: unknown, claimedAt: Date): Claim => ({
  _tag: "Resume",
  contract,
  result,
  claimedAt: new Date(claimedAt).getTime()
})

const decoder = new TextDecoder()

export const bodyText = (response: HttpServerResponse.HttpServerResponse) => response.body._tag === "Uint8Array" ? decoder.decode(response.body.body) : ""

export class Idempotency extends Effect.Service<Idempotency>()("Idempotency/Idempotency", {
  effect: Effect.gen(function*() {
    const repo = yield* IdempotencyRepo

    /** `successStatus`: the route's, for a contract write whose result is the whole answer to finish the claim with. */
    const claim = Effect.fnUntraced(function*(scope: string, key: string, requestHash: string, successStatus: number) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const now = yield* Clock.currentTimeMillis
        if (yield* repo.claim(scope, key, requestHash, new Date(now), new Date(now + lease), successStatus)) return proceed(now)
        const found = yield* repo.find(scope, key)
        if (Option.isNone(found)) continue
        const row = found.value
        if (now - new Date(row.created_at).getTime() >= retention) {
          yield* repo.forget(scope, key, row.created_at)
          continue
        }
        if (row.request_hash !== requestHash) return claimed("Mismatch")
        if (row.status !== null) return replay(row.status, row.body ?? "")
        if (row.locked_until !== null && new Date(row.locked_until).getTime() <= now) {
          // Its process died or failed after the claim. If its contract write was stored, resume
          // with that write's result; otherwise nothing happened and the key is free.
          if (row.contract_id !== null) {
            if (yield* repo.retake(scope, key, row.created_at, new Date(now + lease))) {
              return resume(row.contract_id, row.result, row.created_at)
            }
            continue
          }
          yield* repo.forget(scope, key, row.created_at)
          continue
        }
        return claimed("InFlight")
      }
      return claimed("InFlight")
    })

    const release = (scope: string, key: string) => Effect.flatMap(Clock.currentTimeMillis, (now) => repo.release(scope, key, new Date(now)))

    /**
     * Runs a claimed request under its key and keeps its answer, or frees the key if it did not
     * finish. A request whose write stored its answer on the claim (RequestKey.answeredByWrite)
     * has nothing left to keep: that saves a round trip and a statement per commit.
     */
    const settle = <E, R>(
      claimed: ClaimedKey,
      request: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
    ) => {
      const { key, scope } = claimed
      const answeredByWrite = MutableRef.make(false)
      return Effect.provideService(request, RequestKey, { ...claimed, answeredByWrite }).pipe(
        Effect.onExit((exit) => (Exit.isSuccess(exit) ? Effect.void : release(scope, key))),
        Effect.tap((response) => {
          if (MutableRef.get(answeredByWrite)) return Effect.void
          const body = bodyText(response)
          if (isKept(response.status, body)) return repo.complete(scope, key, response.status, body)
          // A 503 is a write whose answer was lost (its contract's runner did not answer, or stopped under
          // it). Stored already, the next retry resumes from it at once; not yet, it may still land, so
          // the claim stays until its lease runs out, then a retry resumes from it or runs afresh.
          return response.status === 503
            ? Effect.flatMap(Clock.currentTimeMillis, (now) => repo.expireIfStored(scope, key, new Date(now)))
            : release(scope, key)
        })
      )
    }

    return { claim, settle } as const
  })
}) {}
