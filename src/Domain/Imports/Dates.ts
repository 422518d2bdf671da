import type { Block, Hit } from "./FactScan.js"
import { after, before, preambleEnd, scan } from "./FactScan.js"
import { readDate } from "../Words/FactReading.js"
import { duration } from "./Patterns.js"

/** Dates by role: when the agreement was made, when it takes effect, and when it ends. */

const month =
  "(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?)"
/** A day as converters print it, including torn ordinals ("19t h", "1s t", and "315t" or "1.5t" with the s read as a 5). */
const day = "\\d{1,2}(?:st|nd|rd|th|s t|n d|r d|t h|\\.?5t)?"
const year = "(?:19|20)\\d{2}"

/**
 * "January 1, 1998", "June 1st, 2020", "May 3,2006", "March 18. 2021", "10th day of January, 2018", "2 April 2020", "as of1 August 2019", "1st day of --- November, 2003",
 * "1/27/2020", "3-14-18", and a form's blanks with its year ("this ____ day of ___________, 2000"), which reads as the year alone.
 */
export const datePattern = new RegExp(
  `(?:\\b|(?<=[a-z])(?=\\d))(?:_{2,20}\\s{0,2}day\\s{1,2}of\\s{1,2}_{2,20},?\\s{0,2}${year}\\b|${month}\\s{0,2}${day}\\s{0,2}[,.]?\\s{0,2}${year}|${day}\\s{0,2}(?:(?:day\\s{1,2})?of\\s{1,2}(?:-{1,3}\\s{1,2})?)?${month}\\s{0,2},?\\s{0,2}${year}|\\d{1,2}[/-]\\d{1,2}[/-](?:${year}|\\d{2}))(?![\\d/])`,
  "gi"
)

