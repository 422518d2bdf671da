import type { Block, Hit } from "./FactScan.js"
import { after, before, scan } from "./FactScan.js"
import { readDate } from "../Words/FactReading.js"
import { blankDatePattern } from "./TermWords.js"

/** When the agreement was made: the date its opening words give, else its witness clause's, else the last signature's. */

const madeCue = /(?:made|entered\sinto|dated)(?:\s(?:and\sentered\sinto\s)?(?:as\sof|on|this))?\s{0,3}(?:the\s)?$/i
const agreementCue = /(?:made|entered\sinto|dated|executed|as\sof|effective|this|on|day\sof|Dated:?|Date:?)[^.]{0,60}$/i
/** "made as of", "effective as of the", "made as of this", "made and entered into this", "Dated the": the words that lead to a form's half-blank date. */
const blankCue = /(?:made|entered\sinto|dated|effective|executed)(?:\s(?:and\s(?:entered\sinto|effective)\s)?(?:as\sof(?:\sthis)?|on|this))?\s{0,3}(?:the\s)?$/i
/**
 * "amends that certain Manufacturing Agreement between Heritage and Premier dated July 1, 2017", "pursuant to Sponsorship Agreements
 * dated February 7, 2005", "a Selling Agreement, effective as of": the date of another agreement the opening names, not this one's.
 */
export const anotherAgreementsDate = new RegExp(
  String.raw`(?:\b(?:that\scertain|amends|amending|amendment\s(?:n\S{0,2}\s?\d{1,3}\s)?to|supplement\sto|pursuant\sto|under)\b[^.;]{0,120}?` +
    // "… of the Co-Branding Agreement is made effective December 9, 1996": a verb makes the date this one's.
    String.raw`\b(?:Agreements?|Contract)\b(?:(?!\b(?:is|are|was|shall|will)\b)[^.;]){0,80}|` +
    String.raw`\b(?:[Tt]he|[Aa]n?|said|such|existing|original|prior)\s(?:(?:[A-Z][\w&,.-]*|of|and|for)\s){1,8}(?:Agreements?|MOU),?\s)` +
    String.raw`(?:dated|effective)(?:\s(?:as\sof|from))?\s{0,3}$`
)
/** "IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of this 4th day of April, 2003.", "This Affiliate Agreement is executed as of the 14th day of December, 1997." */
const witnessCue = /(?:IN\sWITNESS\sWHEREOF\b[^.]{0,200}|\bThis\s(?:[\w-]+\s){0,3}Agreement\s(?:is|has\sbeen)\s(?:executed|signed)\s[^.]{0,30})$/i

/** A date's place in time, for ordering: its ISO reading ("" when it reads as none), so "June 7, 2016" comes after "June 3, 2016". */
const dateValue = (blocks: ReadonlyArray<Block>, hit: Hit): string => readDate(blocks[hit.block].text.slice(hit.start, hit.end)) ?? ""

/** "Effective Date: January 1, 2019 Termination Date: December 31, 2023", "shall expire on": the date the contract ends, never the one it was made. */
const endsHere = /(?:(?:termination|expiration|expiry|end)\sdate:?|\b(?:until|through|expir\w{0,3}|terminat\w{0,3}|end(?:s|ing)?)(?:\son)?)\s{0,3}$/i

/** "As amended on February 28, 2010" dates an amendment; "amends that certain … dated" another agreement. */
const thisAgreements = (blocks: ReadonlyArray<Block>, hit: Hit): boolean =>
  !/amended\s(?:on\s|as\sof\s)?$/i.test(before(blocks, hit, 20)) && !anotherAgreementsDate.test(before(blocks, hit, 160)) &&
  !endsHere.test(before(blocks, hit, 30))

/** "Source: EL POLLO LOCO HOLDINGS, INC., 10-K, 3/6/2020": the stamp of the filing a contract was copied from dates the filing. */
const filingStamp = /\bSource:\s[^\n]{1,100}?,\s\S{1,12},\s{0,3}$/

/** The words after a date, on into the next block when its own ends first ("… IS MADE ON March 9th 2015:" over "BETWEEN: AZUL …"). */
const wordsAfter = (blocks: ReadonlyArray<Block>, hit: Hit): string => {
  const rest = after(blocks, hit, 160)
  return rest.length < 40 && hit.block + 1 < blocks.length ? `${rest} ${blocks[hit.block + 1].text.slice(0, 40)}` : rest
}

export const findAgreementDate = (blocks: ReadonlyArray<Block>, dates: ReadonlyArray<Hit>, preamble: number): Hit | undefined => {
  const all = dates.filter((hit) => !filingStamp.test(before(blocks, hit, 160)))
  const own = all.filter((hit) => hit.block < preamble && thisAgreements(blocks, hit))
  // "AGENCY AGREEMENT" over a line of its own, "November ___, 2006": a form's half-blank date under its title dates it.
  const halfBlank = scan(blocks, blankDatePattern, 0, preamble).find((hit) => blankCue.test(before(blocks, hit, 40))) ??
    scan(blocks, blankDatePattern, preamble, Math.min(blocks.length, preamble + 2)).find((hit) =>
      hit.start === 0 && hit.end === blocks[hit.block].text.trimEnd().length && /^[A-Z]/.test(blocks[hit.block].text)
    )
  // A long notice up front can end the preamble early; the opening runs on to the recitals or the first section.
  const opening = blocks.findIndex((block, index) => index >= preamble && /^(?:WHEREAS|Whereas|RECITALS|BACKGROUND|ARTICLE|1\.|1\))/.test(block.text))
  const made = all.find((hit) =>
    hit.block >= preamble && hit.block < Math.min(opening === -1 ? preamble : opening, preamble + 6) && madeCue.test(before(blocks, hit, 80)) &&
    thisAgreements(blocks, hit)
  )
  // A table of contents can push the opening words far down: "This Joint Venture Agreement … is entered into as of March 18, 2003".
  const lateOpening = all.find((hit) =>
    hit.block >= preamble && hit.block < 100 && /^(?:THIS|This)\s[^.]{0,150}?\b(?:AGREEMENT|Agreement)\b/.test(blocks[hit.block].text) &&
    madeCue.test(before(blocks, hit, 80)) && /\b(?:between|among)\b/i.test(wordsAfter(blocks, hit)) &&
    thisAgreements(blocks, hit)
  )
  const witnessed = [...all, ...scan(blocks, blankDatePattern).filter((hit) => blankCue.test(before(blocks, hit, 40)))]
    .find((hit) => witnessCue.test(before(blocks, hit, 240)) && /\b(?:as\sof|dated|this|on)\s{1,3}(?:the\s)?$/i.test(before(blocks, hit, 20)))
  // "made as of May 1, 2016" over an "Effective Date: July 1, 2016" line above it: the words of making date the agreement.
  return own.find((hit) => madeCue.test(before(blocks, hit, 80))) ?? halfBlank ?? own.find((hit) => agreementCue.test(before(blocks, hit, 80))) ??
    own[0] ??
    made ??
    lateOpening ??
    witnessed ??
    // No date up front: the latest date on the signature page is when the last party signed.
    lastSignatureDate(blocks, all)
}

/** The latest date on the signature pages: when the last party signed. */
export const lastSignatureDate = (blocks: ReadonlyArray<Block>, dates: ReadonlyArray<Hit>): Hit | undefined =>
  dates.filter((hit) => blocks[hit.block].kind === "signature_block" && !endsHere.test(before(blocks, hit, 30)) && !filingStamp.test(before(blocks, hit, 160)))
    .sort((a, b) => dateValue(blocks, b).localeCompare(dateValue(blocks, a)))[0]
