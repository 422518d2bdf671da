import { createHash } from "node:crypto"
import { maxFactLength } from "../Templates/Drafting.js"
import type { Template } from "../Templates/Template.js"
import { chooseKind, type Kind, ndaDirection } from "./ChooseTemplate.js"
import { cleanPrompt, isCleanValue } from "./CleanText.js"
import { maxForks, oneWayFork, sideForks } from "./Forks.js"
import { readFacts } from "./PromptFacts.js"
import { readParties, selfMarker } from "./PromptParties.js"
import { readSides, saysDirection } from "./PromptSides.js"
import { emailPattern, findRecipients, type ProposedRecipient } from "./Recipients.js"
import type { Family } from "./RoleRules.js"

export type { ProposedRecipient } from "./Recipients.js"

export interface PromptContext {
  /** The caller's org name, e.g. "Acme Ltd": the drafting side. */
  readonly self: string
  /** "YYYY-MM-DD" (UTC), for "today", "tomorrow", "next month". */
  readonly today: string
  readonly templates: ReadonlyArray<Template>
}

export interface PromptPlan {
  readonly template: Template
  /** Blank key → value as written into the words, only for values the sentence states (or that follow from `self`/`today`). */
  readonly facts: Readonly<Record<string, string>>
  /** Questions for forks the sentence leaves open that are not a missing blank. At most 3. */
  readonly forks: ReadonlyArray<string>
  readonly recipients: ReadonlyArray<ProposedRecipient>
}

export interface Unplaceable {
  readonly _tag: "Unplaceable"
  readonly reason: string
}

const rules = "rules-prompt-v1: keyword template choice; marked-party role phrases; dates, money, durations, governing law by context words; no guessed values"

export const drafterIdentity: { readonly model: string; readonly prompt_hash: string } = {
  model: "rules-prompt-v1",
  prompt_hash: `sha256:${createHash("sha256").update(rules).digest("hex")}`
}

const templateFor: Readonly<Record<Exclude<Kind, "nda">, { id: string; family: Family }>> = {
  services: { id: "tpl_master_services", family: "services" },
  work: { id: "tpl_statement_of_work", family: "services" },
  consulting: { id: "tpl_consulting", family: "consulting" },
  subscription: { id: "tpl_saas_subscription", family: "subscription" }
}

const unplaceable = (why: string, templates: ReadonlyArray<Template>): Unplaceable => ({
  _tag: "Unplaceable",
  reason: `${why} The agreements this drafter can prepare are: ${templates.map((template) => template.name).join("; ")}.`
})

export const readPrompt = (prompt: string, context: PromptContext): PromptPlan | Unplaceable => {
  const text = cleanPrompt(prompt)
  const body = text.replace(emailPattern, " ")
  const choice = chooseKind(body)
  if (choice._tag === "Unknown") {
    const why = choice.refused !== undefined
      ? `None of the templates covers what the request asks for ("${choice.refused}").`
      : choice.between.length > 1
      ? "The request could be for more than one kind of agreement; name the one you want."
      : "The request does not name a kind of agreement."
    return unplaceable(why, context.templates)
  }
  const reading = readParties(body, context.self)
  const direction = choice.kind === "nda" ? (ndaDirection(body) ?? (saysDirection(reading) ? "one-way" : undefined)) : undefined
  const chosen = choice.kind === "nda"
    ? { id: direction === "one-way" ? "tpl_one_way_nda" : "tpl_mutual_nda", family: direction === "one-way" ? ("disclosure" as const) : undefined }
    : templateFor[choice.kind]
  const template = context.templates.find((candidate) => candidate.id === chosen.id)
  if (template === undefined) return unplaceable("The kind of agreement asked for has no template here.", context.templates)

  const sides = readSides(reading, chosen.family)
  const nameOf = (marker: string): string => (marker === selfMarker ? context.self : reading.others[Number(marker.slice(2))]!)
  const partyKeys = template.blanks.filter((blank) => blank.kind === "party").map((blank) => blank.key)
  const facts: Record<string, string> = {}
  sides.pair.forEach((marker, order) => {
    if (marker === undefined) return
    const side = chosen.family === undefined ? order : sides.sides.get(marker)
    if (side !== undefined && partyKeys[side] !== undefined) facts[partyKeys[side]] = nameOf(marker)
  })
  Object.assign(facts, readFacts(body, template, context.today))
  const forks = [...(choice.kind === "nda" && direction === undefined ? [oneWayFork] : []), ...sideForks(template, sides, nameOf)]
  return {
    template,
    facts: Object.fromEntries(Object.entries(facts).filter(([, value]) => isCleanValue(value, maxFactLength))),
    forks: forks.slice(0, maxForks),
    recipients: findRecipients(text)
  }
}
