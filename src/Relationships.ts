import { Effect, Option } from "effect"
import { Assets } from "./Assets.js"
import { Actor, domainActor } from "./Auth/Actor.js"
import { notFound } from "./Domain/Contract/Rejection.js"
import type { Actor as DomainActor } from "./Domain/Contract/Actor.js"
import type { Recipient } from "./Domain/Contract/Recipient.js"
import { counterpartyKey, relationshipId } from "./Domain/Contract/Relationship.js"
import { RelationshipsRepo } from "./Relationships/Repo.js"

/**
 * An org's standing with one counterparty: the contracts and people between them. The spec gives
 * the contracts unpaged, so a read answers every contract of the relationship the caller sees; it
 * reads their indexed columns and party rows, never their documents.
 */
export class Relationships extends Effect.Service<Relationships>()("Relationships", {
  dependencies: [Assets.Default, RelationshipsRepo.Default],
  effect: Effect.gen(function*() {
    const repo = yield* RelationshipsRepo
    const assets = yield* Assets

    const get = Effect.fnUntraced(function*(id: string) {
      const actor = domainActor(yield* Actor)
      const row = yield* repo.find(id)
      if (Option.isNone(row) || actor.org === null || row.value.mode !== actor.mode) return yield* notFound("relationship", id)
      // The other org of a relationship sees it through the contracts it sits on, and only those.
      const seen = yield* repo.contractsSeenBy(id, actor.org, actor.mode)
      const visible = [...new Map(seen.map(({ contract }) => [contract.id, contract])).values()]
      if (row.value.org !== actor.org && visible.length === 0) return yield* notFound("relationship", id)
      const people = new Map(seen.flatMap(({ person }) => (person === null ? [] : [[person.id, person] as const])))
      // The relationship's own assets belong to its org; the other org sees its contracts' only.
      const held = (yield* assets.ofRelationship(id, visible.map((c) => c.id)))
        .filter((asset) => asset.contract !== null || row.value.org === actor.org)
      return {
        id,
        object: "relationship" as const,
        contracts: visible,
        people: [...people.values()],
        assets: held.map((asset) => ({ id: asset.id, filename: asset.filename })),
        held,
        created: row.value.created
      }
    })

    /** The relationship a Send makes between the sender's org and its recipients' side, and whether it is new. */
    const derive = Effect.fnUntraced(function*(actor: DomainActor, recipients: ReadonlyArray<Recipient>) {
      const { key, org } = counterpartyKey(recipients.map((r) => r.person))
      const id = relationshipId(actor.mode, actor.org!, key)
      const created = !(yield* repo.inUse(id))
      return { id, created, key, org }
    })

    const read = (id: string) => Effect.map(get(id), ({ held: _held, ...relationship }) => relationship)

    /** GET /relationships/{id}/assets: the contracts' assets plus the relationship's own. */
    const assetsOf = (id: string) => Effect.map(get(id), ({ held }) => ({ data: held }))

    return { get: read, assetsOf, derive } as const
  })
}) {}
