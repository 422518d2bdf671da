import type { Block, Hit } from "./FactScan.js"
import { after, scan } from "./FactScan.js"
import { aboutTheContract, endsTheContract, sentenceBefore } from "./TermWords.js"

/**
 * A contract that runs until a party ends it: its expiration reads as `perpetual`. So does one that runs "until the termination of
 * the Strategic Alliance Agreement": another contract's end, which no date in this one fixes.
 */

/** "shall govern the relations between the parties hereto thereafter, unless terminated as set forth in this Section 6" is one too. */
const perpetual =
  /\b(?:perpetual(?:ly)?|in perpetuity|indefinitely|until\s(?:it|this\sAgreement)\s(?:is|has\sbeen)\sterminated|until\stermination\b(?!\sof)|no\sfixed\s(?:term|duration)|no\s(?:expiration|expiry|end)\sdate|indefinite\s(?:period|term|duration)|until (?:terminated|cancell?ed)|until\ssuch\stime\sas\s(?:\w{1,12}\s){0,4}terminated|(?<=(?:continue|remain)\s(?:in\s(?:full\s)?(?:force|effect)(?:\sand\s(?:force|effect))?\s)?)unless\s(?:(?:sooner|earlier|otherwise)\s)?terminated|until\s(?:either|any|one|a)\s(?:party|Party)\s(?:terminates|elects\sto\sterminate)|(?<=\bthereafter,?\s)unless\s(?:(?:sooner|earlier|otherwise)\s)?terminated|until\s(?:the\s)?(?:parties|Parties)\s(?:mutually\s)?agree\s(?:in\swriting\s)?to\sterminate|until\s(?:the\s)?(?:termination|expiration)\sof\s(?:the|that)\s(?:(?!(?:this|of|term|initial|renewal)\b)[a-z][\w-]{1,20}\s){1,4}Agreement)\b/gi

/**
 * A contract with no end that a party ends by notice: "shall continue unless and until either party gives notice",
 * "This Agreement shall terminate (a) at the option of any party, upon 90 days' advance written notice". Read only
 * when no end date or length is written; its reading is `perpetual`, as CUAD's annotators label such contracts.
 */
const endsByNotice = new RegExp(
  "\\b(?:(?:continue|remain\\sin\\s(?:full\\s)?(?:force|effect))\\b[^.;]{0,40}?\\b(until\\s(?:either|any|one)\\s[Pp]arty\\s(?:gives|serves|provides|informs|notifies)\\s(?:[\\w()]{1,12}\\s){0,10}notice)" +
    "|[Tt]his\\sAgreement\\sshall\\sterminate\\b[^.;]{0,160}?\\b(at\\sthe\\soption\\sof\\s(?:any|either)\\s[Pp]arty|upon\\s(?:either|any)\\s[Pp]arty\\sgiving))",
  "g"
)

/** "at the option of either party if the other becomes insolvent", "upon either party giving notice of a material breach": an end for cause, not at will. */
const atWill = (blocks: ReadonlyArray<Block>, hit: Hit): boolean => {
  const rest = /^[^.;]{0,200}/.exec(after(blocks, hit, 200))![0]
  return /\bnotice\b/i.test(rest) && !/breach|default|insolv|bankrupt|cause|fail/i.test(rest)
}

export const findEndsByNotice = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, endsByNotice, 0, blocks.length, 1)[0] ?? scan(blocks, endsByNotice, 0, blocks.length, 2).find((hit) => atWill(blocks, hit))

/** "a perpetual, irrevocable, worldwide license", "perpetual right": a grant that lasts, not the contract. */
const perpetualGrant = /^(?:,?\s(?:[\w-]{1,20},?\s){0,5})?(?:licen[cs]e|right|sublicen[cs]e|grant)/i
/** "the rights and obligations of the Parties hereto shall commence … and continue in perpetuity": the parties' duties under the term, not one that survives it. */
const partiesDuties = /\brights\sand\sobligations\sof\sthe\sParties(?:\shereto)?/gi

export const findPerpetual = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, perpetual).find((hit) => {
    const sentence = sentenceBefore(blocks, hit)
    // "shall remain confidential in perpetuity" is how long a duty lasts, not the contract.
    const ownSentence = sentence.replace(partiesDuties, "")
    return /\bterm\b|continue|remain|effective|in\sforce|valid|\b(?:shall\sbe|is|has|have)\s$/i.test(sentence) && aboutTheContract.test(sentence) &&
      endsTheContract(ownSentence) &&
      // "The term of the license for the Content … shall be perpetual": the license's term, not the contract's.
      !/confiden|surviv|obligation|licen[cs]e\sto|\bterm\sof\s(?:the|any|each|such)\s(?:[\w-]{1,20}\s)?licen[cs]e\b/i.test(ownSentence) &&
      // "which shall automatically renew from year-to-year thereafter unless terminated": the renewals, not an open end.
      !(/^unless\b/i.test(blocks[hit.block].text.slice(hit.start, hit.end)) && /\brenew/i.test(sentence)) &&
      !(/^perpetual$/i.test(blocks[hit.block].text.slice(hit.start, hit.end)) && perpetualGrant.test(after(blocks, hit, 80)))
  })
