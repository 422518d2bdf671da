import type { Template } from "../Templates/Template.js"
import type { Sides } from "./PromptSides.js"

/** The questions asked when the prompt leaves a side open; at most three reach the plan. */

export const maxForks = 3

/** What the template's first party blank does, as the question asks it. */
const firstSide: Readonly<Record<string, string>> = {
  tpl_one_way_nda: "discloses the confidential information",
  tpl_master_services: "is the customer",
  tpl_statement_of_work: "is the customer",
  tpl_consulting: "is the client",
  tpl_saas_subscription: "is the provider"
}

export const oneWayFork = "Will only one side disclose confidential information? If so, a one-way NDA fits better than a mutual one: say which side discloses."

export const sideForks = (template: Template, sides: Sides, nameOf: (marker: string) => string): ReadonlyArray<string> => {
  const forks: Array<string> = []
  if (sides.extra.length > 0) {
    forks.push(`The prompt names more parties than this agreement has room for (${sides.extra.join(", ")}): which one is the other party?`)
  }
  const asks = firstSide[template.id]
  const [first, second] = sides.pair
  if (asks !== undefined && !sides.sides.has(first ?? "") && !sides.sides.has(second ?? "")) {
    const [a, b] = [first, second].map((marker) => (marker === undefined ? "the other party" : nameOf(marker)))
    forks.push(`Which side ${asks}: ${a} or ${b}?`)
  }
  return forks
}
