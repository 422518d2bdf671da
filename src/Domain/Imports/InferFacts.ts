import type { FactKind } from "../Words/Fact.js"
import type { InferredFact, ParsedBlock } from "./Parsed.js"
import { importFactNames } from "./Parsed.js"
import { findParties } from "./Parties.js"
import { datePattern, demonymLaw, governingBefore, governingPattern, moneyPattern, noticePatterns, renewalContext, renewalPattern } from "./Patterns.js"

/**
 * Facts read off the blocks by rule. Every value is a substring of a block's text, and its spans
 * list where it occurs, so a person can see each fact in the words. A fact the rules cannot place
 * is reported missing rather than guessed.
 */

type Block = Pick<ParsedBlock, "kind" | "text">

interface Hit {
  readonly block: number
  readonly start: number
  readonly end: number
}

const labels: Record<string, string> = {
  agreement_date: "Agreement date",
  effective_date: "Effective date",
  expiration_date: "Expiration date",
  renewal_term: "Renewal term",
  notice_period: "Notice period",
  governing_law: "Governing law"
}

const partyLetter = (index: number): string => String.fromCharCode(97 + index)
const maxSpans = 100
const maxAmounts = 5

const spansOf = (blocks: ReadonlyArray<Block>, value: string): InferredFact["spans"] => {
  const spans: Array<{ block: number; start: number; end: number }> = []
  blocks.forEach((block, index) => {
    for (let at = block.text.indexOf(value); at !== -1 && spans.length < maxSpans; at = block.text.indexOf(value, at + value.length)) {
      spans.push({ block: index, start: at, end: at + value.length })
    }
  })
  return spans
}

const fact = (blocks: ReadonlyArray<Block>, name: string, label: string, kind: FactKind, hit: Hit): InferredFact | null => {
  const value = blocks[hit.block].text.slice(hit.start, hit.end).trim()
  if (value.length === 0) return null
  const spans = spansOf(blocks, value)
  return spans.length === 0 ? null : { name, label, kind, value, spans }
}

/** The opening blocks: title, parties and date, before recitals or the first numbered section. */
const preambleEnd = (blocks: ReadonlyArray<Block>): number => {
  let end = 0
  let clauses = 0
  for (; end < Math.min(blocks.length, 10); end++) {
    const text = blocks[end].text
    if (end > 0 && clauses > 0 && /^(?:(?:[A-Z]\.\s)?WHEREAS|Whereas|RECITALS|BACKGROUND|ARTICLE|1\.|1\)|\(A\)|NOW)/.test(text)) break
    if (blocks[end].kind === "clause") clauses++
    if (clauses >= 3) {
      end++
      break
    }
  }
  return Math.max(1, end)
}

/** All matches of a global pattern in a block range, in document order. */
const scan = (blocks: ReadonlyArray<Block>, pattern: RegExp, from = 0, to = blocks.length, group = 0): Array<Hit> => {
  const hits: Array<Hit> = []
  for (let index = from; index < to; index++) {
    const text = blocks[index].text
    for (const match of text.matchAll(pattern)) {
      const value = match[group]
      if (value === undefined) continue
      const start = match.index + (group === 0 ? 0 : match[0].lastIndexOf(value))
      hits.push({ block: index, start, end: start + value.length })
    }
  }
  return hits
}

const before = (blocks: ReadonlyArray<Block>, hit: Hit, size: number): string => blocks[hit.block].text.slice(Math.max(0, hit.start - size), hit.start)
const after = (blocks: ReadonlyArray<Block>, hit: Hit, size: number): string => blocks[hit.block].text.slice(hit.end, hit.end + size)

const agreementCue = /(?:made|entered\sinto|dated|executed|as\sof|effective|this|on|day\sof|Dated:?|Date:?)[^.]{0,60}$/i
const effectiveCue =
  /(?:effective(?:\s(?:as\sof|on|date|from))?|commenc\w{0,4}(?:\son)?|start(?:s|ing)?(?:\son)?|start:|Effective\sDate:?|begin\w{0,4}(?:\son)?)\s{0,3}(?:this\s)?$/i
const expirationCue = /(?:end|ends|expire|expires|expiring|expiration|terminate|terminates|until|through|end:|end\sdate:?)\s{0,3}(?:on\s)?$/i

const dateValue = (text: string): number | null => {
  const numeric = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2,4})$/.exec(text)
  if (numeric !== null) {
    const year = Number(numeric[3]) < 100 ? 2000 + Number(numeric[3]) - (Number(numeric[3]) > 50 ? 100 : 0) : Number(numeric[3])
    return year * 10000 + Number(numeric[1]) * 100 + Number(numeric[2])
  }
  const year = /(\d{4})\s*$/.exec(text)
  return year === null ? null : Number(year[1]) * 10000
}

