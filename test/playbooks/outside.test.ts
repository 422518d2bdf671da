import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createOrg, seat } from "../support/client.js"
import { databases } from "../support/databases.js"
import { sampleAgreement, settledBatch, upload } from "../support/imports.js"
import { setPlaybook } from "../support/playbooks.js"
import { type Running, sharedService } from "../support/service.js"

const renewalRule = {
  term: "renewal_term",
  rule_text: "Renew for one to six months at a time.",
  floor: { value: 1, unit: "months" },
  ceiling: { value: 6, unit: "months" },
  preferred: { value: 3, unit: "months" }
}
const lawRule = { term: "governing_law", rule_text: "English law preferred.", floor: null, ceiling: null, preferred: null }

for (const database of databases) {
  describe(`outside_playbook on imports (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("lists blocks whose numbers fall outside a rule, and blocks whose term has no rule, against the playbook as it stands", async () => {
      const acme = await createOrg(service.url)
      const ada = seat(service.url, acme, acme.people[0]!.id, acme.keys.test)
      const path = join(mkdtempSync(join(tmpdir(), "cns-outside-")), "consulting.txt")
      writeFileSync(path, sampleAgreement.join("\n\n"))
      const made = await upload(service.url, "/imports", { key: acme.keys.test, person: acme.people[0]!.id, files: [{ path }] })
      expect(made.status).toBe(202)
      const [row] = await settledBatch(service.url, acme.keys.test, made.body.batch)
      expect(row.state).toBe("parsed")
      const blocks: ReadonlyArray<{ id: string; text: string }> = (await ada.get(`/contracts/${row.contract}`)).body.blocks
      const renewal = blocks.find((b) => b.text.includes("non-renewal"))!
      const law = blocks.find((b) => b.text.includes("governed by the laws"))!

      const bare = (await ada.get(`/imports/${row.id}`)).body.outside_playbook
      expect(bare.length).toBeGreaterThan(0)
      expect(bare.every((entry: { rule: unknown }) => entry.rule === null)).toBe(true)
      expect(bare).toContainEqual({ block: renewal.id, rule: null, term: "renewal_term" })
      expect(bare).toContainEqual({ block: law.id, rule: null, term: "governing_law" })

      const rules = (await setPlaybook(service.url, acme.org_id, [renewalRule, lawRule])).body.rules
      const judged = (await ada.get(`/imports/${row.id}`)).body.outside_playbook
      expect(judged).toContainEqual({ block: renewal.id, rule: rules[0].id, term: "renewal_term" })
      // The same clause states its notice too, for which the playbook has no rule.
      expect(judged).toContainEqual({ block: renewal.id, rule: null, term: "notice_period" })
      // A prose rule is for a person to weigh: its block is neither outside it nor without a rule.
      expect(judged.some((entry: { block: string }) => entry.block === law.id)).toBe(false)
      for (const entry of judged) if (entry.rule === null) expect(["renewal_term", "governing_law"]).not.toContain(entry.term)
      const listed = (await ada.get(`/imports?batch=${made.body.batch}`)).body.data[0].outside_playbook
      expect(listed).toEqual(judged)

      await setPlaybook(service.url, acme.org_id, [{ ...renewalRule, ceiling: { value: 2, unit: "years" } }])
      const within = (await ada.get(`/imports/${row.id}`)).body.outside_playbook
      expect(within.some((entry: { block: string; term: string }) => entry.block === renewal.id && entry.term === "renewal_term")).toBe(false)
    })
  })
}
