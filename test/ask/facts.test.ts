import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { createOrg, seat } from "../support/client.js"
import { databases } from "../support/databases.js"
import { twoOrgs } from "../support/negotiation.js"
import { type Running, sharedService } from "../support/service.js"

type Seat = ReturnType<typeof seat>
type Citation = { index: number; contract: string; title: string; block: string; quote: string }
type Answer = { answer: string; citations: ReadonlyArray<Citation>; model: { model: string } }

const ask = async (reader: Seat, question: string, limit?: number): Promise<Answer> => {
  const reply = await reader.post("/ask", { question, stream: false, ...(limit === undefined ? {} : { limit }) })
  if (reply.status !== 200) throw new Error(`POST /ask: ${reply.status} ${reply.text}`)
  return reply.body
}

/** Every citation quotes, word for word, a block the asker's own GET of the contract shows. */
const expectQuotesWhatItsGetShows = async (reader: Seat, citations: ReadonlyArray<Citation>) => {
  for (const citation of citations) {
    const sheet = await reader.get(`/contracts/${citation.contract}`)
    expect(sheet.status).toBe(200)
    expect(sheet.body.blocks.find((b: { id: string }) => b.id === citation.block).text).toContain(citation.quote)
  }
}

const cited = (answer: Answer) => [...new Set(answer.citations.map((c) => c.contract))].sort()

