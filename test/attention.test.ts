import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

interface Row {
  readonly id: string
  readonly kind: string
  readonly contract: string
  readonly letter: string | null
  readonly [field: string]: unknown
}

for (const database of databases) {
  describe(`the attention feed (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("orders what waits on each person by urgency in whole groups, and clears rows as they resolve", async () => {
      const { ada, bea, acme, as, sent } = await twoOrgs(service.url)
      const gamma = await createOrg(service.url, "Gamma AG")
      const gil = as(gamma)
      const brook = as(acme, acme.people[1]!.id)
      const clauseOf = (drafted: { blocks: ReadonlyArray<{ kind: string; id: string }> }) => drafted.blocks.find((b) => b.kind === "clause")!.id
      const feed = async (seat: typeof ada, query = "") => (await seat.get(`/attention${query}`)).body

      // C1 (Beta): Beta counters, so a letter waits on Acme's two negotiators.
      const c1 = (await sent()).drafted
      await ada.post(`/contracts/${c1.id}/invite`, { email: acme.people[1]!.email, name: "Brook", capacity: ["negotiator"] })
      const ask1 = (await bea.stage(c1.id, c1.words_hash, { block_id: clauseOf(c1), type: "counter", text: "Beta wants this.", why: "x" })).body.ask
      const letter1 = (await bea.commit(c1.id, c1.words_hash)).body.letter
      // C2 (Gamma): Gamma answers with silence, so it is agreed and Ada must sign.
      const c2 = (await ada.draft()).body
      await ada.send(c2.id, c2.words_hash, {
        recipients: [{ email: gamma.people[0]!.email, name: "Gil", capacity: ["negotiator", "signer"] }],
        confirmed_by: ada.person
      })
      await gil.commit(c2.id, c2.words_hash)
      // C3 (Beta): Ada signs, then the words move under her signature: she must sign again.
      const c3 = (await sent()).drafted
      await bea.commit(c3.id, c3.words_hash)
      const voided = (await ada.sign(c3.id, c3.words_hash)).body
      const ask3 = (await bea.stage(c3.id, c3.words_hash, { block_id: clauseOf(c3), type: "counter", text: "Moved.", why: "y" })).body.ask
      await bea.commit(c3.id, c3.words_hash)
      await ada.stage(c3.id, c3.words_hash, { ask_id: ask3, type: "accept" })
      const c3hash = (await ada.commit(c3.id, c3.words_hash)).body.words_hash

      const adas = await feed(ada)
      expect(adas.has_more).toBe(false)
      expect(adas.data.map((g: { rows: ReadonlyArray<Row> }) => g.rows.map((r) => [r.kind, r.contract]))).toEqual([
        [["resign", c3.id], ["letter", c1.id]],
        [["sign_wait", c2.id]]
      ])
      expect(adas.data[0].relationship).toMatch(/^rel_/)
      expect(adas.data[1].relationship).not.toBe(adas.data[0].relationship)
      expect(adas.data[0].counterparty).toBe(bea.org.org_id)
      expect(adas.data[1].counterparty).toBe(gamma.org_id)
      const [resign, letter] = adas.data[0].rows as ReadonlyArray<Row>
      expect(resign).toMatchObject({ signature: voided.id, words_hash: c3hash, letter: null, state: "agreed" })
      expect(letter).toMatchObject({ letter: letter1, asks: 1, unsent: false, state: "negotiating" })
      expect(letter!.id).toMatch(/^atn_/)
      expect(adas.data[1].rows[0]).toMatchObject({ words_hash: c2.words_hash, letter: null })
      expect(adas.data[1].rows[0].required_signers.map((s: { person: string; signed: boolean }) => [s.person, s.signed])).toEqual([
        [ada.person, false],
        [gil.person, false]
      ])
      expect(adas.waiting_on_them).toEqual([])

      // Brook is awaited on C1 too; nothing else of Ada's is his.
      const brooks = await feed(brook)
      expect(brooks.data.flatMap((g: { rows: ReadonlyArray<Row> }) => g.rows.map((r) => [r.kind, r.contract]))).toEqual([["letter", c1.id]])
      // Beta's side: C1 waits on Acme, and C3 waits on Bea's signature.
      const beas = await feed(bea)
      expect(beas.waiting_on_them.map((w: { contract: string }) => w.contract)).toEqual([c1.id])
      expect(beas.data.flatMap((g: { rows: ReadonlyArray<Row> }) => g.rows.map((r) => [r.kind, r.contract]))).toEqual([["sign_wait", c3.id]])

      // A page never splits a group: limit 1 still brings the whole first group.
      const first = await feed(ada, "?limit=1")
      expect(first.data).toHaveLength(1)
      expect(first.data[0].rows).toHaveLength(2)
      expect(first).toMatchObject({ has_more: true, next_cursor: letter!.id })
      const second = await feed(ada, `?limit=1&starting_after=${first.next_cursor}`)
      expect(second.data.map((g: { rows: ReadonlyArray<Row> }) => g.rows[0]!.kind)).toEqual(["sign_wait"])
      expect(second).toMatchObject({ has_more: false, next_cursor: null })

      // Staging marks the letter row unsent; committing the reply clears it.
      await ada.stage(c1.id, c1.words_hash, { ask_id: ask1, type: "accept" })
      expect((await feed(ada)).data[0].rows[1]).toMatchObject({ kind: "letter", unsent: true })
      await ada.commit(c1.id, c1.words_hash)
      await ada.sign(c2.id, c2.words_hash)
      await ada.sign(c3.id, c3hash)
      const cleared = await feed(ada)
      expect(cleared.data.flatMap((g: { rows: ReadonlyArray<Row> }) => g.rows.map((r) => r.kind))).toEqual([])
      // Ada's letter on C1 is news to Beta: the ball is in their court now.
      expect(cleared.waiting_on_them.map((w: { contract: string }) => w.contract)).toEqual([c1.id])
      // Brook still owes C1 a reply (his acceptance is awaited), so his row stays.
      expect((await feed(brook)).data.flatMap((g: { rows: ReadonlyArray<Row> }) => g.rows.map((r) => r.kind))).toEqual(["letter"])
    })

    it("is one person's feed: an org key without an acting person is refused", async () => {
      const { ada } = await twoOrgs(service.url)
      const anonymous = await call(service.url, "GET", "/attention", { key: ada.org.keys.test })
      expect(anonymous.status).toBe(400)
      expect(anonymous.body.error).toMatchObject({ code: "acting_person_required", param: "Contracts-Acting-Person" })
      const bad = await ada.get("/attention?starting_after=atn_nope")
      expect(bad.body.error).toMatchObject({ code: "invalid_request", param: "starting_after" })
      expect(await ada.get("/attention").then((r) => r.body)).toEqual({ data: [], has_more: false, next_cursor: null, waiting_on_them: [], mail: [] })
    })
  })
}
