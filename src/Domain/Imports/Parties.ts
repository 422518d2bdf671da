import type { Block, Hit } from "./FactScan.js"
import type { Found } from "./PartyName.js"
import { entityAt, sameParty } from "./PartyName.js"
import { signatureParties } from "./SignatureParties.js"

/**
 * Party names from a contract's opening words: "by and between A, a Delaware corporation
 * ("Alias"), and B …", "by and among A (…), B (…) and C", "entered into by A and B",
 * "BETWEEN: A … AND: B", "Party A: … Party B: …", or a preamble that opens on the first party's
 * name; and, when the preamble points to the signature page or names fewer than two, the
 * entities that sign.
 */

export type { Found } from "./PartyName.js"
export { entityAt } from "./PartyName.js"

const maxParties = 6

/** Paren depth at `at`, counted from `from`: a party's "and" is never inside its description's parentheses. */
const depthAt = (text: string, from: number, at: number): number => {
  let depth = 0
  for (let index = from; index < at; index++) {
    if (text[index] === "(") depth++
    else if (text[index] === ")") depth = Math.max(0, depth - 1)
  }
  return depth
}

/** A party's description follows its name: ", a Delaware corporation", "(the …)", "having", "of 90 High Street", ", whose address is". */
const describedAfter = (text: string, end: number): boolean =>
  /^\s{0,3}(?:,\s{0,3}an?\s|\(|,?\s{0,3}\(|,?\s{0,3}(?:hereinafter|herein|having|with|of\s{1,3}\d)|,\s{0,3}(?:whose|residing|resident|domiciled|located|born|acting|represented))/
    .test(text.slice(end, end + 40))

/** The words that introduce the party list, the preamble's own ("by and between", "entered into by") before a title's bare "between". */
const listAnchors: ReadonlyArray<RegExp> = [
  /\bby\s{1,3}and\s{1,3}(?:between|among|amongst)\b\s{0,3}[:,]?/gi,
  /\b(?:entered\s{1,3}into|made|executed)\b[^.;()"“]{0,60}?\bby\b\s{0,3}[:,]?/gi,
  /\b(?:between|among|amongst)\b\s{0,3}[:,]?/gi,
  // A letter agreement: the senders are named after the salutation ("Ladies and Gentlemen: Blue Hills Bancorp, Inc. (…), …").
  /\b(?:Ladies\s{1,3}and\s{1,3}Gentlemen|Dear\s{1,3}Sirs?(?:\s{1,3}and\s{1,3}Mesdames)?)\s{0,3}[:,]/g
]

const firstOfList = (text: string, opening: number): Found | null => {
  for (const anchor of listAnchors) {
    anchor.lastIndex = 0
    for (let match = anchor.exec(text); match !== null; match = anchor.exec(text)) {
      const found = entityAt(text, match.index + match[0].length)
      if (found !== null) return found
    }
  }
  // Without an anchor, the preamble opens on the first party's name ("Mutual Insurance … and Stratton … agree as follows");
  // a company's suffix tells it from a heading ("Datec Contact Details").
  const opened = entityAt(text, opening)
  return opened !== null && opened.suffix ? opened : null
}

/** The next party after `cursor`: after "and", "AND:", or a comma that closes the previous party's description. */
const nextOfList = (text: string, cursor: number, count: number): Found | null => {
  const window = text.slice(cursor, cursor + (count === 1 ? 700 : 400))
  const stop = /\b(?:WHEREAS|Whereas|RECITALS|WITNESSETH|agree as follows|hereby agree|NOW,? THEREFORE)\b/.exec(window)
  const scope = stop === null ? window : window.slice(0, stop.index)
  const joiner =
    /(?:^\s{0,2},|\b(?:and|AND|And)\b:?|[)”"],|;|\b(?:corporation|company|partnership|association|bank|trust),|\bagent\s{1,3}for|\bon\s{1,3}behalf\s{1,3}of)\s{1,5}/g
  for (let match = joiner.exec(scope); match !== null; match = joiner.exec(scope)) {
    const at = cursor + match.index + match[0].length
    if (depthAt(text, cursor, at) > 0) continue
    const named = entityAt(text, at)
    if (named === null) continue
    const candidate = representedBy(text, named)
    const name = text.slice(candidate.start, candidate.end)
    const described = describedAfter(text, candidate.end)
    const strong = candidate.suffix || (name === name.toUpperCase() && /[A-Z]{3}/.test(name) && described)
    // "Securities and Exchange Commission": an "and" between two capitalised words joins one name, not two parties.
    const insideName = /[A-Z][A-Za-z]{0,30}\s{1,3}(?:and|AND|And)\s{1,5}$/.test(text.slice(Math.max(cursor, at - 40), at))
    // Right after the previous name, a comma lists another company ("Alpha Corp., Beta Corp. and …") or starts a place ("Acme Inc., New York, New York").
    const listComma = match.index === 0
    // "between Acme Inc. and John Smith.": the second name right after the first needs no description.
    const pair = count === 1 && /^\s{0,3}(?:and|AND|And)\s/.test(window.slice(0, match.index + match[0].length)) && !insideName
    // "AND:" on a cover page lists the next party as "(2)" does.
    const listed = candidate.listed === true || /:\s{0,5}$/.test(match[0])
    if (candidate.suffix || (!listComma && (strong || pair || listed || (described && !insideName)))) return candidate
  }
  return null
}

/**
 * "Natalija Tunevic, director of FreeCook (hereinafter referred to as "Client")": the person signs
 * for the company, which is the party.
 */
const representedBy = (text: string, found: Found): Found => {
  const role = /^,\s{0,3}(?:the\s)?(?:director|president|owner|chief\sexecutive\sofficer|CEO|managing\sdirector|general\spartner|manager|member)\s(?:of|at)\s/i
    .exec(text.slice(found.end, found.end + 60))
  if (role === null) return found
  return entityAt(text, found.end + role[0].length, { single: true }) ?? found
}

/** Up to six parties, in the order the preamble names them. */
export const findParties = (text: string, opening = 0): ReadonlyArray<Found> => {
  const labelled = labelledParties(text)
  if (labelled.length >= 2) return labelled
  const first = firstOfList(text, opening)
  if (first === null) return []
  const parties: Array<Found> = [representedBy(text, first)]
  for (let next = nextOfList(text, first.end, 1); next !== null && parties.length < maxParties; next = nextOfList(text, next.end, parties.length)) {
    parties.push(next)
  }
  return parties
}

/** A cover page's label for one party: "Party A:", "Licensor:", "Supplier:" at a line's start or after "Party A:". */
const roleLabel =
  /(?:\bParty\s[A-F]|(?:^|\n)\s{0,8}(?:Licensor|Licensee|Supplier|Customer|Distributor|Consultant|Contractor|Client|Vendor|Purchaser|Buyer|Seller|Franchisor|Franchisee|Lender|Borrower|Manufacturer|Reseller|Provider|Employer|Landlord|Tenant|Lessor|Lessee))\s{0,2}:/g

/** "Party A: Beijing Baidu Netcom Science and Technology Co., Ltd." — one name a label, in the label's order. */
const labelledParties = (text: string): ReadonlyArray<Found> => {
  const out: Array<Found> = []
  for (const match of text.matchAll(roleLabel)) {
    const found = entityAt(text, match.index + match[0].length, { wholeLine: true })
    if (found !== null && found.suffix && out.length < maxParties) out.push(found)
  }
  return out
}

/** A preamble that leaves parties to the signature page ("each of the persons set forth on the signature page hereto"). */
const pointsToSignatures = /\bsignature\s{1,3}pages?\b|\bundersigned\b|\bsignator(?:y|ies)\b/i

const maxPreambleBlocks = 30
const maxPreambleChars = 8000
const bodyStarts =
  /^(?:(?:[A-Z]\.\s)?WHEREAS|Whereas|RECITALS|Recitals|BACKGROUND|WITNESSETH|NOW|IN CONSIDERATION|ARTICLE|Article\s1\b|Section\s1\b|1\.\s|1\)\s)/

/**
 * The blocks that can name the parties: the preamble, and on through short lines ("AND:", "Party B:",
 * an address) until the recitals or the first section, for a cover page that lays one party per line.
 */
export const partyPreambleEnd = (blocks: ReadonlyArray<Block>, preamble: number): number => {
  let end = preamble
  let chars = blocks.slice(0, preamble).reduce((sum, block) => sum + block.text.length, 0)
  while (end < Math.min(blocks.length, maxPreambleBlocks) && !bodyStarts.test(blocks[end].text) && chars + blocks[end].text.length <= maxPreambleChars) {
    chars += blocks[end].text.length
    end++
  }
  return end
}

/** Party names in blocks [from, to), as hits in those blocks. */
const partiesInBlocks = (blocks: ReadonlyArray<Block>, from: number, to: number): { hits: ReadonlyArray<Hit>; text: string } => {
  const joined = blocks.slice(from, to).map((block) => block.text)
  const offsets: Array<number> = []
  joined.forEach((_, index) => offsets.push(index === 0 ? 0 : offsets[index - 1] + joined[index - 1].length + 1))
  const firstClause = blocks.slice(from, to).findIndex((block) => block.kind === "clause")
  const text = joined.join("\n")
  const hits = findParties(text, firstClause === -1 ? 0 : offsets[firstClause]).map((found) => {
    const block = offsets.findLastIndex((offset) => offset <= found.start)
    return { block: from + block, start: found.start - offsets[block], end: found.end - offsets[block] }
  })
  return { hits, text }
}

const maxDeepBlocks = 600
/** A preamble after a cover page and a table of contents: "THIS AGREEMENT … by and between …", or a line opening on "Between". */
const deepOpener =
  /^\s{0,8}(?:(?:THIS|This)\s[^.]{0,300}?\b(?:by\s{1,3}and\s{1,3}(?:between|among)|between|among|entered\s{1,3}into\s{1,3}by)\b|(?:BETWEEN|Between)\b)/

/** Where each party is named: the preamble's parties first, then those only the signature block names. */
export const findPartyHits = (blocks: ReadonlyArray<Block>, opening: number): ReadonlyArray<Hit> => {
  const preamble = partyPreambleEnd(blocks, opening)
  const hits: Array<Hit> = []
  const seen = new Set<string>()
  const add = (hit: Hit) => {
    const key = sameParty(blocks[hit.block].text.slice(hit.start, hit.end))
    if (key.length === 0 || seen.has(key) || hits.length >= maxParties) return
    seen.add(key)
    hits.push(hit)
  }
  const opened = partiesInBlocks(blocks, 0, preamble)
  opened.hits.forEach(add)
  if (hits.length === 0) {
    const deep = blocks.slice(preamble, maxDeepBlocks).findIndex((block) => deepOpener.test(block.text))
    if (deep !== -1) partiesInBlocks(blocks, preamble + deep, partyPreambleEnd(blocks, preamble + deep + 1)).hits.forEach(add)
  }
  if (hits.length < 2 || pointsToSignatures.test(opened.text)) { for (const hit of signatureParties(blocks, preamble)) add(hit) }
  return hits
}
