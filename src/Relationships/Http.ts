import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { Api } from "../Api.js"
import { Actor, domainActor } from "../Auth/Actor.js"
import { ContractsRepo } from "../Contracts/Repo.js"
import { notFound } from "../Domain/Contract/Rejection.js"
import { seatOf } from "../Domain/Contract/Seat.js"
import { NegotiationRepo } from "../Negotiation/Repo.js"

/** A relationship lists its contracts whole; past this many, the contracts list pages through them. */
export const relationshipContracts = 1000

export const RelationshipsHttp = HttpApiBuilder.group(Api, "relationships", (handlers) =>
  Effect.gen(function*() {
    const contracts = yield* ContractsRepo
    const repo = yield* NegotiationRepo
    return handlers.handle("get", ({ path }) =>
      Effect.gen(function*() {
        const actor = domainActor(yield* Actor)
        const row = yield* repo.relationship(path.id)
        if (Option.isNone(row) || actor.org === null || row.value.mode !== actor.mode) return yield* notFound("relationship", path.id)
        const listed = yield* contracts.list({
          org: actor.org,
          mode: actor.mode,
          states: undefined,
          origins: undefined,
          relationship: path.id,
          updatedSince: undefined,
          after: undefined,
          limit: relationshipContracts
        })
        // The other org of a relationship sees it through the contracts it sits on, and only those.
        const visible = listed.slice(0, relationshipContracts).filter((contract) => seatOf(contract, actor) !== null)
        if (row.value.org !== actor.org && visible.length === 0) return yield* notFound("relationship", path.id)
        const people = new Map(visible.flatMap((c) => c.parties.map((p) => [p.person, { id: p.person, name: p.name, email: p.email }] as const)))
        return {
          id: path.id,
          object: "relationship" as const,
          contracts: visible.map((c) => ({ id: c.id, state: c.state, origin: c.origin })),
          people: [...people.values()],
          assets: [],
          created: row.value.created
        }
      }))
  }))
