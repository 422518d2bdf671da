import type { Block, Hit } from "./FactScan.js"
import { after, before, scan, sentenceAround } from "./FactScan.js"
import { duration } from "./Patterns.js"

/**
 * The notice that stops a renewal: in a sentence that renews the contract and says how the renewal
 * is stopped, or in the sentence right after one ("Such notice must be given ninety (90) days prior
 * …"), or a termination allowed only once the initial term is over. Never a notice to exercise an
 * option to renew, nor a cure period, nor a termination at any time.
 */

export const noticePatterns: ReadonlyArray<RegExp> = [
  // "at least ninety (90) days prior", "upon a prior written notice … of not less than six (6) months."
  // "no later than ninety (90) days prior the end of the Initial Term".
  new RegExp(
    `\\b(?:at\\sleast|not\\sless\\sthan|no\\sless\\sthan|minimum\\sof|within|no\\slater\\sthan|not\\slater\\sthan|upon)\\s(${duration})(?=['’]?[\\s.,;])`,
    "gi"
  ),
  new RegExp(`\\b(${duration})['’]?\\s(?:prior\\s|advance\\s)?(?:written\\s)?(?:notice|notification)`, "gi"),
  // "unless thirty (30) days prior to the anniversary of the Effective Date Licensee gives written notice".
  new RegExp(
    `\\b(${duration})\\s(?:before|prior\\sto)\\s(?:the\\s)?(?:end|expiration|expiry|conclusion|termination|natural|anniversary|renewal|beginning|commencement)`,
    "gi"
  )
]

/** The sentence renews the contract ("automatically renew", "shall be extended for", "Extended Term", "continue … thereafter until terminated"). */
const renews =
  /\b(?:renew\w{0,5}|non-?\s?renew\w{0,5}|extend\w{0,3}\s(?:automatically|for)|extend\s(?:the|this)\s(?:terms?|agreement)|automatically\s(?:be\s)?extended|(?:agreement|term|it)\s(?:(?:shall|will|may)\s)?(?:automatically\s)?(?:be|been|is)\s(?:automatically\s)?extended|such\sextension|extension\s(?:terms?|periods?)|extended\sterms?|(?<!(?:\btwo|\bthree|\bfour|\bfive|\bsix|\d|\d\))\s)successive\s(?:[\w()-]{1,12}\s){0,3}(?:terms?|periods?|renewals?|years?|months?)|year[-\s]to[-\s]year|month[-\s]to[-\s]month|automatically\scontinue\w{0,2}|thereafter\suntil\sterminated|indefinitely\s(?:after\s(?:that|which)|thereafter))\b/i
/**
 * A termination allowed only once the initial term is over, or taking effect at the end of a term
 * ("terminate … with effect from the expiry of the Initial Term"): how such a contract's renewals end.
 */
const endsATerm =
  /\b(?:at|on|upon|from|effective(?:\sas\sof)?)\s(?:the\s)?(?:expiry|expiration|end)\sof\s(?:the\s|any\s|each\s)?(?:(?:initial|then[-\s]current|current|original|renewal|extended)\s)?term\b|\b(?:after|following)\s(?:the\s)?(?:expiration\sof\s(?:the\s)?)?initial\sterm\b|\b(?:during|in)\s(?:the|any)\s(?:extended|renewal|extension)\s(?:term|period)\b|\bend\sof\s(?:the\s)?initial\sterm\b[^.;]{0,40}\bthereafter\b/i
/** "may terminate this Agreement", "cancel the Contract": the contract ends, not a Statement of Work or a licence under it. */
const endsTheAgreement = /\b(?:terminat\w{0,5}|cancel\w{0,6})\s(?:of\s)?(?:this|the)\s(?:agreement|contract)\b/i
/** The sentence says how to stop the renewal: "unless either party gives notice", "of its intention not to renew". */
const stopCue =
  /\b(?:not\s(?:like\s|want\s|wish\s)?to\s(?:renew|extend)|non-?\s?renew\w{0,5}|unless|terminat\w{0,5}|cancel\w{0,6}|not\swish|declin\w{0,3}|opt\w{0,3}\sout)\b/i
/**
 * A notice that exercises an option to renew, cures a breach, names deficiencies ("written notice of any deficiencies … that could
 * cause us not to renew"), cancels an insurance policy or its coverage, or ends the contract for a force majeure or an insolvency:
 * never a notice against renewal.
 */
const notAStop =
  /\b(?:(?:election|options?|desire|intention|intent|wish)\sto\s(?:renew|extend)|(?<!other\sthan\s)breach\w{0,2}|cure[sd]?|default|deficienc\w{1,3}|polic(?:y|ies)|insur\w{0,6}|coverage|force\smajeure|insolv\w{0,5}|bankrupt\w{0,5})\b/i
/**
 * The sentence gives a notice by name ("notice", "notify"), not only something in writing: after a renewal, "Distributor shall deliver
 * a written marketing plan at least sixty (60) days prior to each renewal term" is no notice against it.
 */
