import { corporateSuffix } from "./Patterns.js"

/**
 * Party names from a contract's opening words: "by and between A, a Delaware corporation
 * ("Alias"), and B …", "BETWEEN: A … AND: B", or a preamble that opens on the first party's name.
 * A name is read token by token and ends where the description starts (", a", "(", "having",
 * a lower-case word) or just after its corporate suffix.
 */

export interface Found {
  readonly start: number
  readonly end: number
  readonly suffix: boolean
}

const joiners = new Set(["of", "de", "du", "la", "von", "van", "der", "&", "d/b/a", "d/b/a/", "dba", "for"])
const stopWords = new Set(["and", "between", "dated", "having", "with", "whereas", "this", "the", "by", "hereinafter", "herein", "a", "an", "each", "its"])

const tokens = (text: string, from: number, limit: number): ReadonlyArray<{ start: number; end: number; word: string }> => {
  const out: Array<{ start: number; end: number; word: string }> = []
  const pattern = /\S+/g
  pattern.lastIndex = from
  let previousEnd = from
  for (let match = pattern.exec(text); match !== null && out.length < limit; match = pattern.exec(text)) {
    // A name never runs over a block boundary.
    if (text.slice(previousEnd, match.index).includes("\n")) break
    out.push({ start: match.index, end: match.index + match[0].length, word: match[0] })
    previousEnd = match.index + match[0].length
  }
  return out
}

const bare = (word: string): string => word.replace(/[,;:]+$/, "")
const capitalised = (word: string): boolean => /^[A-Z0-9&]/.test(word)

/** Reads one entity name starting at `from` (after whitespace); null when none starts there. */
export const entityAt = (text: string, from: number): Found | null => {
  const words = tokens(text, from, 16)
  let first = 0
  while (first < words.length && /^(?:the|The|THE)$/.test(words[first].word) && first < 1) first++
  let last = -1
  let suffix = false
  for (let index = first; index < words.length; index++) {
    const word = words[index].word
    const core = bare(word)
    if (/^[("“”'‘]/.test(word) || core.length === 0) break
    const lower = core.toLowerCase()
    if (stopWords.has(lower) && !(index > first && lower === "the" && /^of$/i.test(words[index - 1].word))) break
    if (!capitalised(core) && !joiners.has(lower)) break
    const isSuffix = corporateSuffix.test(core)
    last = index
    suffix = suffix || isSuffix
    const next = words[index + 1]
    if (next === undefined) break
    const nextCore = bare(next.word)
    const nextIsSuffix = corporateSuffix.test(nextCore) || /^d\/b\/a/i.test(nextCore)
    if (/[,;:]$/.test(word)) {
      // After a comma only a suffix, "d/b/a" or another capitalised word of the name goes on ("Stratton, Cheeseman & Walsh").
      if (/;|:$/.test(word)) break
      if (!(nextIsSuffix || (!suffix && capitalised(nextCore) && !/^(?:A|An)$/.test(nextCore) && !stopWords.has(nextCore.toLowerCase())))) break
    }
    if (isSuffix && !nextIsSuffix && !/^of$/i.test(nextCore)) break
  }
  while (last >= first && joiners.has(bare(words[last].word).toLowerCase()) && !/^d\/b\/a/i.test(words[last].word)) last--
  if (last < first) return null
  const start = words[first].start
  let end = words[last].end
  while (end > start && /[,;:]/.test(text[end - 1])) end--
  const name = text.slice(start, end)
  const letters = name.replace(/[^A-Za-z]/g, "")
  const wordCount = last - first + 1
  if (letters.length < 2) return null
  if (!suffix && wordCount < 2 && !(letters.length >= 4 && letters === letters.toUpperCase())) return null
  return { start, end, suffix }
}

/** Paren depth and quote state at `at`, counted from `from`: a party's "and" is never inside its description's parentheses. */
const depthAt = (text: string, from: number, at: number): number => {
  let depth = 0
  for (let index = from; index < at; index++) {
    if (text[index] === "(") depth++
    else if (text[index] === ")") depth = Math.max(0, depth - 1)
  }
  return depth
}

const describedAfter = (text: string, end: number): boolean =>
  /^\s{0,3}(?:,\s{0,3}an?\s|\(|,?\s{0,3}\(|,?\s{0,3}(?:hereinafter|herein|having|with))/.test(text.slice(end, end + 40))

/** Up to four parties, in the order the preamble names them. */
export const findParties = (text: string, opening = 0): ReadonlyArray<Found> => {
  const anchor = /\bbetween\b\s{0,3}:?/i.exec(text)
  // Without "between", the preamble opens on the first party's name ("Mutual Insurance … and Stratton … agree as follows").
  const from = anchor === null ? opening : anchor.index + anchor[0].length
  const first = entityAt(text, from)
  if (first === null) return []
  const parties: Array<Found> = [first]
  let cursor = first.end
  while (parties.length < 4) {
    const window = text.slice(cursor, cursor + (parties.length === 1 ? 700 : 300))
    const stop = /\b(?:WHEREAS|Whereas|RECITALS|agree as follows|hereby agree|NOW,? THEREFORE)\b/.exec(window)
    const scope = stop === null ? window : window.slice(0, stop.index)
    const joiner = /\b(?:and|AND|And)\b:?\s{1,5}/g
    let next: Found | null = null
    for (let match = joiner.exec(scope); match !== null; match = joiner.exec(scope)) {
      const at = cursor + match.index + match[0].length
      if (depthAt(text, cursor, at) > 0) continue
      const candidate = entityAt(text, at)
      if (candidate === null) continue
      const name = text.slice(candidate.start, candidate.end)
      const described = describedAfter(text, candidate.end)
      const strong = candidate.suffix || (name === name.toUpperCase() && /[A-Z]{3}/.test(name) && described)
      if (strong || (parties.length === 1 && described)) {
        next = candidate
        break
      }
    }
    if (next === null) break
    parties.push(next)
    cursor = next.end
  }
  return parties
}
