import { SqlClient } from "@effect/sql"
import { Effect, Option, Schema } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"
import type { AttentionRow, Waiting } from "../Domain/Views/Attention.js"
import { decodeFirst, decodeRows, JsonColumn, SqlNumber } from "../Sql/Rows.js"
import { AttentionRow as StoredRow } from "./Api.js"

/** A wait as the attention rows store it. */
const StoredWaiting = Schema.Struct({
  waiting: JsonColumn(Schema.Struct({
    relationship: Schema.NullOr(Schema.String),
    counterparty: Schema.String,
    contract: Schema.String,
    since: Schema.String
  }))
})

const GroupNameColumns = { relationship: Schema.NullOr(Schema.String), counterparty: Schema.String }

/** A group's best key as the order index holds it. */
const StoredKey = Schema.Struct({ best_rank: SqlNumber, best_since: Schema.String, best_id: Schema.String })

/** A leading group and its counted items. */
const StoredLeader = Schema.Struct({ ...GroupNameColumns, items: SqlNumber })

/** An item's rows as the contracts' saves store them: the feed's own rows, which the API answers as they are. */
const StoredItem = Schema.Struct({ ...GroupNameColumns, rows: JsonColumn(Schema.Array(StoredRow)) })

/** Whose feed: a person in a mode, and for a guest link only its one seat. */
export interface FeedSeat {
  readonly person: string
  readonly mode: Mode
  readonly party: string | undefined
}

/** A group's place in the feed: its most urgent row's kind rank, `since` and id. */
export interface BestKey {
  readonly rank: number
  readonly since: string
  readonly id: string
}

export interface GroupName {
  readonly relationship: string | null
  readonly counterparty: string
}

/** A group that leads from its place on, with how many items it holds, counted up to the page's limit. */
export interface Leader extends GroupName {
  readonly items: number
}

export interface GroupRow extends GroupName {
  readonly row: AttentionRow
}

/**
 * The feed's rows as the contracts' saves left them (src/Engine/AttentionRows.ts), read a page
 * at a time through the indexes of migrations/0018_attention_order.ts: an item's best key orders
 * it, and a group is the items of one relationship and counterparty.
 */
export class AttentionRepo extends Effect.Service<AttentionRepo>()("Attention/AttentionRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** The seat's open items with rows, in table `t`: what the order and group indexes hold. */
    const ranked = (t: string, { mode, party, person }: FeedSeat) => {
      const at = sql.literal(t)
      return sql`${at}.person_id = ${person} AND ${at}.mode = ${mode} AND ${at}.open AND ${at}.best_id IS NOT NULL${
        party === undefined ? sql`` : sql` AND ${at}.party_id = ${party}`
      }`
    }
    const sameGroup = (t: string, as: string) =>
      sql.literal(`${t}.counterparty = ${as}.counterparty AND coalesce(${t}.relationship, '') = coalesce(${as}.relationship, '')`)
    // The indexes' order, which is byUrgency's (src/Domain/Views/Attention.ts) whatever the database's collation.
    const key = (t: string) => sql.literal(`${t}.best_rank, ${t}.best_since COLLATE "C", ${t}.best_id COLLATE "C"`)

    /** The best key of the group holding an open row (through the row ids' index), or none. */
    const groupKeyOf = Effect.fnUntraced(function*(seat: FeedSeat, rowId: string) {
      const row = yield* decodeFirst(StoredKey)(
        yield* sql`
        SELECT g.best_rank, g.best_since, g.best_id FROM attention_items c CROSS JOIN LATERAL (
          SELECT g.best_rank, g.best_since, g.best_id FROM attention_items g WHERE ${ranked("g", seat)} AND ${sameGroup("g", "c")}
          ORDER BY ${key("g")} LIMIT 1) g
        WHERE ${ranked("c", seat)} AND c.row_ids @> ARRAY[${rowId}::text]`
      )
      return Option.map(Option.fromNullable(row), (found): BestKey => ({ rank: found.best_rank, since: found.best_since, id: found.best_id }))
    }, Effect.orDie)

    /**
     * Up to `limit + 1` groups after `after`, in the feed's order: the items that lead their group
     * (no better item in it), walked through the order index and each checked through the group's.
     */
    const leaders = Effect.fnUntraced(function*(seat: FeedSeat, after: BestKey | null, limit: number) {
      const rows = yield* sql`
        SELECT l.relationship, l.counterparty, n.items FROM (
          SELECT i.relationship, i.counterparty, i.best_rank, i.best_since, i.best_id FROM attention_items i
          WHERE ${ranked("i", seat)}${after === null ? sql`` : sql` AND (${key("i")}) > (${after.rank}, ${after.since}, ${after.id})`}
            AND NOT EXISTS (
              SELECT 1 FROM attention_items b WHERE ${ranked("b", seat)} AND ${sameGroup("b", "i")} AND (${key("b")}) < (${key("i")}))
          ORDER BY ${key("i")} LIMIT ${limit + 1}
        ) l CROSS JOIN LATERAL (
          SELECT count(*)::int AS items FROM (SELECT 1 FROM attention_items g WHERE ${ranked("g", seat)} AND ${sameGroup("g", "l")} LIMIT ${limit}) g
        ) n
        ORDER BY ${key("l")}`
      return yield* decodeRows(StoredLeader)(rows)
    }, Effect.orDie)

    /**
     * Every row of the named groups, which the domain groups and sorts. Group by group through the
     * group index: as a join, a person holding most of the table's open items (one counterparty's
     * whole history) had PostgreSQL hash the named groups and scan the table (the ORDER BY keeps the
     * planner from flattening the LATERAL into that join).
     */
    const rowsOfGroups = Effect.fnUntraced(function*(seat: FeedSeat, groups: ReadonlyArray<GroupName>) {
      if (groups.length === 0) return []
      const names = groups.map(({ counterparty, relationship }) => ({ counterparty, relationship }))
      const items = yield* sql`
        SELECT i.relationship, i.counterparty, i.rows
        FROM jsonb_to_recordset(${JSON.stringify(names)}::jsonb) AS w(counterparty text, relationship text)
        CROSS JOIN LATERAL (SELECT i.relationship, i.counterparty, i.rows FROM attention_items i
          WHERE ${ranked("i", seat)} AND ${sameGroup("i", "w")} ORDER BY ${key("i")}) i`
      return (yield* decodeRows(StoredItem)(items)).flatMap(({ counterparty, relationship, rows }) =>
        rows.map((row): GroupRow => ({ row, relationship, counterparty }))
      )
    }, Effect.orDie)

    /**
     * The contracts waiting on the other side, by party, as the seats were read before, so ties keep
     * their order; through the index of waits by person (migrations/0018_attention_order.ts).
     */
    const waiting = Effect.fnUntraced(function*({ mode, party, person }: FeedSeat) {
      const rows = yield* sql`
        SELECT waiting FROM attention_items
        WHERE (CASE WHEN waiting IS NOT NULL THEN person_id END) = ${person} AND mode = ${mode} AND waiting IS NOT NULL${
        party === undefined ? sql`` : sql` AND party_id = ${party}`
      }
        ORDER BY party_id`
      return (yield* decodeRows(StoredWaiting)(rows)).map((row): Waiting => row.waiting)
    }, Effect.orDie)

    return { groupKeyOf, leaders, rowsOfGroups, waiting } as const
  })
}) {}
