import { PGlite } from "@electric-sql/pglite"
import { openDurable } from "../../src/Sql/DurableNodeFs.js"
import { runLoad, type LoadResult } from "../lib/load.js"
import { bumpCounter, counters, insertRound, roundDoc, roundSchema } from "./roundSql.js"

/**
 * The round transaction on PGlite in this process, on a data directory as the embedded default
 * runs (the same open, so the same durability: each commit fsynced unless `fsync` is false, as with
 * EMBEDDED_FSYNC=off). PGlite is one session, so concurrent clients queue for it: 32 clients
 * measure the queue, not parallelism.
 */
export const pgliteRoundFloor = async (dataDir: string, clients: number, durationMs: number, fsync = true): Promise<LoadResult> => {
  const db = fsync ? await openDurable(dataDir) : await PGlite.create(dataDir)
  try {
    for (const statement of roundSchema) await db.query(statement)
    let next = 0
    return await runLoad({
      clients,
      durationMs,
      op: async () => {
        const counter = next++ % counters
        await db.transaction(async (tx) => {
          await tx.query(insertRound, [counter, roundDoc(counter)])
          await tx.query(bumpCounter, [counter])
        })
        return 200
      }
    })
  } finally {
    await db.close()
  }
}
