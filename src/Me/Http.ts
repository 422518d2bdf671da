import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Actor } from "../Auth/Actor.js"
import { ContractsRepo } from "../Contracts/Repo.js"

export const meParties = 50

// Rungs are not yet defined by the spec: every seat is rung 0, "an agent never acts alone" (docs/gaps.md).
const rung = 0

export const MeHttp = HttpApiBuilder.group(Api, "me", (handlers) =>
  Effect.gen(function*() {
    const repo = yield* ContractsRepo
    return handlers.handle("me", ({ urlParams }) =>
      Effect.gen(function*() {
        const caller = yield* Actor
        // A guest's link is one seat: exactly one parties row, never the person's other contracts.
        const rows = caller.person === null
          ? []
          : caller.guest !== null
          ? (yield* repo.partiesOf(caller.person.id, caller.mode, undefined, 1000)).filter((row) => row.party === caller.guest!.party)
          : yield* repo.partiesOf(caller.person.id, caller.mode, urlParams.starting_after, meParties)
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
      }))
  }))
