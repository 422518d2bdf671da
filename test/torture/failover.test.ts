import { describe, expect, it } from "@effect/vitest"
import type { ChildProcess } from "node:child_process"
import Pg from "pg"
import { call } from "../support/client.js"
import { freePort, killed, launch, outputOf } from "../support/childService.js"
import { databases } from "../support/databases.js"
import { allLetters, twoOrgs } from "../support/negotiation.js"
import { failoverLoad } from "./failoverLoad.js"
import { scale } from "./scale.js"

const postgres = databases.find((database) => database.name === "postgres")
const kills = scale(1, 3)
const stalls = scale(2, 6)
/** How long the first load goes on once all three runners answer, while their shards settle. */
const settling = scale(3_000, 20_000)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every page of a list, through one reader. */
const everything = async (get: (path: string) => Promise<{ body: any }>, path: string, cursor: (row: any) => string) => {
  const rows: Array<any> = []
  for (let after: string | undefined;;) {
    const page = (await get(`${path}${path.includes("?") ? "&" : "?"}limit=100${after === undefined ? "" : `&starting_after=${after}`}`)).body
    rows.push(...page.data)
    if (!page.has_more) return rows
    after = page.next_cursor ?? cursor(rows.at(-1))
  }
}

// The failover probe of issue 27, as a test: any 500 fails the run. Short in npm test, long under npm run torture.
describe.skipIf(postgres === undefined)("torture: failover probe over three runners (postgres)", () => {
  it(
    `answers no write 500: from the first second, through ${stalls} stalls of lock storage, through survivors as a holder dies ${kills}×`,
    async () => {
      const made = await postgres!.create()
      const runners = await Promise.all([0, 1, 2].map(async () => ({ port: await freePort(), address: `127.0.0.1:${await freePort()}` })))
      const children: Array<ChildProcess | undefined> = [undefined, undefined, undefined]
      const launched: Array<ChildProcess> = []
      const alive: Array<number> = []
      const through = () => `http://127.0.0.1:${runners[alive[Math.floor(Math.random() * alive.length)]!]!.port}`
      const start = async (i: number) => {
        children[i] = await launch(runners[i]!.port, { DATABASE_URL: made.url, RUNNER_ADDRESS: runners[i]!.address })
        launched.push(children[i]!)
        alive.push(i)
      }
      try {
        // Three first starts at once on an empty database; the writes begin as soon as one answers,
        // while the others join and the first hands them two thirds of its shards.
        const starting = [0, 1, 2].map(start)
        await Promise.race(starting)
        const { ada, bea, beta } = await twoOrgs(through)
        const load = failoverLoad(ada, bea, beta.people[0]!.email, through)
        await load.run(8, Promise.all(starting).then(() => sleep(settling)))

        // A database stall longer than the shard lock interval (2 s): the runner whose heartbeat row is
        // held judges its lock storage unhealthy and stops its entities mid-write, as a busy machine did.
        // Sixteen more clients keep every contract's queue full meanwhile, so that there are writes to stop.
        const stall = new Pg.Client({ connectionString: made.url })
        await stall.connect()
        for (let round = 0; round < stalls; round++) {
          const held = (async () => {
            await sleep(500)
            await stall.query("BEGIN")
            await stall.query("SELECT 1 FROM cluster_runners WHERE address = $1 FOR UPDATE", [runners[round % 3]!.address])
            await sleep(3000)
            await stall.query("ROLLBACK")
            await sleep(3000)
          })()
          await Promise.all([load.run(8, held), load.run(16, held, "notes")])
          await held
        }
        await stall.end()

        const failovers: Array<number> = []
        for (let round = 0; round < kills; round++) {
          // Out of the rotation for the whole round: every request goes through a survivor, and reaches
          // the victim only as a message for a contract it holds.
          const victim = round % 3
          alive.splice(alive.indexOf(victim), 1)
          const kill = (async () => {
            await sleep(1000 + Math.random() * 1000)
            await killed(children[victim]!)
            const killedAt = Date.now()
            // Failed over once every contract's writer answers again (a refusal is an answer too).
            await Promise.all([...load.drafts, ...load.contracts].map(async (id) => {
              for (;;) {
                const { status, text } = await call(through(), "PATCH", `/contracts/${id}/reply`, {
                  key: ada.org.keys.test,
                  person: ada.person,
                  body: { note: null }
                })
                if (status < 500) return
                if (status !== 503) load.violations.push(`failover probe PATCH /contracts/${id}/reply: ${status} ${text.slice(0, 200)}`)
                await sleep(200)
              }
            }))
            failovers.push(Date.now() - killedAt)
            // Back under load: the shards it held move back to it.
            await start(victim)
            await sleep(2000)
          })()
          await load.run(8, kill)
          await kill
        }
        await Promise.all(load.resolving)
        console.log(`failover probe: ${load.acknowledged.length} keyed writes acknowledged, failovers (ms) ${failovers.join(", ")}`)
        console.log(`failover probe answers: ${[...load.statuses].sort().map(([what, count]) => `${what}: ${count}`).join(", ")}`)
        expect(load.violations).toEqual([])
        // pg's DeprecationWarning: no runner ran two statements at once on one client (src/Cluster/LockStorage.ts).
        expect(launched.flatMap((child) => outputOf(child).warnings)).toEqual([])

        // Every acknowledged commit appears exactly once, and every contract's sequences run 1..head without a gap.
        for (const ack of load.acknowledged.filter((a) => a.kind === "CommitReply")) {
          const letters = await allLetters(ada, ack.path.split("/")[2]!)
          expect(letters.filter((letter: { id: string }) => letter.id === ack.answer.letter)).toHaveLength(1)
        }
        for (const id of [...load.drafts, ...load.contracts]) {
          const events = await everything(ada.get, `/contracts/${id}/events`, (event) => String(event.sequence))
          const head = (await ada.sheet(id)).head_sequence as number
          expect([...new Set(events.map((event: { sequence: number }) => event.sequence))]).toEqual(Array.from({ length: head }, (_, n) => n + 1))
        }
        // One contract per acknowledged draft: no draft answered 503 was drafted twice by its retries.
        const drafted = new Set(load.acknowledged.filter((a) => a.kind === "Draft").map((a) => a.answer.id as string))
        const listed = await everything(ada.get, "/contracts", (row) => row.id)
        expect(listed.map((row: { id: string }) => row.id).sort()).toEqual([...drafted].sort())
        // Each keyed write replays its first answer byte for byte through any runner.
        for (const ack of load.acknowledged) {
          const again = await call(through(), ack.method, ack.path, {
            key: ack.seat.org.keys.test,
            person: ack.seat.person,
            body: ack.body,
            headers: ack.headers
          })
          expect(again.text, `${ack.kind} ${ack.path}`).toBe(ack.text)
          expect(again.headers.get("idempotent-replayed")).toBe("true")
        }
      } finally {
        for (const child of children) if (child !== undefined && child.exitCode === null && child.signalCode === null) await killed(child)
        await made.drop()
      }
    },
    scale(300_000, 1_200_000)
  )
})
