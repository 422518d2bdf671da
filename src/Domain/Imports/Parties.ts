import type { Block, Hit } from "./FactScan.js"
import { joinBlocks } from "./FactScan.js"
import type { Found } from "./PartyName.js"
import { entityAt, sameParty } from "./PartyName.js"
import { nextOfList, representedBy } from "./PartyList.js"
import { labelledParties } from "./LabelledParties.js"
import { maxParties } from "./Parsed.js"
import { addresseeOf, letterAnchor } from "./LetterParties.js"
import { coverLine } from "./CoverLine.js"
import { aliasedAfterTerm, definedOpener } from "./DefinedOpener.js"
import { signatureParties } from "./SignatureParties.js"
import { jointFilingParties } from "./JointFilingParties.js"
import { relationTo } from "./PartyMerge.js"
import { aliasAfter } from "./PartyWords.js"

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

/** "entered into by FASC in its capacity as …" after "(… "FASC")": a short name the text defined earlier, not where a party is named. */
const definedEarlier = (text: string, found: Found): boolean => {
  const before = text.slice(0, found.start)
  // "by and among PSS, PSS Merger Corp. and GSMS": a list that opens on a defined short name is read as one name, and is no preamble's.
  const name = text.slice(found.start, found.end)
  return [name, name.split(",")[0]].some((words) => before.includes(`"${words}"`) || before.includes(`“${words}”`))
}

/** The words that introduce the party list, the preamble's own ("by and between", "entered into by") before a title's bare "between". */
const listAnchors: ReadonlyArray<RegExp> = [
  /\bby\s{1,3}and\s{1,3}(?:between|among|amongst)\b\s{0,3}[:,]?(?:\s{0,3}the\s{1,3}following\s{1,3}(?:parties|persons|entities)\s{0,3}:?)?/gi,
  /\b(?:entered\s{1,3}into|made|executed)\b[^.;()"“]{0,60}?\bby\b\s{0,3}[:,]?/gi,
  // An English deed's heading over its numbered parties: "PARTIES (1) Theravance Biopharma UK Limited … and (2) Brett Haumann".
  /\b(?:PARTIES|Parties)\s{0,3}:?\s{0,3}(?=\(1\)\s|1[.)]\s)/g,
  /\b(?:between|among|amongst)\b\s{0,3}[:,]?/gi,
  // A heading letter-spaced as older filings print it: "B E T W E E N:".
  /\bB\s{1,3}E\s{1,3}T\s{1,3}W\s{1,3}E\s{1,3}E\s{1,3}N\b\s{0,3}:?/g,
  // A letter agreement: the senders are named after the salutation ("Ladies and Gentlemen: Blue Hills Bancorp, Inc. (…), …").
  letterAnchor
]

/** A party left out of the text: "[ * * * ]", "[***]", "[-1]", a blank "________". */
const placeholder = /^\s{0,3}(?:\(\d\)\s{0,3})?(?:\[[^\]\n]{0,12}\]|_{3,})/

/** Where the recitals start: an anchor after it names another agreement's parties ("pursuant to the Separation Agreement by and between …"). */
const recitals = /\b(?:WHEREAS|Whereas|WITNESSETH|RECITALS)\b/

/** The first party after an anchor written before `limit`, in the anchors' order; null when none. */
const anchoredFirst = (text: string, defined: Found | null, limit: number): { found: Found | null; sawDefined: boolean } => {
  let triedBlank = false
  let sawDefined = false
  for (const anchor of listAnchors) {
    anchor.lastIndex = 0
    for (let match = anchor.exec(text); match !== null && match.index < limit; match = anchor.exec(text)) {
      // A "between" after the defined opener is a later clause's ("Agreement … between the Ministry of Oil and Gas …").
      if (defined !== null && defined.start < match.index) return { found: defined, sawDefined }
      const at = match.index + match[0].length
      const found = entityAt(text, at)
      // "among the Joint Venturers as follows": a name the text defined earlier is no party named here.
      if (found !== null && !definedEarlier(text, found)) return { found: coverLine(text, at, found, "after"), sawDefined }
      if (found !== null) sawDefined = true
      // "by and between [ * * * ] (the "Provider"), and TELCOSTAR PTE, LTD.": a redacted or blank first party; the list goes on.
      const blank = triedBlank || found !== null ? null : placeholder.exec(text.slice(at, at + 60))
      if (blank === null) continue
      // Tried once only, so a text of many blanks stays linear.
      triedBlank = true
      const after = nextOfList(text, at + blank[0].length, 1)
      if (after !== null) return { found: after, sawDefined }
    }
  }
  return { found: null, sawDefined }
}

