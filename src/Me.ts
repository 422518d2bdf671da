import { Effect } from "effect"
import { Actor } from "./Auth/Actor.js"
import { ContractStore } from "./Engine/ContractStore.js"

export const meParties = 50

// Rungs are not yet defined by the spec: every seat is rung 0, "an agent never acts alone" (docs/gaps.md).
const rung = 0

/** The caller as the service knows them: person, org, seats, scopes, version and credential. */
export class Me extends Effect.Service<Me>()("Me", {
  dependencies: [ContractStore.Default],
  effect: Effect.gen(function*() {
    const store = yield* ContractStore

    const me = Effect.fnUntraced(function*(startingAfter: string | undefined) {
      const caller = yield* Actor
      // A guest's link is one seat: exactly one parties row, never the person's other contracts.
      const rows = caller.person === null
        ? []
        : caller.guest !== null
        ? yield* store.seatsOf(caller.person.id, caller.mode, undefined, 1, caller.guest.party)
        : yield* store.seatsOf(caller.person.id, caller.mode, startingAfter, meParties)
      const parties = rows.slice(0, meParties)
      const has_more = rows.length > meParties
      return {
        person_id: caller.person?.id ?? null,
        name: caller.person?.name ?? null,
        email: caller.person?.email ?? null,
        org_id: caller.org?.id ?? null,
        org_name: caller.org?.name ?? null,
        livemode: caller.mode === "live",
        parties,
        has_more,
        next_cursor: has_more ? parties[parties.length - 1]!.party : null,
        person_rung: rung,
        org_ceiling: rung,
        effective_rung: rung,
        scopes: caller.scopes,
        pinned_version: caller.pinnedVersion,
        version: caller.version,
        credential: caller.credential,
        is_guest: caller.guest !== null
      }
    })

    return { me } as const
  })
}) {}
