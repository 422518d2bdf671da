import { describe, expect, it } from "@effect/vitest"
import { readPrompt } from "../../../src/Domain/Prompts/ReadPrompt.js"
import { templates } from "../../../src/Domain/Templates/index.js"
import { read } from "./support.js"

const readWithout = (id: string, prompt: string) =>
  readPrompt(prompt, { self: "Acme Ltd", today: "2026-11-23", templates: templates.filter((template) => template.id !== id) })

const placed: ReadonlyArray<readonly [string, string]> = [
  ["Draft a mutual NDA with Globex Inc.", "tpl_mutual_nda"],
  ["Non-disclosure agreement with Initech LLC so we can both share plans.", "tpl_mutual_nda"],
  ["We'll exchange pricing with each other, confidentially.", "tpl_mutual_nda"],
  ["Two-way confidentiality agreement with Wonka Industries plc.", "tpl_mutual_nda"],
  ["One-way NDA with Tyrell Corporation.", "tpl_one_way_nda"],
  ["Unilateral confidentiality agreement with Hooli Inc.", "tpl_one_way_nda"],
  ["NDA with Hooli Inc: we will share our source code with them.", "tpl_one_way_nda"],
  ["Master services agreement with Globex Ltd.", "tpl_master_services"],
  ["Framework agreement with Initech LLC for IT services.", "tpl_master_services"],
  ["Draft an MSA with Soylent Corp.", "tpl_master_services"],
  ["SOW for the website redesign with Pixel Studio Ltd.", "tpl_statement_of_work"],
  ["Statement of work under our MSA with Globex Inc.", "tpl_statement_of_work"],
  ["New project with deliverables and milestones for Vandelay Industries Inc.", "tpl_statement_of_work"],
  ["Consulting agreement with Jane Smith Ltd.", "tpl_consulting"],
  ["Hire an adviser at a day rate of £900.", "tpl_consulting"],
  ["Advisory engagement with Dr Chen Partners LLP.", "tpl_consulting"],
  ["SaaS agreement with Initech LLC.", "tpl_saas_subscription"],
  ["We are subscribing to Hooli Inc's hosted analytics platform.", "tpl_saas_subscription"],
  ["Software licence for Globex Inc's cloud CRM.", "tpl_saas_subscription"]
]

const refused: ReadonlyArray<string> = [
  "",
  "   ",
  "asdkjh qwe zxcv 1234",
  "Hello, how are you?",
  "I want to buy a house in Bristol.",
  "Draft an employment contract for our new head of sales.",
  "Prepare a commercial lease for the office at 10 High Street.",
  "Loan agreement with Globex Inc for $250,000.",
  "Draft a shareholders' agreement between the founders.",
  "Write a will for me.",
  "Sale of goods contract for 500 widgets.",
  "Distribution agreement with Globex GmbH for Germany."
]

describe("choosing the template", () => {
  for (const [prompt, template] of placed) {
    it(`${JSON.stringify(prompt)} → ${template}`, () => {
      const result = read(prompt)
      expect("_tag" in result ? result.reason : result.template.id).toBe(template)
    })
  }

  for (const prompt of refused) {
    it(`${JSON.stringify(prompt)} → unplaceable, naming what can be drafted`, () => {
      const result = read(prompt)
      expect(result).toMatchObject({ _tag: "Unplaceable" })
      if (!("_tag" in result)) return
      expect(result.reason).toContain("Mutual Non-Disclosure Agreement")
      expect(result.reason).toContain("SaaS Subscription Agreement")
    })
  }

  it("refuses a kind whose template the caller does not offer", () => {
    const result = read("Draft a mutual NDA with Globex Inc.")
    expect("_tag" in result).toBe(false)
    expect(readWithout("tpl_mutual_nda", "Draft a mutual NDA with Globex Inc.")).toMatchObject({ _tag: "Unplaceable" })
  })

  it("asks whether only one side discloses when an NDA names no direction", () => {
    const result = read("NDA with Umbrella Corp please.")
    if ("_tag" in result) throw new Error(result.reason)
    expect(result.template.id).toBe("tpl_mutual_nda")
    expect(result.forks).toHaveLength(1)
    expect(result.forks[0]).toMatch(/one side disclose/)
  })

  it("asks nothing about direction when the NDA says mutual", () => {
    const result = read("Mutual NDA with Umbrella Corp.")
    if ("_tag" in result) throw new Error(result.reason)
    expect(result.forks).toEqual([])
  })
})
