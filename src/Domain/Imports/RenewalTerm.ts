import type { Block, Hit } from "./FactScan.js"
import { after, before, scan, sentenceAround } from "./FactScan.js"
import { duration } from "./Patterns.js"
import { findTermLength } from "./TermLength.js"

/** The renewal term: the length of each renewal, never the initial term. */

export const renewWord = "(?:renew|renewed|renewal|renews|extend|extended|extends|extension|extendable)"
/** How many renewals come before their length: "for one (1) or more one (1) month periods", "for each subsequent one-year term". */
const howMany =
  "(?:(?:one|two|three|four|five|\\d)(?:\\s\\(\\d\\))?\\s(?:or\\smore\\s|(?=(?:additional|successive|consecutive|subsequent|further)\\s))|each\\s)?"

const fromTo = "(?:year|month)\\sto\\s(?:year|month)|(?:year|month)-to-(?:year|month)"

/** The ways a contract states a renewal's length, tried together and ranked by `renewalRank`. */
export const renewalPatterns: ReadonlyArray<RegExp> = [
  // "automatically renewed for subsequent one (1) year periods", "renew automatically for one (1) additional three (3) year period".
  new RegExp(`\\b${renewWord}\\b[^.;]{0,120}?\\bfor\\s(?:an?\\s)?(?:additional,?\\s)?(?:period\\sof\\s)?${howMany}(${duration})`, "gi"),
  // "with automatic renewal of one year thereafter": the length right after the renewal.
  new RegExp(`\\bautomatic\\s(?:renewal|extension)\\sof\\s(?:an?\\s)?(${duration})`, "gi"),
  // "renew the Franchise for 2 additional terms of 10 years each", "for two (2) successive terms equal to five (5) years each",
  // "renewed for additional extended terms each of two (2) years duration".
  new RegExp(`\\b${renewWord}\\b[^.;]{0,120}?\\b(?:terms?|periods?)\\s(?:each\\s)?(?:of|equal\\sto)\\s(${duration})`, "gi"),
  // "the option to continue the franchise relationship with us for two (2) additional terms of ten (10) years each".
  new RegExp(
    `\\bcontinue\\b[^.;]{0,120}?\\b(?:additional|successive|consecutive|further|renewal)\\s(?:terms?|periods?)\\s(?:each\\s)?(?:of|equal\\sto)\\s(${duration})`,
    "gi"
  ),
  // "shall continue … for successive one-year periods": the qualifier itself says it repeats.
  new RegExp(
    `\\b(?:continue|continues|thereafter|automatically)\\b[^.;]{0,120}?\\bfor\\s(?:an?\\s)?(?=(?:successive|consecutive|subsequent|succeeding)\\s)(${duration})`,
    "gi"
  ),
  // "with an automatic 2 year term extensions", "for a renewable one-year term".
  new RegExp(`\\b(?:automatic|renewable)\\s(${duration})(?:\\s(?:renewals?|extensions?))?`, "gi"),
  // "renewed tacitly every year", "and from year to year thereafter".
  new RegExp(
    `\\b(?:${renewWord}|continue|continues)\\b[^.;]{0,120}?\\b(every\\s(?:calendar\\s)?year|${fromTo}|annually)\\b`,
    "gi"
  ),
  // "Thereafter, … effective month to month"; "thereafter, annually, a certificate" is no renewal.
  new RegExp(`\\bthereafter\\b[^.;]{0,120}?\\b(${fromTo})\\b`, "gi"),
  // "this Agreement shall be effective month to month", "it shall remain in effect from year to year": the contract runs on, a period at a time.
  new RegExp(
    `\\b(?:agreement|contract|term|it)\\s(?:shall|will)\\s(?:thereafter\\s)?(?:be|remain|continue)\\s(?:in\\s(?:full\\s)?(?:force\\s(?:and\\seffect\\s)?|effect\\s)|effective\\s)(?:from\\s|on\\sa\\s)?(${fromTo})\\b`,
    "gi"
  )
]

/** A period that runs after the contract ends ("for one (1) year following the expiration"), not a renewal; after the initial term is one. */
const tailPeriod =
  /^\s{0,3}(?:following|after|beyond|from\s(?:the\s)?(?:expiration|expiry|termination))\b(?!\s(?:the\s)?(?:initial|original)\s(?:term|period)\b)/i
/** "for a period of five (5) years from the Effective Date": counted from the contract's start, the first term, not a renewal. */
const fromTheStart =
  /^\s{0,3}(?:from|after|commencing\s(?:on|with)|beginning\s(?:on|with))\s(?:the\s)?(?:Effective\sDate|Commencement\sDate|Execution\sDate|date\s(?:hereof|of\s(?:this|the)\s(?:Agreement|Contract)|first\s(?:written|set\sforth|above))|execution|signing)\b/i
/** The first term named as such ("for a period of Five (5) years thereafter ("Initial Term")"). */
const initialTerm = /^[^.;]{0,40}?["“(]\s{0,2}(?:the\s)?["“]?Initial\s(?:Term|Period)/i
/**
 * A renewal only if both parties agree to it later ("can be renewed by mutual written agreement"):
 * no renewal term is set, unless the same sentence also renews automatically.
 */
