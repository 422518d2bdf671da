import { actingCue, isOrdinaryWord, legalSuffix, nameCore, nameCue, nameKey } from "./NameWords.js"

/**
 * The parties a prompt names, and the prompt rewritten for the role rules: every mention of the
 * caller (its name, "we", "us", "our") becomes the marker `\u0001S` and every mention of another
 * party `\u0001P0`, `\u0001P1`…, so a rule reads "`\u0001P0` will provide" whatever the name was.
 * A name is a run of capitalised words; it counts when it ends on a legal suffix ("Globex Inc"),
 * follows a word that introduces a party ("with Globex"), or acts ("Globex will…").
 */

export const selfMarker = "\u0001S"
/** A regular-expression source matching any marker; cleanPrompt removes control characters, so only markers match. */
export const anyMarker = "\\u0001(?:S|P\\d)"
export const otherMarkerPattern = "\\u0001P\\d"
const possessiveGap = new RegExp(`(${anyMarker}) 's\\b`, "g")
/** Markers carry one digit; a prompt naming more parties than this is asked about, not read. */
const maxOthers = 10
export const otherMarker = (index: number): string => `\u0001P${index}`

export interface PartyReading {
  /** Other parties' names as written, in the order the prompt first names them. */
  readonly others: ReadonlyArray<string>
  readonly selfMentioned: boolean
  readonly marked: string
}

interface Token {
  readonly start: number
  readonly end: number
  readonly word: string
}

interface Mention {
  readonly start: number
  readonly end: number
  readonly marker: string
}