for (const database of databases) {
  describe(`POST /ask answers a question about a fact from the facts (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("counts and names every contract governed by the law asked about, quoting the clause it stands in, and no other state's", async () => {
      const acme = await createOrg(service.url, "Acme Ltd")
      const ada = seat(service.url, acme, acme.people[0]!.id, acme.keys.test)
      const nda = (party_b: string, governing_law?: string) =>
        ada.draft("tpl_mutual_nda", { party_a: "Acme Ltd", party_b, ...(governing_law === undefined ? {} : { governing_law }) })
      const globex = (await nda("Globex", "the State of New York")).body
      const initech = (await ada.draft("tpl_statement_of_work", { customer: "Acme Ltd", supplier: "Initech", governing_law: "New York" })).body
      const hooli = (await nda("Hooli", "the State of Delaware")).body
      await nda("Umbrella", "England and Wales")
      await nda("Nobody")

      for (const question of ["Which contracts are governed by the laws of New York?", "Which of our agreements are subject to NY law?"]) {
        const answer = await ask(ada, question)
        expect(answer.model.model).toBe("facts-v1")
        expect(answer.answer).toMatch(/^2 contracts are governed by the laws of New York:/)
        expect(cited(answer)).toEqual([globex.id, initech.id].sort())
        expect(answer.answer).toContain(globex.title)
        expect(answer.answer).toContain(initech.title)
        for (const citation of answer.citations) expect(citation.quote).toContain("New York")
        await expectQuotesWhatItsGetShows(ada, answer.citations)
      }
      const delaware = await ask(ada, "What contracts are governed by Delaware law?")
      expect(delaware.answer).toMatch(/^One contract is governed by the laws of Delaware:/)
      expect(cited(delaware)).toEqual([hooli.id])

      const none = await ask(ada, "Which contracts are governed by the laws of Alaska?")
      expect(none.answer).toBe("No contract you can see is governed by the laws of Alaska.")
      expect(none.citations).toEqual([])

      // A fact set on a draft moves its answer at once: the save rewrites the index in the same statement.
      const law = hooli.facts.find((f: { name: string }) => f.name === "governing_law")
      const edited = await ada.post(`/contracts/${hooli.id}/facts/${law.id}`, { value: "the State of New York" }, { "if-match": hooli.words_hash })
      expect(edited.status).toBe(200)
      expect(cited(await ask(ada, "Which contracts are governed by the laws of New York?"))).toEqual([globex.id, initech.id, hooli.id].sort())
      expect((await ask(ada, "What contracts are governed by Delaware law?")).citations).toEqual([])

      // `limit` caps what is named and quoted, never the count.
      const capped = await ask(ada, "Which contracts are governed by the laws of New York?", 1)
      expect(capped.answer).toMatch(/^3 contracts are governed by the laws of New York; the first 1 by title:/)
      expect(capped.citations).toHaveLength(1)
    })

    it("answers dates, amounts and kinds of agreement by filters a person can check", async () => {
      const acme = await createOrg(service.url, "Acme Ltd")
      const ada = seat(service.url, acme, acme.people[0]!.id, acme.keys.test)
      const big = (await ada.draft("tpl_statement_of_work", { customer: "Acme Ltd", supplier: "Initech", fees: "$150,000", effective_date: "1 March 2023" }))
        .body
      const small = (await ada.draft("tpl_statement_of_work", { customer: "Acme Ltd", supplier: "Hooli", fees: "$20,000", effective_date: "1 March 2026" }))
        .body
      const saas = (await ada.draft("tpl_saas_subscription", { provider: "Acme Ltd", customer: "Globex", annual_fee: "$9,000", effective_date: "5 May 2025" }))
        .body

      const over = await ask(ada, "Which contracts state fees over $100,000?")
      expect(over.answer).toMatch(/^One contract states an amount over \$100,000:/)
      expect(cited(over)).toEqual([big.id])
      expect(over.citations[0]!.quote).toContain("$150,000")

      const before = await ask(ada, "Which contracts took effect before 2025?")
      expect(before.answer).toMatch(/^One contract took effect before 2025:/)
      expect(before.answer).toContain("March 1, 2023")
      expect(cited(before)).toEqual([big.id])
      expect(cited(await ask(ada, "Which agreements took effect after 2024?"))).toEqual([small.id, saas.id].sort())

      const kinds = await ask(ada, "Do we have any subscription agreements?")
      expect(kinds.answer).toMatch(/^One contract is a subscription agreement:/)
      expect(cited(kinds)).toEqual([saas.id])
      await expectQuotesWhatItsGetShows(ada, [...over.citations, ...before.citations, ...kinds.citations])
    })

    it("answers who the counterparty is and when a named contract took effect, naming the party and the date", async () => {
      const acme = await createOrg(service.url, "Acme Ltd")
      const ada = seat(service.url, acme, acme.people[0]!.id, acme.keys.test)
      const saas = (await ada.draft("tpl_saas_subscription", {
        provider: "Acme Ltd",
        customer: "Globex Corporation",
        annual_fee: "$9,000",
        effective_date: "5 May 2025"
      })).body
      await ada.draft("tpl_mutual_nda", { party_a: "Acme Ltd", party_b: "Hooli" })

      const who = await ask(ada, "Who is the counterparty in the SaaS Subscription Agreement?")
      expect(who.answer).toMatch(/^The SaaS Subscription Agreement \(con_\w+, draft\): the counterparty is Globex Corporation\./)
      expect(who.answer).not.toContain("Hooli")
      expect(cited(who)).toEqual([saas.id])
      expect(who.citations[0]!.quote).toContain("Globex Corporation")

      const when = await ask(ada, "What is the effective date of the SaaS Subscription Agreement?")
      expect(when.answer).toMatch(/took effect on May 5, 2025\./)
      expect(cited(when)).toEqual([saas.id])
      await expectQuotesWhatItsGetShows(ada, [...who.citations, ...when.citations])

      // A name no title bears is left to full-text search, which finds nothing here.
      expect((await ask(ada, "Who is the counterparty in the Zanzibar Ferry Charter?")).citations).toEqual([])
    })

    it("counts only what the caller's seat can see: not another org's, another mode's, nor a draft before its Send", async () => {
      const { acme, ada, bea, sent } = await twoOrgs(service.url)
      const question = "Which contracts are governed by the laws of England and Wales?"
      const gamma = await createOrg(service.url)
      await seat(service.url, gamma, gamma.people[0]!.id, gamma.keys.test).draft("tpl_mutual_nda", { party_a: "Gamma", governing_law: "England and Wales" })
      await seat(service.url, acme, acme.people[0]!.id, acme.keys.live).draft("tpl_mutual_nda", { party_a: "Acme Ltd", governing_law: "England and Wales" })

      const { drafted } = await sent()
      const unsent = (await ada.draft()).body
      const own = await ask(ada, question)
      expect(own.answer).toMatch(/^2 contracts are governed/)
      expect(cited(own)).toEqual([drafted.id, unsent.id].sort())
      const theirs = await ask(bea, question)
      expect(theirs.answer).toMatch(/^One contract is governed/)
      expect(cited(theirs)).toEqual([drafted.id])
      await expectQuotesWhatItsGetShows(bea, theirs.citations)
    })
  })
}
