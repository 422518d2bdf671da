import { Effect, Option } from "effect"
import { Actor } from "./Auth/Actor.js"
import { backfillAttention } from "./Engine/AttentionBackfill.js"
import { Ingress } from "./Ingress.js"
import { reject } from "./Domain/Contract/Rejection.js"
import { groupRows, pageGroups } from "./Domain/Views/Attention.js"
import { limitOf } from "./Http/Paging.js"
import { AttentionRepo, type BestKey, type FeedSeat } from "./Attention/Repo.js"

/**
 * One page of a seat's feed, by the domain's rules (groupRows, pageGroups) over only the groups the
 * page can hold: the groups after the cursor's, until their items reach `limit`. A group holds at
 * least as many rows as items, so the page's groups are among them. Null when `startingAfter` is
 * no open row of the seat's.
 */
export const attentionPage = Effect.fnUntraced(function*(repo: AttentionRepo, seat: FeedSeat, limit: number, startingAfter: string | undefined) {
  let after: BestKey | null = null
  if (startingAfter !== undefined) {
    const found = yield* repo.groupKeyOf(seat, startingAfter)
    if (Option.isNone(found)) return null
    after = found.value
  }
  const leaders = yield* repo.leaders(seat, after, limit)
  let taken = 0
  for (let items = 0; taken < leaders.length && items < limit; taken++) items += leaders[taken]!.items
  const page = pageGroups(groupRows(yield* repo.rowsOfGroups(seat, leaders.slice(0, taken))), limit, undefined)!
  const has_more = page.has_more || leaders.length > taken
  return { data: page.data, has_more, next_cursor: has_more ? page.data.at(-1)!.rows.at(-1)!.id : null }
})

/**
 * One person's feed: what waits on them across every seat they hold, and what waits on the other
 * side. It reads the rows each contract's save keeps (src/Engine/AttentionRows.ts) for the
 * contracts that need something now, a page of groups at a time, never the documents of every
 * contract the person sat on.
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
      const seat: FeedSeat = { person: caller.person!.id, mode: caller.mode, party: caller.guest?.party }
      const limit = yield* limitOf(query.limit)
      const page = yield* attentionPage(repo, seat, limit, query.starting_after)
      if (page === null) return yield* reject("invalid_request", "starting_after must be a row of your feed.", { param: "starting_after" })
      const waiting = [...(yield* repo.waiting(seat))].sort((a, b) => a.since.localeCompare(b.since))
      return { ...page, waiting_on_them: waiting, mail: yield* ingress.waitingOnCaller }
    })

    return { feed } as const
  }),
  dependencies: [AttentionRepo.Default, Ingress.Default]
}) {}