const namesNotice = /\bnoti(?:ce|fy|fies|fied|fication)\b/i
/** The period is one of notice: the sentence itself speaks of notice or writing. */
const givesNotice = /\b(?:noti(?:ce|fy|fies|fied|fication)|in\swriting|written)\b/i
/** A period due before something: "notice … at least ninety (90) days prior to", "in advance of". */
const beforeThe = String
  .raw`^['’]?\s{0,3}(?:(?:prior\s|advance\s)?(?:written\s)?(?:notice|notification)?[^.;]{0,40}?)\b(?:before|prior\sto|prior(?=\sthe\b)|preceding|in\sadvance\sof)\b[^.;]{0,40}?`
/** Of two periods in one sentence, the one tied to the end of the term is the notice against renewal. */
const tiedToEnd = new RegExp(String.raw`${beforeThe}\b(?:end|expir\w{0,5}|renewal|anniversary|term)\b`, "i")
/** Tied to the end of the contract's term, not of any period ("ten (10) days prior to the end of each quarter"). */
const tiedToTermEnd = new RegExp(String.raw`${beforeThe}\b(?:expir\w{0,5}|renewal|anniversary|term|agreement)\b`, "i")

/** A block cut off mid-sentence, by a page break ("… of its intention not to renew the" / "4 Agreement, which notice …"). */
const endsMidSentence = (text: string): boolean => !/[.;:!?]["”')]?\s*$/.test(text)

/** The hit's sentence and the one before, carried over from the block before when a page break cut the sentence. */
const sentencesAround = (blocks: ReadonlyArray<Block>, hit: Hit): { readonly sentence: string; readonly previous: string } => {
  const own = blocks[hit.block].text
  const carried = hit.block > 0 && sentenceAround(own, hit.start)[0] === 0 && endsMidSentence(blocks[hit.block - 1].text)
  const lead = carried ? `${blocks[hit.block - 1].text.slice(-600)} ` : ""
  const text = lead + own
  const [start, end] = sentenceAround(text, lead.length + hit.start)
  const [previousStart] = sentenceAround(text, Math.max(0, start - 2))
  return { sentence: text.slice(start, end), previous: text.slice(previousStart, start) }
}

/**
 * "within thirty (30) days, return all Confidential Information", "no later than thirty (30) days after": a deadline, not a notice,
 * unless the words after tie it to the end of a term ("within sixty (60) days prior to the expiration").
 */
const deadline = /\b(?:within|no\slater\sthan|not\slater\sthan)\s$/i
/** "automatically renews for a period of no less than 12 months": how long the renewal runs, not a notice. */
const termLength = /\bfor\s(?:an?\s)?(?:(?:period|term)\sof\s)?(?:no|not)\sless\sthan\s$/i
/**
 * "unless sooner terminated", "Unless this Agreement has been earlier terminated": the contract's other ends, no way to stop a
 * renewal; "unless otherwise terminated by either party by giving notice" is one.
 */
const otherEnds =
  /\bunless\s(?:(?:this\sAgreement|it)\s(?:is|has\sbeen)\s)?(?:sooner|earlier|otherwise)\s(?:terminated|cancell?ed)\b(?!\s(?:by\s(?:either|any|a|the|one)\s(?:party|parties)|by\s(?:giving|providing|serving|written)|upon|on)\b)/gi
const stops = (text: string): boolean => stopCue.test(text.replace(otherEnds, ""))

/** "may terminate any Purchase Order", "cancel a Statement of Work": a part under the contract ends, not the contract. */
const endsAPart =
  /\b(?:terminat\w{0,5}|cancel\w{0,6})\s(?:any|an?|each|one\sor\smore)\s(?:[\w-]{1,20}\s){0,2}?(?:purchase\sorders?|orders?|statements?\sof\swork|sows?|products?|licen[cs]es?)\b/i

/** A termination at any time, for convenience: not tied to a renewal. */
const atAnyTime = /\bat\sany\stime\b/i

/** A sentence that completes the one before: "Such notice must be given …", "A six (6) months notice must be given …". */
const refersBack = /\bnotice\s(?:must|shall|will)\sbe\s(?:given|provided|delivered|served|sent)\b|\bsuch\s(?:written\s)?notice\b/i

/** "within 5 days of the conclusion of the 12 month term": a notice due by the end of a term, though not "before" it. */
const ofTheEnd = /^['’]?\s{0,3}of\s(?:the\s)?(?:end|expir\w{0,5}|conclusion)\b/i

/**
 * A termination for convenience ("may terminate this Agreement for convenience upon ninety (90) days' notice"): a right of its own,
 * though its sentence names the renewal term it may be used in, unless the sentence also says how a renewal is refused.
 */
const forConvenience = /\bfor\s(?:its\s|their\s)?convenience\b|\bwithout\scause\b|\bfor\sany\sreason\b/i
const refusesRenewal = /\bnon-?\s?renew\w{0,5}|\bnot\s(?:like\s|want\s|wish\s)?(?:to\s)?(?:be\s)?(?:renew|extend)\w{0,3}\b/i

interface Around {
  readonly sentence: string
  readonly previous: string
  /** The words right after the period. */
  readonly next: string
}

/**
 * The notice stops a renewal: its own sentence renews and stops, or ends a term and stops; or the sentence before renews and says how
 * it is stopped, and this one completes it ("Such notice must be given …") or gives a notice due by the end of the term. A
 * termination for convenience after a renewal ("… unless terminated under Section 10. Either party may terminate this Agreement upon
 * thirty (30) days' notice.") is none.
 */
const stopsRenewal = ({ next, previous, sentence }: Around): boolean =>
  !atAnyTime.test(sentence) && (
    (renews.test(sentence) && stops(sentence) && (!forConvenience.test(sentence) || refusesRenewal.test(sentence))) ||
    (renews.test(previous) && stops(previous) &&
      (refersBack.test(sentence) || (namesNotice.test(sentence) && (tiedToTermEnd.test(next) || ofTheEnd.test(next))))) ||
    (renews.test(previous) && refersBack.test(sentence) && stops(sentence)) ||
    (endsATerm.test(sentence) && stops(sentence) && endsTheAgreement.test(sentence))
  )

/**
 * A change of price on notice ("may increase the prices upon sixty (60) days' prior written notice", "thirty (30) days' notice of a
 * fee increase", "the prices may be adjusted"), in the words around the period: a notice of new prices, not against a renewal, unless the sentence also says how a
 * renewal is refused.
 */
const priceChange =
  /\b(?:increas|rais|chang|adjust|modif)\w{0,4}\s(?:(?:the|its|any|such|their)\s)?(?:prices?|pricing|rates?|fees?|charges?)\b|\b(?:prices?|pricing|rates?|fees?|charges?)\s(?:increase|change|adjustment|modification)s?\b|\b(?:prices?|pricing|rates?|fees?|charges?)\b[^.;]{0,40}?\b(?:may|shall|will)\s(?:be\s)?(?:increas|rais|chang|adjust|modifi)\w{0,4}/i

/**
 * "Expiry", as British drafting writes the end of a term ("before the expiry date of the Agreement or any of its renewals").
 * "Expiration" is left out, and so is "termination or expiry": American and British contracts alike use them in every survival and
 * wind-down clause ("upon expiration or termination"), which no notice stops.
 */
const expiry = /(?<!termination\sor\s)\bexpiry\b(?!\sor\stermination)/i

/**
 * The notice against renewal. Where `contractRenews` (the contract sets a renewal term), a notice to
 * end the contract that is due before the end of the term, or in a sentence about the term's expiry,
 * stops a renewal too, though its sentence does not name one.
 */
const noticeCandidates = (blocks: ReadonlyArray<Block>, contractRenews: boolean): Array<Hit> =>
  noticePatterns.flatMap((pattern) => scan(blocks, pattern, 0, blocks.length, 1)).filter((hit) => {
    const around = { ...sentencesAround(blocks, hit), next: after(blocks, hit, 120) }
    if (/^\s{0,3}(?:after|following|from)\b/i.test(around.next)) return false // a period after an event, not before the end
    const lead = before(blocks, hit, 24)
    const tied = tiedToEnd.test(around.next) || ofTheEnd.test(around.next)
    if ((deadline.test(lead) && !tied) || termLength.test(before(blocks, hit, 40))) return false
    // "unless terminated by either party at least six months prior to the expiration": a renewal stopped by a date, notice unsaid.
    const stopsByDate = tied && renews.test(around.sentence) && stops(around.sentence)
    if ((!givesNotice.test(around.sentence) && !stopsByDate) || notAStop.test(around.sentence)) return false
    if (endsAPart.test(around.sentence) && !refusesRenewal.test(around.sentence) && !endsTheAgreement.test(around.sentence)) return false
    if (priceChange.test(`${before(blocks, hit, 120)} ${around.next.slice(0, 60)}`) && !refusesRenewal.test(around.sentence)) return false
    const endsWithTerm = tiedToEnd.test(around.next) || expiry.test(around.sentence)
    return stopsRenewal(around) || (contractRenews && endsWithTerm && stops(around.sentence))
  })

/** The notice against renewal: of the candidates, one tied to the end of a term first, then the first in the text. */
export const findNotice = (blocks: ReadonlyArray<Block>, contractRenews: boolean): Hit | undefined => {
  const candidates = noticeCandidates(blocks, contractRenews)
  const rank = (hit: Hit) => tiedToEnd.test(after(blocks, hit, 120)) || /prior\sto\s$/i.test(before(blocks, hit, 12)) ? 0 : 1
  return candidates.sort((a, b) => rank(a) - rank(b) || a.block - b.block || a.start - b.start)[0]
}
