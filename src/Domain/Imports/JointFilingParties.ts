import type { Block, Hit } from "./FactScan.js"
import { joinBlocks } from "./FactScan.js"
import { corporateSuffix } from "./Patterns.js"
import { signerRole } from "./SignatureParties.js"

/**
 * A joint filing agreement (the Schedule 13D/13G exhibit, "the undersigned hereby agree to the
 * joint filing …") names its parties only above their signature blocks: "HPS INVESTMENT PARTNERS,
 * LLC /s/ John Madden Name: … Title: Authorized Signatory HPS MEZZANINE PARTNERS II, LLC By: …".
 * A party is the entity written just before a "By:" or "/s/" that no "By:" introduces ("By: AISG
 * GP Ltd., its general partner" signs for another); only names ending in a company form count, so
 * the people who sign never do.
 */

/** The title or opening says what the document is. */
const jointFilingTitle = /\bjoint\s{1,3}filing\s{1,3}agreement\b|\bagreement\s{1,3}of\s{1,3}joint\s{1,3}filing\b/i
const openingChars = 300

export const isJointFiling = (blocks: ReadonlyArray<Block>): boolean =>
  jointFilingTitle.test(blocks.slice(0, 3).map((block) => block.text).join("\n").slice(0, openingChars))

/** The labels of a signature block; a signing entity is written before "By:" or "/s/". */
const marker = /\b(?:By|BY|Name|NAME|Title|TITLE|Its|ITS|Date|DATE|Dated|DATED)\s{0,2}:|\/s\//g
const signs = /^(?:By|BY)\s{0,2}:$|^\/s\/$/
const signsFor = /^(?:By|BY)\s{0,2}:$/

/** Company forms beyond the shared list, as fund vehicles write them: "S.À R.L", "KGaA", "Ltda". */
const moreForms = /^(?:S\.À|S\.à|R\.L|r\.l|SARL|S\.A\.R\.L|KGaA|KGAA|N\.A|Ltda|LTDA|AB|A\/S|ASA|L\.L\.L\.P|LLLP)\.?,?$/
const isForm = (word: string): boolean => corporateSuffix.test(word) || moreForms.test(word)
/** "GP" may close a name ("BLACKSTONE CLARUS GP") but also sits inside one ("BIA GP L.P."): no cut after it. */
const endsName = (word: string): boolean => isForm(word) || /^GP\.?,?$/.test(word)
/** "MEZZANINE PARTNERS II OFFSHORE LUX S.À R.L II": a series number after the form. */
const seriesNumber = /^(?:I{1,3}|IV|V|VI{1,3}|IX|X)$/