const onlyByAgreement = /\b(?:by|upon|pursuant\sto|with)\s(?:the\s)?mutual(?:ly)?\s(?:written\s)?(?:agreement|consent|understanding)\b/i
const automatic = /\bautomatic(?:ally)?\b/i
/** A definition ("'Contract Year' shall mean …"), a cure period or a warranty extended: the words of a renewal, not the contract's. */
const notTheContract = /\bshall\smean\b|\bmeans\b|\bcure\b|\bcured\b|\bwarrant(?:y|ies)\b/i
/** A renewal that did not happen ("if the term of the Web Site Services Agreement has not been renewed for …"). */
const notRenewed = /\bnot\s(?:been\s|be\s)?(?:renewed|extended)\b[^.;]{0,60}$/i
/** "for an initial term of two (2) years", "extend for the Initial Period of": the first term, though a renewal's verb leads to it. */
const initialBefore = /\b(?:initial|original|first)\s(?:term|period)\s(?:of\s)?(?:an?\s)?$/i
/** "specifically approved at least annually": how often a thing is done, not how long a renewal runs. */
const howOften = /\bat\sleast\s$/i
/**
 * What is renewed must be the contract, its term or a part with its own term ("this Agreement shall renew", "renew the Franchise",
 * "The Services Term … shall be renewed", "a renewable one-year term"): the words of its sentence up to and with the period name one.
 * "The exclusivity period shall be extended for an additional twelve (12) months", "renew such policies for successive one (1) year
 * periods", "shall continue to pay the license fee annually" renew something else.
 */
const theContract = /\b(?:agreements?|contracts?|terms?|franchises?|it|hereof|hereunder|supplements?|attachments?|addend(?:um|a)|amendments?|schedules?)\b/i
/** "This Lease", "this License": the document by its own name. */
const thisDocument = /\b[Tt]his\s[A-Z][A-Za-z]{2,20}\b/
/** Renewals run for months or years; a period of days or weeks is a notice, a cure or a deadline. */
const shortPeriod = /\b(?:days?|weeks?)\b/i

const sentenceOf = (blocks: ReadonlyArray<Block>, hit: Hit): string => {
  const text = blocks[hit.block].text
  const [start, end] = sentenceAround(text, hit.start)
  return text.slice(start, end)
}

/** The sentence, from its start to the end of the period, names the contract or its term. */
const renewsTheContract = (blocks: ReadonlyArray<Block>, hit: Hit): boolean => {
  const text = blocks[hit.block].text
  const [start] = sentenceAround(text, hit.start)
  const words = text.slice(start, hit.end)
  return theContract.test(words) || thisDocument.test(words)
}

const renewalRank = (blocks: ReadonlyArray<Block>, hit: Hit): number => /\brenew/i.test(sentenceOf(blocks, hit)) ? 0 : 1

/**
 * A renewal as long as the initial term: "shall automatically renew for successive terms of the same duration", "renewed for like
 * periods", "for an additional period equal to the Initial Term". "On the same terms and conditions" and "a period equal to the
 * duration of such delay" are not.
 */
const likeTerm = new RegExp(
  `\\b${renewWord}\\b[^.;]{0,120}?\\bfor\\s(?:an?\\s)?(?:(?:successive|additional|further|consecutive|subsequent)\\s){0,2}(?:(?:terms?|periods?)\\sof\\s(?:the\\s)?(?:same|equal|like)\\s(?:duration|length)|like\\s(?:terms?|periods?)|(?:terms?|periods?)\\s(?:equal|identical)\\sto\\s(?:the\\s)?(?:initial|original)\\s(?:term|period))\\b`,
  "i"
)

/**
 * The initial term's length, where a renewal is as long as it (and not only by the parties' later agreement): the duration alone,
 * without where it counts from.
 */
const initialLength = (blocks: ReadonlyArray<Block>): Hit | undefined => {
  const renewsAlike = blocks.some((block) => {
    const found = likeTerm.exec(block.text)
    if (found === null) return false
    const [start, end] = sentenceAround(block.text, found.index + found[0].length - 1)
    const sentence = block.text.slice(start, end)
    return !(onlyByAgreement.test(sentence) && !automatic.test(sentence))
  })
  if (!renewsAlike) return undefined
  const length = findTermLength(blocks)
  if (length === undefined) return undefined
  const found = new RegExp(duration, "i").exec(blocks[length.block].text.slice(length.start, length.end))
  return found === null ? undefined : { block: length.block, start: length.start + found.index, end: length.start + found.index + found[0].length }
}

const renewalCandidates = (blocks: ReadonlyArray<Block>): Array<Hit> =>
  renewalPatterns.flatMap((pattern) => scan(blocks, pattern, 0, blocks.length, 1)).filter((hit) => {
    const sentence = sentenceOf(blocks, hit)
    return !tailPeriod.test(after(blocks, hit, 60)) && !fromTheStart.test(after(blocks, hit, 60)) && !initialTerm.test(after(blocks, hit, 60)) &&
      !notRenewed.test(before(blocks, hit, 80)) &&
      !(onlyByAgreement.test(sentence) && !automatic.test(sentence)) &&
      !notTheContract.test(sentence) && !shortPeriod.test(blocks[hit.block].text.slice(hit.start, hit.end)) &&
      !initialBefore.test(before(blocks, hit, 40)) && !howOften.test(before(blocks, hit, 12)) && renewsTheContract(blocks, hit)
  })

export const findRenewalTerm = (blocks: ReadonlyArray<Block>): Hit | undefined => {
  const candidates = renewalCandidates(blocks)
  return candidates.sort((a, b) => renewalRank(blocks, a) - renewalRank(blocks, b) || a.block - b.block || a.start - b.start)[0] ?? initialLength(blocks)
}
