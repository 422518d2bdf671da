import { commonwealths, otherStates } from "../Words/UsStates.js"
import { corporateSuffix } from "./Patterns.js"

/**
 * Word shapes a party's name is told by: the trade words an "and" joins inside one name
 * ("ExxonMobil Research and Engineering Company"), and names that are a company form alone.
 */

interface Word {
  readonly word: string
}

/** Nouns of a line of business, as company names pair them around "and". */
const tradeWord =
  /^(?:research|engineering|development|insurance|annuity|life|film|entertainment|science|technology|technologies|trading|investment|investments|management|marketing|sales|services?|communications?|media|health|energy|power|gas|electric|oil|mining|exploration|products|supply|construction|design|import|export|savings|loan|finance|financial|industrial|industries|manufacturing|distribution|logistics|pharmaceuticals?|chemicals?|environmental|agricultural|securities|publishing|printing|software|systems|consulting|advisory|equipment|telecommunications|transportation|broadcasting|television|music|leisure|hospitality|travel|food|foods|beverages?|sports|fitness|apparel|education|materials|metals|steel|mortgage|banking|credit)$/i

const plain = (word: string): string => word.replace(/[,;:]+$/, "")

/**
 * "Insurance and Annuity Corporation", "FILM AND ENTERTAINMENT CORPORATION": an "and" between two
 * trade words, with the company form within the next few words, joins one name, not two parties.
 */
export const tradeAnd = (words: ReadonlyArray<Word>, at: number): boolean => {
  const before = words[at - 1]
  const after = words[at + 1]
  if (before === undefined || after === undefined || before.word !== plain(before.word)) return false
  if (!tradeWord.test(before.word) || !tradeWord.test(plain(after.word))) return false
  for (let index = at + 1; index < Math.min(words.length, at + 5); index++) {
    const core = plain(words[index].word)
    if (corporateSuffix.test(core)) return true
    if (!/^[A-Z0-9&]/.test(core) || /[(;]/.test(words[index].word)) return false
  }
  return false
}

/** "Company", "Inc.", "The Company": a company form or a defined term, read where a name was expected. */
export const onlyForms = (words: ReadonlyArray<Word>): boolean =>
  words.every((entry) => corporateSuffix.test(plain(entry.word)) || /^(?:the|The|THE)$/.test(entry.word))

/** A US state as older filings abbreviate it after a city: "Calif.", "Fla.", "N.Y.". */
const stateAbbreviation =
  "(?:Ala|Ariz|Ark|Calif|Cal|Colo|Conn|Del|Fla|Ga|Ill|Ind|Kan|Kans|Ky|La|Md|Mass|Mich|Minn|Miss|Mo|Mont|Neb|Nebr|Nev|Okla|Ore|Oreg|Pa|Penn|Tenn|Tex|Va|Vt|Wash|Wis|Wyo|N\\.\\s?[HJMYCD]|S\\.\\s?[CD]|R\\.\\s?I|W\\.\\s?Va|D\\.\\s?C)\\."

/**
 * ", Anaheim, Calif.": the city and state a preamble writes after a party's name, where the name
 * ends; "Prolong Super Lubricants, Anaheim, Calif. (Hereinafter …)" describes the party as an
 * alias would.
 */
export const placeAfter = new RegExp(`^,\\s{0,3}(?:[A-Z][a-z]{1,20}\\s{1,3}){0,2}[A-Z][a-z]{1,20},\\s{0,3}${stateAbbreviation}(?=[\\s,;(]|$)`)

/** The US states, as a preamble writes a party's seat ("located in Philadelphia, Pennsylvania"), as alternatives of a pattern. */
export const usStateNames = [...commonwealths, ...otherStates].map((name) => name.replace(/ /g, "\\s")).join("|")

/** "("CCGI")", "(the "Company")": the alias a party's name is defined by, right after it. */
export const aliasAfter = /^\s{0,3}\(\s{0,3}(?:the\s{1,3})?["“]/