/** A word of a name in capitals: "APOLLO", "IV-A,", "(CAYMAN)", "S.À", "&", "-". */
const capsWord = /^(?:[\p{Lu}0-9&.,'’()/-]{0,40}\p{Lu}[\p{Lu}0-9&.,'’()/-]{0,40}|&|-)$/u
/** A word of a name in mixed case: "Global", "(U.S.),", "D-Beta", and the small words inside one. */
const mixedWord = /^(?:[\p{Lu}0-9(][\p{L}0-9&.,'’()/-]{0,40}|and|of|de|du|la|&|-)$/u

interface Word {
  readonly word: string
  readonly start: number
  readonly end: number
}

/** "January 22, 2020 (Date) ABP TRUST /s/ …": the caption a form prints under a blank, never a word of a name. */
const formCaption = /^\((?:Date|Signature|Name|Title|Name\/Title)\)$/

const maxRunWords = 32
const bare = (word: string): string => word.replace(/[,;]+$/, "")

/** The words that end the segment and read as a name, in capitals or, failing that, in mixed case. */
const trailingRun = (words: ReadonlyArray<Word>): ReadonlyArray<Word> => {
  const runOf = (fits: (word: string) => boolean): ReadonlyArray<Word> => {
    let first = words.length
    while (first > 0 && words.length - first < maxRunWords && fits(words[first - 1].word)) first--
    return words.slice(first)
  }
  const inName = (word: string) =>
    mixedWord.test(word) && /\p{L}/u.test(word) && !signerRole.test(word.replace(/[.,]+$/, "").split("-")[0]) && !formCaption.test(word)
  const caps = runOf((word) => capsWord.test(word))
  // "Yorkville Advisors Global II, LLC": capitals that end a mixed-case name are no name of their own.
  const before = words[words.length - caps.length - 1]
  const ownName = caps.some((entry) => !endsName(bare(entry.word)) && !seriesNumber.test(bare(entry.word)))
  if (caps.length >= 2 && ownName && (before === undefined || !inName(before.word))) return caps
  const mixed = runOf(inName)
  let first = 0
  while (first < mixed.length && /^(?:and|of|de|du|la|&|-)$/.test(mixed[first].word)) first++
  return mixed.slice(first)
}

/** "ARES TRADING SA ARES TRADING SA": two signers for one entity print its name twice, side by side. */
const doubled = (run: ReadonlyArray<Word>): ReadonlyArray<Word> | null => {
  if (run.length < 2 || run.length % 2 !== 0) return null
  const half = run.length / 2
  return run.slice(0, half).every((entry, index) => bare(entry.word) === bare(run[half + index].word)) ? run.slice(0, half) : null
}

/** "UBS ONCOLOGY IMPACT FUND L.P. ONCOLOGY IMPACT FUND (CAYMAN) MANAGEMENT L.P.": side-by-side names, cut after each form. */
const namesIn = (run: ReadonlyArray<Word>): ReadonlyArray<ReadonlyArray<Word>> => {
  const names: Array<ReadonlyArray<Word>> = []
  let from = 0
  for (let index = 0; index < run.length; index++) {
    const next = run[index + 1]
    if (!isForm(bare(run[index].word))) continue
    if (next !== undefined && (isForm(bare(next.word)) || seriesNumber.test(bare(next.word)))) continue
    names.push(run.slice(from, index + 1))
    from = index + 1
  }
  names.push(run.slice(from))
  return names
}

/** A name ends in a company form (or a series number after one) and has a word besides its forms. */
const isEntity = (name: ReadonlyArray<Word>): boolean => {
  const words = name.map((entry) => bare(entry.word))
  const last = words.length - 1
  const closes = last >= 1 && (endsName(words[last]) || (seriesNumber.test(words[last]) && isForm(words[last - 1])))
  return closes && words.some((word) => !endsName(word) && !seriesNumber.test(word))
}

const maxSegmentChars = 400

/** The entities that sign a joint filing agreement, in the order they sign. */
export const jointFilingParties = (blocks: ReadonlyArray<Block>): ReadonlyArray<Hit> => {
  if (!isJointFiling(blocks)) return []
  const { hitAt, text } = joinBlocks(blocks)
  const hits: Array<Hit> = []
  let previous: RegExpExecArray | null = null
  for (const match of text.matchAll(marker)) {
    const segmentStart = previous === null ? 0 : previous.index + previous[0].length
    const introducedBy = previous === null ? "" : previous[0]
    previous = match
    if (!signs.test(match[0]) || signsFor.test(introducedBy)) continue
    const from = Math.max(segmentStart, match.index - maxSegmentChars)
    const words = [...text.slice(from, match.index).matchAll(/\S+/g)].map((word) => ({
      word: word[0],
      start: from + word.index,
      end: from + word.index + word[0].length
    }))
    const run = trailingRun(words)
    // A name printed twice over is one entity's, its seat included ("MERCK KGAA, DARMSTADT, GERMANY").
    const twice = doubled(run)
    const names = twice !== null && twice.some((entry) => isForm(bare(entry.word))) ? [twice] : namesIn(run).filter(isEntity)
    for (const name of names) {
      const start = name[0].start
      let end = name[name.length - 1].end
      while (end > start && /[,;]/.test(text[end - 1])) end--
      const hit = hitAt(start, end)
      if (hit.end <= blocks[hit.block].text.length) hits.push(hit)
    }
  }
  return hits
}
