import type { Block, Hit } from "./FactScan.js"
import { after, scan } from "./FactScan.js"
import { duration } from "./Patterns.js"
import { datePattern, endsTheContract, firstWritten, lastSigned, notThisTerm, sentenceBefore } from "./TermWords.js"

const endVerb = String.raw`\b(?:end|ends|ending|expire|expires|expiring|terminate|terminates|until|through)\s(?:on\s|at\s)?`
const ordinal = String.raw`(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th))`
/**
 * The end of a named period: "until the end of the calendar year 2019", "through the end of the current calendar year" (that
 * year's last day), "at the end of June 2020" (the month's last day), "until the end of the third Contract Year" (its anniversary).
 */
const periodEnd = new RegExp(
  String.raw`${endVerb}((?:the\s)?end\sof\s(?:the\s)?(?:(?:current\s|then-current\s|(?:19|20)\d{2}\s)?calendar\syear(?:\s(?:19|20)\d{2})?|` +
    String.raw`(?:month\sof\s)?(?:January|February|March|April|May|June|July|August|September|October|November|December),?\s(?:of\s)?(?:19|20)\d{2}|` +
    String.raw`${ordinal}\s(?:Contract|Agreement)\sYear))`,
  "gi"
)
/** A contract year that runs from the start, not a calendar year: "\"Contract Year\" means each period of twelve (12) consecutive months". */
const contractYearFromStart = /["“](?:Contract|Agreement)\sYear["”]\s(?:means|shall\smean)\s(?![^.;]{0,80}calendar\syear)/i

export const findPeriodEnd = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, periodEnd, 0, blocks.length, 1).find((hit) => {
    const sentence = sentenceBefore(blocks, hit)
    const contractYear = /Year$/i.test(blocks[hit.block].text.slice(hit.start, hit.end)) &&
      !/calendar\syear$/i.test(blocks[hit.block].text.slice(hit.start, hit.end))
    return endsTheContract(sentence) && !notThisTerm.test(sentence) &&
      (!contractYear || blocks.some((block) => contractYearFromStart.test(block.text)))
  })

/** "twelve (12) full calendar months": whole months, a word the shared duration does not take. */
const fullPeriods = String.raw`(?:[a-z]{3,9}\s)?\(\d{1,3}\)\sfull\s(?:calendar\s)?(?:years|months)\b|\b\d{1,3}\sfull\s(?:calendar\s)?(?:years|months)\b`
/**
 * How long the contract runs when no end date is written: "continue in effect for a period of Three (3) years",
 * "The initial term of this Agreement shall be five (5) years from the Effective Date", "remain valid for 1 year".
 * The value is the length as written; its `normalized` reading counts it from the start date.
 */
const termLength = new RegExp(`${duration}|${fullPeriods}`, "gi")
/** The words that lead to the contract's own length: the term (not a "long term" plan), or the agreement continuing, then "is", "be", "for", "of" or "in". */
const termLead =
  /(?:\b(?<!\b(?:long|short|near|mid)[\s-])term|\b(?:duration|agreement|engagement|effect(?:ive)?|force|valid))\b[^.;]{0,80}\b(?:be|is|of|for|in|expire|expires|expiring|end|ends|ending|terminate|terminates|until)\s(?:a\s(?:total\s)?(?:period\sof\s)?|an?\sinitial\s(?:period|term)\sof\s|the\s(?:entire\s|full\s)?)?$|^\s{0,3}(?:initial\s)?term(?:\sof\s(?:this\s|the\s)?(?:agreement|contract))?\s?:\s{0,3}$/i
