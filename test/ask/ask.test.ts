import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { call, createOrg, seat } from "../support/client.js"
import { databases } from "../support/databases.js"
import { sampleAgreement, settledBatch, upload } from "../support/imports.js"
import { twoOrgs } from "../support/negotiation.js"
import { setPlaybook } from "../support/playbooks.js"
import { adminToken, type Running, sharedService } from "../support/service.js"

type Seat = ReturnType<typeof seat>
type Citation = { index: number; contract: string; title: string; block: string; quote: string }

const ask = async (reader: Seat, question: string) => {
  const reply = await reader.post("/ask", { question, stream: false })
  if (reply.status !== 200) throw new Error(`POST /ask: ${reply.status} ${reply.text}`)
  return reply.body as { answer: string; citations: ReadonlyArray<Citation> }
}

/** Every citation quotes, word for word, a block the asker's own GET of the contract shows. */
const expectCitesWhatItsGetShows = async (reader: Seat, citations: ReadonlyArray<Citation>) => {
  for (const citation of citations) {
    const sheet = await reader.get(`/contracts/${citation.contract}`)
    expect(sheet.status).toBe(200)
    const block = sheet.body.blocks.find((b: { id: string }) => b.id === citation.block)
    expect(block.text).toContain(citation.quote)
  }
}

for (const database of databases) {
  describe(`POST /ask: answers cited from the contracts a seat can see (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("answers which contracts renew automatically, citing the clause of each, filed contracts included", async () => {
      const acme = await createOrg(service.url, "Acme Ltd")
      const ada = seat(service.url, acme, acme.people[0]!.id, acme.keys.test)
      const saas = (await ada.draft("tpl_saas_subscription", { provider: "Acme Ltd", customer: "Globex", annual_fee: "$12,000" })).body
      const msa = (await ada.draft("tpl_master_services", { customer: "Acme Ltd", supplier: "Initech" })).body
      const nda = (await ada.draft("tpl_mutual_nda", { party_a: "Acme Ltd", party_b: "Hooli" })).body
      const path = join(mkdtempSync(join(tmpdir(), "cns-ask-")), "consulting.txt")
      writeFileSync(path, sampleAgreement.join("\n\n"))
      const filed = await upload(service.url, "/imports", {
        key: acme.keys.test,
        person: acme.people[0]!.id,
        files: [{ path }],
        fields: { already_signed: "true" }
      })
      const [imported] = await settledBatch(service.url, acme.keys.test, filed.body.batch)
      expect((await ada.get(`/contracts/${imported.contract}`)).body.state).toBe("filed")

      const answer = await ask(ada, "Which contracts renew automatically?")
      const cited = answer.citations.map((c) => c.contract)
      expect(cited).toEqual(expect.arrayContaining([saas.id, msa.id, imported.contract]))
      expect(cited).not.toContain(nda.id)
      expect(new Set(cited).size).toBe(cited.length)
      // Answered from the facts: the count, and each contract by title with the clause its renewal stands in.
      expect(answer.answer).toMatch(/^3 contracts renew automatically:/)
      expect(answer.citations.find((c) => c.contract === saas.id)!.quote).toMatch(/renews automatically/)
      answer.citations.forEach((citation, index) => {
        expect(citation.index).toBe(index + 1)
        expect(answer.answer).toContain(`"${citation.quote}" [${citation.index}]`)
      })
      await expectCitesWhatItsGetShows(ada, answer.citations)
      // Counted and paged by the database: `limit` names the first by title, the count stays whole.
      const first = (await ada.post("/ask", { question: "Which contracts renew automatically?", stream: false, limit: 1 })).body
      expect(first.citations).toHaveLength(1)
      expect(first.answer).toMatch(/^3 contracts renew automatically; the first 1 by title:/)
      const notice = await ask(ada, "Which contracts require notice of non-renewal?")
      expect(notice.answer).toMatch(/^\d+ contracts need notice to stop them renewing:/)
      expect(notice.citations.map((c) => c.contract)).toEqual(expect.arrayContaining([saas.id, msa.id]))
      expect(notice.citations.map((c) => c.contract)).not.toContain(nda.id)
      await expectCitesWhatItsGetShows(ada, notice.citations)
    })

    it("never cites across orgs or modes, nor a draft before its Send, a staged counter, or anyone's playbook", async () => {
      const { ada, bea, acme, beta, sent } = await twoOrgs(service.url)
      const gamma = await createOrg(service.url)
      const gil = seat(service.url, gamma, gamma.people[0]!.id, gamma.keys.test)
      const secretDraft = (await gil.draft("tpl_mutual_nda", { party_a: "Zephyrine Holdings", party_b: "Acme Ltd" })).body
      expect((await ask(ada, "Zephyrine")).citations).toEqual([])
      expect((await ask(gil, "Zephyrine")).citations.map((c) => c.contract)).toEqual([secretDraft.id])

      const { drafted } = await sent()
      const hidden =
        (await seat(service.url, acme, ada.person, acme.keys.test).draft("tpl_one_way_nda", { discloser: "Quibbleworth Ltd", recipient: "Beta GmbH" }))
          .body
      expect((await ask(bea, "Quibbleworth")).citations).toEqual([])
      expect((await ask(ada, "Quibbleworth")).citations.map((c) => c.contract)).toEqual([hidden.id])

      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Plumbustery shall apply.", why: "Plumbustery" })
      await setPlaybook(service.url, acme.org_id, [{
        term: "governing_law",
        rule_text: "Floofenheimer law only.",
        floor: null,
        ceiling: null,
        preferred: null
      }])
      await setPlaybook(service.url, beta.org_id, [{
        term: "governing_law",
        rule_text: "Floofenheimer law only.",
        floor: null,
        ceiling: null,
        preferred: null
      }])
      for (const reader of [ada, bea]) {
        expect((await ask(reader, "Plumbustery")).citations).toEqual([])
        expect((await ask(reader, "Floofenheimer")).citations).toEqual([])
      }
      const both = await ask(bea, "Beta GmbH confidential information")
      expect(both.citations.map((c) => c.contract)).toContain(drafted.id)
      await expectCitesWhatItsGetShows(bea, both.citations)

      const live = seat(service.url, acme, acme.people[0]!.id, acme.keys.live)
      expect((await ask(live, "confidential information")).citations).toEqual([])
    })

    it("is refused to a guest link, to a key without ask:read, and for a question with nothing to search for", async () => {
      const { ada, acme, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      await ada.post(`/contracts/${drafted.id}/invite`, { email: `guest.${Date.now()}@out.test`, name: "G", capacity: ["negotiator"] })
      const link = (await ada.get("/sandbox/outbox?limit=10")).body.data.find((m: { link: string | null }) => m.link !== null).link
      const token = new URL(link).searchParams.get("t")!
      const guest = await call(service.url, "POST", "/ask", { headers: { authorization: `Token ${token}` }, body: { question: "confidential" } })
      expect(guest.status).toBe(404)
      const narrow = await call(service.url, "POST", `/admin/orgs/${acme.org_id}/keys`, {
        headers: { authorization: `Bearer ${adminToken}` },
        body: { mode: "test", scopes: ["contracts:read"] }
      })
      const refused = await call(service.url, "POST", "/ask", { key: narrow.body.key, body: { question: "confidential" } })
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe("insufficient_scope")
      for (
        const body of [{ question: "which of the?" }, { question: "x".repeat(2001) }, {}, { question: "renew", limit: 0 }, { question: "renew", extra: 1 }]
      ) {
        const reply = await ada.post("/ask", body)
        expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400)
        expect(reply.body.error.code).toBe("invalid_request")
      }
    })
  })
}
