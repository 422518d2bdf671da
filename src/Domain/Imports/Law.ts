import type { Block, Hit } from "./FactScan.js"
import { scan } from "./FactScan.js"

/** The law that governs the contract: the jurisdiction as the contract names it. */

const place = "[A-Z][A-Za-z'’-]{1,20}(?:\\s(?:of\\s)?[A-Z][A-Za-z'’-]{1,20}){0,4}"
const polity = "(?:[Ss]tate|STATE|[Cc]ommonwealth|[Pp]rovince|[Rr]epublic|[Kk]ingdom|[Tt]erritory)\\sof\\s"

/** "governed by … the laws of the State of Texas", "laws, other than choice of law rules, of the state of Florida". */
export const governingPattern = new RegExp(
  `\\b(?:[Gg]overn|GOVERN|[Cc]onstru|[Ii]nterpret)\\w{0,8}\\b[^.;]{0,200}?\\b(?:[Ll]aws?|LAWS?)\\b[^.;]{0,80}?\\bof\\s(?:the\\s)?((?:${polity})?${place})`,
  "g"
)
/** "accepted … in the State of Nevada and shall be governed by … the laws thereof". */
export const governingBefore = new RegExp(`\\b(${polity}${place})[^.;]{0,160}?\\b(?:[Gg]overned|[Cc]onstrued)\\b`, "g")
export const demonymLaw =
  /\b(Italian|English|German|French|Swiss|Dutch|Spanish|Chinese|Japanese|Indian|Israeli|Canadian|Irish|Scottish|Swedish|Delaware)\s(?:[Ll]aws?|LAW)\b/g

export const findGoverning = (blocks: ReadonlyArray<Block>): Hit | undefined =>
  scan(blocks, governingPattern, 0, blocks.length, 1)[0] ?? scan(blocks, governingBefore, 0, blocks.length, 1)[0] ??
    scan(blocks, demonymLaw, 0, blocks.length, 1)[0]
