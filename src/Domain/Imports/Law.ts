import type { Block, Hit } from "./FactScan.js"
import { before, scan, sentenceAround } from "./FactScan.js"

/**
 * The law that governs the contract: the jurisdiction as the contract names it ("the State of
 * Texas", "England and Wales", "Victoria, Australia"). A party's place of incorporation ("organized
 * under the laws of Delaware") is never the governing law.
 */

const place = "[A-Z][A-Za-z'’-]{1,20}(?:\\s(?:of\\s)?[A-Z][A-Za-z'’-]{1,20}){0,4}"
const polity = "(?:[Ss]tate|STATE|[Cc]ommonwealth|[Pp]rovince|[Rr]epublic|[Kk]ingdom|[Tt]erritory)\\sof\\s"
/** Where a contract names a country after its state or province ("Victoria, Australia"), or a joint jurisdiction ("England and Wales"). */
const country =
  "(?:United\\sStates(?:\\sof\\sAmerica)?|U\\.S\\.A\\.?|USA|Canada|Australia|United\\sKingdom|England|India|China|Japan|Germany|France|Switzerland|Israel|Singapore|Hong\\sKong|Ireland|New\\sZealand|Malaysia|Brazil|Mexico)"
const jurisdiction = `(?:${polity})?${place}(?:,\\s(?:the\\s)?${country}\\b|\\sand\\s(?:Wales|Scotland|Northern\\sIreland)\\b)?`

/** "governed by … the laws of the State of Texas", "laws, other than choice of law rules, of the state of Florida". */
const governedBy = new RegExp(
  `\\b(?:[Gg]overn|GOVERN|[Cc]onstru|CONSTRU|[Ii]nterpret|INTERPRET|[Ee]nforce)\\w{0,8}\\b[^.;]{0,200}?\\b(?:[Ll]aws?|LAWS?)\\b[^.;]{0,80}?\\bof\\s(?:the\\s)?(${jurisdiction})`,
  "g"
)
/** "determined in accordance with the laws of the State of Michigan", "made under and subject to … the laws of the State of New York". */
const underLaws = new RegExp(
  `\\b(?:accordance\\swith|subject\\sto|under)\\b[^.;]{0,80}?\\b(?:[Ll]aws?|LAWS?)\\s(?:of\\s(?:the\\s)?)(${jurisdiction})`,
  "g"
)
/** "accepted … in the State of Nevada and shall be governed by … the laws thereof". */
const governedAfter = new RegExp(`\\b(${polity}${place})[^.;]{0,160}?\\b(?:[Gg]overned|[Cc]onstrued)\\b`, "g")
const demonymLaw =
  /\b(Italian|English|German|French|Swiss|Dutch|Spanish|Chinese|Japanese|Indian|Israeli|Canadian|Irish|Scottish|Swedish|Delaware|PRC)\s(?:[Ll]aws?|LAWS?)\b/g

/** The status of a party ("duly organized and existing under the laws of"), not the contract's law. */
const corporateStatus = /\b(?:organi[sz]ed|existing|incorporated|formed|registered|chartered|constituted|established)\b[^.;]{0,40}$/i
/** A sentence that sets the contract's own law. */
const aboutTheAgreement = /\b(?:Agreement|Contract|hereunder|hereto|herein)\b/

/** Each finding ranked: the contract "governed by" a law first, then other readings, then a bare demonym. */
export const findGoverning = (blocks: ReadonlyArray<Block>): Hit | undefined => {
  const ranked = [governedBy, underLaws, governedAfter, demonymLaw].flatMap((pattern, rank) =>
    scan(blocks, pattern, 0, blocks.length, 1).map((hit) => {
      const text = blocks[hit.block].text
      const [start] = sentenceAround(text, hit.start)
      const sentence = text.slice(start, hit.end)
      const lawsAt = sentence.search(/\blaws?\b[^.;]{0,80}$/i)
      const lead = lawsAt === -1 ? before(blocks, hit, 80) : sentence.slice(Math.max(0, lawsAt - 80), lawsAt)
      if (corporateStatus.test(lead)) return null
      return { hit, rank: rank * 2 + (aboutTheAgreement.test(sentence) ? 0 : 1) }
    }).filter((found) => found !== null)
  )
  return ranked.sort((a, b) => a.rank - b.rank || a.hit.block - b.hit.block || a.hit.start - b.hit.start)[0]?.hit
}
