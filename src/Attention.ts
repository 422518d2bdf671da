import { Effect } from "effect"
import { Actor } from "./Auth/Actor.js"
import { backfillAttention } from "./Contracts/AttentionBackfill.js"
import { Ingress } from "./Ingress.js"
import { reject } from "./Domain/Contract/Rejection.js"
import { groupRows, pageGroups } from "./Domain/Views/Attention.js"
import { limitOf } from "./Http/Paging.js"
import { AttentionRepo } from "./Attention/Repo.js"

/**
 * One person's feed: what waits on them across every seat they hold, and what waits on the other
 * side. It reads the rows each contract's save keeps (src/Contracts/AttentionRows.ts) for the
 * contracts that need something now, never the documents of every contract the person sat on.
 */
export class Attention extends Effect.Service<Attention>()("Attention", {
  effect: Effect.gen(function*() {
    const repo = yield* AttentionRepo
    const ingress = yield* Ingress
    // Contracts stored before the rows existed get theirs before the feed serves.
    yield* backfillAttention

    const feed = Effect.fnUntraced(function*(query: { readonly limit?: string | undefined; readonly starting_after?: string | undefined }) {
      const caller = yield* Actor
      // The gateway requires an acting person here (the route's policy): a feed is one person's.
      const person = caller.person!
      const limit = yield* limitOf(query.limit)
      const items = yield* repo.openItems(person.id, caller.mode, caller.guest?.party)
      const rows = items.flatMap(({ counterparty, relationship, rows }) => rows.map((row) => ({ row, relationship, counterparty })))
      const page = pageGroups(groupRows(rows), limit, query.starting_after)
      if (page === null) return yield* reject("invalid_request", "starting_after must be a row of your feed.", { param: "starting_after" })
      const waiting = items.flatMap(({ waiting }) => (waiting === null ? [] : [waiting]))
      return { ...page, waiting_on_them: waiting.sort((a, b) => a.since.localeCompare(b.since)), mail: yield* ingress.waitingOnCaller }
    })

    return { feed } as const
  }),
  dependencies: [AttentionRepo.Default]
}) {}