/** "the date first written above", "the date first above written", "the date first set forth above": the date the preamble gives. */
const firstWritten = String.raw`(?:the\s)?date\sfirst\s(?:(?:written|set\sforth|stated)\sabove|above\s(?:written|set\sforth|stated))`
const madeCue = /(?:made|entered\sinto|dated)(?:\s(?:and\sentered\sinto\s)?(?:as\sof|on|this))?\s{0,3}(?:the\s)?$/i
const agreementCue = /(?:made|entered\sinto|dated|executed|as\sof|effective|this|on|day\sof|Dated:?|Date:?)[^.]{0,60}$/i
const effectiveCue =
  /(?:effective(?:\s(?:retroactive(?:ly)?\s)?(?:as\sof|on|date|from))?|com(?:e|es|ing)\sinto\s(?:force|effect)(?:\s(?:as\sof|on|from))?|commenc\w{0,4}(?:\son)?|start(?:s|ing)?(?:\son)?|start:|(?:Effective|Commencement)\sDate(?::|["”]?\s(?:of\sthis\s(?:Agreement|Contract)\s)?(?:is|means|shall\smean|shall\sbe|will\sbe))?|begin\w{0,4}(?:\son)?)\s{0,3}(?:this\s)?$/i
/** "The expiry date of this Agreement is", "\"Expiration Date\" means", "the expiration date of the Agreement is hereby changed to". */
const definedEnd =
  "(?:expiration|expiry)\\sdate[\"”]?(?:\\sof\\s(?:this|the)\\s(?:Agreement|Contract|Term))?\\s(?:means|shall\\smean|is|shall\\sbe|will\\sbe)(?:\\shereby\\s(?:changed|amended|extended)\\sto)?"
/** "at 11:59 p.m. (Eastern Time) on", "at 5:00 p.m. New York City time on", "at midnight on": a time of day before the end date. */
const timeOfDay =
  "(?:at\\s)?(?:midnight|the\\sclose\\sof\\sbusiness|\\d{1,2}(?::\\d{2})?\\s?[ap]\\.?m\\.?)\\s(?:\\([^)]{1,30}\\)\\s|(?:[a-z]{2,12}\\s){0,3}time\\s)?"
const expirationCue = new RegExp(
  "(?:end|ends|ending|expire|expires|expiring|expiration|terminate|terminates|conclude|concludes|concluding|lapse|lapses|until|through(?:\\sand\\s(?:including|until))?|" +
    `(?:up\\s)?to\\sand\\sincluding|end:|end\\sdate:?|extended\\s(?:to|until|through)|${definedEnd})\\s{0,3}(?:${timeOfDay})?(?:on\\s)?(?:the\\s)?` +
    "(?:(?:later|earlier)\\sof\\s(?:\\([a-z1]{1,3}\\)\\s{0,2})?)?$",
  "i"
)
/** A term other than the one running: a renewal, an extension a party may choose ("may be extended … until", "an option to extend"); "is hereby extended until" is the term. */
const notThisTerm = /\bduring\b|renew|additional|extension|\bextend\b|\bmay\s(?:\w{1,12}\s){0,2}extended\b|\boption\b/i
/** A sentence whose subject is the contract or its term, not a fee, a phase or a confidence kept. */
const aboutTheContract = /\b(?:agreement|term|terms\sof\s(?:the|this)|contract)\b/i
/** A full stop that ends no sentence: "Omega Corp. (", "Sunrise Bank, N.A. and", "Dr. Lopez". */
const abbreviation = /(?:\b(?:Inc|Corp|Co|Ltd|Mr|Ms|Mrs|Dr|No|St|Jr|Sr|[A-Z])|\.[A-Za-z])$/
const sentenceBefore = (blocks: ReadonlyArray<Block>, hit: Hit): string => {
  const lead = before(blocks, hit, 160)
  let end = lead.length
  for (let stop = Math.max(lead.lastIndexOf(". ", end), lead.lastIndexOf("; ", end)); stop !== -1;) {
    if (lead[stop] === ";" || !abbreviation.test(lead.slice(Math.max(0, stop - 6), stop))) return lead.slice(stop + 1)
    end = stop - 1
    stop = end < 0 ? -1 : Math.max(lead.lastIndexOf(". ", end), lead.lastIndexOf("; ", end))
  }
  return lead
}

/** "November 01, 2014 to", "from the Effective Date to": the date next is where the range ends. */
const rangeEnd = new RegExp(
  `(?:${datePattern.source}|from\\sthe\\s(?:Effective|Commencement|Start)\\sDate)\\s{0,3}(?:to|through|-|–)(?:\\sand\\sincluding)?\\s{0,3}$`,
  "i"
)

/** A date's place in time, for ordering: its ISO reading ("" when it reads as none), so "June 7, 2016" comes after "June 3, 2016". */
const dateValue = (text: string): string => readDate(text) ?? ""

/** "effective as of the date first written above", "effective upon its execution", "commencing on the date of signature": the start is the agreement's date. */
const signingStart = new RegExp(
  String.raw`\b(?:effective|commenc\w{0,4})\s(?:as\sof\s|on\s|upon\s|from\s)?(?:the\s)?(?:signing\sdate|(?:its\s)?execution|${firstWritten}|` +
    String.raw`date\s(?:of\s(?:its\s)?(?:execution|signing|signature)|on\swhich\s(?:it\s)?(?:has\sbeen|is)\s(?:signed|executed)))`,
  "i"
)

export const findDates = (blocks: ReadonlyArray<Block>) => {
  const preamble = preambleEnd(blocks)
  const all = scan(blocks, datePattern)
  const inPreamble = all.filter((hit) => hit.block < preamble)
  // "As amended on February 28, 2010" dates an amendment, not the agreement.
  const own = inPreamble.filter((hit) => !/amended\s(?:on\s|as\sof\s)?$/i.test(before(blocks, hit, 20)))
  // A long notice up front can end the preamble early; the opening runs on to the recitals or the first section.
  const opening = blocks.findIndex((block, index) => index >= preamble && /^(?:WHEREAS|Whereas|RECITALS|BACKGROUND|ARTICLE|1\.|1\))/.test(block.text))
  const made = all.find((hit) =>
    hit.block >= preamble && hit.block < Math.min(opening === -1 ? preamble : opening, preamble + 6) && madeCue.test(before(blocks, hit, 80))
  )
  // "made as of May 1, 2016" over an "Effective Date: July 1, 2016" line above it: the words of making date the agreement.
  const agreement = own.find((hit) => madeCue.test(before(blocks, hit, 80))) ?? own.find((hit) => agreementCue.test(before(blocks, hit, 80))) ?? own[0] ??
    made ??
    // No date up front: the latest date on the signature page is when the last party signed.
    [...all.filter((hit) => blocks[hit.block].kind === "signature_block")].sort((a, b) =>
      dateValue(blocks[b.block].text.slice(b.start, b.end)).localeCompare(dateValue(blocks[a.block].text.slice(a.start, a.end)))
    )[0]
  const explicit = all.find((hit) => {
    const lead = before(blocks, hit, 40)
    // "beginning January 1, 2001" of a fee, "the calendar year that commenced on": a start that is not the contract's.
    const contracts = !/(?:commenc|start|begin)\w{0,4}(?:\son)?\s{0,3}$/i.test(lead) || aboutTheContract.test(sentenceBefore(blocks, hit))
    return (effectiveCue.test(lead) && contracts) || /^\s{0,2}\((?:the|this)\s["“](?:Effective|Commencement)\sDate["”]\)/.test(after(blocks, hit, 30))
  })
  const whole = blocks.map((block) => block.text).join("\n")
  const preambleText = blocks.slice(0, preamble).map((block) => block.text).join("\n")
  // Annotators read the agreement date as the effective date when the contract ties them together; a bare "date hereof" does not.
  const tied = /effective/i.test(preambleText) || /["“]Effective Date["”]/.test(whole) ||
    /Effective Date (?:of this Agreement )?(?:shall be|means|is)\b/.test(whole) || /\beffective date hereof\b/i.test(whole) ||
    // "shall become effective on the signing date", "commencing on the date of execution": the start is the signing.
    signingStart.test(whole)
  const effective = explicit ?? (tied ? agreement : undefined)
  // An end date written beats a length; either beats "until terminated" (findPerpetual), which a stated length contradicts.
  const expiration = all.find((hit) => {
    const sentence = sentenceBefore(blocks, hit)
    // "TERM: November 01, 2014 to October 31, 2017": the end of a range of dates ends the term.
    const lead = before(blocks, hit, 80)
    // "Contract Year ending Oct 31, 1999" ends a year of the contract, not the contract.
    const cued = (expirationCue.test(lead) && !/(?:year|quarter|month|period)\s{1,2}ending\s{0,3}(?:on\s)?$/i.test(lead)) ||
      rangeEnd.test(before(blocks, hit, 50))
    // "Expiration Date" means …: the defined term says whose end it is.
    const defined = new RegExp(`${definedEnd}\\s{0,3}$`, "i").test(lead)
    return cued && (aboutTheContract.test(sentence) || defined) && !notThisTerm.test(sentence)
  }) ?? findYearEnd(blocks) ?? findTermLength(blocks)
  return { agreement, effective, expiration }
}

const perpetual =
  /\b(?:perpetual|in perpetuity|indefinitely|indefinite\s(?:period|term|duration)|until (?:terminated|cancell?ed)|(?<=(?:continue|remain)\s(?:in\s(?:full\s)?(?:force|effect)(?:\sand\s(?:force|effect))?\s)?)unless\s(?:(?:sooner|earlier|otherwise)\s)?terminated|until\s(?:either|any|one|a)\s(?:party|Party)\s(?:terminates|elects\sto\sterminate)|until\s(?:the\s)?(?:parties|Parties)\s(?:mutually\s)?agree\s(?:in\swriting\s)?to\sterminate)\b/gi

/**
 * A contract with no end that a party ends by notice: "shall continue unless and until either party gives notice",
 * "This Agreement shall terminate (a) at the option of any party, upon 90 days' advance written notice". Read only
 * when no end date or length is written; its reading is `perpetual`, as CUAD's annotators label such contracts.
 */
const endsByNotice = new RegExp(
  "\\b(?:(?:continue|remain\\sin\\s(?:full\\s)?(?:force|effect))\\b[^.;]{0,40}?\\b(until\\s(?:either|any|one)\\s[Pp]arty\\s(?:gives|serves|provides)\\s(?:\\w{1,12}\\s){0,3}notice)" +
    "|[Tt]his\\sAgreement\\sshall\\sterminate\\b[^.;]{0,160}?\\b(at\\sthe\\soption\\sof\\s(?:any|either)\\s[Pp]arty|upon\\s(?:either|any)\\s[Pp]arty\\sgiving))",
  "g"
)

export const findEndsByNotice = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, endsByNotice, 0, blocks.length, 1)[0] ?? scan(blocks, endsByNotice, 0, blocks.length, 2)[0]

/** "until the end of the calendar year 2019", "through the end of the current calendar year": its reading is that year's last day. */
const yearEnd =
  /\b(?:end|ends|ending|expire|expires|expiring|until|through)\s(?:on\s|at\s)?((?:the\s)?end\sof\s(?:the\s)?(?:current\s|then-current\s|(?:19|20)\d{2}\s)?calendar\syear(?:\s(?:19|20)\d{2})?)/gi

const findYearEnd = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, yearEnd, 0, blocks.length, 1).find((hit) => {
    const sentence = sentenceBefore(blocks, hit)
    return aboutTheContract.test(sentence) && !notThisTerm.test(sentence)
  })

