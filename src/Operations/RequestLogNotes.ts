import { type Cause, Context, Effect, Option } from "effect"
import type { Caller } from "../Auth/Actor.js"

/** Who called, by id only: what an operator needs to find a caller's requests, and nothing that opens anything. */
export interface CallerIds {
  readonly credential: Caller["credential"]
  readonly org_id: string | null
  readonly person_id: string | null
  readonly key_id: string | null
  readonly party_id: string | null
}

/** What the request's one log line learns while the request runs: who called, and what went wrong if it did. */
export interface Notes {
  caller: CallerIds | null
  failure: { readonly message: string; readonly cause: Cause.Cause<unknown> } | null
}

/**
 * One request's notes, held by the request log (src/Operations/RequestLog.ts) and written by the
 * steps that learn them: the gateway names the caller, the one way out (src/Gateway/Answer.ts)
 * hands over what it could not answer. A holder rather than a FiberRef: the log line is written
 * outside the scope that learns them.
 */
export class RequestNotes extends Context.Tag("Operations/RequestNotes")<RequestNotes, Notes>() {}

export const callerIds = (caller: Caller): CallerIds => ({
  credential: caller.credential,
  org_id: caller.org?.id ?? null,
  person_id: caller.person?.id ?? null,
  key_id: caller.keyId,
  party_id: caller.guest?.party ?? null
})

/** The gateway knows the caller: the request's log line and span carry their ids. */
export const noteCaller = (caller: Caller) =>
  Effect.flatMap(Effect.serviceOption(RequestNotes), (notes) => {
    const ids = callerIds(caller)
    if (Option.isSome(notes)) notes.value.caller = ids
    return Effect.annotateCurrentSpan(Object.fromEntries(Object.entries(ids).filter(([, id]) => id !== null)))
  })

/**
 * A failure the service answered `5xx` for goes into the request's own log line, at ERROR with its
 * cause; outside a logged request (a test calling the app directly) it is a line of its own.
 */
export const noteFailure = (message: string, cause: Cause.Cause<unknown>) =>
  Effect.flatMap(
    Effect.serviceOption(RequestNotes),
    (notes) => Option.isSome(notes) ? Effect.sync(() => void (notes.value.failure = { message, cause })) : Effect.logError(message, cause)
  )
