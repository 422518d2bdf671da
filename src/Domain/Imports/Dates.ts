import type { Block, Hit } from "./FactScan.js"
import { after, before, preambleEnd, scan } from "./FactScan.js"
import { anotherAgreementsDate, findAgreementDate, lastSignatureDate } from "./AgreementDate.js"
import { findPeriodEnd, findTermLength } from "./TermLength.js"
import { datePattern, endsTheContract, firstWritten, notThisTerm, sentenceBefore } from "./TermWords.js"

export { datePattern } from "./TermWords.js"

/** Dates by role: when the agreement was made, when it takes effect, and when it ends. */

const effectiveCue =
  /(?:effective(?:\s(?:retroactive(?:ly)?\s)?(?:as\sof|on|date|from))?|(?:takes?|taking|with)\seffect\s(?:as\sof|on|from)|com(?:e|es|ing)\sinto\s(?:force|effect)(?:\s(?:as\sof|on|from))?|commenc\w{0,4}(?:\s(?:on|upon|as\sof))?|start(?:s|ing)?(?:\son)?|start:|(?:Effective|Commencement)\sDate(?::|["”]?\s[-–]|["”]?\s(?:of\sthis\s(?:Agreement|Contract|Amendment)\s)?(?:is|means|shall\smean|shall\sbe|will\sbe))?|begin\w{0,4}(?:\son)?)\s{0,3}(?:this\s)?$/i
/** "The expiry date of this Agreement is", "\"Expiration Date\" means", "the expiration date of the Agreement is hereby changed to". */
const definedEnd =
  "(?:termination\\sdate:|(?:expiration|expiry)\\sdate(?::|[\"”]?(?:\\sof\\s(?:this|the)\\s(?:Agreement|Contract|Term))?\\s(?:means|shall\\smean|is|shall\\sbe|will\\sbe)(?:\\shereby\\s(?:changed|amended|extended)\\sto)?))"
/** "at 11:59 p.m. (Eastern Time) on", "at 5:00 p.m. New York City time on", "at midnight on": a time of day before the end date. */
const timeOfDay =
  "(?:at\\s)?(?:midnight|the\\sclose\\sof\\sbusiness|\\d{1,2}(?::\\d{2})?\\s?[ap]\\.?m\\.?)\\s(?:\\([^)]{1,30}\\)\\s|(?:[a-z]{2,12}\\s){0,3}time\\s)?"
const expirationCue = new RegExp(
  "(?:(?:end|ends|ending|expire|expires|expiring|expiration|terminate|terminates|terminating|conclude|concludes|concluding|lapse|lapses)(?:\\s(?:automatically|immediately))?|" +
    `(?:until|through)(?:\\sand\\s(?:including|until)|\\s\\(and\\sincluding\\))?|(?:up\\s)?to\\sand\\sincluding|end:|end\\sdate:?|(?:extended|extends?|extending)\\s(?:to|until|through)|(?:in\\sno\\sevent|but\\snot)\\slater\\sthan|${definedEnd})\\s{0,3}(?:${timeOfDay})?(?:on\\s|as\\sof\\s)?(?:the\\s)?` +
    "(?:(?:later|earlier)\\sof\\s(?:\\([a-z1]{1,3}\\)\\s{0,2})?)?$",
  "i"
)
const pastTense = /\b(?:was|were|had|remained|continued|ended|expired)\b/i
/** "shall remain in effect for the period ending": the period is the contract's own. */
const contractsPeriod = /(?:in\s(?:effect|force)|continue|term)\s(?:for\s)?the\speriod\sending\s{0,3}(?:on\s)?$/i
/** "agree to extend the Term for an additional year, such that the Term shall now expire on": what follows "such that" is the term. */
const thisTermPart = (sentence: string): string => sentence.replace(/^.*\b(?:such|so)\sthat\b/i, "")
/** "November 01, 2014 to", "from the Effective Date to": the date next is where the range ends. */
const rangeEnd = new RegExp(
  `(?:${datePattern.source}|from\\sthe\\s(?:Effective|Commencement|Start)\\sDate)\\s{0,3}(?:to|through|-|–)(?:\\sand\\sincluding)?\\s{0,3}$`,
  "i"
)

/** "shall terminate June 1, 2000 (herein \"Term\")": the period that ends (or, further on, begins) at the date is named the term. */
const namedTerm = String.raw`\((?:herein(?:after)?\s(?:called\s|referred\sto\sas\s)?)?(?:the\s)?["“](?:Initial\s)?Term["”]\)`
const namedTheTerm = new RegExp(`^\\s{0,3}${namedTerm}`)
const termNamedFurtherOn = new RegExp(`^[^.;()]{0,100}${namedTerm}`)