export const findPerpetual = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, perpetual).find((hit) => {
    const sentence = sentenceBefore(blocks, hit)
    // "shall remain confidential in perpetuity" is how long a duty lasts, not the contract.
    return /\bterm\b|continue|remain|effective|in\sforce|\b(?:shall\sbe|is)\s$/i.test(sentence) && aboutTheContract.test(sentence) &&
      !/confiden|surviv|obligation|licen[cs]e\sto/i.test(sentence)
  })

/**
 * How long the contract runs when no end date is written: "continue in effect for a period of Three (3) years",
 * "The initial term of this Agreement shall be five (5) years from the Effective Date", "remain valid for 1 year".
 * The value is the length as written; its `normalized` reading counts it from the start date.
 */
const termLength = new RegExp(duration, "gi")
/** The words that lead to the contract's own length: the term, or the agreement continuing, then "is", "be", "for", "of" or "in". */
const termLead =
  /\b(?:term|duration|agreement|engagement|effect|force|valid)\b[^.;]{0,80}\b(?:be|is|of|for|in|expire|expires|end|ends|terminate|terminates)\s(?:a\s(?:total\s)?(?:period\sof\s)?|an?\sinitial\s(?:period|term)\sof\s)?$/i
/** "ending on the date that is three (3) years after the Effective Date". */
const dateThatIs = /\b(?:end|ends|ending|expire|expires|expiring|terminate|terminates)\s(?:on\s)?the\sdate\sthat\sis\s$/i
/** Lengths of something else in the same sentence: renewals, notice, what survives the contract, payment. */
const otherLength =
  /renew|extended|extension|successive|additional|notice|surviv|during|thereafter|following|after\s|prior|confiden|compet|solicit|warrant|payment|invoice|records|insurance|royalt|licen[cs]e\sgranted|until|maximum|minimum|at\sleast|more\sthan|less\sthan|excess|exceed/i
