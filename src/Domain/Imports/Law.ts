import type { Block, Hit } from "./FactScan.js"
import { after, before, scan, sentenceAround } from "./FactScan.js"
import { federalRepublic, isPlaceName, jurisdiction, ofThe, place, placeEnd, polity, preferState } from "./Jurisdiction.js"
import { namedLawPlaces } from "./LawPlaces.js"

/**
 * The law that governs the contract: the jurisdiction as the contract names it ("the State of
 * Texas", "England and Wales", "Victoria, Australia"). A party's place of incorporation ("organized
 * under the laws of Delaware") is never the governing law.
 */

const lawWord = "(?:[Ll]aws?|LAWS?|[Ll]egislation|LEGISLATION)"
/** The verbs that set a contract's law; "government", "governmental" and "governance" are not among them. */
const governs =
  "(?:[Gg]overn(?!ment|ance|or)(?:s|ed|ing)?|GOVERN(?!MENT|ANCE|OR)(?:S|ED|ING)?|[Cc]onstru|CONSTRU|[Ii]nterpret|INTERPRET|[Ee]nforce|ENFORCE|[Cc]ontrolled|CONTROLLED)"

/**
 * "governed by … the laws of the State of Texas", "laws, other than choice of law rules, of the state of Florida". A list of section
 * names ("Governing Law," … "Limitation of Damages") holds no law's place: no quotation mark comes between the law and its place.
 */
const governedBy = new RegExp(
  `\\b${governs}\\w{0,8}\\b[^.;]{0,200}?\\b${lawWord}\\b[^.;"”]{0,80}?\\b${ofThe}${federalRepublic}(${jurisdiction})`,
  "g"
)
/**
 * "The laws of the State of Florida shall govern this Agreement", "Effective legislation of the Republic of Kazakhstan shall apply",
 * "The laws of the State of New York govern this Agreement", "the law of the Federal Republic of Germany applies", "The laws of the
 * State of New York (excluding any laws that direct the application of another jurisdiction's law) govern all matters".
 */
const lawFirst = new RegExp(
  `\\b${lawWord}\\s${ofThe}${federalRepublic}(${jurisdiction})[^.;]{0,120}?\\b(?:(?:shall|will|SHALL|WILL)\\s(?:govern|apply|control|GOVERN|APPLY|CONTROL)|govern|governs|GOVERN|GOVERNS|applies|APPLIES)\\b`,
  "g"
)
/** "determined in accordance with the laws of the State of Michigan", "made under and subject to … the laws of the State of New York". */
const underLaws = new RegExp(
  `\\b(?:accordance\\swith|subject\\sto|under|ACCORDANCE\\sWITH|SUBJECT\\sTO|UNDER)\\b[^.;]{0,80}?\\b${lawWord}\\s${ofThe}${federalRepublic}(${jurisdiction})`,
  "g"
)
/** "accepted … in the State of Nevada and shall be governed by … the laws thereof". */
const governedAfter = new RegExp(`\\b(${polity}${place})[^.;]{0,160}?\\b(?:[Gg]overned|[Cc]onstrued)\\b`, "g")
const demonymLaw =
  /\b(Italian|English|German|French|Swiss|Dutch|Spanish|Chinese|Japanese|Indian|Israeli|Canadian|Irish|Scottish|Swedish|Delaware|PRC)\s(?:[Ll]aws?|LAWS?)\b/g
/** "construed in accordance with Ohio law", "governed by Singapore law": a law named by its state's or country's name. */
const placeLaw = new RegExp(`\\b(${namedLawPlaces})\\s(?:[Ll]aws?|LAWS?)\\b`, "g")
/** "the maximum rate allowable by New York law", "applicable Texas law": a place's law named for one matter, not the contract's. */
const governsTheContract = /\b(?:govern(?:s|ed|ing)?|constru\w{1,6}|interpret\w{0,6})\b/i

/** The status of a party ("duly organized and existing under the laws of"), not the contract's law. */
const corporateStatus = /\b(?:organi[sz]ed|existing|incorporated|formed|registered|chartered|constituted|established|good\sstanding)\b[^.;]{0,40}$/i
const appliesLaw = /\b(?:govern(?:s|ed|ing)?|constru\w{1,6}|interpret\w{0,6}|subject\sto|accordance|appl(?:y|ies|icable))\b/i
/** A sentence that sets the contract's own law. */
const aboutTheAgreement = /\b(?:Agreement|AGREEMENT|Contract|CONTRACT|hereunder|hereto|herein)\b/

/** The place cut back to its name, the state preferred to a federal law named before it. */
const named = (blocks: ReadonlyArray<Block>, hit: Hit): Hit => preferState(blocks, { ...hit, end: placeEnd(blocks[hit.block].text, hit.start, hit.end) })

/** "the laws of the State of California and the laws of Hong Kong": a contract governed by two laws names both, as one value. */
const secondLaw = new RegExp(`^,?\\s(?:and|AND)\\s(?:the\\s|THE\\s)?${lawWord}\\s${ofThe}${federalRepublic}(${jurisdiction})`)
const withSecondLaw = (blocks: ReadonlyArray<Block>, hit: Hit): Hit => {
  const text = blocks[hit.block].text
  const found = secondLaw.exec(text.slice(hit.end, hit.end + 200))
  if (found === null) return hit
  const start = hit.end + found[0].length - found[1].length
  const end = placeEnd(text, start, start + found[1].length)
  return isPlaceName(blocks, text.slice(start, end)) ? { ...hit, end } : hit
}

/** Each finding ranked: the contract "governed by" a law first, then other readings, then a bare demonym. */
export const findGoverning = (blocks: ReadonlyArray<Block>): Hit | undefined => {
  const ranked = [[governedBy, lawFirst], [underLaws], [governedAfter], [demonymLaw, placeLaw]].flatMap((patterns, rank) =>
    patterns.flatMap((pattern) => scan(blocks, pattern, 0, blocks.length, 1).map((hit) => ({ hit, pattern }))).map(({ hit, pattern }) => {
      const text = blocks[hit.block].text
      const [start] = sentenceAround(text, hit.start)
      const sentence = text.slice(start, hit.end)
      const lawsAt = sentence.search(/\b(?:laws?|legislation)\b[^.;]{0,80}$/i)
      const lead = lawsAt === -1 ? before(blocks, hit, 80) : sentence.slice(Math.max(0, lawsAt - 80), lawsAt)
      if (corporateStatus.test(lead)) return null
      // "the Canadian law relating to data privacy": a demonym alone sets a law only in a sentence that applies it.
      if (pattern === demonymLaw && !appliesLaw.test(sentence)) return null
      // "Ohio law shall govern": the verb may come after the law.
      if (pattern === placeLaw && !governsTheContract.test(`${sentence}${after(blocks, hit, 60).split(/[.;]/)[0]}`)) return null
      return { hit: named(blocks, hit), rank: rank * 2 + (aboutTheAgreement.test(sentence) ? 0 : 1) }
    }).filter((found) => found !== null)
  )
  const jurisdictions = ranked.filter(({ hit }) => isPlaceName(blocks, blocks[hit.block].text.slice(hit.start, hit.end)))
  const first = jurisdictions.sort((a, b) => a.rank - b.rank || a.hit.block - b.hit.block || a.hit.start - b.hit.start)[0]?.hit
  return first === undefined ? undefined : withSecondLaw(blocks, first)
}