/** "(the \"Effective Date\")", ", hereinafter called the Effective Date": the date just read is named the start. */
const namedTheStart =
  /^(?:\s{0,2}\((?:the\s|this\s)?["“](?:Effective|Commencement)\sDate["”]\)|,?\s{1,3}(?:hereinafter|hereafter)\s(?:called|referred\sto\sas)\s(?:the\s)?["“]?(?:Effective|Commencement)\sDate\b)/
/** "\"EFFECTIVE DATE\" means 12:01 a.m. Eastern Standard Time on March 3, 2003": a start at a time of day. */
const effectiveAtTime = /(?:Effective|Commencement)\sDate["”]?\s(?:means|shall\smean|is)\s\d{1,2}:\d{2}\s?[ap]\.?m\.?[^.;]{0,40}?\son\s$/i
/**
 * "\"Effective Date\" means the Closing Date", "… means the date that the Initial Closing occurs", "… means the first business day following
 * the date on which the last of the conditions … has been satisfied": a start no date in the words fixes.
 */
const effectiveOnAnEvent = new RegExp(
  String
    .raw`["“]Effective\sDate["”]\s(?:shall\s)?means?\s[^.;]{0,120}?\b(?:[Cc]losing|occur\w*|approv\w*|consummat\w*|satisf\w*|receipt|completion|launch\w*|conditions?)\b|` +
    // "commence on the next business day after the later of (i) the date hereof, or (ii) the date Agent has confirmed … (the \"Effective
    // Date\")", "effective as of that date (the \"Effective Date\") the Site becomes fully operational": a start on an event, however worded.
    String.raw`\b(?:later|earlier)\sof\b(?![^.;]{0,80}\bsign)[^.;]{0,200}?\(the\s["“]Effective\sDate["”]\)|` +
    String.raw`\b(?:effective|commenc\w{0,4})\s(?:as\sof|on|upon)\s(?:that|the)\s(?:date|day)\s\(the\s["“]Effective\sDate["”]\)\s(?:the|on\swhich|when|that)\b`
)
/** "effective as of the date first written above", "effective upon its execution", "commencing on the date of signature": the start is the agreement's date. */
const signingStart = new RegExp(
  String.raw`\b(?:effective|commenc\w{0,4}|takes?\seffect|(?:enter|come)s?\sinto\sforce)\s(?:as\sof\s|on\s|upon\s|from\s)?(?:the\s)?` +
    String.raw`(?:signing\sdate|(?:its\s)?execution|signatures?\b|${firstWritten}|` +
    String.raw`date\s(?:of\s(?:its\s)?(?:execution|signing|signature)|on\swhich\s(?:it\s)?(?:has\sbeen|is)\s(?:signed|executed)))`,
  "i"
)
/**
 * "The Term shall commence on the date of this Agreement": the term's start is the agreement's date. Read only where the contract or its
 * term is what starts ("the Standstill Period commencing on the date of this Agreement" is another period), after a preposition ("the
 * effective date of this Agreement" is only a name).
 */
const startsOnThisAgreementsDate = /\b(?:commenc\w{0,4}|begin\w{0,4}|start\w{0,3})\s(?:as\sof|on|upon|from)\s(?:the\s)?(date)\sof\sthis\sAgreement\b/gi
const termStartsOnThisAgreementsDate = (blocks: ReadonlyArray<Block>): boolean =>
  scan(blocks, startsOnThisAgreementsDate, 0, blocks.length, 1).some((hit) => endsTheContract(sentenceBefore(blocks, hit)))

/** "EFFECTIVE DATE" on a cover page's line, and "JUNE 1, 1998" alone on the next: the label names the date below it. */
const coverLabel = /^(?:effective|commencement)\sdate\s?:?$/i
const labelledOnCover = (blocks: ReadonlyArray<Block>, hit: Hit): boolean =>
  hit.block > 0 && coverLabel.test(blocks[hit.block - 1].text.trim()) && blocks[hit.block].text.trim().length === hit.end - hit.start
/**
 * "\"Effective Date\" means the date of last signature on this Agreement", "effective as of the last date of signature", "effective
 * on the date of signed acceptance": the start is when the last party signed, the latest date on the signature page ("the day after
 * the date of last signature" is not that date).
 */
const lastSignatureStart =
  /(?<!\bafter\s)\b(?:effective|commenc\w{0,4}|(?:Effective|Commencement)\sDate["”]?\s(?:shall\s)?means?)\s(?:as\sof\s|on\s|upon\s)?(?:the\s)?(?:date\s(?:of\s(?:the\s)?(?:last|final)\s(?:signature|execution)|of\ssigned\sacceptance|last\s(?:signed|executed))|last\sdate\sof\s(?:signature|execution))\b/i

export const findDates = (blocks: ReadonlyArray<Block>) => {
  const preamble = preambleEnd(blocks)
  const all = scan(blocks, datePattern)
  const agreement = findAgreementDate(blocks, all, preamble)
  const explicit = all.find((hit) => {
    const lead = before(blocks, hit, 40)
    // "beginning January 1, 2001" of a fee, "the second commences on", "fiscal year beginning": a start that is not the contract's.
    const contracts = !/(?:commenc|start|begin)\w{0,4}(?:\s(?:on|upon))?\s{0,3}$/i.test(lead) ||
      ((endsTheContract(sentenceBefore(blocks, hit)) || termNamedFurtherOn.test(after(blocks, hit, 160))) &&
        !/(?:year|quarter|month|period|installments?)\s(?:(?:which|that)\s)?(?:begin\w{0,4}|commenc\w{0,4}|start\w{0,3})\s{0,3}(?:on\s)?$/i.test(lead))
    // "a Selling Agreement, effective as of", "may terminate this Agreement, effective as of": another agreement's start, or an end.
    // A recital ("WHEREAS, … signed a Memorandum of Understanding … effective from 16th June 1999") tells of another agreement's start.
    const own = !/^(?:[A-Z]\.\s)?WHEREAS\b/i.test(blocks[hit.block].text) && !anotherAgreementsDate.test(before(blocks, hit, 160)) &&
      !/terminat\w{0,3}\s[^.;]{0,60}effective(?:\sas\sof)?\s{0,3}$/i.test(before(blocks, hit, 100))
    return ((effectiveCue.test(lead) && contracts) || effectiveAtTime.test(before(blocks, hit, 80)) || namedTheStart.test(after(blocks, hit, 60)) ||
      labelledOnCover(blocks, hit)) && own
  })
  const whole = blocks.map((block) => block.text).join("\n")
  const preambleText = blocks.slice(0, preamble).map((block) => block.text).join("\n")
  // Annotators read the agreement date as the effective date when the contract ties them together; a bare "date hereof" does not.
  const tied = /effective/i.test(preambleText) || /["“]Effective Date["”]/.test(whole) ||
    /Effective Date (?:of this Agreement )?(?:shall be|means|is)\b/.test(whole) || /\beffective date hereof\b/i.test(whole) ||
    // "shall become effective on the signing date", "commencing on the date of execution": the start is the signing.
    signingStart.test(whole) || termStartsOnThisAgreementsDate(blocks)
  const lastSigned = lastSignatureStart.test(whole) ? lastSignatureDate(blocks, all) : undefined
  const effective = explicit ?? lastSigned ?? (tied && !effectiveOnAnEvent.test(whole) ? agreement : undefined)
  // An end date written beats a length; either beats "until terminated" (findPerpetual), which a stated length contradicts.
  const ends = all.filter((hit) => {
    const sentence = sentenceBefore(blocks, hit)
    // A recital, or words in the past ("that remained in effect until"), tell of an earlier agreement's end.
    if (/^(?:[A-Z]\.\s)?WHEREAS\b/i.test(blocks[hit.block].text) || pastTense.test(sentence)) return false
    // "TERM: November 01, 2014 to October 31, 2017": the end of a range of dates ends the term.
    const lead = before(blocks, hit, 80)
    // "Contract Year ending Oct 31, 1999" ends a year of the contract, not the contract.
    const cued = (expirationCue.test(lead) && (!/(?:year|quarter|month|period)\s{1,2}ending\s{0,3}(?:on\s)?$/i.test(lead) || contractsPeriod.test(lead))) ||
      rangeEnd.test(before(blocks, hit, 50))
    // "Expiration Date" means …: the defined term says whose end it is.
    const defined = new RegExp(`${definedEnd}\\s{0,3}$`, "i").test(lead)
    return cued && (endsTheContract(sentence) || defined || namedTheTerm.test(after(blocks, hit, 60))) && !notThisTerm.test(thisTermPart(sentence))
  })
  // An amendment names the old end and then the new: "which would otherwise expire on …, is hereby extended until …".
  const expiration = ends.find((hit) => /\bhereby\s(?:extended|amended|changed)\b[^.;]{0,40}$/i.test(before(blocks, hit, 80))) ?? ends[0] ??
    findPeriodEnd(blocks) ?? findTermLength(blocks)
  // "This Agreement is made and entered into as of the Effective Date" with no date up front: the defined start dates the agreement.
  const madeAsOfTheStart = /\b(?:made|entered\sinto|executed|dated)\b[^.]{0,60}\bas\sof\sthe\sEffective\sDate\b/.test(preambleText)
  return { agreement: agreement ?? (madeAsOfTheStart && explicit !== undefined ? explicit : undefined), effective, expiration }
}
