import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { Api } from "../Api.js"
import { Actor, domainActor } from "../Auth/Actor.js"
import { confirmerOf, loadVisible, sendToContract } from "../Contracts/Access.js"
import { Contract } from "../Contracts/Entity.js"
import { ContractsRepo } from "../Contracts/Repo.js"
import { receiptsOf } from "../Domain/Signing/Certificate.js"
import { notFound } from "../Domain/Contract/Rejection.js"
import { renderSignature, signatureState } from "../Domain/Signing/SignatureStates.js"
import { MarksRepo } from "../Marks/Repo.js"

const whole = <A>(data: ReadonlyArray<A>) => ({ data, has_more: false, next_cursor: null })

export const SignaturesHttp = HttpApiBuilder.group(Api, "signatures", (handlers) =>
  Effect.gen(function*() {
    const contracts = yield* ContractsRepo
    const marks = yield* MarksRepo
    const client = yield* Contract.client
    const visible = (id: string) => Effect.provideService(loadVisible(id), ContractsRepo, contracts)
    /** A route that names only a signature: its contract, as the caller may see it, or 404. */
    const visibleSignature = (id: string) =>
      Effect.gen(function*() {
        const contractId = yield* contracts.contractOfSignature(id)
        if (Option.isNone(contractId)) return yield* notFound("signature", id)
        const { contract } = yield* Effect.mapError(visible(contractId.value), () => notFound("signature", id))
        return { contract, signature: contract.signatures.find((s) => s.id === id)! }
      })

    return handlers
      .handle("sign", ({ path, payload }) =>
        Effect.gen(function*() {
          const confirmedBy = yield* confirmerOf(payload.confirmed_by)
          // The mark is pinned as it is now: changing it later never touches this signature.
          const mark = confirmedBy === undefined ? Option.none() : yield* marks.find(confirmedBy)
          return (yield* sendToContract(client(path.id).Sign({
            actor: domainActor(yield* Actor),
            text_hash: payload.text_hash,
            confirmed_by: confirmedBy,
            intent: payload.intent,
            mark: Option.match(mark, { onNone: () => null, onSome: (m) => ({ kind: m.kind, checksum: m.checksum, text: m.text }) })
          }))) as never
        }))
      .handle("withdraw", ({ path, payload }) =>
        Effect.gen(function*() {
          // Checked before the lookup, so the answer is the same whether the signature exists or not.
          const confirmedBy = yield* confirmerOf(payload.confirmed_by)
          const contractId = yield* contracts.contractOfSignature(path.signature_id)
          if (Option.isNone(contractId)) return yield* notFound("signature", path.signature_id)
          return (yield* sendToContract(client(contractId.value).WithdrawSignature({
            actor: domainActor(yield* Actor),
            signature_id: path.signature_id,
            confirmed_by: confirmedBy
          }))) as never
        }))
      .handle("list", ({ path }) =>
        Effect.map(visible(path.id), ({ contract }) =>
          // A filed contract was signed elsewhere: there are no signatures here to list.
          whole(contract.state === "filed" ? [] : contract.signatures.map((s) => renderSignature(contract, s)))))
      .handle("state", ({ path }) => Effect.map(visible(path.id), ({ contract }) => signatureState(contract)))
      .handle("get", ({ path }) => Effect.map(visibleSignature(path.signature_id), ({ contract, signature }) => renderSignature(contract, signature)))
      .handle("receipts", ({ path }) => Effect.map(visible(path.id), ({ contract }) => whole(receiptsOf(contract))))
  }))
