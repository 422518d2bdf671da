import type { Block, Hit } from "./FactScan.js"
import { joinBlocks } from "./FactScan.js"
import type { Found } from "./PartyName.js"
import { entityAt, sameParty } from "./PartyName.js"
import { placeAfter } from "./PartyWords.js"
import { labelledParties } from "./LabelledParties.js"
import { maxParties } from "./Parsed.js"
import { addresseeOf, letterAnchor } from "./LetterParties.js"
import { coverLine } from "./CoverLine.js"
import { definedOpener } from "./DefinedOpener.js"
import { signatureParties } from "./SignatureParties.js"
import { jointFilingParties } from "./JointFilingParties.js"

/**
 * Party names from a contract's opening words: "by and between A, a Delaware corporation
 * ("Alias"), and B …", "by and among A (…), B (…) and C", "entered into by A and B",
 * "BETWEEN: A … - and - B", "Party A: … Party B: …", a cover page that lists one party a line,
 * or a preamble that opens on the first party's name; and, when the preamble points to the
 * signature page or names fewer than two, the entities that sign. A contract names as many
 * parties as it has: a consortium's can run to dozens.
 */

export type { Found } from "./PartyName.js"
export { entityAt } from "./PartyName.js"

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
    .test(text.slice(end, end + 40)) || placeAfter.test(text.slice(end, end + 60))

/** The words that introduce the party list, the preamble's own ("by and between", "entered into by") before a title's bare "between". */
const listAnchors: ReadonlyArray<RegExp> = [
  /\bby\s{1,3}and\s{1,3}(?:between|among|amongst)\b\s{0,3}[:,]?(?:\s{0,3}the\s{1,3}following\s{1,3}(?:parties|persons|entities)\s{0,3}:?)?/gi,
  /\b(?:entered\s{1,3}into|made|executed)\b[^.;()"“]{0,60}?\bby\b\s{0,3}[:,]?/gi,
  /\b(?:between|among|amongst)\b\s{0,3}[:,]?/gi,
  // A heading letter-spaced as older filings print it: "B E T W E E N:".
  /\bB\s{1,3}E\s{1,3}T\s{1,3}W\s{1,3}E\s{1,3}E\s{1,3}N\b\s{0,3}:?/g,
  // A letter agreement: the senders are named after the salutation ("Ladies and Gentlemen: Blue Hills Bancorp, Inc. (…), …").
  letterAnchor
]

/** A party left out of the text: "[ * * * ]", "[***]", "[-1]", a blank "________". */
const placeholder = /^\s{0,3}(?:\(\d\)\s{0,3})?(?:\[[^\]\n]{0,12}\]|_{3,})/

