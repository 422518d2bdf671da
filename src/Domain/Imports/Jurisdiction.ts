import type { Block, Hit } from "./FactScan.js"

/**
 * How a jurisdiction is written, in any case: "the State of Texas", "Victoria, Australia",
 * "England and Wales", "THE STATE OF NEW YORK". A clause in capitals runs its place into the words
 * after it ("NEW YORK WITHOUT REGARD TO …"), so a matched place is cut back to its name (`placeEnd`).
 */

/** "of the", "OF THE", "of": a clause in capitals writes its small words in capitals too. */
export const ofThe = "(?:of|OF)\\s(?:the\\s|THE\\s|The\\s)?"
export const polity =
  "(?:[Ss]tate|STATE|[Cc]ommonwealth|COMMONWEALTH|[Pp]rovince|PROVINCE|[Rr]epublic|REPUBLIC|[Kk]ingdom|KINGDOM|[Tt]erritory|TERRITORY)\\s(?:of|OF)\\s"
/** "the laws of the Federal Republic of Germany": the country, as the labels name it, is "Germany". */
export const federalRepublic = "(?:Federal\\sRepublic\\sof\\s|FEDERAL\\sREPUBLIC\\sOF\\s)?"

/** Words that end a place name: what a clause says after the place, never part of it. */
const afterPlace = new Set([
  "without",
  "excluding",
  "exclusive",
  "except",
  "as",
  "in",
  "to",
  "and",
  "or",
  "applicable",
  "applied",
  "regard",
  "regardless",
  "irrespective",
  "notwithstanding",
  "other",
  "which",
  "that",
  "including",
  "but",
  "for",
  "with",
  "shall",
  "will",
  "its",
  "governing",
  "law",
  "laws",
  "the",
  "by",
  "on",
  "if"
])
/** A capitalised word that may be part of a place: not one the clause goes on with ("… NEW YORK WITHOUT REGARD TO …"). */
const word = `(?!(?:${[...afterPlace].flatMap((stop) => [stop[0].toUpperCase() + stop.slice(1), stop.toUpperCase()]).join("|")})\\b)[A-Z][A-Za-z'’-]{1,20}`
export const place = `${word}(?:\\s(?:of\\s|OF\\s)?${word}){0,4}`
/** A country after its state or province ("Victoria, Australia"), or a joint jurisdiction ("England and Wales"). */
const country =
  "(?:United\\sStates(?:\\sof\\sAmerica)?|U\\.S\\.A\\.?|USA|Canada|Australia|United\\sKingdom|England|India|China|Japan|Germany|France|Switzerland|Israel|Singapore|Hong\\sKong|Ireland|New\\sZealand|Malaysia|Brazil|Mexico)"
const joint = "(?:and|AND)\\s(?:Wales|WALES|Scotland|SCOTLAND|Northern\\sIreland|NORTHERN\\sIRELAND)"
export const jurisdiction = `(?:${polity})?${place}(?:,\\s(?:the\\s)?${country}\\b|\\s${joint}\\b)?`
const jointPart = /^(?:wales|scotland|northern)$/i

/** Where the place name in `text[start, end)` ends: before the first word the clause goes on with, and before a trailing "State". */
export const placeEnd = (text: string, start: number, end: number): number => {
  const words = [...text.slice(start, end).matchAll(/[^\s,]+/g)]
  let stop = end
  for (const [index, found] of words.entries()) {
    const lower = found[0].toLowerCase()
    if (index === 0 || !afterPlace.has(lower)) continue
    if (lower === "and" && jointPart.test(words[index + 1]?.[0] ?? "")) continue
    stop = start + found.index
    break
  }
  const kept = text.slice(start, stop).replace(/[\s,]+$/, "")
  // "the laws of New York State": the place is "New York".
  const withoutState = kept.replace(/\s(?:State|STATE)$/, "")
  return start + withoutState.length
}

/** "the laws of the state in which the franchised restaurant is located": a kind of place, not a place. */
const bareKind = /^(?:the\s)?(?:state|commonwealth|province|republic|kingdom|territory|country|jurisdiction)$/i

/** A name the contract defines ("Distribution Agreement", the "Company"): a party or a document, never a jurisdiction. */
const isDefinedTerm = (blocks: ReadonlyArray<Block>, value: string): boolean =>
  blocks.some((block) => block.text.includes(`"${value}"`) || block.text.includes(`“${value}”`))

/** A country's short name, which a contract may define ("the People's Republic of China (the \"PRC\")") and still name a place by. */
const countryShortName = /^(?:PRC|USA|UK|P\.R\.C|U\.S\.A)$/

export const isPlaceName = (blocks: ReadonlyArray<Block>, value: string): boolean =>
  value.length > 0 && !bareKind.test(value) && (countryShortName.test(value) || !isDefinedTerm(blocks, value))

/** A federal law named first ("the laws of the United States and of the State of Texas"): the state's law is the one the labels name. */
const federal = /^(?:the\s)?United\sStates(?:\sof\sAmerica)?$/i
const stateAfterFederal = new RegExp(`^[^.;]{0,120}?\\b(?:and|AND)\\b[^.;]{0,80}?\\b(${polity}${place})`)

export const preferState = (blocks: ReadonlyArray<Block>, hit: Hit): Hit => {
  const text = blocks[hit.block].text
  if (!federal.test(text.slice(hit.start, hit.end))) return hit
  const found = stateAfterFederal.exec(text.slice(hit.end, hit.end + 240))
  if (found === null) return hit
  const start = hit.end + found.index + found[0].length - found[1].length
  return { block: hit.block, start, end: placeEnd(text, start, start + found[1].length) }
}
