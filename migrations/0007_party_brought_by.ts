import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Each party now records the side that brought it in, which decides who may remove a guest.
// Stored parties learn it here, so the code never guesses: the recipients of the first Send
// (the counterparty parties that joined before any letter) were brought by the drafting side;
// everyone else was brought by their own side, since until now a side invited only onto itself.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    UPDATE contracts c SET doc = jsonb_set(c.doc, '{parties}', (
      SELECT coalesce(jsonb_agg(
        CASE WHEN p.party -> 'brought_by' IS NOT NULL THEN p.party
        ELSE p.party || jsonb_build_object('brought_by',
          CASE WHEN p.party ->> 'side' = 'counterparty' AND (p.party ->> 'joined_after')::int = 0 THEN 'drafter'
          ELSE p.party ->> 'side' END)
        END ORDER BY p.position), '[]'::jsonb)
      FROM jsonb_array_elements(c.doc -> 'parties') WITH ORDINALITY AS p (party, position)))
    WHERE jsonb_typeof(c.doc -> 'parties') = 'array'`
})
