import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, idempotencyKey } from "../support/client.js"
import { databases } from "../support/databases.js"
import { everythingVisible } from "../support/negotiation.js"
import { acmeRules, applyPlaybook, msaCountered } from "../support/playbooks.js"
import { type Running, sharedService } from "../support/service.js"

const withoutIds = (answer: { staged: ReadonlyArray<Record<string, unknown>> }) => ({
  ...answer,
  dry_run: undefined,
  staged: answer.staged.map(({ decision: _decision, ...row }) => row)
})

for (const database of databases) {
  describe(`apply-playbook: staged from the rules, never sent (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("counters what lies outside a rule, accepts what lies within, leaves prose to a person, and stages only", async () => {
      const world = await msaCountered(service.url)
      const { ada, drafted, hash } = world
      const applied = await applyPlaybook(ada, service.url, drafted.id, hash)
      expect(applied.status).toBe(200)
      const rules = (await ada.get("/playbooks")).body.data
      expect(applied.body).toMatchObject({ object: "playbook_application", dry_run: false, words_hash: hash })
      expect(applied.body.staged).toEqual([
        {
          decision: expect.stringMatching(/^dec_/),
          ask: world.paymentAsk,
          type: "counter",
          rule: rules[0].id,
          why: expect.stringContaining(acmeRules[0]!.rule_text)
        },
        {
          decision: expect.stringMatching(/^dec_/),
          ask: world.liabilityAsk,
          type: "accept",
          rule: rules[1].id,
          why: expect.stringContaining(acmeRules[1]!.rule_text)
        }
      ])
      expect(applied.body.skipped).toEqual([{ ask: world.lawAsk, reason: "needs_a_human", rule: rules[2].id }])
      const reply = (await ada.get(`/contracts/${drafted.id}/reply`)).body
      const counter = reply.decisions.find((d: { type: string }) => d.type === "counter")
      expect(counter.text).toBe(world.payment.text)
      expect(counter.why).not.toContain(acmeRules[0]!.rule_text)
      expect(reply.decisions.map((d: { id: string }) => d.id).sort()).toEqual(applied.body.staged.map((s: { decision: string }) => s.decision).sort())
      expect((await ada.sheet(drafted.id)).words_hash).toBe(hash)
      expect((await ada.state(drafted.id)).my_reply).toMatchObject({ decisions: 2, sent: false })

      const again = await applyPlaybook(ada, service.url, drafted.id, hash)
      expect(again.body.staged).toEqual([])
      expect(again.body.skipped.map((s: { reason: string }) => s.reason)).toEqual(["already_decided", "already_decided", "needs_a_human"])
    })

    it("answers a dry run with what the real call then stages, and stages nothing itself", async () => {
      const { ada, drafted, hash } = await msaCountered(service.url)
      const dry = await applyPlaybook(ada, service.url, drafted.id, hash, { dry_run: true })
      expect(dry.status).toBe(200)
      expect(dry.body.dry_run).toBe(true)
      expect(dry.body.staged.every((row: { decision: unknown }) => row.decision === null)).toBe(true)
      expect((await ada.get(`/contracts/${drafted.id}/reply`)).body.decisions).toEqual([])
      const real = await applyPlaybook(ada, service.url, drafted.id, hash, {})
      expect(withoutIds(real.body)).toEqual(withoutIds(dry.body))
      expect(real.body.staged.length).toBeGreaterThan(0)
    })

    it("narrows to the asks and rules named, and refuses ids it does not know", async () => {
      const world = await msaCountered(service.url)
      const { ada, drafted, hash } = world
      const rules = (await ada.get("/playbooks")).body.data
      const onlyCap = await applyPlaybook(ada, service.url, drafted.id, hash, { playbook_ids: [rules[1].id], dry_run: true })
      expect(onlyCap.body.skipped).toEqual([
        { ask: world.paymentAsk, reason: "no_rule", rule: null },
        { ask: world.lawAsk, reason: "no_rule", rule: null }
      ])
      const onlyPayment = await applyPlaybook(ada, service.url, drafted.id, hash, { ask_ids: [world.paymentAsk, world.paymentAsk], dry_run: true })
      expect(onlyPayment.body.staged.map((s: { ask: string }) => s.ask)).toEqual([world.paymentAsk])
      expect(onlyPayment.body.skipped).toEqual([])
      const unknownAsk = await applyPlaybook(ada, service.url, drafted.id, hash, { ask_ids: ["ask_nope"] })
      expect(unknownAsk.status).toBe(404)
      expect(unknownAsk.body.error.param).toMatch(/^ask_ids/)
      const unknownRule = await applyPlaybook(ada, service.url, drafted.id, hash, { playbook_ids: ["pbk_nope"] })
      expect(unknownRule.status).toBe(404)
      expect(unknownRule.body.error.param).toBe("playbook_ids[0]")
      expect((await ada.get(`/contracts/${drafted.id}/reply`)).body.decisions).toEqual([])
    })

    it("needs a current If-Match: missing is 428, stale is 409 words_changed, and nothing is staged", async () => {
      const { ada, drafted, hash } = await msaCountered(service.url)
      const missing = await applyPlaybook(ada, service.url, drafted.id, undefined)
      expect(missing.status).toBe(428)
      expect(missing.body.error.code).toBe("if_match_required")
      const stale = await applyPlaybook(ada, service.url, drafted.id, `sha256:${"0".repeat(64)}`)
      expect(stale.status).toBe(409)
      expect(stale.body).toMatchObject({ error: { code: "words_changed" }, current_hash: hash })
      expect((await ada.get(`/contracts/${drafted.id}/reply`)).body.decisions).toEqual([])
    })

    it("skips every ask as not_a_negotiator for a seat that only signs", async () => {
      const world = await msaCountered(service.url)
      const { acme, as, ada, drafted, hash } = world
      const brook = acme.people[1]!
      await ada.post(`/contracts/${drafted.id}/invite`, { email: brook.email, name: brook.name, capacity: ["signer"] })
      const signer = as(acme, brook.id)
      const applied = await applyPlaybook(signer, service.url, drafted.id, hash)
      expect(applied.status).toBe(200)
      expect(applied.body.staged).toEqual([])
      expect(applied.body.skipped.map((s: { reason: string }) => s.reason)).toEqual(["not_a_negotiator", "not_a_negotiator", "not_a_negotiator"])
    })

    it("skips every ask as no_rule for a guest link, whose side holds no playbook here", async () => {
      const world = await msaCountered(service.url)
      const { ada, drafted, hash } = world
      const email = `guest.${Date.now()}@out.test`
      await ada.post(`/contracts/${drafted.id}/invite`, { email, name: "Gus", capacity: ["negotiator"] })
      const link = (await ada.get("/sandbox/outbox?limit=20")).body.data.find((m: { to: string }) => m.to === email).link
      const token = new URL(link).searchParams.get("t")!
      const applied = await call(service.url, "POST", `/contracts/${drafted.id}/decisions/apply-playbook`, {
        headers: { authorization: `Token ${token}`, "if-match": hash },
        body: {}
      })
      expect(applied.status).toBe(200)
      expect(applied.body.staged).toEqual([])
      expect(applied.body.skipped).toEqual([world.paymentAsk, world.liabilityAsk, world.lawAsk].map((ask) => ({ ask, reason: "no_rule", rule: null })))
    })

    it("never shows the playbook to the other side: not while staged, not once the round is sent, in no read or event", async () => {
      const world = await msaCountered(service.url)
      const { ada, bea, drafted, hash } = world
      const before = await everythingVisible(bea, drafted.id)
      await applyPlaybook(ada, service.url, drafted.id, hash)
      expect(await everythingVisible(bea, drafted.id)).toEqual(before)
      const committed = await call(service.url, "POST", `/contracts/${drafted.id}/replies`, {
        key: ada.org.keys.test,
        person: ada.person,
        body: { confirmed_by: ada.person },
        headers: { "if-match": hash, "idempotency-key": idempotencyKey() }
      })
      expect(committed.status).toBe(200)
      expect(committed.body.landed).toContain(world.liability.id)
      const asks = (await bea.get(`/contracts/${drafted.id}/asks`)).body.data
      expect(asks.map((a: { proposed: string }) => a.proposed)).toContain(world.payment.text)
      const seen = JSON.stringify([
        await everythingVisible(bea, drafted.id),
        (await bea.get("/playbooks")).body,
        (await bea.get("/attention")).body,
        (await bea.get(`/contracts/${drafted.id}/letters/latest`)).body,
        (await bea.post("/ask", { question: "payment liability governing law", stream: false })).body
      ])
      for (const rule of acmeRules) expect(seen).not.toContain(rule.rule_text)
      expect(seen).not.toContain("pbk_")
    })
  })
}
