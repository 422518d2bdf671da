import Pg from "pg"

/**
 * How a cluster's 300 shards are spread over its runners, as PostgreSQL sees them: each runner
 * holds its shards' advisory locks on one connection of its own, so the counts per connection,
 * largest first, are the shards per runner (the serving and joining locks, one a connection, are left out).
 */
export const shardSpread = async (databaseUrl: string): Promise<ReadonlyArray<number>> => {
  const client = new Pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const rows = (await client.query(
      `SELECT count(*)::int AS shards FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
       GROUP BY pid HAVING count(*) > 10 ORDER BY shards DESC`
    )).rows as ReadonlyArray<{ shards: number }>
    return rows.map((row) => row.shards)
  } finally {
    await client.end()
  }
}

/** Waits until the shards are spread as `expected` (largest first); how long that took, in ms. */
export const spreadWithin = async (databaseUrl: string, expected: ReadonlyArray<number>, limitMs: number): Promise<number> => {
  const started = Date.now()
  let last: ReadonlyArray<number> = []
  while (Date.now() - started < limitMs) {
    last = await shardSpread(databaseUrl)
    if (last.join("/") === expected.join("/")) return Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the shards stayed spread ${last.join("/")} for ${limitMs} ms, not ${expected.join("/")}`)
}