/** "ending on the date that is three (3) years after the Effective Date". */
const dateThatIs = /\b(?:end|ends|ending|expire|expires|expiring|terminate|terminates|until)\s(?:on\s)?the\sdate\sthat\sis\s$/i
/** Lengths of something else in the same sentence: renewals, notice, what survives the contract, payment. */
const otherLength =
  /renew|extended|extension|successive|additional|notice|surviv|during|\bwithin\b|thereafter|following|after\s|prior|confiden|compet|solicit|warrant|payment|invoice|records|insurance|royalt|licen[cs]e\sgranted|until(?!\s{1,3}$)|\b(?:has|have|had)\s(?:not\s)?been\b|maximum|minimum|at\sleast|more\sthan|less\sthan|excess|exceed/i
const lengthEnd =
  /^\s?(?:'s?\s)?(?:(?:after|following)(?!\s(?:the\s)?(?:date\sof\s|date\shereof|Effective\sDate|Commencement\sDate|signing|signature|execution))|prior|before|thereafter(?!\s?\()|notice|written|of\s(?:written\s|prior\s)?notice|from\s(?:the\s)?(?:date\sof\s)?(?:termination|expiration|receipt|delivery)|from\s(?:the\s)?date\s(?:on\s)?which(?!\s(?:it|this\sAgreement)\s(?:is|has\sbeen)\s(?:signed|executed)))/i

/** "from the Effective Date", "from the date hereof": where the length counts from, kept with it so the reading counts from there too. */
const lengthFrom = new RegExp(
  String
    .raw`^\s(?:from|after|following)\s(?:and\sincluding\s)?(?:the\s)?(?:date\sof\s(?:(?:this|the)\sAgreement|(?:its\s)?execution|signing)|signing|signature|execution|date\shereof|${firstWritten}|${lastSigned}|(?:date\sof\s)?(?:the\s)?(?:Effective|Commencement)\sDate)`,
  "i"
)
/** "end on the first anniversary of the date of this Agreement": a length in years, and where it counts from. */
const anniversary =
  /\b(?:(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|fifteenth|twentieth|twenty-fifth|thirtieth|\d{1,2}(?:st|nd|rd|th))(?:\s\(\d{1,2}\s?(?:st|nd|rd|th|s\st|n\sd|r\sd|t\sh)\))?(?:[\s-]year)?|(?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})(?:\s\(\d{1,2}\))?[\s-]year)\sanniversary\s(?:thereof|of\s(?:the\s)?(?:date\sof\s(?:this\sAgreement|(?:its\s)?execution)|date\shereof|(?:Effective|Commencement)\sDate))/gi

const dayBefore = String.raw`day\s(?:immediately\s)?(?:before|preceding|prior\sto)\s(?:the\s)?`
/** "expire on the", "end on the date of the", "expire on the earlier of (i) the", "end on the day before the": an anniversary next ends the term. */
const anniversaryLead = new RegExp(
  String.raw`(?:expir\w{0,3}|end(?:s|ed|ing)?|until|through|terminat\w{0,3})\s(?:on\s|at\s)?(?:the\s)?` +
    String.raw`(?:date\sof\sthe\s|(?:earlier|later)\sof\s(?:\([a-z1]{1,3}\)\s)?the\s|${dayBefore})?$`,
  "i"
)
/** "shall commence on the Effective Date and continue for three (3) years thereafter": the years run after the start just named. */
const startsThenRuns = (sentence: string, next: string): boolean =>
  /^\s?thereafter\b/i.test(next) && /\b(?:commenc\w{0,4}|begin\w{0,4}|effective)\b/i.test(sentence)

/** "until five (5) years following the Effective Date", "ending two (2) years thereafter": an end that is a length only counted from the start. */
const endsAfterLength = /\b(?:until|ending|expiring)\s$/i
/** "One-Month LIBOR", "a 12-month period": a length that describes a noun after it, not how long the contract runs. */
const describesNoun = (blocks: ReadonlyArray<Block>, hit: Hit): boolean =>
  /-\s?(?:year|month|week|day)$/i.test(blocks[hit.block].text.slice(hit.start, hit.end)) && /^\s[A-Za-z]/.test(after(blocks, hit, 3))