const tokenPattern = /[\p{L}\p{N}][\p{L}\p{N}&'.-]{0,40}|&/gu

const bare = (word: string): string => word.replace(/'s$|'$/i, "")
const core = (word: string): string => bare(word).replace(/\.$/, "")
const isSuffix = (word: string): boolean => legalSuffix.test(bare(word))
const capitalised = (word: string): boolean => /^[\p{Lu}\p{N}]/u.test(word)
const startsName = (word: string): boolean => /^\p{Lu}/u.test(word) && !isOrdinaryWord(core(word)) && !isSuffix(word)
/**
 * "Inc." and "Corp." are abbreviations and keep their full stop; after "LLC" or "GmbH" a full stop
 * ends the sentence, and so it does after "Ltd", which British usage writes without one.
 */
const keepsFullStop = (word: string, next: string): boolean =>
  /^(?:Inc|Corp|Co|Pte|Pty|Bhd|Sdn|Lda)\.$|\..+\.$/.test(word) || (/^Ltd\.$/.test(word) && !/^(?:$| \p{Lu})/u.test(next))

/** "Margie's Travel Consulting Ltd": a possessive inside a name that goes on to a legal suffix. */
const endsOnSuffix = (text: string, tokens: ReadonlyArray<Token>, from: number): boolean => {
  for (let index = from; index < Math.min(tokens.length, from + 6); index++) {
    const token = tokens[index]!
    if (text.slice(tokens[index - 1]!.end, token.start) !== " " || !capitalised(token.word)) return false
    if (isSuffix(token.word)) return true
  }
  return false
}

/** Reads a name from token `first`; the index after its last token, and where its text ends. */
const readName = (text: string, tokens: ReadonlyArray<Token>, first: number): { next: number; end: number; suffix: boolean } => {
  let index = first
  let suffix = false
  let end = tokens[first]!.end
  for (; index < tokens.length; index++) {
    const token = tokens[index]!
    const word = token.word
    const isLegal = isSuffix(word)
    const gap = index > first ? text.slice(tokens[index - 1]!.end, token.start) : " "
    // "Fabrikam, Inc.": a comma may stand before a legal suffix, and nowhere else in a name.
    if (gap !== " " && !(gap === ", " && isLegal)) break
    if (index > first && suffix && !isLegal) break
    if (!isLegal && index > first && !(capitalised(word) || (word === "&" && capitalised(tokens[index + 1]?.word ?? "")))) break
    suffix = suffix || isLegal
    const possessive = /'s?$/i.test(word) && word !== bare(word)
    end = token.start + (possessive ? bare(word).length : keepsFullStop(word, text.slice(token.end, token.end + 2)) ? word.length : core(word).length)
    if (possessive && endsOnSuffix(text, tokens, index + 1)) continue
    if (possessive || (!isLegal && word.endsWith("."))) return { next: index + 1, end, suffix }
  }
  return { next: index, end, suffix }
}

const selfWords = /\b(?:[Ww]e|[Uu]s|[Oo]urs|[Oo]urselves|I|[Mm]e)\b|\b(?:[Oo]ur|[Mm]y)\b/g
const theirWords = /\b(?:[Tt]hey|[Tt]hem|[Tt]hemselves)\b|\b(?:[Tt]heir|[Tt]heirs)\b/g

const expandContractions = (text: string): string =>
  text.replace(/\b([Ww])on't\b/g, "$1ill not").replace(/\b([Cc])an't\b/g, "$1an not").replace(/n't\b/g, " not").replace(/'re\b/g, " are")
    .replace(/'ll\b/g, " will").replace(/'ve\b/g, " have")

interface Run {
  readonly start: number
  readonly end: number
  readonly name: string
  readonly suffix: boolean
  /** Whether the run is a party on its own evidence; other runs count only as a short form of one. */
  readonly named: boolean
}

const capitalisedRuns = (text: string): ReadonlyArray<Run> => {
  const tokens = [...text.matchAll(tokenPattern)].map((m) => ({ start: m.index, end: m.index + m[0].length, word: m[0] }))
  const runs: Array<Run> = []
  for (let index = 0; index < tokens.length;) {
    const word = tokens[index]!.word
    if (!startsName(word)) {
      index++
      continue
    }
    const name = readName(text, tokens, index)
    const before = tokens[index - 1]?.word ?? ""
    const after = tokens[name.next]?.word ?? ""
    const acts = actingCue.test(after) && text.slice(name.end, tokens[name.next]?.start ?? name.end).trim() === ""
    const named = name.suffix || nameCue.test(before) || acts || /'s$/i.test(tokens[name.next - 1]!.word)
    // "The Boring Company": a leading "The" belongs to a name with a legal suffix.
    const the = name.suffix && before === "The" && text.slice(tokens[index - 1]!.end, tokens[index]!.start) === " "
    const start = the ? tokens[index - 1]!.start : tokens[index]!.start
    runs.push({ start, end: name.end, name: text.slice(start, name.end), suffix: name.suffix, named })
    index = name.next
  }
  return runs
}

/** "Globex" is short for "Globex Inc"; "Acme Inc" and "Acme Ltd" are two companies. */
const sameParty = (a: string, b: string): boolean => {
  if (nameKey(nameCore(a)) !== nameKey(nameCore(b))) return false
  return nameCore(a) === a || nameCore(b) === b || nameKey(a) === nameKey(b)
}

const markText = (text: string, mentions: ReadonlyArray<Mention>): string => {
  let marked = ""
  let at = 0
  for (const mention of [...mentions].sort((a, b) => a.start - b.start)) {
    if (mention.start < at) continue
    marked += `${text.slice(at, mention.start)} ${mention.marker} `
    at = mention.end
  }
  // A denied act is no evidence of a side: "they will not share anything with us".
  return expandContractions(marked + text.slice(at))
    .replace(/\b(?:not|never)\s(?:be\s|been\s)?[a-z]+/gi, "(denied)")
    .replace(/ {2,}/g, " ")
    .replace(/ ([,.;:!?])/g, "$1")
    .replace(possessiveGap, "$1's")
}

export const readParties = (text: string, self: string): PartyReading => {
  const runs = capitalisedRuns(text)
  const others: Array<string> = []
  for (const run of runs) {
    if (!run.named || sameParty(run.name, self)) continue
    const known = others.findIndex((other) => sameParty(other, run.name))
    if (known === -1) {
      if (others.length < maxOthers) others.push(run.name)
    } else if (run.suffix && nameCore(others[known]!) === others[known]) others[known] = run.name
  }
  const mentions: Array<Mention> = []
  for (const run of runs) {
    if (sameParty(run.name, self)) mentions.push({ ...run, marker: selfMarker })
    const index = others.findIndex((other) => sameParty(other, run.name))
    if (index !== -1) mentions.push({ ...run, marker: otherMarker(index) })
  }
  for (const m of text.matchAll(selfWords)) {
    mentions.push({ start: m.index, end: m.index + m[0].length, marker: selfMarker + (/^(?:our|my)$/i.test(m[0]) ? "'s" : "") })
  }
  if (others.length === 1) {
    for (const m of text.matchAll(theirWords)) {
      mentions.push({ start: m.index, end: m.index + m[0].length, marker: otherMarker(0) + (/^their/i.test(m[0]) ? "'s" : "") })
    }
  }
  return { others, selfMentioned: mentions.some((m) => m.marker.startsWith(selfMarker)), marked: markText(text, mentions) }
}
