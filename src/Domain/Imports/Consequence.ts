import type { BlockKind } from "../Words/Blocks.js"

/**
 * The order in which unverified blocks are shown (`GET /contracts/{id}/unverified`): by what a
 * misread would cost, not by how unsure the parser was. Lower rank = more consequential.
 *
 *   0 signature   who signs, and that they signed: a wrong name here binds the wrong person
 *   1 money       payment, fees, price, compensation, royalties, commissions, amounts in currency
 *   2 term        term, termination, renewal, expiry: when the obligations start and stop
 *   3 liability   liability, indemnity, limitation of liability, warranties, damages, insurance
 *   4 obligation  any other clause: what the parties must do (including governing law)
 *   5 exhibit     attachments: read, but usually restate or detail the clauses
 *   6 boilerplate notices, headings, definitions, counterparts, severability, entire agreement,
 *                 waiver, amendments, assignment, interpretation
 *
 * A clause's topic is read from its lead (the first words, where its caption sits) before its
 * body, so "Notices. Notice of termination shall…" is boilerplate and "Fees. … notices …" is money.
 */
export const consequenceTiers = ["signature", "money", "term", "liability", "obligation", "exhibit", "boilerplate"] as const
export type ConsequenceTier = (typeof consequenceTiers)[number]

const topics: ReadonlyArray<readonly [ConsequenceTier, RegExp]> = [
  [
    "money",
    /\b(?:pay\w{0,5}|fees?|price\w{0,2}|pricing|compensation|royalt\w{1,3}|invoice\w{0,2}|commissions?|purchase price|costs?|expenses?|remunerat\w{1,5})\b|[$€£]\s?\d/i
  ],
  ["term", /\b(?:term|termination|terminat\w{1,4}|renew\w{0,4}|renewal|expir\w{1,5}|duration)\b/i],
  ["liability", /\b(?:liabilit\w{1,3}|liable|indemn\w{1,9}|warrant\w{1,4}|damages|limitation of liability|insurance|hold harmless)\b/i]
]
const boilerplate =
  /\b(?:notices?|headings?|captions?|definitions?|defined terms|counterparts?|severab\w{1,5}|entire agreement|waivers?|amendments?|assignment|interpretation|further assurances|successors and assigns|relationship of (?:the )?parties|construction)\b/i

export const consequenceTier = (block: { readonly kind: BlockKind; readonly text: string }): ConsequenceTier => {
  if (block.kind === "signature_block") return "signature"
  if (block.kind === "heading") return "boilerplate"
  if (block.kind === "exhibit") return "exhibit"
  const lead = block.text.slice(0, 60)
  for (const [tier, pattern] of topics) if (pattern.test(lead)) return tier
  if (boilerplate.test(lead)) return "boilerplate"
  for (const [tier, pattern] of topics) if (pattern.test(block.text)) return tier
  return "obligation"
}

export const consequenceRank = (block: { readonly kind: BlockKind; readonly text: string }): number => consequenceTiers.indexOf(consequenceTier(block))
