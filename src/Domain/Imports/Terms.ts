import type { Block, Hit } from "./FactScan.js"
import { after, before, scan, sentenceAround } from "./FactScan.js"
import { duration } from "./Patterns.js"

/**
 * How a contract renews: the renewal term (the renewal, never the initial term), and the notice
 * that stops a renewal (never a notice to exercise an option to renew, nor a cure period).
 */

const renewWord = "(?:renew|renewed|renewal|renews|extend|extended|extends|extension|extendable)"

/** The ways a contract states a renewal's length, tried together and ranked by `renewalRank`. */
export const renewalPatterns: ReadonlyArray<RegExp> = [
  // "automatically renewed for subsequent one (1) year periods", "extended for an additional period of two years".
  new RegExp(`\\b${renewWord}\\b[^.;]{0,120}?\\bfor\\s(?:an?\\s)?(?:additional\\s)?(?:period\\sof\\s)?(${duration})`, "gi"),
  // "renew the Franchise for 2 additional terms of 10 years each", "renewal terms of five (5) years each".
  new RegExp(`\\b${renewWord}\\b[^.;]{0,120}?\\b(?:terms?|periods?)\\sof\\s(${duration})`, "gi"),
  // "shall continue … for successive one-year periods": the qualifier itself says it repeats.
  new RegExp(
    `\\b(?:continue|continues|thereafter|automatically)\\b[^.;]{0,120}?\\bfor\\s(?:an?\\s)?(?=(?:successive|consecutive|subsequent|succeeding)\\s)(${duration})`,
    "gi"
  ),
  // "renewed tacitly every year", "and from year to year thereafter".
  new RegExp(`\\b(?:${renewWord}|continue|continues)\\b[^.;]{0,120}?\\b(every\\s(?:calendar\\s)?year|year\\sto\\syear|year-to-year|annually)\\b`, "gi")
]

/** A period that runs after the contract ends ("for one (1) year following the expiration"), not a renewal. */
const tailPeriod = /^\s{0,3}(?:following|after|from\s(?:the\s)?(?:expiration|expiry|termination))\b/i
/** The first term named as such ("for a period of Five (5) years thereafter ("Initial Term")"). */
const initialTerm = /^[^.;]{0,40}?["“(]\s{0,2}(?:the\s)?["“]?Initial\s(?:Term|Period)/i

const renewalRank = (blocks: ReadonlyArray<Block>, hit: Hit): number => {
  const [start, end] = sentenceAround(blocks[hit.block].text, hit.start)
  const sentence = blocks[hit.block].text.slice(start, end)
  return /\brenew/i.test(sentence) ? 0 : 1
}

const findRenewalTerm = (blocks: ReadonlyArray<Block>): Hit | undefined => {
  const candidates = renewalPatterns.flatMap((pattern) => scan(blocks, pattern, 0, blocks.length, 1))
    .filter((hit) => !tailPeriod.test(after(blocks, hit, 60)) && !initialTerm.test(after(blocks, hit, 60)))
  return candidates.sort((a, b) => renewalRank(blocks, a) - renewalRank(blocks, b) || a.block - b.block || a.start - b.start)[0]
}

/** The notice that stops a renewal, in a sentence about renewal or expiry. */
export const noticePatterns: ReadonlyArray<RegExp> = [
  new RegExp(
    `\\b(?:at\\sleast|not\\sless\\sthan|no\\sless\\sthan|minimum\\sof|within|upon)\\s(${duration})['’]?\\s(?:prior\\s|advance\\s)?(?:written\\s)?`,
    "gi"
  ),
  new RegExp(`\\b(${duration})['’]?\\s(?:prior\\s|advance\\s)?(?:written\\s)?(?:notice|notification)`, "gi"),
  new RegExp(`\\b(${duration})\\s(?:before|prior\\sto)\\s(?:the\\s)?(?:end|expiration|expiry|conclusion|termination|natural)`, "gi")
]

export const renewalContext = /\b(?:renew\w{0,5}|non-\s?renewal|extend\w{0,3}|extension|expiration|expiry|conclusion of)\b/i
/** The sentence says how to stop the renewal: "unless either party gives notice", "of its intention not to renew". */
const stopCue =
  /\b(?:not\s(?:like\s|want\s|wish\s)?to\s(?:renew|extend)|non-?\s?renew\w{0,5}|unless|terminat\w{0,5}|cancel\w{0,6}|not\swish|declin\w{0,3}|opt\w{0,3}\sout)\b/i
/** A notice that exercises an option to renew, cures a breach or cancels an insurance policy: never a notice against renewal. */
const notAStop = /\b(?:(?:election|option|desire|intention|intent|wish)\sto\s(?:renew|extend)|breach\w{0,2}|cure[sd]?|default|polic(?:y|ies)|insur\w{0,6})\b/i
/** The period is one of notice: the sentence itself speaks of notice or writing. */
const givesNotice = /\b(?:noti(?:ce|fy|fies|fied|fication)|in\swriting|written)\b/i
/** Of two periods in one sentence, the one tied to the end of the term is the notice against renewal. */
const tiedToEnd =
  /^['’]?\s{0,3}(?:(?:prior\s|advance\s)?(?:written\s)?(?:notice|notification)?[^.;]{0,40}?)\b(?:before|prior\sto|preceding)\b[^.;]{0,40}?\b(?:end|expir\w{0,5}|renewal|anniversary|term)\b/i

const findNotice = (blocks: ReadonlyArray<Block>): Hit | undefined => {
  const candidates = noticePatterns.flatMap((pattern) => scan(blocks, pattern, 0, blocks.length, 1)).filter((hit) => {
    const text = blocks[hit.block].text
    const [start, end] = sentenceAround(text, hit.start)
    const sentence = text.slice(start, end)
    // "… unless either party notifies the other of its intention not to renew. Such notice must be given ninety (90) days prior …"
    const withPrevious = text.slice(sentenceAround(text, Math.max(0, start - 2))[0], end)
    if (/^\s{0,3}(?:after|following|from)\b/i.test(after(blocks, hit, 20))) return false // a period after an event, not before the end
    return givesNotice.test(sentence) && renewalContext.test(withPrevious) && stopCue.test(withPrevious) && !notAStop.test(sentence)
  })
  const rank = (hit: Hit) => tiedToEnd.test(after(blocks, hit, 120)) || /prior\sto\s$/i.test(before(blocks, hit, 12)) ? 0 : 1
  return candidates.sort((a, b) => rank(a) - rank(b) || a.block - b.block || a.start - b.start)[0]
}

export const findRenewal = (blocks: ReadonlyArray<Block>) => ({ renewal: findRenewalTerm(blocks), notice: findNotice(blocks) })
