import type { Block, Hit } from "./FactScan.js"
import { after, before, preambleEnd, scan } from "./FactScan.js"
import { duration } from "./Patterns.js"

/** Dates by role: when the agreement was made, when it takes effect, and when it ends. */

const month =
  "(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?)"
/** A day as converters print it, including torn ordinals ("19t h", "1s t"). */
const day = "\\d{1,2}(?:st|nd|rd|th|s t|n d|r d|t h)?"
const year = "(?:19|20)\\d{2}"

/** "January 1, 1998", "June 1st, 2020", "May 3,2006", "March 18. 2021", "10th day of January, 2018", "2 April 2020", "1/27/2020", "3-14-18". */
export const datePattern = new RegExp(
  `\\b(?:${month}\\s{0,2}${day}\\s{0,2}[,.]?\\s{0,2}${year}|${day}\\s{0,2}(?:day\\s{1,2}of\\s{1,2})?${month}\\s{0,2},?\\s{0,2}${year}|\\d{1,2}[/-]\\d{1,2}[/-](?:${year}|\\d{2}))(?![\\d/])`,
  "gi"
)

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

export const findDates = (blocks: ReadonlyArray<Block>) => {
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
  // An end date written beats a length; either beats "until terminated" (findPerpetual), which a stated length contradicts.
  const expiration =
    all.find((hit) => expirationCue.test(before(blocks, hit, 30)) && /\bterm\b|expir|terminat|in effect|contract end/i.test(blocks[hit.block].text)) ??
      findTermLength(blocks)
  return { agreement, effective, expiration }
}

const perpetual = /\b(?:perpetual|in perpetuity|indefinitely|until terminated)\b/gi

export const findPerpetual = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, perpetual).find((hit) => /\bterm\b|continue|remain in (?:full )?(?:force|effect)/i.test(blocks[hit.block].text))

/**
 * How long the contract runs when no end date is written: "continue in effect for a period of Three (3) years",
 * "The initial term of this Agreement shall be five (5) years from the Effective Date", "remain valid for 1 year".
 * The value is the length as written; its `normalized` reading counts it from the start date.
 */
const termLength = new RegExp(duration, "gi")
/** The words that lead to the contract's own length: the term, or the agreement continuing, then "is", "be", "for", "of" or "in". */
const termLead =
  /\b(?:term|duration|agreement|engagement|effect|force|valid)\b[^.;]{0,60}\b(?:be|is|of|for|in)\s(?:a\s(?:total\s)?(?:period\sof\s)?|an?\sinitial\s(?:period|term)\sof\s)?$/i
/** Lengths of something else in the same sentence: renewals, notice, what survives the contract, payment. */
const otherLength =
  /renew|extended|extension|successive|additional|notice|surviv|during|thereafter|following|after\s|prior|confiden|compet|solicit|warrant|payment|invoice|records|insurance|royalt|until|maximum|minimum|at\sleast|more\sthan|less\sthan|excess|exceed/i
const lengthEnd =
  /^\s?(?:'s?\s)?(?:after|following|prior|before|thereafter(?!\s?\()|notice|written|of\s(?:written\s|prior\s)?notice|from\s(?:the\s)?(?:date\sof\s)?(?:termination|expiration|receipt|delivery))/i

export const findTermLength = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, termLength).map((hit) => {
    // "for a period of three (3) years": the length is "three (3) years".
    const lead = /^periods?\sof\s/i.exec(blocks[hit.block].text.slice(hit.start, hit.end))
    return lead === null ? hit : { ...hit, start: hit.start + lead[0].length }
  }).find((hit) => {
    const text = blocks[hit.block].text
    const value = text.slice(hit.start, hit.end)
    const lead = before(blocks, hit, 160)
    const sentence = lead.slice(Math.max(lead.lastIndexOf(". "), lead.lastIndexOf("; ")) + 1)
    return !/\*|renew|successive|additional|further|another|extension|business/i.test(value) &&
      /\bterm\b|in effect|in force|valid|continue|expir/i.test(text) &&
      termLead.test(sentence) && !otherLength.test(sentence) && !lengthEnd.test(after(blocks, hit, 40))
  })
