import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// GET /contracts?updated_since= (issue 16). Without an index on the time, a since that few
// contracts meet made PostgreSQL scan every contract of the mode for it: 97 ms a page at 100,000
// contracts, against about a millisecond through this index.
//
// `revision` counts a contract's saves. Every save changes the row, but not always its sequence (a
// staged decision records no event), so a runner holding a copy of a contract it does not write
// (src/Engine/PeerCopies.ts) asks for this number to learn whether its copy is still the stored one.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE INDEX contracts_by_update ON contracts (mode, updated_at)`
  yield* sql`ALTER TABLE contracts ADD COLUMN revision integer NOT NULL DEFAULT 0`
})