/** "effective as of the date of physical completion of … the pipeline": a start on an event no fact dates, so a length run from it ends on no date. */
const startsOnAnEvent =
  /\b(?:effective|commenc\w{0,4}|begin\w{0,4})\s(?:as\sof\s|on\s|upon\s)?the\s(?:date\sof\s|occurrence\sof\s)(?!(?:this|its|execution|signing|signature|the\s(?:last|final))\b)/i

/** The block speaks of how long something runs; tested once a block, as a block may hold thousands of lengths. */
const speaksOfTerm = /\bterm\b|in effect|in force|valid|continue|expir|duration|\blast|\brun\b/i

/** "the 31 day of July, 2019": a day of a date, not a length. */
const dayOfAMonth =
  /^\s{0,3}of\s{1,8}(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b/i
/** "3. Term and Renewal  The term of this Agreement …": a section's heading run into its first sentence names no other length. */
const heading = /^\s{0,3}(?:[A-Z][\w-]{0,20}\s{1,3}(?:(?:and|of|&)\s)?){1,5}(?=(?:The|This)\s)/

const contractLength = (blocks: ReadonlyArray<Block>, hit: Hit, aboutTerms: ReadonlyArray<boolean>): boolean => {
  const text = blocks[hit.block].text
  const sentence = sentenceBefore(blocks, hit)
  const next = after(blocks, hit, 80)
  if (describesNoun(blocks, hit) || dayOfAMonth.test(next)) return false
  if (startsOnAnEvent.test(sentence) && lengthFrom.exec(next) === null && fromADate.exec(next) === null) return false
  if (endsAfterLength.test(sentence) && lengthFrom.exec(next) === null && !startsThenRuns(sentence, next)) return false
  return !/\*|renew|successive|additional|further|another|extension|business/i.test(text.slice(hit.start, hit.end)) &&
    aboutTerms[hit.block] === true && (termLead.test(sentence) || dateThatIs.test(sentence)) &&
    endsTheContract(sentence) &&
    !otherLength.test(sentence.replace(heading, "").replace(dateThatIs, "")) &&
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
    .raw`^,?\s(?:from|after|following)\s(?:and\sincluding\s)?(?!and\s)(?!(?:the\s)?(?:date\s(?:hereof|of\s(?:the\s)?(?:this|its|execution|signing|Effective|Commencement|Agreement))|${firstWritten}|${lastSigned}|Effective|Commencement|Start)\b)(?!(?:signing|signature|execution)\b)`,
  "i"
)

const findLength = (blocks: ReadonlyArray<Block>): Hit | undefined => {
  const aboutTerms = blocks.map((block) => speaksOfTerm.test(block.text))
  const length = scan(blocks, termLength).map((hit) => {
    // "for a period of three (3) years": the length is "three (3) years".
    const lead = /^periods?\sof\s/i.exec(blocks[hit.block].text.slice(hit.start, hit.end))
    return lead === null ? hit : { ...hit, start: hit.start + lead[0].length }
  }).find((hit) => contractLength(blocks, hit, aboutTerms))
  return length === undefined ? undefined : withStart(blocks, length)
}

const findAnniversary = (blocks: ReadonlyArray<Block>): Hit | undefined => {
  const found = scan(blocks, anniversary).find((hit) => {
    const sentence = sentenceBefore(blocks, hit)
    // "expire on the date of the fifth anniversary", "expire on the earlier of (i) the third anniversary".
    return anniversaryLead.test(sentence) &&
      endsTheContract(sentence) &&
      !/renew|additional|extension/i.test(sentence)
  })
  // "end on the day before the fifth anniversary": the day is part of the end, so its reading takes it off.
  const lead = found === undefined ? null : new RegExp(`${dayBefore}$`, "i").exec(sentenceBefore(blocks, found))
  return found === undefined || lead === null ? found : { ...found, start: found.start - lead[0].length }
}

export const findTermLength = (blocks: ReadonlyArray<Block>): Hit | undefined => findLength(blocks) ?? findAnniversary(blocks)
