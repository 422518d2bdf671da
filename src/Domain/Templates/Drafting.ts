import type { Actor } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import type { DomainEvent } from "../Contract/Events.js"
import { drafterParty } from "../Contract/Parties.js"
import { newContract } from "../Contract/NewContract.js"
import { appendEvents } from "../Contract/Guards.js"
import { type Fact, type FactValue, renderValue, type Span } from "../Words/Fact.js"
import type { ContractId, NewId } from "../Contract/Ids.js"
import type { Mode } from "../Contract/Mode.js"
import { excerpt, reject, type Rejection } from "../Contract/Rejection.js"
import type { Template, TemplateBlank } from "./Template.js"
import { type Block, renumber, wordsHash } from "../Words/Blocks.js"

export const maxQuestions = 3
export const maxFactLength = 2000

/** A question on create: about a required blank left out, or (from a prompt) a fork the sentence left open. */
export interface Question {
  readonly id: string
  readonly asks: string
  readonly fact?: string
  readonly blank?: string
}

export interface DraftFromTemplate {
  readonly id: ContractId
  readonly mode: Mode
  readonly actor: Actor
  readonly template: Template
  readonly facts: Readonly<Record<string, FactValue>>
  readonly now: string
  readonly newId: NewId
  /** A draft from a prompt: its origin is `prompt` and the forks it left open are asked first. */
  readonly prompted?: { readonly forks: ReadonlyArray<string> }
  /** Drafted by an agent over MCP: the origin records the hand, `mcp`, over the template or the prompt. */
  readonly agent?: "mcp"
}

const placeholder = /\{\{(\w+)\}\}/g

export const checkFactValue = (value: FactValue, param: string): Rejection | undefined => {
  const text = renderValue(value)
  if (text.length > maxFactLength) {
    return reject("invalid_request", `A fact value may be at most ${maxFactLength} characters.`, { param })
  }
  if (text.trim() === "") {
    return reject("fact_has_no_span", "An empty value would appear nowhere in the words.", { param })
  }
  return undefined
}

const validateFacts = (template: Template, facts: Readonly<Record<string, FactValue>>): Rejection | undefined => {
  for (const [key, value] of Object.entries(facts)) {
    const param = `facts.${key}`
    if (!template.blanks.some((blank) => blank.key === key)) {
      const known = template.blanks.map((blank) => blank.key).join(", ")
      return reject("invalid_request", `Template ${template.id} has no blank '${excerpt(key)}'. Its blanks are: ${known}.`, { param })
    }
    const problem = checkFactValue(value, param)
    if (problem !== undefined) return problem
  }
  return undefined
}

interface Filling {
  readonly blank: TemplateBlank
  readonly fact: Fact
}

const fillingFor = (blank: TemplateBlank, given: FactValue | undefined): Omit<Filling, "fact"> & { value: FactValue; missing: boolean } => {
  if (given !== undefined) return { blank, value: given, missing: false }
  if (blank.default !== undefined) return { blank, value: blank.default, missing: false }
  return { blank, value: `[${blank.label}]`, missing: true }
}

/** Renders a template into blocks, recording where each fact's value lands as it goes. */
export const draftFromTemplate = (input: DraftFromTemplate): Rejection | Decided<{ readonly questions: ReadonlyArray<Question> }> => {
  const problem = validateFacts(input.template, input.facts)
  if (problem !== undefined) return problem
  const fillings = new Map(input.template.blanks.map((blank) => [blank.key, fillingFor(blank, input.facts[blank.key])]))
  const factIds = new Map(input.template.blanks.map((blank) => [blank.key, input.newId("fct")]))
  const spans = new Map<string, Array<Span>>()
  const blocks: Array<Omit<Block, "number">> = input.template.blocks.map((templateBlock) => {
    const id = input.newId("blk")
    let text = ""
    let last = 0
    for (const match of templateBlock.text.matchAll(placeholder)) {
      const key = match[1]!
      const value = renderValue(fillings.get(key)!.value)
      text += templateBlock.text.slice(last, match.index)
      const list = spans.get(key) ?? []
      list.push({ block: id, start: text.length, end: text.length + value.length })
      spans.set(key, list)
      text += value
      last = match.index! + match[0].length
    }
    return { id, kind: templateBlock.kind, text: text + templateBlock.text.slice(last) }
  })
  const facts: Array<Fact> = input.template.blanks.map((blank) => {
    const filling = fillings.get(blank.key)!
    return {
      id: factIds.get(blank.key)!,
      name: blank.key,
      label: blank.label,
      kind: blank.kind,
      value: filling.value,
      inferred: false,
      confirmed_by: null,
      confirmed_at: null,
      missing: filling.missing,
      spans: spans.get(blank.key) ?? []
    }
  })
  const questions: Array<Question> = [
    ...(input.prompted?.forks ?? []).map((asks) => ({ id: input.newId("q"), asks })),
    ...input.template.blanks
      .filter((blank) => fillings.get(blank.key)!.missing)
      .map((blank) => ({ id: input.newId("q"), asks: blank.question, fact: factIds.get(blank.key)!, blank: blank.key }))
  ].slice(0, maxQuestions)
  const numbered = renumber(blocks)
  const person = input.actor.person!
  const contract = newContract({
    id: input.id,
    mode: input.mode,
    org: input.actor.org!,
    title: input.template.name,
    state: "draft",
    origin: input.agent ?? (input.prompted === undefined ? "template" : "prompt"),
    template: input.template.id,
    amends: null,
    blocks: numbered,
    facts,
    parties: [drafterParty(input.actor, input.newId("pty"))],
    words_hash: wordsHash(numbered)
  }, input.now)
  // No `origin` here: it rides on six cores only, and this is not one of them.
  const event: DomainEvent = {
    type: "contract.drafted",
    data: {
      contract: contract.id,
      template: contract.template,
      title: contract.title,
      state: contract.state,
      words_hash: contract.words_hash,
      drafted_by: person.id,
      amends: null
    }
  }
  return { contract: appendEvents(contract, [event], input.now), events: [event], result: { questions } }
}
