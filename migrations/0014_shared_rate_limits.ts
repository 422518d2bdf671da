import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Several runners (issue 16). The rate-limit token buckets of a cluster, one row per bucket and
// class, so an allowance is one allowance whichever runner a request reaches (src/RateLimit/).
// UNLOGGED: written on nearly every request, and worth no WAL; a crash empties it, which only
// gives every caller a full minute's allowance again. `at` is the Effect clock's ms of the last
// refill, never the database's now(), so tests drive it. A process alone leaves it empty.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE UNLOGGED TABLE shared_rate_limits (
    bucket text NOT NULL,
    class text NOT NULL,
    tokens double precision NOT NULL,
    at bigint NOT NULL,
    PRIMARY KEY (bucket, class)
  )`
})
