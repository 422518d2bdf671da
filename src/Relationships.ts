import { Effect, Option } from "effect"
import { Assets } from "./Assets.js"
import { Actor, domainActor } from "./Auth/Actor.js"
import { ContractStore } from "./Contracts/ContractStore.js"
import { notFound } from "./Domain/Contract/Rejection.js"
import { seatOf } from "./Domain/Contract/Seat.js"
import type { Actor as DomainActor } from "./Domain/Contract/Actor.js"
import type { Recipient } from "./Domain/Contract/Recipient.js"
import { counterpartyKey, relationshipId } from "./Domain/Contract/Relationship.js"
import { RelationshipsRepo } from "./Relationships/Repo.js"

/** A relationship lists its contracts whole; past this many, the contracts list pages through them. */
export const relationshipContracts = 1000

/** An org's standing with one counterparty: the contracts and people between them. */
export class Relationships extends Effect.Service<Relationships>()("Relationships", {
  effect: Effect.gen(function*() {
    const store = yield* ContractStore
    const repo = yield* RelationshipsRepo
    const assets = yield* Assets

    const get = Effect.fnUntraced(function*(id: string) {
      const actor = domainActor(yield* Actor)
      const row = yield* repo.find(id)
      if (Option.isNone(row) || actor.org === null || row.value.mode !== actor.mode) return yield* notFound("relationship", id)
      const listed = yield* store.list({
        org: actor.org,
        mode: actor.mode,
        states: undefined,
        origins: undefined,
        relationship: id,
        updatedSince: undefined,
        after: undefined,
        limit: relationshipContracts
      })
      // The other org of a relationship sees it through the contracts it sits on, and only those.
      const visible = listed.slice(0, relationshipContracts).filter((contract) => seatOf(contract, actor) !== null)
      if (row.value.org !== actor.org && visible.length === 0) return yield* notFound("relationship", id)
      const people = new Map(visible.flatMap((c) => c.parties.map((p) => [p.person, { id: p.person, name: p.name, email: p.email }] as const)))
      // The relationship's own assets belong to its org; the other org sees its contracts' only.
      const held = (yield* assets.ofRelationship(id, visible.map((c) => c.id)))
        .filter((asset) => asset.contract !== null || row.value.org === actor.org)
      return {
        id,
        object: "relationship" as const,
        contracts: visible.map((c) => ({ id: c.id, state: c.state, origin: c.origin })),
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
