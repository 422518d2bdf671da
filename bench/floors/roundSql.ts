// A round-sized transaction, the floor under one committed reply: insert a ~2 KB JSON row and
// bump a counter row, in one transaction. The same statements run on PostgreSQL and on PGlite.

export const roundSchema = [
  "DROP TABLE IF EXISTS bench_rounds",
  "DROP TABLE IF EXISTS bench_counters",
  "CREATE TABLE bench_rounds (id bigserial PRIMARY KEY, counter_id int NOT NULL, doc jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())",
  "CREATE TABLE bench_counters (id int PRIMARY KEY, n bigint NOT NULL)",
  "INSERT INTO bench_counters (id, n) SELECT g, 0 FROM generate_series(0, 999) g"
]

/** The counters stand for contracts: like the service flow, rounds are spread over 1,000 of them. */
export const counters = 1000

export const insertRound = "INSERT INTO bench_rounds (counter_id, doc) VALUES ($1, $2::jsonb)"
export const bumpCounter = "UPDATE bench_counters SET n = n + 1 WHERE id = $1"

/** About 2 KB of JSON, shaped loosely like a letter: ids, a note, a few decisions. */
export const roundDoc = (counter: number) =>
  JSON.stringify({
    letter: `let_${counter}_${Math.random().toString(36).slice(2)}`,
    contract: `con_${counter}`,
    note: "A".repeat(600),
    decisions: Array.from({ length: 8 }, (_, i) => ({ id: `dec_${i}`, block: `blk_${i}`, type: "accept", why: "B".repeat(120) }))
  })
