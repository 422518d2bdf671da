import type { Block, Hit } from "./FactScan.js"
import { before } from "./FactScan.js"

/** What the date rules share: how a date is written, and the sentence a date or length sits in. */

const month =
  "(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?)"
/** A day as converters print it, including torn ordinals ("19t h", "1s t", "1 st", and "315t" or "1.5t" with the s read as a 5). */
const day = "\\d{1,2}(?:st|nd|rd|th|s t|n d|r d|t h| st| nd| rd| th|\\.?5t)?"
/** A day in words, only ever written before "day of": "the first day of July, 2017". */
const spelledDay =
  "(?:(?:twenty|thirty)[\\s-])?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|tenth|eleventh|twelfth|(?:thir|four|fif|six|seven|eigh|nine)teenth|twentieth|thirtieth"
const year = "(?:19|20)\\d{2}"

/**
 * "January 1, 1998", "June 1st, 2020", "May 3,2006", "March 18. 2021", "10th day of January, 2018", "2 April 2020", "as of1 August 2019", "1st day of --- November, 2003",
 * "1/27/2020", "3-14-18", and a form's blanks with its year ("this ____ day of ___________, 2000"), which reads as the year alone.
 */
export const datePattern = new RegExp(
  `(?:\\b|(?<=[a-z])(?=\\d))(?:_{2,20}\\s{0,2}day\\s{1,2}of\\s{1,2}_{2,20},?\\s{0,2}${year}\\b|${month}\\.?\\s{0,2}${day}\\s{0,2}[,.]?\\s{0,2}${year}|(?:${day}|${spelledDay}\\s{1,2}(?=day))\\s{0,2}(?:(?:day\\s{1,2})?of\\s{1,2}(?:-{1,3}\\s{1,2})?)?${month}\\s{0,2}[,.]?\\s{0,2}${year}|\\d{1,2}[/-]\\d{1,2}[/-](?:${year}|\\d{2}))(?![\\d/])`,
  "gi"
)

/**
 * A blank a form leaves for a day or month: "____", "[·]", "[●]", "[___]". A run of underscores is read only where it ends, so a
 * line of half a million underscores is tried once a position, not twenty ways.
 */
const blank = "(?:_{1,20}(?!_)|\\[(?:[·●]|_{1,20})\\])"
/**
 * A date a form leaves part blank, read only where the words of making lead to it ("made as of , 2013", "effective as of
 * June , 2010", "dated as of ___________, 2015", "this [·] day of [·], 2019", "Dated the ____ day of May, 2000"): the month
 * and year, or the year alone, are all it names.
 */
export const blankDatePattern = new RegExp(
  `(?:${blank}\\s{0,2}(?:day\\s{1,2}of\\s{1,2})?(?:${blank}|${month})?|day\\s{1,2}of\\s{0,2}|${month}\\s{0,2}${blank}?)\\s{0,2},?\\s{0,2}${year}\\b|,\\s{0,2}${year}\\b`,
  "gi"
)

/** "the date first written above", "the day and year first above written", "the first date above written", "the date first listed above": the date the preamble gives. */
export const firstWritten = String
  .raw`(?:the\s)?(?:(?:date|day)(?:\sand\syear)?\sfirst|first\s(?:date|day))\s(?:(?:written|set\sforth|stated|shown|listed)\sabove|above\s(?:written|set\sforth|stated|shown|listed))`
/** "the date of the last signature hereto", "the date on which it is signed by both parties": the agreement's date, as the signatures give it. */
export const lastSigned = String
  .raw`(?:the\s)?date\s(?:of\s(?:the\s)?(?:last|final)\s(?:signature|execution)|on\swhich\s(?:it|this\sAgreement)\s(?:is|has\sbeen)\s(?:signed|executed))`
/** A term other than the one running: a renewal, an extension a party may choose ("may be extended … until", "an option to extend"); "is hereby extended until" is the term. */
export const notThisTerm =
  /\bduring\b|renew|additional|extension|exclusivity|exclusive\s(?:period|term)|\bextend\b(?!\s(?:through|until|to)\b)|\bmay\s(?:\w{1,12}\s){0,2}extended\b|\boption\b/i
/** A sentence whose subject is the contract or its term, not a fee, a phase or a confidence kept. */
export const aboutTheContract = /\b(?:agreement|term|terms\sof\s(?:the|this)|contract)\b/i

// "shah" is "shall" as a bad PDF text layer prints it ("shah continue in effect until").
const verb =
  /\b(?:shall|shah|will|would|should|can|could|might|is|are|was|were|may|must|has|have|be|means|expir\w{0,3}|terminat(?:e|es|ing)|end(?:s|ing)?|continu\w{0,3}|remain\w{0,3}|runs?|commenc\w{0,4}|begin\w{0,4}|laps\w{0,2}|conclud\w{0,3}|appl(?:y|ies))\b/i
/** What a subject says after its head noun: "The prices [set forth in Exhibit B to this Agreement]", "The term [of this Agreement]". */
const subjectTail = /\s(?:of|in|to|under|by|for|from|with|within|set\sforth|provided|given|required|granted|described|contained|pursuant|hereunder)\b[\s\S]*$/i
/** The contract, its term, or what a services or distribution contract is ("Consultant's engagement", "Distributor's appointment"); "it" in a term clause. */
const contractHead = /\b(?:term|agreement|contract|amendment|hereof|expiration|expiry|duration|engagement|appointment|employment|it)\b/i