const lengthEnd =
  /^\s?(?:'s?\s)?(?:(?:after|following)(?!\s(?:the\s)?(?:date\sof\s|date\shereof|Effective\sDate|Commencement\sDate|signing|signature|execution))|prior|before|thereafter(?!\s?\()|notice|written|of\s(?:written\s|prior\s)?notice|from\s(?:the\s)?(?:date\sof\s)?(?:termination|expiration|receipt|delivery)|from\s(?:the\s)?date\s(?:on\s)?which)/i

/** "from the Effective Date", "from the date hereof": where the length counts from, kept with it so the reading counts from there too. */
const lengthFrom = new RegExp(
  String
    .raw`^\s(?:from|after|following)\s(?:the\s)?(?:date\sof\s(?:this\sAgreement|(?:its\s)?execution|signing)|signing|signature|execution|date\shereof|${firstWritten}|(?:date\sof\s)?(?:the\s)?(?:Effective|Commencement)\sDate)`,
  "i"
)
/** "end on the first anniversary of the date of this Agreement": a length in years, and where it counts from. */
const anniversary =
  /\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th))(?:\s\(\d{1,2}(?:st|nd|rd|th)\))?\sanniversary\s(?:thereof|of\s(?:the\s)?(?:date\sof\s(?:this\sAgreement|(?:its\s)?execution)|date\shereof|(?:Effective|Commencement)\sDate))/gi

