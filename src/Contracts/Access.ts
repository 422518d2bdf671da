import { Context, Effect, Option } from "effect"
import { RpcClient } from "@effect/rpc"
import { Actor, domainActor } from "../Auth/Actor.js"
import { makeId } from "../RandomIds.js"
import { RequestKey, requestKeyHeaders } from "../Idempotency/RequestKey.js"
import { notFound, reject, Rejection } from "../Domain/Contract/Rejection.js"
import { seatOf } from "../Domain/Contract/Seat.js"
import { ContractsRepo } from "./Repo.js"

/** The contract as the caller may see it, or the same 404 whether it is hidden or missing. */
export const loadVisible = Effect.fnUntraced(function*(id: string) {
  const repo = yield* ContractsRepo
  const actor = domainActor(yield* Actor)
  const contract = yield* repo.read(id)
  const seat = Option.isSome(contract) ? seatOf(contract.value, actor) : null
  if (Option.isNone(contract) || seat === null) return yield* notFound("contract", id)
  return { contract: contract.value, actor, seat }
})

/**
 * A guest's own link names the human who pressed the button; for keys, the body must. An empty
 * `confirmed_by` names nobody, so it counts as absent (`409 confirmation_required` for a key).
 */
export const confirmerOf = (sent: string | undefined) => {
  const given = sent?.trim() === "" ? undefined : sent
  return Effect.flatMap(Actor, (caller) =>
    caller.guest === null
      ? Effect.succeed(given)
      : given !== undefined
      ? Effect.fail(reject("invalid_request", "A guest link is the person who confirms: send no confirmed_by.", { param: "confirmed_by" }))
      : Effect.succeed(caller.person!.id))
}

/**
 * Sends one message to a contract's entity and answers with its result or the core's Rejection;
 * transport errors are our defects. The message goes out with an empty context: the message that
 * wakes an entity lends it the fiber refs it is acquired with, and the entity keeps them until it
 * passivates, so a request's context would keep that request's socket buffers and response alive
 * for the entity's whole idle time (test/memory.test.ts). The request's idempotency key rides
 * along as message headers, for the write to record its result on the key's claim; when resuming
 * a request whose write is already stored, the stored result is the answer and nothing is sent.
 */
export const sendToContract = <A, E>(message: Effect.Effect<A, E>): Effect.Effect<A, Rejection> =>
  Effect.flatMap(Effect.serviceOption(RequestKey), (requestKey) => {
    // A handler sends one message: when resuming, that message's write is already stored.
    if (Option.isSome(requestKey) && requestKey.value.stored !== null) return Effect.succeed(requestKey.value.stored.result as A)
    const sent = Effect.mapInputContext(message, (_: Context.Context<never>) => Context.empty())
    return Effect.catchAll(
      Option.isSome(requestKey)
        ? RpcClient.withHeaders(sent, { [requestKeyHeaders.scope]: requestKey.value.scope, [requestKeyHeaders.key]: requestKey.value.key })
        : sent,
      (error) => (error instanceof Rejection ? Effect.fail(error) : Effect.die(error))
    )
  })

/** The id for a contract a request creates: when resuming, the one its stored write created. */
export const newContractId = Effect.map(
  Effect.serviceOption(RequestKey),
  (requestKey) => Option.isSome(requestKey) && requestKey.value.stored !== null ? requestKey.value.stored.contract : makeId("con")
)

export const parseLimit = (value: string | undefined, fallback = 10): Rejection | number => {
  const limit = Number(value ?? fallback)
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 && /^\d+$/.test(value ?? String(fallback))
    ? limit
    : reject("invalid_request", "limit must be an integer from 1 to 100.", { param: "limit" })
}

/**
 * One page of rows that each belong to a letter, oldest first, after the letter named by
 * `starting_after`. A page never splits one letter's rows, so the letter id is a sound cursor.
 */
export const pageOfLetters = <A>(
  rows: ReadonlyArray<A>,
  letterOf: (row: A) => string,
  params: { readonly starting_after?: string | undefined; readonly limit?: string | undefined }
): Effect.Effect<{ readonly rows: ReadonlyArray<A>; readonly has_more: boolean }, Rejection> => {
  const limit = parseLimit(params.limit)
  if (limit instanceof Rejection) return Effect.fail(limit)
  let start = 0
  if (params.starting_after !== undefined) {
    const last = rows.map(letterOf).lastIndexOf(params.starting_after)
    if (last === -1) return Effect.fail(reject("invalid_request", "starting_after must name a letter on this page's list.", { param: "starting_after" }))
    start = last + 1
  }
  let end = Math.min(start + limit, rows.length)
  while (end > start && end < rows.length && letterOf(rows[end]!) === letterOf(rows[end - 1]!)) end++
  return Effect.succeed({ rows: rows.slice(start, end), has_more: end < rows.length })
}
