import { Effect, Option } from "effect"
import { Actor, domainActor } from "./Auth/Actor.js"
import { confirmerOf } from "./Auth/Confirmer.js"
import { ContractStore } from "./Engine/ContractStore.js"
import { Sign, WithdrawSignature } from "./Engine/Entity.js"
import { notFound } from "./Domain/Contract/Rejection.js"
import { receiptsOf } from "./Domain/Signing/Certificate.js"
import { renderSignature, signatureState } from "./Domain/Signing/SignatureStates.js"
import { Marks } from "./Marks.js"
import type { SignRequest } from "./Signatures/Schemas.js"

const whole = <A>(data: ReadonlyArray<A>) => ({ data, has_more: false, next_cursor: null })

/** Signing against a words hash, withdrawing, and reading signatures, their state and receipts. */
export class Signatures extends Effect.Service<Signatures>()("Signatures", {
  dependencies: [ContractStore.Default, Marks.Default],
  effect: Effect.gen(function*() {
    const store = yield* ContractStore
    const marks = yield* Marks

    /** A route that names only a signature: its contract, as the caller may see it, or 404. */
    const visibleSignature = Effect.fnUntraced(function*(id: string) {
      const contractId = yield* store.contractOfSignature(id)
      if (Option.isNone(contractId)) return yield* notFound("signature", id)
      const { contract } = yield* Effect.mapError(store.visible(contractId.value), () => notFound("signature", id))
      return { contract, signature: contract.signatures.find((s) => s.id === id)! }
    })

    const sign = Effect.fnUntraced(function*(id: string, request: typeof SignRequest.Type) {
      const confirmedBy = yield* confirmerOf(request.confirmed_by)
      const caller = yield* Actor
      // The mark is pinned as it is now, in this mode: changing it later never touches this signature.
      const mark = yield* marks.pinnedFor(confirmedBy, caller.mode)
      const actor = domainActor(caller)
      return yield* store.write(id, Sign, (entity) => entity.Sign({ actor, textHash: request.text_hash, confirmedBy, intent: request.intent, mark }), {
        // The route answers with the write's result (Signatures/Api.ts): the save keeps that answer.
        resultAnswers: true
      })
    })

    const withdraw = Effect.fnUntraced(function*(signature: string, confirmedBy: string | undefined) {
      // Checked before the lookup, so the answer is the same whether the signature exists or not.
      const confirmer = yield* confirmerOf(confirmedBy)
      const contract = yield* store.contractOfSignature(signature)
      if (Option.isNone(contract)) return yield* notFound("signature", signature)
      const actor = domainActor(yield* Actor)
      return yield* store.write(
        contract.value,
        WithdrawSignature,
        (entity) => entity.WithdrawSignature({ actor, signatureId: signature, confirmedBy: confirmer }),
        { resultAnswers: true }
      )
    })

    // A filed contract was signed elsewhere: there are no signatures here to list.
    const list = (id: string) =>
      Effect.map(store.visible(id), ({ contract }) => whole(contract.state === "filed" ? [] : contract.signatures.map((s) => renderSignature(contract, s))))
    const state = (id: string) => Effect.map(store.visible(id), ({ contract }) => signatureState(contract))
    const get = (id: string) => Effect.map(visibleSignature(id), ({ contract, signature }) => renderSignature(contract, signature))
    const receipts = (id: string) => Effect.map(store.visible(id), ({ contract }) => whole(receiptsOf(contract)))

    return { sign, withdraw, list, state, get, receipts } as const
  })
}) {}
