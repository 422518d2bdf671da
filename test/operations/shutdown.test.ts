import { describe, expect, it } from "@effect/vitest"
import type { ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createOrg } from "../support/client.js"
import { freePort, killed, launch, outputOf } from "../support/childService.js"
import { databases } from "../support/databases.js"
import { spreadWithin } from "../support/shardSpread.js"
import { exitOf, mixedLoad, type Outcome, readinessWatch, type Seat, send, slowUpload } from "./shutdownClients.js"

const grace = 15
const settings = { SHUTDOWN_GRACE_SECONDS: String(grace) }
const stop = async (child: ChildProcess) => {
  if (child.exitCode === null && child.signalCode === null) await killed(child)
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const seatOn = async (port: number): Promise<Seat> => {
  const org = await createOrg(`http://127.0.0.1:${port}`)
  return { org, person: org.people[0]!.id }
}

/**
 * SIGTERM under mixed load, with a slow upload keeping the drain open: what every client met,
 * how the drain looked from a connection opened before it, and how the process ended.
 */
const terminateUnderLoad = async (child: ChildProcess, port: number, seat: Seat) => {
  const load = mixedLoad(port, seat, 6)
  const readiness = readinessWatch(port)
  await sleep(1500)
  while (load.drafted.length === 0) await sleep(100)
  const upload = slowUpload(port, seat, load.drafted[0]!, 4)
  await upload.headSent
  await sleep(700)
  const exited = exitOf(child)
  const signalledAt = Date.now()
  child.kill("SIGTERM")
  const [exit, uploaded] = await Promise.all([exited, upload.done, load.done, readiness.done])
  return { exit, signalledAt, uploaded, load, readiness: readiness.answers }
}

type Terminated = Awaited<ReturnType<typeof terminateUnderLoad>>

const judge = (run: Terminated, output: string) => {
  const { exit, signalledAt, uploaded, load, readiness } = run
  expect(exit, output.slice(-3000)).toMatchObject({ code: 0, signal: null })
  expect(exit.at - signalledAt).toBeLessThan(grace * 1000)
  // No answer is a 5xx; no request that reached the node is reset. Refused connections, once the listener closed, are fine.
  const broken = (o: Outcome) => (o.status !== undefined && o.status >= 500) || (o.error !== undefined && o.error !== "ECONNREFUSED")
  expect(load.outcomes.filter(broken), `signalled at ${signalledAt}, exited at ${exit.at}, upload ${JSON.stringify(uploaded)}; ${output.slice(-1500)}`).toEqual(
    []
  )
  expect(load.outcomes.filter((o) => o.status !== undefined && o.status < 300).length).toBeGreaterThan(5)
  expect(load.outcomes.some((o) => o.error === "ECONNREFUSED" && o.sentAt > signalledAt)).toBe(true)
  // The slow upload that kept the drain open finished, told to close its connection.
  expect([uploaded.status, uploaded.headers?.["connection"]], uploaded.body ?? uploaded.error).toEqual([201, "close"])
  // Ready up to the signal; then, on a connection the node already had, 503 draining before the drain ended.
  const last = readiness.at(-1)!
  expect(readiness.slice(0, -1).every((answer) => answer.status === 200), JSON.stringify(readiness.slice(-3))).toBe(true)
  expect([last.status, last.body && JSON.parse(last.body), last.headers?.["connection"], last.headers?.["cache-control"]], JSON.stringify(readiness.slice(-3)))
    .toEqual([
      503,
      { status: "draining" },
      "close",
      "no-store"
    ])
  expect(last.sentAt).toBeLessThan(exit.at)
}

/** Every acknowledged draft reads back through `port`. */
const everyDraftKept = async (port: number, seat: Seat, drafted: ReadonlyArray<string>) => {
  const headers = { authorization: `Bearer ${seat.org.keys.test}`, "contracts-acting-person": seat.person }
  const reads = await Promise.all(drafted.map((id) => send(port, "read", "GET", `/contracts/${id}`, { headers })))
  expect(reads.map((read) => read.status)).toEqual(drafted.map(() => 200))
}

describe("graceful shutdown on SIGTERM", () => {
  it("pglite: drains under load, answers no 5xx and resets nothing, exits 0, and keeps every acknowledged write", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cns-shutdown-"))
    const port = await freePort()
    let child = await launch(port, { ...settings, DATA_DIR: dataDir })
    try {
      const seat = await seatOn(port)
      const run = await terminateUnderLoad(child, port, seat)
      judge(run, outputOf(child).tail)
      console.log(`pglite: SIGTERM to exit ${run.exit.at - run.signalledAt} ms; ${run.load.drafted.length} drafts acknowledged`)
      child = await launch(port, { ...settings, DATA_DIR: dataDir })
      await everyDraftKept(port, seat, run.load.drafted)
    } finally {
      await stop(child)
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 240_000)
})

/**
 * How long writes to the contracts go unanswered through `port` (the runner that stays): each
 * contract is written over and over until it answers after `over` resolves; the longest a write
 * waited for its answer, counted from the first of a run refused 503 while its shard moved, in ms.
 */
const unanswered = async (port: number, seat: Seat, contracts: ReadonlyArray<string>, over: Promise<unknown>) => {
  let ended = false
  void over.then(() => (ended = true))
  const headers = { authorization: `Bearer ${seat.org.keys.test}`, "contracts-acting-person": seat.person, "content-type": "application/json" }
  const windows = await Promise.all(contracts.map(async (id) => {
    let longest = 0
    let failingSince: number | undefined
    for (;;) {
      const sentAt = Date.now()
      const answer = await send(port, "probe", "PATCH", `/contracts/${id}/reply`, { headers, body: JSON.stringify({ note: null }) })
      if (answer.status === undefined || answer.status >= 500) {
        expect([answer.status, answer.headers?.["retry-after"]], answer.body ?? answer.error).toEqual([503, "1"])
        failingSince ??= sentAt
      } else {
        // A write for a shard on the move waits for it (up to the write timeout) or is refused 503 meanwhile.
        longest = Math.max(longest, Date.now() - (failingSince ?? sentAt))
        failingSince = undefined
        if (ended) return longest
      }
      await sleep(50)
    }
  }))
  return Math.max(...windows)
}

const postgres = databases.find((database) => database.name === "postgres")
describe.skipIf(postgres === undefined)("graceful shutdown of one runner of two (postgres)", () => {
  it("drains under load, and its shards move to the other runner at once, where a kill waits for the lock expiry", async () => {
    const made = await postgres!.create()
    const [a, b] = await Promise.all([0, 1].map(async () => ({ port: await freePort(), address: `127.0.0.1:${await freePort()}` })))
    const start = (runner: { port: number; address: string }) => launch(runner.port, { ...settings, DATABASE_URL: made.url, RUNNER_ADDRESS: runner.address })
    const children: Array<ChildProcess> = []
    try {
      children.push(...await Promise.all([start(a!), start(b!)]))
      const seat = await seatOn(b!.port)
      // Twelve contracts: some on each runner's shards, all probed through the one that stays.
      const contracts = (await Promise.all(Array.from({ length: 12 }, () =>
        send(b!.port, "draft", "POST", "/contracts", {
          headers: {
            authorization: `Bearer ${seat.org.keys.test}`,
            "contracts-acting-person": seat.person,
            "content-type": "application/json",
            "idempotency-key": `handover-${Math.random()}`
          },
          body: JSON.stringify({ template_id: "tpl_mutual_nda", facts: {} })
        })))).map((drafted) => JSON.parse(drafted.body!).id as string)
      await spreadWithin(made.url, [150, 150], 60_000)

      const terminated = terminateUnderLoad(children[0]!, a!.port, seat)
      const afterTerm = await unanswered(b!.port, seat, contracts, terminated)
      const run = await terminated
      judge(run, outputOf(children[0]!).tail)

      children[0] = await start(a!)
      await everyDraftKept(a!.port, seat, run.load.drafted)
      await spreadWithin(made.url, [150, 150], 60_000)
      const exited = exitOf(children[0])
      children[0].kill("SIGKILL")
      const afterKill = await unanswered(b!.port, seat, contracts, exited)

      console.log(`two runners: writes unanswered for ${afterTerm} ms after SIGTERM (drain ${run.exit.at - run.signalledAt} ms), ${afterKill} ms after SIGKILL`)
      // A drained runner hands its shards over as it stops: no wait for the 8 s lock expiry a kill leaves.
      expect(afterTerm).toBeLessThan(4000)
      expect(afterTerm).toBeLessThan(afterKill)
    } finally {
      for (const child of children) await stop(child)
      await made.drop()
    }
  }, 300_000)
})
