import Pg from "pg"
import { runLoad, type LoadResult } from "../lib/load.js"
import { bumpCounter, counters, insertRound, roundDoc, roundSchema } from "./roundSql.js"

/** The round transaction through the `pg` client, one pooled connection per client. */
export const pgRoundFloor = async (url: string, clients: number, durationMs: number): Promise<LoadResult> => {
  const pool = new Pg.Pool({ connectionString: url, max: clients })
  // A connection still closing when the floor's database is dropped is ended by the server; an
  // idle client's error would otherwise be unhandled and end the whole bench.
  pool.on("error", () => undefined)
  try {
    for (const statement of roundSchema) await pool.query(statement)
    let next = 0
    return await runLoad({
      clients,
      durationMs,
      op: async () => {
        const counter = next++ % counters
        const connection = await pool.connect()
        try {
          await connection.query("BEGIN")
          await connection.query(insertRound, [counter, roundDoc(counter)])
          await connection.query(bumpCounter, [counter])
          await connection.query("COMMIT")
          return 200
        } catch (error) {
          await connection.query("ROLLBACK").catch(() => undefined)
          throw error
        } finally {
          connection.release()
        }
      }
    })
  } finally {
    await pool.end()
  }
}
