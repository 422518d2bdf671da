import { corporateSuffix } from "./Patterns.js"
import { onlyForms, placeAfter, tradeAnd, usStateNames } from "./PartyWords.js"

/**
 * One party's name, read token by token from where a preamble, a "Party A:" label or a signature
 * line puts it. The name ends where its description starts (", a", "(", "having", "of 90 High
 * Street", a lower-case word) or just after its corporate suffix.
 */

export interface Found {
  readonly start: number
  readonly end: number
  readonly suffix: boolean
  /** Written after a list marker ("(2) NIGEL CROCKETT"): the preamble numbers its parties. */
  readonly listed?: boolean
}

export interface NameOptions {
  /** The name stands alone on its line ("Party A: Beijing … Science and Technology Co., Ltd."), so "and" may be part of it. */
  readonly wholeLine?: boolean
  /** The context says a name follows ("director of FreeCook"), so one word will do. */
  readonly single?: boolean
}

interface Token {
  readonly start: number
  readonly end: number
  readonly word: string
}

const joiners = new Set(["of", "de", "du", "la", "von", "van", "der", "&", "d/b/a", "d/b/a/", "dba", "f/k/a", "for"])
/** "doing business as", "formerly known as": the name goes on after its company form ("695014 B.C. Ltd. dba Galaxy Telecom"). */
const tradingAs = /^(?:d\/b\/a|dba|DBA|f\/k\/a)/
const stopWords = new Set([
  "and",
  "between",
  "dated",
  "having",
  "with",
  "whereas",
  "this",
  "the",
  "by",
  "hereinafter",
  "herein",
  "a",
  "an",
  "each",
  "its",
  "individual",
  "individually",
  "address",
  "registered"
])
/** A name that is the document's own title, the parties as a whole, or a date, read where a preamble was expected. */
const notAName =
  /\b(?:agreement|contract|exhibit|schedule|amendment|annex|appendix|parties)\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\s{0,3}\d|\bname$/i
/** "3900A 31st Street North": an address read where a name was expected. */
const streetAddress = /^\d\S*\s.*\b(?:Street|St\.|Avenue|Ave\.?|Road|Rd\.|Boulevard|Blvd\.?|Drive|Lane|Highway|Suite|Floor)\b/

/**
 * A street number with its street word within a few words ("123 Main Street", "320 NEVADA STREET", "1565N. Central Expressway"),
 * a European street before its number and postcode ("LANDDROSTLAAN 51 7327 GM APELDOORN"), or a post box.
 */
