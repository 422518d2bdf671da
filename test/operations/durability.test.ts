import { SqlClient } from "@effect/sql"
import { afterAll, beforeAll, describe, expect, it, vi } from "@effect/vitest"
import { Effect } from "effect"
import fs, { mkdtempSync, readlinkSync, rmSync } from "node:fs"
import { syncBuiltinESMExports } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Pg from "pg"
import { createOrg, seat } from "../support/client.js"
import { databases } from "../support/databases.js"
import { type Running, startService } from "../support/service.js"

// The embedded database runs in this process, so every fsync it makes is a call to fs.fsyncSync
// here: recorded with the path its descriptor names, at the moment it is made.
const synced: Array<string> = []
const fsyncSync = fs.fsyncSync
const pathOf = (fd: number) => {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`)
  } catch {
    return `fd ${fd}`
  }
}

/** The paths fsynced while `write` ran, from its start until its answer arrived. */
const syncedDuring = async <A>(write: () => Promise<A>) => {
  const from = synced.length
  const answer = await write()
  return { answer, paths: synced.slice(from) }
}

const pglite = databases.find((database) => database.name === "pglite")!

describe("the embedded database's commits reach the disk before they are acknowledged", () => {
  const dirs: Array<string> = []
  const services: Array<Running> = []
  const start = async (embeddedFsync: boolean | undefined) => {
    const dataDir = mkdtempSync(join(tmpdir(), "cns-durable-"))
    dirs.push(dataDir)
    const running = await startService(pglite, { dataDir, embeddedFsync })
    services.push(running)
    return { dataDir, running }
  }
  let durable: Awaited<ReturnType<typeof start>>
  let fast: Awaited<ReturnType<typeof start>>

  beforeAll(async () => {
    vi.spyOn(fs, "fsyncSync").mockImplementation((fd) => {
      synced.push(pathOf(fd))
      fsyncSync(fd)
    })
    syncBuiltinESMExports()
    ;[durable, fast] = await Promise.all([start(undefined), start(false)])
  })
  afterAll(async () => {
    for (const running of services) await running.stop()
    vi.restoreAllMocks()
    syncBuiltinESMExports()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it("by default: PostgreSQL's fsync on, the WAL fsynced before POST /contracts answers", async () => {
    const { dataDir, running } = durable
    const settings = await running.run(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const [fsync] = yield* sql<{ fsync: string }>`SHOW fsync`
      const [method] = yield* sql<{ wal_sync_method: string }>`SHOW wal_sync_method`
      return { fsync: fsync!.fsync, method: method!.wal_sync_method }
    }))
    expect(settings).toEqual({ fsync: "on", method: "fsync" })
    const org = await createOrg(running.url)
    const { answer, paths } = await syncedDuring(() => seat(running.url, org).draft())
    expect(answer.status).toBe(201)
    expect(paths.filter((path) => path.startsWith(join(dataDir, "pg_wal") + "/")).length).toBeGreaterThan(0)
  })

  it("by default, a draft's kept answer commits with its flush, as every commit does here", async () => {
    // PGlite has no WAL writer: a commit left to flush later stays in this process's memory until a
    // later commit flushes it, and a crash of the process right after the answer would lose it (the
    // key then refused as still running). Only on a PostgreSQL server may the answer flush later.
    const { running } = durable
    const org = await createOrg(running.url)
    const statements: Array<string> = []
    const query = Pg.Client.prototype.query
    Pg.Client.prototype.query = function(this: Pg.Client, ...args: Array<unknown>) {
      const text = args[0]
      statements.push(typeof text === "string" ? text : typeof text === "object" && text !== null && "text" in text ? String(text.text) : "")
      return (query as (...given: Array<unknown>) => unknown).apply(this, args)
    } as typeof query
    try {
      expect((await seat(running.url, org).draft()).status).toBe(201)
    } finally {
      Pg.Client.prototype.query = query
    }
    const kept = statements.filter((text) => /UPDATE idempotency_keys SET status = /.test(text))
    expect(kept).toHaveLength(1)
    expect(kept[0]).not.toMatch(/set_config\('synchronous_commit'/)
  })

  it("with EMBEDDED_FSYNC=off: fsync off, nothing under the data directory fsynced", async () => {
    const { dataDir, running } = fast
    const fsync = await running.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ fsync: string }>`SHOW fsync`))
    expect(fsync[0]!.fsync).toBe("off")
    const org = await createOrg(running.url)
    const { answer, paths } = await syncedDuring(() => seat(running.url, org).draft())
    expect(answer.status).toBe(201)
    expect(paths.filter((path) => path.startsWith(dataDir))).toEqual([])
  })
})
