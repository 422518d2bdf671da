import type http from "node:http"
import { expectJson, request } from "../lib/http.js"
import { freshKey, type Seat } from "./actors.js"

/** What the flow asks, in turn; the first is also the streamed one. */
export const askQuestions = [
  "Which contracts renew automatically?",
  "What is the limitation of liability?",
  "governing law New York",
  "notice period for termination",
  "confidential information survives",
  "annual subscription fee",
  "acceptance of deliverables",
  "daily rate of the consultant"
] as const

export const streamedQuestion = askQuestions[0]

export interface Template {
  readonly id: string
  readonly blanks: ReadonlyArray<{ key: string; kind: string; required: boolean }>
}

const firstNames = ["North", "Blue", "Silver", "Granite", "Harbor", "Cedar", "Summit", "Iron", "Lumen", "Orchard", "Pioneer", "Quartz", "Redwood", "Tidal"]
const lastNames = ["wind", "stone", "field", "bridge", "gate", "light", "brook", "crest", "forge", "haven", "mark", "ridge", "vale", "works", "well"]
const suffixes = ["Ltd", "LLC", "Inc.", "GmbH", "plc", "S.A."]
const laws = ["the State of New York", "England and Wales", "the State of Delaware", "the State of California", "Ontario", "Ireland"]
const periods = ["one (1) year", "two (2) years", "three (3) years", "eighteen (18) months"]
const notices = ["thirty (30) days'", "sixty (60) days'", "ninety (90) days'", "fourteen (14) days'"]
const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

const companyOf = (n: number) =>
  `${firstNames[n % firstNames.length]}${lastNames[Math.floor(n / firstNames.length) % lastNames.length]} ${suffixes[Math.floor(n / 7) % suffixes.length]}`
const money = (n: number, from: number, step: number, span: number) => `$${(from + ((n * 7919) % span) * step).toLocaleString("en-US")}`

/**
 * Facts for the n-th contract, from the template's blanks by kind: the org's own name as the first
 * party, a customer of many names, fees that differ. One contract in ten leaves every fact out
 * (the words keep placeholders), one in ten leaves out the optional ones (their standard wording).
 */
const factsFor = (template: Template, n: number, ownName: string): Record<string, string> | undefined => {
  if (n % 10 === 9) return undefined
  const facts: Record<string, string> = {}
  let parties = 0
  for (const blank of template.blanks) {
    if (!blank.required && n % 10 === 4) continue
    switch (blank.kind) {
      case "party":
        facts[blank.key] = parties++ === 0 ? ownName : companyOf(n * 31 + parties)
        break
      case "money":
        facts[blank.key] = blank.key === "daily_rate"
          ? money(n, 600, 25, 40)
          : blank.key === "liability_cap"
          ? money(n, 250_000, 50_000, 40)
          : money(n, 5000, 500, 400)
        break
      case "date":
        facts[blank.key] = `${1 + (n % 28)} ${months[n % 12]} ${2026 + (n % 3)}`
        break
      case "jurisdiction":
        facts[blank.key] = laws[n % laws.length]!
        break
      case "term":
        facts[blank.key] = periods[n % periods.length]!
        break
      case "notice":
        facts[blank.key] = notices[n % notices.length]!
        break
    }
  }
  return facts
}

/** Drafts `count` contracts for `seat` on `clients` loops, the six templates in turn; their ids and block count. */
export const seed = async (
  base: string,
  agent: http.Agent,
  seat: Seat,
  ownName: string,
  templates: ReadonlyArray<Template>,
  count: number,
  clients: number,
  offset: number
): Promise<{ ids: Set<string>; blocks: number }> => {
  const ids = new Set<string>()
  let blocks = 0
  let next = 0
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < count) {
      const n = next++
      const template = templates[n % templates.length]!
      const facts = factsFor(template, n + offset, ownName)
      const drafted = await expectJson(
        201,
        request(base, "/contracts", {
          agent,
          method: "POST",
          headers: { ...seat.headers, "idempotency-key": freshKey("ask-seed") },
          body: facts === undefined ? { template_id: template.id } : { template_id: template.id, facts }
        }),
        `draft ${template.id}`
      ).catch((error) => {
        throw new Error(`draft ${n} of ${count} (${template.id}): ${String(error)}`, { cause: error })
      })
      ids.add(drafted.id)
      blocks += (drafted.blocks as Array<unknown> | undefined)?.length ?? 0
    }
  }))
  return { ids, blocks }
}
