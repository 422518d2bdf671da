import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"

export interface Mark {
  readonly person: string
  readonly kind: "typed" | "image"
  readonly text: string | null
  readonly content_type: string | null
  /** Base64 image bytes; null for a typed mark. */
  readonly data: string | null
  readonly checksum: string
  readonly updated_at: string
}

/** A person's marks, one per mode: a test key's mark is never the one a live signature pins. */
export class MarksRepo extends Effect.Service<MarksRepo>()("Marks/MarksRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const find = Effect.fnUntraced(function*(person: string, mode: Mode) {
      const rows = yield* sql<
        { kind: Mark["kind"]; text: string | null; content_type: string | null; data: string | null; checksum: string; updated_at: Date }
      >`
        SELECT kind, text, content_type, data, checksum, updated_at FROM people_marks WHERE person_id = ${person} AND mode = ${mode}`
      return Option.map(Option.fromNullable(rows[0]), (row): Mark => ({ person, ...row, updated_at: new Date(row.updated_at).toISOString() }))
    }, Effect.orDie)

    const put = Effect.fnUntraced(function*(mark: Mark, mode: Mode) {
      yield* sql`
        INSERT INTO people_marks (person_id, mode, kind, text, content_type, data, checksum, updated_at)
        VALUES (${mark.person}, ${mode}, ${mark.kind}, ${mark.text}, ${mark.content_type}, ${mark.data}, ${mark.checksum}, ${mark.updated_at})
        ON CONFLICT (person_id, mode) DO UPDATE SET kind = EXCLUDED.kind, text = EXCLUDED.text, content_type = EXCLUDED.content_type,
          data = EXCLUDED.data, checksum = EXCLUDED.checksum, updated_at = EXCLUDED.updated_at`
    }, Effect.orDie)

    const remove = Effect.fnUntraced(function*(person: string, mode: Mode) {
      const rows = yield* sql`DELETE FROM people_marks WHERE person_id = ${person} AND mode = ${mode} RETURNING person_id`
      return rows.length > 0
    }, Effect.orDie)

    return { find, put, remove } as const
  })
}) {}