/** A name the subject is defined by: "(the \"Initial Term\")" is the term; "\"Arizona Trademark License Term\"" is another period. */
const definedName = /["“]([^"”]{1,60})["”]/g
const contractName = /^(?:the\s)?(?:(?:initial|original)\s)?(?:(?:agreement|contract)\s)?(?:term|period)$|(?:agreement|contract|amendment)$/i
/** "no agreement is reached", "any other contract": an agreement, not this one. */
const anotherAgreement = /\b(?:no|any|another|other)\s(?:[\w-]+\s)?(?:agreement|contract)\b/i
/** The words after the last article: "Duration* The default" is a default, "The initial term" a term. */
const headWords = (subject: string): string => subject.split(/\b(?:the|this|its|such|each|any|an?)\s/i).pop() ?? subject

/** "All terms of this Agreement will … expire on": the terms of the contract, all of them, are the contract. */
const allItsTerms = /^\s{0,3}(?:all\s)?(?:the\s)?terms\sof\s(?:this|the)\s(?:agreement|contract)\s{0,3}$/i

const isContract = (subject: string): boolean => {
  const names = [...subject.matchAll(definedName)].map((match) => match[1]!.trim())
  if (names.length > 0) return names.some((name) => contractName.test(name))
  if (allItsTerms.test(subject)) return true
  const head = subject.replace(subjectTail, "")
  return contractHead.test(headWords(head)) && !anotherAgreement.test(head)
}

/** "\"Contract Period\" shall mean that period of time commencing …": a definition's subject is the name it defines. */
const definition = /^\W{0,3}(?:[\d.]{1,6}\s)?["“]([^"”]{1,60})["”]\s(?:shall\s)?means?\b/i
/** "… as follows: a) \"CONTRACT PERIOD\" means that period of time …": a lettered definition in a list, the last the sentence holds. */
const listedDefinition = /\(?[a-z\d]{1,3}\)\s{1,3}["“]([^"”]{1,60})["”]\s(?:shall\s)?means?\b[^"“”]{0,300}$/i
/** ", subject to the remaining terms of this Agreement,": an aside between a subject and its verb, whose words are neither. */
const aside = /,\s(?:subject\sto|except\sas|save\sas)\s[^,;]{1,80},/gi

/**
 * Whether what ends is the contract or its term: the subject of the nearest clause with a verb, its head noun without what follows
 * it. "this Agreement shall continue until" and "the term of this Agreement shall end on" are the contract's; "The prices set forth
 * in this Agreement shall remain firm until" and "Supplier shall maintain insurance under this Agreement through" are not. A
 * sentence with no subject to read ("TERM: November 01, 2014 to") is the contract's when it names the contract or its term.
 */
export const endsTheContract = (sentence: string): boolean => {
  const defined = definition.exec(sentence.trim()) ?? listedDefinition.exec(sentence)
  if (defined !== null) return contractName.test(defined[1]!.trim())
  // "in full force and effect" is one phrase, not two clauses.
  const clauses = sentence.replace(/force\sand\seffect/gi, "force").replace(aside, " ").split(/[,;:]|\b(?:that|and|or|unless|provided|which)\b/i)
  for (let index = clauses.length - 1; index >= 0; index--) {
    const found = verb.exec(clauses[index])
    if (found === null) continue
    const subject = clauses[index].slice(0, found.index)
    // "(a) the end of …": "end" is a noun there, and a subject of articles alone is none.
    if (!/[A-Za-z]{2,}/.test(subject.replace(/\b(?:the|an?|this|such|its|any|each)\b/gi, ""))) continue
    // "This Agreement and the license granted herein shall remain": any part of a subject joined by "and" will do.
    let first = index
    while (first > 0 && verb.exec(clauses[first - 1]) === null) first--
    return isContract(subject) || clauses.slice(first, index).some(isContract)
  }
  // "performed … from the Effective Date of the Agreement through", "Statement of Work to the Agreement and through": a start's name,
  // or a part attached to the contract, is no subject that speaks of the contract.
  return aboutTheContract.test(sentence.replace(partOrStartOfTheContract, ""))
}
const partOrStartOfTheContract = /\b(?:(?:Effective|Commencement)\sDate\sof|to)\s(?:the|this)\s(?:Agreement|Contract)\b/gi
/** A full stop that ends no sentence: "Omega Corp. (", "Sunrise Bank, N.A. and", "Dr. Lopez". */
const abbreviation = /(?:\b(?:Inc|Corp|Co|Ltd|Mr|Ms|Mrs|Dr|No|St|Jr|Sr|[A-Z])|\.[A-Za-z])$/
export const sentenceBefore = (blocks: ReadonlyArray<Block>, hit: Hit): string => {
  const lead = before(blocks, hit, 300)
  let end = lead.length
  for (let stop = Math.max(lead.lastIndexOf(". ", end), lead.lastIndexOf("; ", end)); stop !== -1;) {
    if (lead[stop] === ";" || !abbreviation.test(lead.slice(Math.max(0, stop - 6), stop))) return lead.slice(stop + 1)
    end = stop - 1
    stop = end < 0 ? -1 : Math.max(lead.lastIndexOf(". ", end), lead.lastIndexOf("; ", end))
  }
  return lead
}
