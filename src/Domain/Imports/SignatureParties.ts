import type { Block, Hit } from "./FactScan.js"
import { joinBlocks } from "./FactScan.js"
import { entityAt } from "./PartyName.js"
import { onlyForms } from "./PartyWords.js"
import { signerName } from "./SignatureNames.js"

/**
 * The entities that sign: in the block after "IN WITNESS WHEREOF", the name written just above
 * each "By:" line ("HARVEST SMALL CAP PARTNERS, L.P. By: /s/ …"), or after "For and on behalf of".
 * A name right after another "By:" signs for someone else (a general partner, a manager) and is
 * not a party of its own; nor is the person whose "/s/" signature it is.
 */

const maxBlocks = 60
const maxRunWords = 12

const witness = /\bIN\s{1,3}WITNESS\s{1,3}WHEREOF\b/i
const byLine = /\bBy\s{0,2}:/g
/** A word of a name written in capitals: "HARVEST", "L.P.", "(PNG)", "I/II", "&"; a label ("COMPANY:") ends the run. */
const capsWord = /^[A-Z0-9&.,'’()/-]{1,40}$/
const roleWord =
  /^(?:LICENSOR|LICENSEE|COMPANY|CUSTOMER|CLIENT|SUPPLIER|VENDOR|DISTRIBUTOR|CONSULTANT|CONTRACTOR|PURCHASER|BUYER|SELLER|FRANCHISOR|FRANCHISEE|LENDER|BORROWER|EMPLOYER|AGENT|PARTY|[A-F])$/
const notAName = /\b(?:AGREEMENT|WITNESS|WHEREOF|SIGNED|AGREED|ACCEPTED|EXECUTED|DATE|NAME|TITLE)\b/

/** The last word of a signer's title, before the next signer's name: "Authorized Signatory", "Vice President", "CFO". */
export const signerRole =
  /^(?:Signatory|Officer|President|Director|Secretary|Treasurer|Manager|Member|Partner|Counsel|Chairman|Chairperson|Trustee|Attorney|Principal|Controller|Individually|Owner|Executive|Esq|Head|CFO|CEO|COO)$/

/** The capitals written just before `at` on its own or the previous line, or null. */
const capsRunBefore = (text: string, at: number): { start: number; end: number } | null => {
  const head = text.slice(Math.max(0, at - 400), at)
  const base = at - head.length
  const words = [...head.matchAll(/\S+/g)]
  let first = words.length
  // "SEATTLE SOFTWARE DEVELOPERS, Inc. By:": a company form in mixed case may close a name in capitals.
  if (first > 1 && /^(?:Inc|Ltd|Corp|Co|Llc)\.?,?$/.test(words[first - 1][0]) && /^[A-Z0-9&.'-]{2,40},?$/.test(words[first - 2][0])) first--
  while (first > 0 && words.length - first < maxRunWords) {
    const word = words[first - 1][0]
    if (!capsWord.test(word) || !/[A-Z]|^&$/.test(word) || /:$/.test(word)) break
    first--
  }
  // "LICENSOR ACME INC. By:": the role written over the name is not part of it.
  while (first < words.length - 1 && roleWord.test(words[first][0])) first++
  if (first === words.length) return null
  // "Bioeq IP AG" on its line: capitals ending a name that starts in mixed case; lineBefore reads the line whole.
  const lineHead = head.slice(head.lastIndexOf("\n", words[first].index) + 1, words[first].index)
  if (/^\s*(?:[A-Z][a-z]+\s+){1,3}$/.test(lineHead)) return null
  // "… Bioeq IP AG By:" within a line: a short run after a mixed-case word that is no signer's title ends that word's name.
  const before = first > 0 ? words[first - 1][0] : ""
  if (
    words.length - first <= 3 && /^[A-Z][a-z]+$/.test(before) && !signerRole.test(before) && !/\n/.test(head.slice(words[first - 1].index, words[first].index))
  ) return null
  // "By: /s/ JOHN J. LOFQUIST": the person who signs, not the party.
  if (first > 0 && /^\/s\/?$/i.test(words[first - 1][0])) return null
  // "By: ACME GP LLC By:": the entity signing on another's behalf.
  if (first > 0 && /^By:?$/i.test(words[first - 1][0])) return null
  const start = base + words[first].index
  const last = words[words.length - 1]
  let end = base + last.index + last[0].length
  while (end > start && /[,;:]/.test(text[end - 1])) end--
  const name = text.slice(start, end)
  // "CENTRACK INTERNATIONAL, INC. I-ON INTERACTIVE, INC.": two signers side by side, run together.
  if (
    /\b(?:INC|LTD|LLC|L\.L\.C|CORP|CORPORATION|LIMITED|PLC|L\.P|LLP)\.?,?\s+(?!(?:INC|LTD|LLC|L\.L\.C|CORP|CORPORATION|LIMITED|PLC|L\.P|LP|LLP|D\/B\/A)\b)[A-Z]/
      .test(name)
  ) return null
  if (name.includes("\n") || notAName.test(name) || name.replace(/[^A-Z]/g, "").length < 4) return null
  return { start, end }
}

/** A mixed-case name alone on the line above "By:" ("Kubient, Inc."), read as a preamble name is. */
const lineBefore = (text: string, at: number): { start: number; end: number } | null => {
  // Looked for within the last 400 characters only, so a long line full of "By:" stays linear.
  const from = Math.max(0, at - 400)
  const head = text.slice(from, at)
  const lineEnd = head.lastIndexOf("\n")
  if (lineEnd === -1 || head.slice(lineEnd).trim().length > 0) return null
  const lineStart = head.lastIndexOf("\n", lineEnd - 1) + 1
  if (lineStart === 0 && from > 0) return null
  const found = entityAt(text, from + lineStart, { wholeLine: true })
  if (found === null || !found.suffix || text.slice(found.end, from + lineEnd).trim().length > 1) return null
  return found
}

/** "… July 16, 2012 By:": the signing date a form prints between the entity's name and its "By:" line. */
const signingDate = /\s(?:Date|DATE|Dated|DATED)\s{0,2}:\s{0,3}(?:[A-Z][a-z]{2,8}\.?\s{1,3}\d{1,2},\s{0,3}\d{4}|\d{1,2}\/\d{1,2}\/\d{2,4})\s{0,3}$/
/** A word of a name in mixed case ("Value", "(NY)", "I"), or the small words inside one. */
const mixedWord = /^(?:[A-Z0-9(][A-Za-z0-9&.,'’()/-]{0,40}|and|of|&|-)$/
/** A label that heads a party's block ("PURCHASER:", "SPONSOR(S):"), not one of a signer's lines. */
const partyLabel = /^(?![(]?(?:By|BY|Its|ITS|Name|NAME|Title|TITLE|Date|DATE|Dated|DATED|Signature|SIGNATURE)\W)[A-Za-z()]{3,20}:$/

/**
 * "SPONSOR(S): Platinum Partners Value Arbitrage Fund L.P. By:", "Title: President Snowy August Fund I LP
 * Date: July 16, 2012 By:": a mixed-case name between a party's label (or the last signer's title) and
 * its "By:" line, read whole when it ends in a company form.
 */
const mixedRunBefore = (text: string, at: number): { start: number; end: number } | null => {
  const from = Math.max(0, at - 300)
  let head = text.slice(from, at)
  const dated = signingDate.exec(head)
  if (dated !== null) head = head.slice(0, dated.index)
  const words = [...head.matchAll(/\S+/g)]
  let first = words.length
  while (first > 0 && words.length - first < maxRunWords && mixedWord.test(words[first - 1][0]) && !signerRole.test(words[first - 1][0].replace(/[.,]$/, ""))) {
    first--
  }
  if (first === 0 || first >= words.length - 1) return null
  const before = words[first - 1][0]
  if (!partyLabel.test(before) && !signerRole.test(before.replace(/[.,]$/, ""))) return null
  // Read within the run's own words, so a page of thousands of "By:" lines stays linear.
  const run = head.slice(0, words[words.length - 1].index + words[words.length - 1][0].length)
  const found = entityAt(run, words[first].index, { wholeLine: true })
  if (found === null || !found.suffix || found.start !== words[first].index || found.end < run.length - 1) return null
  return { start: from + found.start, end: from + found.end }
}

/** "For and on behalf of ABS Telecom plc": the entity a signatory signs for, as cable consortia and English deeds write it. */
const onBehalf = /\b(?:for|For|FOR)\s{1,3}(?:and|AND)\s{1,3}(?:on|ON)\s{1,3}(?:behalf|BEHALF)\s{1,3}(?:of|OF)\b\s{0,3}:?/g
/** Where the name written after "on behalf of" stops: the signature line, the signer's name or title, a wide gap. */
const nameStop = /\n|\s{3}|\s(?:By|BY|Name|NAME|Title|TITLE|Signature|Date)\s{0,2}:|\s\/s\/|_{3}|-{3}/
const maxNameWords = 12

/** The name after "For and on behalf of", on its line or, when the line ends there, alone on the next. */
const onBehalfName = (text: string, from: number): { start: number; end: number } | null => {
  let start = from
  while (start < text.length && /\s/.test(text[start])) start++
  // The name may stand a few blank lines below, as a typed form spaces it.
  if (text.slice(from, start).split("\n").length > 7) return null
  const rest = text.slice(start, start + 200)
  const stop = nameStop.exec(rest)
  let end = start + (stop === null ? rest.length : stop.index)
  while (end > start && /[\s,;:]/.test(text[end - 1])) end--
  const name = text.slice(start, end)
  const words = name.split(/\s+/)
  if (!/^(?:[A-Z0-9]|[a-z][\w-]*\.(?:com|net|org)\b)/.test(name) || words.length > maxNameWords || name.replace(/[^A-Za-z]/g, "").length < 2) return null
  if (notAName.test(name.toUpperCase()) || onlyForms(words.map((word) => ({ word })))) return null
  // "For and on behalf of The Licensor": a role the agreement defines, not a name.
  if (/^(?:the|The|THE)\s\S+$/.test(name) || words.length === 1 && !/[A-Z]{2}|\.|&/.test(name)) return null
  return { start, end }
}

export const signatureParties = (blocks: ReadonlyArray<Block>, from: number): ReadonlyArray<Hit> => {
  let start = -1
  for (let index = blocks.length - 1; index >= from; index--) {
    if (witness.test(blocks[index].text)) {
      start = index
      break
    }
  }
  if (start === -1) return []
  const { hitAt, text } = joinBlocks(blocks.slice(start, start + maxBlocks), start)
  const hits: Array<Hit> = []
  const spans = [...text.matchAll(byLine)].map((match) =>
    capsRunBefore(text, match.index) ?? lineBefore(text, match.index) ?? mixedRunBefore(text, match.index)
  )
  for (const match of text.matchAll(onBehalf)) spans.push(onBehalfName(text, match.index + match[0].length))
  const named = spans.map((span) => span === null ? null : signerName(text, span))
  for (const span of named.filter((entry) => entry !== null).sort((left, right) => left.start - right.start)) {
    const hit = hitAt(span.start, span.end)
    // A name that runs on into the next block is no name read whole.
    if (hit.end <= blocks[hit.block].text.length) hits.push(hit)
  }
  return hits
}
