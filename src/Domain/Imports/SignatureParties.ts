import type { Block, Hit } from "./FactScan.js"
import { entityAt } from "./PartyName.js"

/**
 * The entities that sign: in the block after "IN WITNESS WHEREOF", the name written just above
 * each "By:" line ("HARVEST SMALL CAP PARTNERS, L.P. By: /s/ …"). A name right after another
 * "By:" signs for someone else (a general partner, a manager) and is not a party of its own.
 */

const maxBlocks = 60
const maxRunWords = 12

const witness = /\bIN\s{1,3}WITNESS\s{1,3}WHEREOF\b/i
const byLine = /\bBy\s{0,2}:/g
/** A word of a name written in capitals: "HARVEST", "L.P.", "(PNG)", "&"; a label ("COMPANY:") ends the run. */
const capsWord = /^[A-Z0-9&.,'’()-]{1,40}$/
const roleWord =
  /^(?:LICENSOR|LICENSEE|COMPANY|CUSTOMER|CLIENT|SUPPLIER|VENDOR|DISTRIBUTOR|CONSULTANT|CONTRACTOR|PURCHASER|BUYER|SELLER|FRANCHISOR|FRANCHISEE|LENDER|BORROWER|EMPLOYER|AGENT|PARTY|[A-F])$/
const notAName = /\b(?:AGREEMENT|WITNESS|WHEREOF|SIGNED|AGREED|ACCEPTED|EXECUTED|DATE|NAME|TITLE)\b/

/** The capitals written just before `at` on its own or the previous line, or null. */
const capsRunBefore = (text: string, at: number): { start: number; end: number } | null => {
  const head = text.slice(Math.max(0, at - 400), at)
  const base = at - head.length
  const words = [...head.matchAll(/\S+/g)]
  let first = words.length
  while (first > 0 && words.length - first < maxRunWords) {
    const word = words[first - 1][0]
    if (!capsWord.test(word) || !/[A-Z]/.test(word) || /:$/.test(word)) break
    first--
  }
  // "LICENSOR ACME INC. By:": the role written over the name is not part of it.
  while (first < words.length - 1 && roleWord.test(words[first][0])) first++
  if (first === words.length) return null
  // "By: ACME GP LLC By:": the entity signing on another's behalf.
  if (first > 0 && /^By:?$/i.test(words[first - 1][0])) return null
  const start = base + words[first].index
  const last = words[words.length - 1]
  let end = base + last.index + last[0].length
  while (end > start && /[,;:]/.test(text[end - 1])) end--
  const name = text.slice(start, end)
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

export const signatureParties = (blocks: ReadonlyArray<Block>, from: number): ReadonlyArray<Hit> => {
  let start = -1
  for (let index = blocks.length - 1; index >= from; index--) {
    if (witness.test(blocks[index].text)) {
      start = index
      break
    }
  }
  if (start === -1) return []
  const texts = blocks.slice(start, start + maxBlocks).map((block) => block.text)
  const offsets: Array<number> = []
  texts.forEach((_, index) => offsets.push(index === 0 ? 0 : offsets[index - 1] + texts[index - 1].length + 1))
  const text = texts.join("\n")
  const hits: Array<Hit> = []
  for (const match of text.matchAll(byLine)) {
    const span = capsRunBefore(text, match.index) ?? lineBefore(text, match.index)
    if (span === null) continue
    const block = offsets.findLastIndex((offset) => offset <= span.start)
    if (span.end > offsets[block] + texts[block].length) continue
    hits.push({ block: start + block, start: span.start - offsets[block], end: span.end - offsets[block] })
  }
  return hits
}
