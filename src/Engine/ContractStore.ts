import { RpcClient } from "@effect/rpc"
import { Cause, Context, Duration, Effect, MutableRef, Option, Schema, Tracer } from "effect"
import { defaultContractWriteTimeoutSeconds, ServerConfig } from "../Config.js"
import { Actor, domainActor } from "../Auth/Actor.js"
import type { Mode } from "../Domain/Contract/Mode.js"
import { notFound, Rejection } from "../Domain/Contract/Rejection.js"
import { seatOf } from "../Domain/Contract/Seat.js"
import { RequestKey, requestKeyHeaders, writeIdHeader } from "../Idempotency/RequestKey.js"
import { sha256 } from "../Domain/Words/Blocks.js"
import { Contract as ContractEntity } from "./Entity.js"
import { LiveContracts } from "./LiveContracts.js"
import { peerCopies } from "./PeerCopies.js"
import { runsAcrossRunners } from "../Cluster/Signals.js"
import { makeId, randomToken } from "../RandomIds.js"
import type { ListFilter } from "./ListConditions.js"
import { ContractsRepo } from "./Repo.js"
import { ContractUnavailable } from "./ContractUnavailable.js"

const describe = (error: unknown) => {
  const name = typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : error instanceof Error ? error.name : "unknown"
  return error instanceof Error && error.message !== "" ? `${name}: ${error.message.slice(0, 120)}` : name
}

/**
 * Whatever ended a write other than its writer's answer. Every such end leaves the write's fate
 * unknown: an interruption is the entity stopped mid-write (its shard taken away when the runner
 * lost its lock storage, or force-released), a defect the socket to the runner that holds the
 * contract reset under it (ECONNRESET) or the cluster giving up; the save may have committed
 * before either. So each is a 503 with the key kept claimed, never a 500 that frees it.
 */
export const withoutAnswer = (id: string, cause: Cause.Cause<unknown>): ContractUnavailable => {
  const defect = Cause.dieOption(cause)
  if (Option.isSome(defect) && defect.value instanceof ContractUnavailable) return defect.value
  const failure = Option.orElse(Cause.failureOption(cause), () => defect)
  const why = Option.match(failure, { onNone: () => "interrupted", onSome: describe })
  return new ContractUnavailable(`contract ${id}: its runner gave no answer (${why})`, { cause: Cause.squash(cause) })
}

export type ContractClient = ReturnType<Effect.Effect.Success<typeof ContractEntity.client>>

/**
 * The one way into a contract for every capability: its committed copy, as the caller may see
 * it, and messages to its single writer. Only this service and the entity touch ContractsRepo.
 */