const findDates = (blocks: ReadonlyArray<Block>) => {
  const preamble = preambleEnd(blocks)
  const all = scan(blocks, datePattern)
  const inPreamble = all.filter((hit) => hit.block < preamble)
  const agreement = inPreamble.find((hit) => agreementCue.test(before(blocks, hit, 80))) ?? inPreamble[0] ??
    // No date up front: the latest date on the signature page is when the last party signed.
    [...all.filter((hit) => blocks[hit.block].kind === "signature_block")].sort((a, b) =>
      (dateValue(blocks[b.block].text.slice(b.start, b.end)) ?? 0) - (dateValue(blocks[a.block].text.slice(a.start, a.end)) ?? 0)
    )[0]
  const explicit = all.find((hit) =>
    effectiveCue.test(before(blocks, hit, 40)) || /^\s{0,2}\((?:the|this)\s["“]Effective Date["”]\)/.test(after(blocks, hit, 30))
  )
  const whole = blocks.map((block) => block.text).join("\n")
  const preambleText = blocks.slice(0, preamble).map((block) => block.text).join("\n")
  // Annotators read the agreement date as the effective date when the contract ties them together.
  const tied = /effective/i.test(preambleText) || /["“]Effective Date["”]/.test(whole) ||
    /Effective Date (?:of this Agreement )?(?:shall be|means|is)\b/.test(whole) || /\bdate hereof\b/i.test(whole)
  const effective = explicit ?? (tied ? agreement : undefined)
  const expiration = all.find((hit) =>
    expirationCue.test(before(blocks, hit, 30)) && /\bterm\b|expir|terminat|in effect|contract end/i.test(blocks[hit.block].text)
  )
  return { agreement, effective, expiration }
}

const perpetual = /\b(?:perpetual|in perpetuity|indefinitely|until terminated)\b/gi

const findPerpetual = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, perpetual).find((hit) => /\bterm\b|continue|remain in (?:full )?(?:force|effect)/i.test(blocks[hit.block].text))

const sentenceAround = (text: string, at: number): readonly [number, number] => {
  const start = Math.max(text.lastIndexOf(". ", at) + 1, at - 600, 0)
  const stop = text.indexOf(". ", at)
  return [start, stop === -1 ? Math.min(text.length, at + 600) : Math.min(stop + 1, at + 600)]
}

const findRenewal = (blocks: ReadonlyArray<Block>) => {
  const renewal = scan(blocks, renewalPattern, 0, blocks.length, 1)[0]
  let notice: Hit | undefined
  const candidates: Array<Hit> = []
  for (const pattern of noticePatterns) for (const hit of scan(blocks, pattern, 0, blocks.length, 1)) candidates.push(hit)
  candidates.sort((a, b) => a.block - b.block || a.start - b.start)
  for (const hit of candidates) {
    const [start, end] = sentenceAround(blocks[hit.block].text, hit.start)
    if (renewalContext.test(blocks[hit.block].text.slice(start, end))) {
      notice = hit
      break
    }
  }
  return { renewal, notice }
}

const findGoverning = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, governingPattern, 0, blocks.length, 1)[0] ?? scan(blocks, governingBefore, 0, blocks.length, 1)[0] ??
    scan(blocks, demonymLaw, 0, blocks.length, 1)[0]

export const inferFacts = (blocks: ReadonlyArray<Block>): { facts: ReadonlyArray<InferredFact>; missing: ReadonlyArray<string> } => {
  const facts: Array<InferredFact> = []
  const preamble = preambleEnd(blocks)
  const joined = blocks.slice(0, preamble).map((block) => block.text)
  const offsets: Array<number> = []
  joined.forEach((_, index) => offsets.push(index === 0 ? 0 : offsets[index - 1] + joined[index - 1].length + 1))
  const seen = new Set<string>()
  const firstClause = blocks.slice(0, preamble).findIndex((block) => block.kind === "clause")
  for (const found of findParties(joined.join("\n"), firstClause === -1 ? 0 : offsets[firstClause])) {
    const block = offsets.findLastIndex((offset) => offset <= found.start)
    const hit = { block, start: found.start - offsets[block], end: found.end - offsets[block] }
    const value = blocks[block].text.slice(hit.start, hit.end)
    if (seen.has(value.toLowerCase())) continue
    seen.add(value.toLowerCase())
    const index = seen.size - 1
    const party = fact(blocks, `party_${partyLetter(index)}`, `Party ${partyLetter(index).toUpperCase()}`, "party", hit)
    if (party !== null) facts.push(party)
  }
  const dates = findDates(blocks)
  const { notice, renewal } = findRenewal(blocks)
  const expiration = dates.expiration ?? findPerpetual(blocks)
  const found: Record<keyof typeof importFactNames, Hit | undefined> = {
    agreement_date: dates.agreement,
    effective_date: dates.effective,
    expiration_date: expiration,
    renewal_term: renewal,
    notice_period: notice,
    governing_law: findGoverning(blocks)
  }
  for (const name of Object.keys(importFactNames) as Array<keyof typeof importFactNames>) {
    const hit = found[name]
    const inferred = hit === undefined ? null : fact(blocks, name, labels[name], importFactNames[name], hit)
    if (inferred !== null) facts.push(inferred)
  }
  const amounts = new Set<string>()
  for (const hit of scan(blocks, moneyPattern)) {
    const value = blocks[hit.block].text.slice(hit.start, hit.end)
    if (amounts.has(value) || amounts.size >= maxAmounts) continue
    amounts.add(value)
    const amount = fact(blocks, `amount_${amounts.size}`, `Amount ${amounts.size}`, "money", hit)
    if (amount !== null) facts.push(amount)
  }
  const names = new Set(facts.map((entry) => entry.name))
  const missing = ["party_a", "party_b", ...Object.keys(importFactNames)].filter((name) => !names.has(name))
  return { facts, missing }
}
