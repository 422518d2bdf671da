import { describe, expect, it } from "@effect/vitest"
import { rmSync } from "node:fs"
import { wordsHash } from "../../src/Domain/Words/Blocks.js"
import { call, idempotencyKey } from "../support/client.js"
import { databases } from "../support/databases.js"
import { allLetters, replayLetters, twoOrgs } from "../support/negotiation.js"
import { freePort, killed, launch } from "../support/childService.js"
import { scale } from "./scale.js"
import { seededDataDir } from "../support/seededDataDir.js"

const kills = scale(3, 10)

interface Block {
  readonly id: string
  readonly kind: string
  readonly text: string
}

/** A request the server acknowledged (answered 2xx): it must survive any crash that follows. */
interface Acknowledged {
  readonly method: string
  readonly path: string
  readonly key: string
  readonly person: string
  readonly body: unknown
  readonly headers: Record<string, string>
  readonly status: number
  readonly answer: any
}

for (const database of databases) {
  describe(`torture: SIGKILL under load (${database.name})`, () => {
    it(`keeps every acknowledged write through ${kills} crashes, with no round half-applied`, async () => {
      const dataDir = seededDataDir("cns-crash-")
      const made = database.name === "postgres" ? await database.create() : undefined
      const env: Record<string, string> = made === undefined ? { DATA_DIR: dataDir } : { DATABASE_URL: made.url }
      const port = await freePort()
      const base = `http://127.0.0.1:${port}`
      let child = await launch(port, env)
      try {
        const { ada, bea, sent } = await twoOrgs(base)
        const drafts = new Map<string, ReadonlyArray<Block>>()
        const fixtures = await Promise.all([sent(), sent(), sent()])
        for (const { drafted } of fixtures) drafts.set(drafted.id, drafted.blocks)
        const acknowledged: Array<Acknowledged> = []

        const send = async (seat: typeof ada, method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
          const key = idempotencyKey()
          const all = { ...headers, "idempotency-key": key }
          const reply = await call(base, method, path, { key: seat.org.keys.test, person: seat.person, body, headers: all })
          if (reply.status < 300) acknowledged.push({ method, path, key, person: seat.person, body, headers: all, status: reply.status, answer: reply.body })
          return reply
        }
        /** Mixed load until the server dies under it: drafts, rounds with landings, signatures. */
        const worker = async (n: number) => {
          const seat = n % 2 === 0 ? ada : bea
          for (;;) {
            const contracts = [...drafts.keys()]
            const id = contracts[Math.floor(Math.random() * Math.min(3, contracts.length))]!
            const sheet = await seat.sheet(id)
            const roll = Math.random()
            if (roll < 0.2 && seat === ada) {
              const drafted = await send(ada, "POST", "/contracts", { template_id: "tpl_mutual_nda", facts: { party_a: "Acme Ltd" } })
              if (drafted.status === 201) drafts.set(drafted.body.id, drafted.body.blocks)
            } else if (roll < 0.8) {
              const open = (await seat.get(`/contracts/${id}/asks?filter=undecided`)).body.data as ReadonlyArray<{ id: string }>
              const clause = sheet.blocks.filter((b: Block) => b.kind === "clause")[Math.floor(Math.random() * 5)]
              await (open.length > 0
                ? seat.stage(id, sheet.words_hash, { ask_id: open[0]!.id, type: "accept" })
                : seat.stage(id, sheet.words_hash, { block_id: clause.id, type: "counter", text: `Crash ${Math.random()}`, why: "load" }))
              await send(seat, "POST", `/contracts/${id}/replies`, { confirmed_by: seat.person }, { "if-match": sheet.words_hash })
            } else {
              await send(seat, "POST", `/contracts/${id}/signatures`, { text_hash: sheet.words_hash, confirmed_by: seat.person })
            }
          }
        }

        for (let round = 0; round < kills; round++) {
          const load = Array.from({ length: 8 }, (_, n) => worker(n).catch(() => undefined))
          await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200))
          await killed(child)
          await Promise.all(load)
          child = await launch(port, env)

          // Every acknowledged write is there.
          for (const ack of acknowledged) {
            if (ack.path === "/contracts") expect((await ada.get(`/contracts/${ack.answer.id}`)).status).toBe(200)
            if (ack.path.endsWith("/replies")) {
              const id = ack.path.split("/")[2]!
              expect((await ada.get(`/contracts/${id}/letters/${ack.answer.letter}`)).status).toBe(200)
            }
            if (ack.path.endsWith("/signatures")) expect((await ada.get(`/signatures/${ack.answer.id}`)).status).toBe(200)
          }
          // No round is half-applied: each contract's record is whole and folds to its hash.
          for (const [id, drafted] of drafts) {
            const sheet = await ada.sheet(id)
            const state = await ada.state(id)
            const events = (await ada.get(`/contracts/${id}/events?limit=100`)).body
            expect(sheet.words_hash).toBe(wordsHash(sheet.blocks))
            expect(events.head_sequence).toBe(sheet.head_sequence)
            if (!events.has_more) expect(events.data.at(-1)?.sequence ?? 0).toBe(sheet.head_sequence)
            const letters = await allLetters(ada, id)
            expect(letters.map((l: { id: string }) => l.id)).toEqual(state.letters.map((l: { id: string }) => l.id))
            const asks = (await ada.get(`/contracts/${id}/asks?filter=all`)).body.data
            for (const letter of letters) for (const ask of letter.asks) expect(asks.map((a: { id: string }) => a.id)).toContain(ask.id)
            const blocks = replayLetters(drafted, letters, asks)
            expect(sheet.blocks.map((b: Block) => b.text)).toEqual(blocks.map((b) => b.text))
          }
          // Idempotency keys still replay the first answer.
          for (const ack of acknowledged.slice(-5)) {
            const again = await call(base, ack.method, ack.path, {
              key: (ack.person === ada.person ? ada : bea).org.keys.test,
              person: ack.person,
              body: ack.body,
              headers: ack.headers
            })
            expect(again.status).toBe(ack.status)
            expect(again.body).toEqual(ack.answer)
            expect(again.headers.get("idempotent-replayed")).toBe("true")
          }
        }
        expect(acknowledged.length).toBeGreaterThan(kills)
      } finally {
        await killed(child)
        await made?.drop()
        rmSync(dataDir, { recursive: true, force: true })
      }
    }, scale(300_000, 1_800_000))
  })
}