const firstOfList = (text: string, opening: number): Found | null => {
  let triedBlank = false
  const defined = definedOpener(text, opening)
  for (const anchor of listAnchors) {
    anchor.lastIndex = 0
    for (let match = anchor.exec(text); match !== null; match = anchor.exec(text)) {
      // A "between" after the defined opener is a later clause's ("Agreement … between the Ministry of Oil and Gas …").
      if (defined !== null && defined.start < match.index) return defined
      const at = match.index + match[0].length
      const found = entityAt(text, at)
      if (found !== null) return coverLine(text, at, found, "after")
      // "by and between [ * * * ] (the "Provider"), and TELCOSTAR PTE, LTD.": a redacted or blank first party; the list goes on.
      const blank = triedBlank ? null : placeholder.exec(text.slice(at, at + 60))
      if (blank === null) continue
      // Tried once only, so a text of many blanks stays linear.
      triedBlank = true
      const after = nextOfList(text, at + blank[0].length, 1)
      if (after !== null) return after
    }
  }
  // Without an anchor, the preamble opens on the first party's name ("Mutual Insurance … and Stratton … agree as follows");
  // a company's suffix tells it from a heading ("Datec Contact Details").
  const opened = entityAt(text, opening)
  if (opened !== null && opened.suffix) return opened
  // "THIS AGREEMENT made … 1995.\nPUROLATOR COURIER LTD. ("Purolator") - and - …": a later line opens on a described company.
  for (let line = text.indexOf("\n", opening); line !== -1; line = text.indexOf("\n", line + 1)) {
    const named = entityAt(text, line + 1)
    if (named !== null && named.suffix && named.start <= line + 4 && /^\s{0,3}\(\s{0,3}(?:the\s)?["“]/.test(text.slice(named.end, named.end + 20))) return named
  }
  return defined
}

/**
 * The next party after `cursor`: after "and", "AND:", or a comma that closes the previous party's
 * description; or the person an endorsement's lender furnishes ("Marine MP, LLC, for services of
 * Arnold Schwarzenegger"), a party of their own.
 */
const nextOfList = (text: string, cursor: number, count: number): Found | null => {
  const window = text.slice(cursor, cursor + (count === 1 ? 700 : 400))
  // The list ends with the preamble's sentence: a full stop after a word, a blank or an alias, not an "Inc.".
  // "… as an amendment to that certain Joint Venture Agreement … by and among Autoliv ASP, Inc.": another agreement's parties.
  const stop =
    /\b(?:WHEREAS|Whereas|RECITALS|WITNESSETH|agree as follows|hereby agree|NOW,? THEREFORE|that certain)\b|(?:_|\b[a-z]{2,}|[)"”])\.(?:\s{0,3}\n|\s{1,3}(?:This|These|The|Each|In|It)\s)/
      .exec(window)
  const scope = stop === null ? window : window.slice(0, stop.index)
  const joiner =
    /(?:^\s{0,2},|^(?=\s{0,3}\n)|\bas\s{1,3}(?:[A-Z][A-Za-z]{1,20}\s{0,3}){1,4},?(?=\s{0,3}\n)|\btogether\s{1,3}with|\b(?:for\s{1,8}(?:the\s{1,8})?services\s{1,8}of|furnishing\s{1,8}the\s{1,8}services\s{1,8}of)|\b(?:and|AND)\s{1,3}its\s{1,3}[A-Z][a-z]{2,20},|\b(?:and|AND|And)\b:?|[)”"],|;|\b(?:corporation|company|partnership|association|bank|trust),|\bagent\s{1,3}for|\bon\s{1,3}behalf\s{1,3}of)\s{1,5}/g
  for (let match = joiner.exec(scope); match !== null; match = joiner.exec(scope)) {
    const at = cursor + match.index + match[0].length
    if (depthAt(text, cursor, at) > 0) continue
    const named = entityAt(text, at)
    if (named === null) continue
    const candidate = coverLine(text, at, representedBy(text, named), "before")
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
    // A cover page lists one party a line ("among\nAizu Fujitsu Semiconductor Limited\nFujitsu Semiconductor Limited"): the name fills its line.
    const ownLine = /^\s{0,3}\n/.test(match[0])
    if (ownLine && !/^\s{0,3}(?:,\s{0,3}as\s[^\n]{0,60})?(?:\s(?:and|AND))?\s{0,3}(?:\n|$)/.test(text.slice(candidate.end, candidate.end + 80))) continue
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

/** "ENTERTAINMENT CORPORATION" of "THE HENRY FILM AND ENTERTAINMENT CORPORATION": the words after a name's inner "and". */
const tailAfterAnd = (known: string, name: string): boolean => {
  const spaced = (value: string) => value.toLowerCase().replace(/\s+/g, " ")
  return /\s(?:and|&)\s/i.test(known) && (spaced(known).endsWith(` and ${spaced(name)}`) || spaced(known).endsWith(` & ${spaced(name)}`))
}

/** "entered into by FASC in its capacity as …" after "(… "FASC")": a short name the text defined earlier, not where a party is named. */
const definedEarlier = (text: string, found: Found): boolean => {
  const name = text.slice(found.start, found.end)
  const before = text.slice(0, found.start)
  return before.includes(`"${name}"`) || before.includes(`“${name}”`)
}

/** The parties, in the order the preamble names them. */
export const findParties = (text: string, opening = 0): ReadonlyArray<Found> => {
  const labelled = labelledParties(text)
  if (labelled.length >= 2) return labelled
  const first = firstOfList(text, opening)
  if (first === null || definedEarlier(text, first)) return []
  const parties: Array<Found> = [representedBy(text, first)]
  for (let next = nextOfList(text, first.end, 1); next !== null && parties.length < maxParties; next = nextOfList(text, next.end, parties.length)) {
    // "THE HENRY FILM AND ENTERTAINMENT CORPORATION": the tail after a name's inner "and" is no second party.
    const name = text.slice(next.start, next.end)
    if (!parties.some((party) => tailAfterAnd(text.slice(party.start, party.end), name)) && !definedEarlier(text, next)) parties.push(next)
  }
  // A letter's addressee, named above the salutation, is a party beside its senders.
  const addressee = addresseeOf(text)
  const known = (found: Found) => parties.some((party) => sameParty(text.slice(party.start, party.end)) === sameParty(text.slice(found.start, found.end)))
  if (addressee !== null && parties.length < maxParties && !known(addressee)) parties.push(addressee)
  return parties
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
  const { hitAt, offsets, text } = joinBlocks(blocks.slice(from, to), from)
  const firstClause = blocks.slice(from, to).findIndex((block) => block.kind === "clause")
  const hits = findParties(text, firstClause === -1 ? 0 : offsets[firstClause]).map((found) => hitAt(found.start, found.end))
  return { hits, text }
}

const maxDeepBlocks = 600
/**
 * A preamble after a cover page and a table of contents: "THIS AGREEMENT … by and between …", or a
 * line opening on "Between". A full stop before a number abbreviates a date ("as of Nov. 02, 2019").
 */
const deepOpener =
  /^\s{0,8}(?:(?:THIS|This)\s(?:[^.]|\.(?=\s{0,3}\d)){0,300}?\b(?:by\s{1,3}and\s{1,3}(?:between|among)|between|among|entered\s{1,3}into\s{1,3}by)\b|(?:BETWEEN|Between)\b)/

/** Where each party is named: the preamble's parties first, then those only the signature block names. */
export const findPartyHits = (blocks: ReadonlyArray<Block>, opening: number): ReadonlyArray<Hit> => {
  const preamble = partyPreambleEnd(blocks, opening)
  const hits: Array<Hit> = []
  const seen = new Set<string>()
  const names: Array<string> = []
  const add = (hit: Hit) => {
    const name = blocks[hit.block].text.slice(hit.start, hit.end)
    const key = sameParty(name)
    if (key.length === 0 || seen.has(key) || names.some((known) => tailAfterAnd(known, name)) || hits.length >= maxParties) return
    seen.add(key)
    names.push(name)
    hits.push(hit)
  }
  // A joint filing agreement names its parties only where they sign.
  jointFilingParties(blocks).forEach(add)
  if (hits.length > 0) return hits
  const opened = partiesInBlocks(blocks, 0, preamble)
  opened.hits.forEach(add)
  if (hits.length === 0) {
    const deep = blocks.slice(preamble, maxDeepBlocks).findIndex((block) => deepOpener.test(block.text))
    if (deep !== -1) partiesInBlocks(blocks, preamble + deep, partyPreambleEnd(blocks, preamble + deep + 1)).hits.forEach(add)
  }
  if (hits.length < 2 || pointsToSignatures.test(opened.text)) { for (const hit of signatureParties(blocks, preamble)) add(hit) }
  return hits
}