const addressAhead =
  /^(?:\d{1,6}[A-Z]?\.?,?\s{1,3}(?:[A-Za-z.'-]{1,20}\s{1,3}){0,3}(?:Street|STREET|St\.|ST\.|Avenue|AVENUE|Ave\.?|AVE\.?|Road|ROAD|Rd\.|RD\.|Boulevard|BOULEVARD|Blvd\.?|BLVD\.?|Drive|DRIVE|Lane|LANE|Highway|HIGHWAY|Parkway|PARKWAY|Expressway|Plaza|PLAZA|Place|PLACE|Court|COURT|Circle|CIRCLE|Suite|SUITE|Floor|FLOOR)\b|[A-Za-zÀ-ÿ-]{3,30}\s{1,3}\d{1,4}[a-z]?,?\s{1,3}\d{4,5}\b|P\.\s?O\.\s{0,3}Box\b|PO\s{1,3}Box\b|Post\s{1,3}Office\s{1,3}Box\b)/
/** Company forms beyond the shared list, found in company names the world over ("Wells Fargo Bank, N.A.", "Acme Ltda."). */
const moreSuffixes =
  /^(?:inc|N\.A|P\.C|PLLC|P\.L\.L\.C|P\.A|LLLP|L\.L\.L\.P|Ltda|LTDA|KG|KGaA|AB|A\/S|ASA|Oy|OY|Bhd|BHD|S\.A\.S|SAS|S\.L|K\.K|S\.p\.A|GMBH|SARL|S\.A\.R\.L|Tbk|TBK|Berhad|BERHAD)\.?,?$/

/** Company forms written without a full stop of their own ("Beta LLC."): the stop ends the sentence. */
const undottedForm = /^(?:LLC|LLP|LP|PLC|plc|AG|GmbH|SA|SRL|PLLC|LLLP|KG|AB|ASA|SAS|NV|BV)\.$/
const abbreviations = /^(?:Bros|Intl|Assn|Assoc|Mfg|Corp|Natl|Svcs|Dept|Univ|Hldgs)\./i

/** "(1)", "1.", "(a)", "(ii)", the dashes of "- and -", an underline "----": a list marker before a name, not part of it. */
const enumerator = /^(?:\(\d{1,2}\)|\d{1,2}[.)]|\([a-z]{1,4}\)|[-–—]{1,40})$/

const tokens = (text: string, from: number, limit: number): ReadonlyArray<Token> => {
  const out: Array<Token> = []
  // "Inc.,("Sponsor")": an alias written without a space still starts a word of its own.
  const pattern = /[^\s(]+|\(\S*/g
  pattern.lastIndex = from
  let previousEnd = -1
  for (let match = pattern.exec(text); match !== null && out.length < limit; match = pattern.exec(text)) {
    // A name never runs over a block boundary; it may start on the line after its anchor ("BETWEEN:\nACME INC.").
    if (previousEnd === -1 ? text.slice(from, match.index).split("\n").length > 4 : text.slice(previousEnd, match.index).includes("\n")) break
    out.push({ start: match.index, end: match.index + match[0].length, word: match[0] })
    previousEnd = match.index + match[0].length
  }
  return out
}

/**
 * "Mutual Insurance Corporation of America, a Michigan …": a place after the suffix belongs to the
 * legal name when the description follows it; "Tigrent Learning UK Limited of Boston House, 69 …" is an address.
 */
const placeOfName = (text: string, at: number): boolean =>
  /^of\s{1,3}(?:[A-Z][A-Za-z.&'-]{0,30}\s{1,3}){0,2}[A-Z][A-Za-z.&'-]{0,30}(?:,?\s{1,3}(?:an?\s|\(|hereinafter)|\s{0,3}(?:\n|$))/.test(text.slice(at, at + 120))

/**
 * A brand written in lower case, told from a plain word by its dot or hyphen ("drkoop.com",
 * "e-centives"): a name only with its company form or domain after it.
 */
const lowerBrand = /^[a-z][a-z0-9]*(?:[-.][a-z0-9]+)+$/
/** "AstroNutrition.com": a web address names its business on its own. */
const domainName = /^[A-Za-z][A-Za-z0-9-]*\.(?:com|net|org)$/

/** A US state after a name's comma: the party's seat, written into the preamble, not its name. */
const usState = new RegExp(`^(?:${usStateNames})\\b[,.;:)]?(?:\\s|$)`)

/** The words after a name's dash, capitalised, single-spaced, and followed by the alias in brackets. */
const dashTail = /^[-–] ((?:[A-Z][A-Za-z&.'-]{0,30} ){0,4}[A-Z][A-Za-z&.'-]{0,30}) {0,3}\(/

const bare = (word: string): string => word.replace(/[,;:]+$/, "")
/** "Acme", "3M", "&", and a brand's inner capital ("iDreamSky", "eBay"). */
const capitalised = (word: string): boolean => /^(?:[A-Z0-9&]|[a-z][A-Z])/.test(word)
const isSuffixWord = (word: string): boolean => corporateSuffix.test(word) || moreSuffixes.test(word)

/** Where the name proper starts: after a list marker and a lower-case "the" ("the Agent" is not a name; "The Right Solution" is). */
const firstWord = (words: ReadonlyArray<Token>): number => {
  let first = 0
  if (first < words.length && enumerator.test(words[first].word)) first++
  if (first < words.length && words[first].word === "the") first++
  // A courtesy title is not part of the name the parties sign with ("Mr. Carlos Lafitte"); "DR." of a company name is.
  if (first < words.length - 1 && /^(?:Mr|Mrs|Ms|Miss|Messrs)\.?$/.test(words[first].word)) first++
  return first
}

/** The index of the word closing a parenthesis opened at `open`, when a capitalised word of the name follows it; else -1. */
const innerParenthesis = (words: ReadonlyArray<Token>, open: number): number => {
  for (let index = open; index < Math.min(words.length - 1, open + 3); index++) {
    if (words[index].word.endsWith(")")) return capitalised(words[index + 1].word) ? index : -1
  }
  return -1
}

/** Reads one entity name starting at `from` (after whitespace); null when none starts there. */
export const entityAt = (text: string, from: number, options: NameOptions = {}): Found | null => {
  const words = tokens(text, from, 16)
  const first = firstWord(words)
  let last = -1
  let suffix = false
  for (let index = first; index < words.length; index++) {
    const word = words[index].word
    const core = bare(word)
    const closing = options.wholeLine === true && index > first && word.startsWith("(") ? innerParenthesis(words, index) : -1
    if (closing !== -1) {
      // "China Online Housing (Hong Kong) Co., Ltd.": a bracketed place inside a name that goes on.
      last = closing
      index = closing
      continue
    }
    if (/^[("“”'‘]/.test(word) || core.length === 0) break
    // "JOHN SMITH 123 MAIN STREET", "ACME MEDIA P.O. Box 12": the address written after a name, on its line.
    if (index > first && addressAhead.test(text.slice(words[index].start, words[index].start + 60))) break
    const lower = core.toLowerCase()
    const inNameAnd = options.wholeLine === true && lower === "and" && index > first && !/[,;:]$/.test(words[index - 1].word)
    const theAfterOf = index > first && lower === "the" && /^of$/i.test(words[index - 1].word)
    if (stopWords.has(lower) && !(index === first && lower === "the") && !theAfterOf && !inNameAnd && !(lower === "and" && tradeAnd(words, index))) break
    const brandStart = index === first && lowerBrand.test(core) && !stopWords.has(lower) && !joiners.has(lower)
    if (
      !capitalised(core) && !joiners.has(lower) && !inNameAnd && !brandStart && !(index > first && isSuffixWord(core)) &&
      !(lower === "and" && tradeAnd(words, index))
    ) break
    // A short foreign form ends a name, never starts one: "AB Wately, Inc." is not the Swedish "AB".
    const isSuffix = corporateSuffix.test(core) || (index > first && moreSuffixes.test(core))
    last = index
    suffix = suffix || isSuffix
    const next = words[index + 1]
    if (next === undefined) break
    // "National Football League Alumni - Northern California Chapter ("NFLA-NC")": a dash joins a chapter's or branch's name, up to its alias.
    const branch = !isSuffix && /^[-–]$/.test(next.word) ? dashTail.exec(text.slice(next.start, next.start + 160)) : null
    if (branch !== null && index + 2 + branch[1].split(" ").length <= words.length) {
      index += 1 + branch[1].split(" ").length
      last = index
      continue
    }
    const nextCore = bare(next.word)
    const nextIsSuffix = isSuffixWord(nextCore) || tradingAs.test(nextCore)
    // "Celebrity Speakers of 90 High Street": "of" before a number starts an address.
    if (/^of$/i.test(nextCore) && /^\d/.test(words[index + 2]?.word ?? "")) break
    // "Clear Capital Page 1": a page footer, run into the name on a cover line.
    if (/^(?:Page|PAGE)$/.test(nextCore) && /^\d/.test(words[index + 2]?.word ?? "")) break
    if (/[,;:]$/.test(word)) {
      // After a comma only a suffix, "d/b/a" or another capitalised word of the name goes on ("Stratton, Cheeseman & Walsh").
      if (/;|:$/.test(word)) break
      // "City of Fort Stockton, Texas": the place after the comma is where the party is, not its name.
      if (!nextIsSuffix && usState.test(text.slice(next.start, next.start + 20))) break
      // "Mr. Zheng Qing, Mr. Gu Xianwin": a courtesy title after the comma starts the next person.
      if (/^(?:Mr|Mrs|Ms|Miss|Dr)\.?$/.test(nextCore)) break
      // "Prolong Super Lubricants, Anaheim, Calif.": so is a city with its state abbreviated.
      if (placeAfter.test(text.slice(words[index].end - 1, words[index].end + 60))) break
      if (!(nextIsSuffix || (!suffix && capitalised(nextCore) && !/^(?:A|An)$/.test(nextCore) && !stopWords.has(nextCore.toLowerCase())))) break
    }
    // "CREMER OLEO GmbH & Co KG": the German limited partnership's form runs on past its general partner's.
    const limitedPartnership = /^GmbH$/.test(core) && /^&\s{1,3}Co\.?\s{1,3}(?:KG|KGaA|OHG)\b/.test(text.slice(next.start, next.start + 20))
    if (isSuffix && !nextIsSuffix && !limitedPartnership && !(/^of$/i.test(nextCore) && placeOfName(text, next.start))) break
  }
  while (last >= first && joiners.has(bare(words[last].word).toLowerCase()) && !tradingAs.test(words[last].word)) last--
  if (last < first) return null
  const start = words[first].start
  let end = words[last].end
  while (end > start && /[,;:]/.test(text[end - 1])) end--
  // "… and Stephen Marley.": a sentence's full stop, not an abbreviation's ("Inc.", "N.D.", "Bros.").
  const lastWord = text.slice(words[last].start, end)
  const plainWord = !isSuffixWord(bare(words[last].word)) && /^[A-Za-z][a-z]{2,}\.$/.test(lastWord) && !abbreviations.test(lastWord)
  if (plainWord || undottedForm.test(lastWord)) end--
  const name = text.slice(start, end)
  const letters = name.replace(/[^A-Za-z]/g, "")
  const wordCount = last - first + 1
  // "PRIMEEVERG\'CORPORATION": a scan's garbled letters make no name a person could check.
  if (letters.length < 2 || notAName.test(name) || streetAddress.test(name) || /[\\{}<>|~^]/.test(name) || onlyForms(words.slice(first, last + 1))) return null
  const firstCore = bare(words[first].word)
  // "…, a Delaware corporation, d/b/a ALFA AESAR": a trade name written after the party's description is that party's, not another.
  if (/^(?:d\/b\/a\/?|dba|DBA|f\/k\/a)$/.test(firstCore)) return null
  if (!capitalised(firstCore) && !joiners.has(firstCore.toLowerCase()) && !suffix && !domainName.test(firstCore)) return null
  const bareThe = /^the$/i.test(words[first].word) ? 1 : 0
  const standsAlone = (letters.length >= 4 && letters === letters.toUpperCase()) || domainName.test(name)
  if (!suffix && options.single !== true && wordCount - bareThe < 2 && !standsAlone) return null
  return { start, end, suffix, listed: first > 0 && enumerator.test(words[0].word) }
}

/** Case-, punctuation- and leading-"the"-insensitive form, to name each party once. */
export const sameParty = (name: string): string => name.toLowerCase().replace(/^the\s+/, "").replace(/[^\p{L}\p{N}]/gu, "")