/** "shall commence on the Effective Date and continue for three (3) years thereafter": the years run after the start just named. */
const startsThenRuns = (sentence: string, next: string): boolean =>
  /^\s?thereafter\b/i.test(next) && /\b(?:commenc\w{0,4}|begin\w{0,4}|effective)\b/i.test(sentence)

const contractLength = (blocks: ReadonlyArray<Block>, hit: Hit): boolean => {
  const text = blocks[hit.block].text
  const sentence = sentenceBefore(blocks, hit)
  return !/\*|renew|successive|additional|further|another|extension|business/i.test(text.slice(hit.start, hit.end)) &&
    /\bterm\b|in effect|in force|valid|continue|expir/i.test(text) && (termLead.test(sentence) || dateThatIs.test(sentence)) && !otherLength.test(sentence) &&
    (!lengthEnd.test(after(blocks, hit, 40)) || startsThenRuns(sentence, after(blocks, hit, 40))) &&
    (!fromAnEvent.test(after(blocks, hit, 40)) || fromADate.test(after(blocks, hit, 80)))
}

/** The length with where it counts from, when the words say: "five (5) years from the Effective Date". */
const withStart = (blocks: ReadonlyArray<Block>, hit: Hit): Hit => {
  const next = after(blocks, hit, 80)
  const from = lengthFrom.exec(next) ?? fromADate.exec(next)
  return from === null ? hit : { ...hit, end: hit.end + from[0].length }
}

/** "commencing on January 1, 2010", "from March 3, 2021": a length counted from a date it names. */
const fromADate = new RegExp(`^,?\\s(?:from|after|commencing|beginning|starting)\\s(?:on\\s|as\\sof\\s)?(?:the\\s)?(?:${datePattern.source})`, "i")
/** "ten years from the date of first commercial sale": a length counted from an event no fact dates, so no end can be read. */
const fromAnEvent = new RegExp(
  String
    .raw`^,?\s(?:from|after|following)\s(?!the\s(?:date\s(?:hereof|of\s(?:the\s)?(?:this|its|execution|signing|Effective|Commencement))|${firstWritten}|Effective|Commencement|Start)\b)(?!(?:signing|signature|execution)\b)`,
  "i"
)

export const findTermLength = (blocks: ReadonlyArray<Block>): Hit | undefined => {
  const length = scan(blocks, termLength).map((hit) => {
    // "for a period of three (3) years": the length is "three (3) years".
    const lead = /^periods?\sof\s/i.exec(blocks[hit.block].text.slice(hit.start, hit.end))
    return lead === null ? hit : { ...hit, start: hit.start + lead[0].length }
  }).find((hit) => contractLength(blocks, hit))
  if (length !== undefined) return withStart(blocks, length)
  return scan(blocks, anniversary).find((hit) => {
    const sentence = sentenceBefore(blocks, hit)
    return /(?:expir\w{0,3}|end(?:s|ed|ing)?|until|through|terminat\w{0,3})\s(?:on\s|at\s)?(?:the\s)?(?:date\sof\sthe\s)?$/i.test(sentence) &&
      aboutTheContract.test(sentence) &&
      !/renew|additional|extension/i.test(sentence)
  })
}