export class ContractStore extends Effect.Service<ContractStore>()("Engine/ContractStore", {
  dependencies: [LiveContracts.Default, ContractsRepo.Default],
  effect: Effect.gen(function*() {
    const repo = yield* ContractsRepo
    const live = yield* LiveContracts
    const client = yield* ContractEntity.client
    const settings = yield* ServerConfig
    const writeTimeout = Duration.seconds(settings.contractWriteTimeoutSeconds ?? defaultContractWriteTimeoutSeconds)
    // Alone, every write is this process's: a contract not live here is read from the database.
    const loadElsewhere = runsAcrossRunners(settings) ? peerCopies(repo) : repo.load

    /**
     * The contract as last committed: the live entity's copy, else the database's (through the
     * copies a runner keeps of contracts other runners write).
     */
    const read = (id: string) => live.read(id, loadElsewhere)

    /** The contract as the caller may see it, or the same 404 whether it is hidden or missing. */
    const visible = Effect.fnUntraced(function*(id: string) {
      const actor = domainActor(yield* Actor)
      const contract = yield* read(id)
      const seat = Option.isSome(contract) ? seatOf(contract.value, actor) : null
      if (Option.isNone(contract) || seat === null) return yield* notFound("contract", id)
      return { contract: contract.value, actor, seat }
    })

    /**
     * Sends one message to a contract's entity and answers with its result or the core's Rejection;
     * anything else dies as ContractUnavailable (withoutAnswer). The message goes out with an empty
     * context: the message that wakes an entity lends it the fiber refs it is acquired with, and the
     * entity keeps them until it passivates, so a request's context would keep that request's socket
     * buffers and response alive for the entity's whole idle time (test/memory.test.ts). The
     * request's idempotency key rides along as message headers, for the write to record its result
     * on the key's claim; when resuming
     * a request whose write is already stored, the stored result, decoded by the message's own
     * result schema, is the answer and nothing is sent. `resultAnswers`: the route answers with the
     * write's result, encoded by the message's schema as the route's is (the same schema), so the
     * save finishes the claim with it and the request keeps nothing after.
     */
    const write = <A, I, E>(
      id: string,
      message: { readonly successSchema: Schema.Schema<A, I> },
      send: (entity: ContractClient) => Effect.Effect<A, E>,
      { resultAnswers = false }: { readonly resultAnswers?: boolean } = {}
    ): Effect.Effect<A, Rejection> =>
      Effect.flatMap(Effect.serviceOption(RequestKey), (requestKey) => {
        // A handler sends one message: when resuming, that message's write is already stored.
        if (Option.isSome(requestKey) && requestKey.value.stored !== null) {
          return Effect.orDie(Schema.decodeUnknown(message.successSchema)(requestKey.value.stored.result))
        }
        // The timeout forks, so it runs inside the emptied context: a fork made outside inherits the
        // HTTP request's, which the contract's live entity would then keep (test/memory.test.ts).
        // Only the current span stays, so the message's envelope carries the request's trace.
        const sent = Effect.mapInputContext(
          send(client(id)).pipe(
            Effect.timeoutFailCause({
              duration: writeTimeout,
              onTimeout: () => Cause.die(new ContractUnavailable(`contract ${id}: no answer in ${Duration.format(writeTimeout)}`))
            })
          ),
          (context: Context.Context<never>) => Context.pick(Tracer.ParentSpan)(context)
        )
        const headers = Option.isSome(requestKey)
          ? {
            [requestKeyHeaders.scope]: requestKey.value.scope,
            [requestKeyHeaders.key]: requestKey.value.key,
            ...(resultAnswers ? { [requestKeyHeaders.resultAnswers]: "true" } : {}),
            // The claim's time keeps a key reused after its retention from being taken for its first write.
            [writeIdHeader]: sha256(`${requestKey.value.scope}\n${requestKey.value.key}\n${requestKey.value.claimedAt}`)
          }
          : { [writeIdHeader]: randomToken() }
        const answered = Option.isSome(requestKey) && resultAnswers
          ? Effect.tap(RpcClient.withHeaders(sent, headers), () => Effect.sync(() => MutableRef.set(requestKey.value.answeredByWrite, true)))
          : RpcClient.withHeaders(sent, headers)
        // The writer's answer is a result or a Rejection; anything else is the cluster's (withoutAnswer).
        return Effect.catchAllCause(answered, (cause) => {
          const failure = Cause.failureOption(cause)
          return Option.isSome(failure) && failure.value instanceof Rejection ? Effect.fail(failure.value) : Effect.die(withoutAnswer(id, cause))
        })
      })

    /** The id for a contract a request creates: when resuming, the one its stored write created. */
    const newContractId = Effect.map(
      Effect.serviceOption(RequestKey),
      (requestKey) => Option.isSome(requestKey) && requestKey.value.stored !== null ? requestKey.value.stored.contract : makeId("con")
    )

    /** Routes that name only an ask or a signature reach its contract through these. */
    const contractOfAsk = (askId: string) => repo.contractOfAsk(askId)
    const contractOfSignature = (signatureId: string) => repo.contractOfSignature(signatureId)
    const list = (filter: ListFilter) => repo.list(filter)
    const events = (contractId: string, after: number, limit: number) => repo.events(contractId, after, limit)
    const seatsOf = (person: string, mode: Mode, after: string | undefined, limit: number, only?: string) => repo.partiesOf(person, mode, after, limit, only)

    return { read, visible, write, newContractId, contractOfAsk, contractOfSignature, list, events, seatsOf } as const
  })
}) {}