const firstOfList = (text: string, opening: number): Found | null => {
  const defined = definedOpener(text, opening)
  const recital = recitals.exec(text.slice(opening))
  const beforeRecitals = recital === null ? null : anchoredFirst(text, defined, opening + recital.index)
  const anchored = beforeRecitals !== null && beforeRecitals.found !== null ? beforeRecitals : anchoredFirst(text, defined, text.length)
  if (anchored.found !== null) return anchored.found
  // Without an anchor, the preamble opens on the first party's name ("Mutual Insurance … and Stratton … agree as follows");
  // a company's suffix tells it from a heading ("Datec Contact Details"). Where an anchor led only to a name defined
  // earlier ("entered into by AGENT"), the opening name must define its own alias to be a party ("CCGI, Inc. ("CCGI") and …").
  const opened = entityAt(text, opening)
  if (opened !== null && opened.suffix && (!anchored.sawDefined || aliasAfter.test(text.slice(opened.end, opened.end + 20)))) return opened
  // "THIS AGREEMENT made … 1995.\nPUROLATOR COURIER LTD. ("Purolator") - and - …": a later line opens on a described company.
  for (let line = text.indexOf("\n", opening); line !== -1; line = text.indexOf("\n", line + 1)) {
    const named = entityAt(text, line + 1)
    if (named !== null && named.suffix && named.start <= line + 4 && aliasAfter.test(text.slice(named.end, named.end + 20))) return named
  }
  return defined ?? aliasedAfterTerm(text, opening)
}

/** "ENTERTAINMENT CORPORATION" of "THE HENRY FILM AND ENTERTAINMENT CORPORATION": the words after a name's inner "and". */
const tailAfterAnd = (known: string, name: string): boolean => {
  const spaced = (value: string) => value.toLowerCase().replace(/\s+/g, " ")
  return /\s(?:and|&)\s/i.test(known) && (spaced(known).endsWith(` and ${spaced(name)}`) || spaced(known).endsWith(` & ${spaced(name)}`))
}

/** The parties, in the order the preamble names them. */
export const findParties = (text: string, opening = 0): ReadonlyArray<Found> => {
  const labelled = labelledParties(text)
  if (labelled.length >= 2) return labelled
  const first = firstOfList(text, opening)
  if (first === null) return []
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
  const add = (hit: Hit, signed = false) => {
    const name = blocks[hit.block].text.slice(hit.start, hit.end)
    const key = sameParty(name)
    if (key.length === 0 || seen.has(key) || names.some((known) => tailAfterAnd(known, name))) return
    seen.add(key)
    const relations = names.map((known) => relationTo(known, name))
    const suffixed = relations.indexOf("suffixed")
    if (suffixed !== -1) {
      // The same party, now written with its company form: the fuller name stands in its place.
      names[suffixed] = name
      hits[suffixed] = hit
      return
    }
    if ((signed && relations.includes("extended")) || hits.length >= maxParties) return
    names.push(name)
    hits.push(hit)
  }
  // A joint filing agreement names its parties only where they sign.
  jointFilingParties(blocks).forEach((hit) => add(hit))
  if (hits.length > 0) return hits
  const opened = partiesInBlocks(blocks, 0, preamble)
  opened.hits.forEach((hit) => add(hit))
  if (hits.length === 0) {
    const deep = blocks.slice(preamble, maxDeepBlocks).findIndex((block) => deepOpener.test(block.text))
    if (deep !== -1) partiesInBlocks(blocks, preamble + deep, partyPreambleEnd(blocks, preamble + deep + 1)).hits.forEach((hit) => add(hit))
  }
  if (hits.length < 2 || pointsToSignatures.test(opened.text)) { for (const hit of signatureParties(blocks, preamble)) add(hit, true) }
  return hits
}
