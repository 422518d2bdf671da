import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { wordsHash } from "../../src/Domain/Words/Blocks.js"
import { call, idempotencyKey, type Reply } from "../support/client.js"
import { databases } from "../support/databases.js"
import { allLetters, replayLetters, twoOrgs } from "../support/negotiation.js"
import { type Running, sharedService } from "../support/service.js"
import { full, scale } from "./scale.js"

interface Block {
  readonly id: string
  readonly kind: string
  readonly text: string
}

const seconds = scale(3, 30)
const clients = 64

for (const database of databases) {
  describe(`torture: racing rounds and signatures (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it(`${clients} clients race commits, signatures and withdrawals for ${seconds}s: every effect is whole and counted once`, async () => {
      const { ada, bea, as, acme, beta, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const brook = as(acme, acme.people[1]!.id)
      const bob = as(beta, beta.people[1]!.id)
      await ada.post(`/contracts/${drafted.id}/invite`, { email: acme.people[1]!.email, name: "Brook", capacity: ["negotiator", "signer"] })
      await bea.post(`/contracts/${drafted.id}/invite`, { email: beta.people[1]!.email, name: "Bob", capacity: ["negotiator", "signer"] })
      const seats = [ada, brook, bea, bob]
      const clauses = drafted.blocks.filter((b: Block) => b.kind === "clause")
      const before = (await ada.state(drafted.id)).letters.length

      const commits: Array<Reply> = []
      const replays: Array<readonly [Reply, Reply]> = []
      const signatures: Array<Reply> = []
      const withdrawals: Array<Reply> = []
      const others: Array<Reply> = []
      const deadline = Date.now() + seconds * 1000
      const pick = <A>(items: ReadonlyArray<A>) => items[Math.floor(Math.random() * items.length)]!

      const client = async (n: number) => {
        const seat = seats[n % seats.length]!
        while (Date.now() < deadline) {
          const hash = (await seat.sheet(drafted.id)).words_hash as string
          const roll = Math.random()
          if (roll < 0.45) {
            const open = (await seat.get(`/contracts/${drafted.id}/asks?filter=undecided`)).body.data ?? []
            const staged = open.length > 0 && Math.random() < 0.7
              ? await seat.stage(drafted.id, hash, { ask_id: pick(open as ReadonlyArray<{ id: string }>).id, type: "accept" })
              : await seat.stage(drafted.id, hash, {
                block_id: pick(clauses as ReadonlyArray<Block>).id,
                type: "counter",
                text: `Words ${n}-${Math.random()}`,
                why: "race"
              })
            others.push(staged)
            const key = idempotencyKey()
            const commit = () =>
              call(service.url, "POST", `/contracts/${drafted.id}/replies`, {
                key: seat.org.keys.test,
                person: seat.person,
                body: { confirmed_by: seat.person },
                headers: { "if-match": hash, "idempotency-key": key }
              })
            if (Math.random() < 0.2) {
              // The same key twice at once: one effect, and the same answer (or "in flight").
              const pair = await Promise.all([commit(), commit()])
              replays.push(pair)
              commits.push(pair[0])
            } else {
              commits.push(await commit())
            }
          } else if (roll < 0.85) {
            signatures.push(await seat.sign(drafted.id, hash))
          } else {
            const mine = ((await seat.get(`/contracts/${drafted.id}/signatures`)).body.data as ReadonlyArray<{ id: string; person: string; state: string }>)
              .filter((s) => s.person === seat.person && (s.state === "held" || s.state === "bound"))
            if (mine.length > 0) {
              withdrawals.push(
                await call(service.url, "POST", `/signatures/${mine[0]!.id}/withdraw`, {
                  key: seat.org.keys.test,
                  person: seat.person,
                  body: { confirmed_by: seat.person },
                  headers: { "idempotency-key": idempotencyKey() }
                })
              )
            }
          }
        }
      }
      await Promise.all(Array.from({ length: clients }, (_, n) => client(n)))

      const all = [...commits, ...replays.flat(), ...signatures, ...withdrawals, ...others]
      for (const reply of all) {
        expect(reply.status, reply.text).toBeLessThan(500)
        if (reply.status >= 400) expect(reply.body.error.code, reply.text).toEqual(expect.any(String))
      }
      const sheet = await ada.sheet(drafted.id)
      const letters = await allLetters(ada, drafted.id)
      // Every 200 is one letter; every refusal stored nothing; a replayed key never made a second.
      const won = new Set(commits.filter((r) => r.status === 200).map((r) => r.body.letter as string))
      for (const [first, second] of replays) {
        if (first.status === 200 && second.status === 200) expect(second.body).toEqual(first.body)
        if (second.status === 200) won.add(second.body.letter)
      }
      expect(letters.length - before).toBe(won.size)
      expect(new Set(letters.map((l: { id: string }) => l.id))).toEqual(new Set([...letters.slice(0, before).map((l: { id: string }) => l.id), ...won]))
      expect(commits.some((r) => r.status === 200)).toBe(true)

      // Every signature that answered 201 exists exactly once; none exists that was refused.
      const stored = (await ada.get(`/contracts/${drafted.id}/signatures`)).body.data as ReadonlyArray<{ id: string; state: string; bound_hash: string }>
      expect(new Set(stored.map((s) => s.id))).toEqual(new Set(signatures.filter((r) => r.status === 201).map((r) => r.body.id)))
      for (const signature of stored) {
        if (signature.state === "held" || signature.state === "bound") expect(signature.bound_hash).toBe(sheet.words_hash)
      }

      // Replaying the letters from the words at Send reproduces the stored words and hash.
      const asks = (await ada.get(`/contracts/${drafted.id}/asks?filter=all`)).body.data
      const blocks = replayLetters<Block>(drafted.blocks, letters, asks)
      expect(sheet.blocks.map((b: Block) => b.text)).toEqual(blocks.map((b) => b.text))
      expect(sheet.words_hash).toBe(wordsHash(blocks as never))
      if (full) {
        console.log(`races: ${commits.length} commits (${won.size} letters), ${signatures.length} signature attempts, ${withdrawals.length} withdrawals`)
      }
    }, (seconds + 120) * 1000)
  })
}
