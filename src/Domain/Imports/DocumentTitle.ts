import type { BlockKind } from "../Words/Blocks.js"
import { corporateSuffix } from "./Patterns.js"
import {
  bodyStart,
  connector,
  documentNoun,
  endsInNoun,
  identifier,
  isCaps,
  legend,
  modifier,
  preambleNoun,
  reference,
  runEnd,
  sectionHeading,
  squash,
  stripFurniture,
  withoutLetterhead,
  words
} from "./TitleWords.js"

/**
 * An imported contract's title (issue 31): the document's name as the document states it, in its
 * own words, so a person can check it against the block it was read from. First the title line
 * at the head of the document (cover-page furniture set aside, a title over two lines joined),
 * else the name the preamble gives ("This Distribution Agreement (the "Agreement") is made …"),
 * else a bare "AGREEMENT" line; never a section heading; "Imported contract" when nothing names it.
 */

export interface TitledBlock {
  readonly kind: BlockKind
  readonly text: string
}

export interface DocumentTitle {
  readonly text: string
  /** The blocks the words were read from, in order (two for a title over two lines); empty for the placeholder. */
  readonly blocks: ReadonlyArray<number>
  readonly from: "title_line" | "preamble" | "none"
}

export const untitled = "Imported contract"

/** A word that can sit inside a name: capitalised, a connector, a number, or punctuation the name carries. */
const titleWord = (word: string, caps: boolean): boolean =>
  // A label's colon ("Facsimile:") ends a letterhead, not a name.
  !(/:$/.test(word) && !documentNoun.test(word)) && (caps
    ? !/[a-z]/.test(word) && /^[A-Z0-9&([]/.test(word)
    : /^[A-Z0-9&([]/.test(word) || connector.test(word.replace(/,$/, "")))

/** "Distributorship agreement", "Share purchase agreement"; never "Each agreement" or "Any other agreement". */
const sentenceCase =
  /^(?!(?:Each|Any|All|Every|Such|Said|That|These|Those|This|The|Other|Another|No|Our|Your|Its|Their)\b)[A-Z][a-z-]{2,30}(?: [a-z-]{1,30}){1,4}$/

/** A name from the start of `text`: title words up to the last document noun (and its number), or "". */
const leadingName = (text: string): string => {
  const cut = runEnd.exec(` ${text}`)
  const head = cut === null ? text : text.slice(0, Math.max(0, cut.index - 1))
  const list = words(head).slice(0, 16)
  if (list.length === 0 || connector.test(list[0]!)) return ""
  const caps = isCaps(list.slice(0, 3).join(" "))
  let end = -1
  for (let at = 0; at < list.length && titleWord(list[at]!, caps); at++) if (endsInNoun.test(list[at]!.replace(/[,.;:]$/, ""))) end = at
  // A title in sentence case before its parties: "Distributorship agreement between …".
  if (end === -1) return cut !== null && /between|among/i.test(cut[0]) && sentenceCase.test(head) && endsInNoun.test(head) ? head : ""
  const name = once(list.slice(0, end + 1).join(" ").replace(/[,;:]$/, ""))
  const after = identifier.exec(list.slice(end + 1).join(" "))
  return after === null ? name : `${name} ${after[0]}`
}

/** "SERVICES AGREEMENT SERVICES AGREEMENT, dated …": a title said twice on its line is said once. */
const once = (name: string): string => {
  const list = words(name)
  const half = list.length / 2
  return Number.isInteger(half) && list.slice(0, half).join(" ") === list.slice(half).join(" ") ? list.slice(0, half).join(" ") : name
}

/** "Agreement Number 12965" is a number on the cover, not a name: a later title names the document. */
const numberOnly = (name: string): boolean => /^(?:agreement|contract)\s/i.test(name) && identifier.test(name.replace(/^\S+\s+/, ""))

/** "… MAINTENANCE AGREEMENT SECURIAN FUNDS TRUST": a letterhead or party read on the title's line, after it. */
const withoutTrailingName = (text: string): string => {
  const list = words(text)
  // "MASTER FRANCHISE AGREEMENT THE GRILLED CHEESE TRUCK, INC. MASTER FRANCHISEE DATE OF AGREEMENT": a cover's
  // fields after the name; a company's suffix after the first noun says the name ended there.
  const first = list.findIndex((word) => endsInNoun.test(word.replace(/[,.;:]$/, "")))
  if (first >= 0 && list.slice(first + 1).some((word) => corporateSuffix.test(word)) && !/^(?:and|or|of|to|for|on|in|with|&)$/i.test(list[first + 1] ?? "")) {
    return list.slice(0, first + 1).join(" ")
  }
  let noun = list.length - 1
  while (noun >= 0 && !endsInNoun.test(list[noun]!.replace(/[,.;:]$/, ""))) noun--
  const tail = list.slice(noun + 1)
  if (noun < 0 || tail.length < 2 || connector.test(tail[0]!) || identifier.test(tail.join(" ")) || !corporateSuffix.test(tail.at(-1)!)) return text
  return list.slice(0, noun + 1).join(" ")
}

/** "E-CENTIVES - EXCITE@HOME CO-BRANDING AGREEMENT": the parties' names before a dash, then the title. */
const afterNamesDash = (text: string): string => {
  const dash = /\s[-–—]{1,2}\s/.exec(text)
  return dash === null || documentNoun.test(text.slice(0, dash.index)) ? text : text.slice(dash.index + dash[0].length)
}

const afterComma = new RegExp(`(${endsInNoun.source.slice(0, -1)}),\\s+(?![^,]*${documentNoun.source})[A-Z][^,]{0,40}$`, "i")

/** A heading's words as a name: the heading with its furniture set aside, when it names a document. */
const headingName = (text: string): string => {
  const clean = withoutTrailingName(withoutLetterhead(afterNamesDash(stripFurniture(text))))
  const cut = runEnd.exec(` ${clean}`)
  // "Collaboration Agreement, BII/ XENCOR": the parties' names after the name and a comma.
  const name = (cut === null ? clean : clean.slice(0, Math.max(0, cut.index - 1))).replace(/[,;:]$/, "").trim().replace(afterComma, "$1")
  if (!documentNoun.test(name) || words(name).length > 14 || sectionHeading.test(name) || legend.test(name)) return ""
  if (connector.test(words(name)[0]!) || /^[[(]/.test(name) || reference.test(name.slice(0, documentNoun.exec(name)!.index + 1 + 40))) {
    // "AND HOSTING AGREEMENT" is the tail of a title over two lines, "PURPOSE OF THE AGREEMENT" a section.
    if (!/^(?:amendment|addendum|supplement|memorandum|guarant(?:y|ee)s?)\b/i.test(name) || /^[[(]/.test(name)) return ""
  }
  return name
}

/** A heading that carries on a title on the next or previous line: no noun, short, same case, nothing else it could be. */
const fragment = (block: TitledBlock | undefined): string | null => {
  if (block === undefined || block.kind !== "heading") return null
  const text = stripFurniture(block.text)
  if (text === "" || documentNoun.test(text) || words(text).length > 8 || legend.test(text) || sectionHeading.test(text)) return null
  if (words(text).some((word) => corporateSuffix.test(word)) || /\d{4}/.test(text)) return null
  return text
}

const joinsBefore = (before: string, name: string): boolean =>
  isCaps(before) === isCaps(name) &&
  (/,$/.test(before) || connector.test(words(before).at(-1)!) || words(before).every((word) => modifier.test(word)) || connector.test(words(name)[0]!))

/** "WEBSITE DESIGN, DEVELOPMENT" + "AND HOSTING AGREEMENT"; "NON-COMPETITION AGREEMENT" + "AMENDMENT NO. 1". */
const joined = (blocks: ReadonlyArray<TitledBlock>, at: number): DocumentTitle | null => {
  const tail = squash(blocks[at]!.text)
  const before = fragment(blocks[at - 1])
  if (before !== null && documentNoun.test(tail) && !legend.test(tail) && joinsBefore(before, tail) && squash(blocks[at - 1]!.text).endsWith(before)) {
    const name = headingName(tail) || tail.replace(/[,;:]$/, "")
    if (tail.startsWith(name)) return { text: `${before} ${name}`, blocks: [at - 1, at], from: "title_line" }
  }
  const name = headingName(tail)
  if (name === "") return null
  // "ASIA PACIFIC CABLE NETWORK 2" / "CONSTRUCTION AND MAINTENANCE" / "AGREEMENT": a bare noun under the lines that name it.
  if (words(name).length === 1 && name === tail) {
    let first = at
    while (first > at - 3 && fragment(blocks[first - 1]) !== null && isCaps(squash(blocks[first - 1]!.text)) === isCaps(name)) first--
    if (first < at) {
      const lines = blocks.slice(first, at).map((block) => squash(block.text))
      return { text: `${lines.join(" ")} ${name}`, blocks: Array.from({ length: at - first + 1 }, (_, index) => first + index), from: "title_line" }
    }
  }
  const next = blocks[at + 1]
  const follow = next?.kind === "heading" ? squash(next.text) : ""
  if (
    follow !== "" && name === tail.replace(/[,;:]$/, "") && words(follow).length <= 8 && isCaps(follow) === isCaps(name) && !legend.test(follow) &&
    (/^(?:amendment|addendum|supplement)\b/i.test(follow) || (connector.test(words(follow)[0]!) && documentNoun.test(follow)))
  ) {
    return { text: `${name} ${follow.replace(/[,;:]$/, "")}`, blocks: [at, at + 1], from: "title_line" }
  }
  return { text: name, blocks: [at], from: "title_line" }
}

/** Where a preamble opens, or the name is defined as the agreement: "… PROMOTION AGREEMENT (the "Agreement")". */
const preambleOpening = /(?:^|\s)(?:This|THIS)\s|\s\((?:the\s+)?["“](?:Agreement|AGREEMENT|Contract)["”]\)/g

/** The title run into a clause: at its start after cover furniture, or just before its preamble's "This" or its definition. */
const clauseName = (text: string): string => {
  const clean = withoutLetterhead(stripFurniture(text))
  const first = legend.test(clean.slice(0, 60)) ? "" : leadingName(clean)
  if (first !== "") return first
  for (const match of clean.slice(0, 1500).matchAll(preambleOpening)) {
    const before = words(clean.slice(0, match.index))
    let start = before.length
    while (start > 0 && isCaps(before[start - 1]!) && !/[.:;]$/.test(before[start - 1]!.replace(/^NO\.$/, "NO")) && !/^\d[\d.]*$/.test(before[start - 1]!)) {
      start--
    }
    const name = leadingName(stripFurniture(before.slice(start).join(" ")))
    if (name !== "" && before.slice(start).join(" ").endsWith(name)) return name
  }
  return ""
}

/** "This Distribution Agreement (the "Agreement") is made …" → "Distribution Agreement". */
const preambleName = (text: string): string => {
  const opening =
    /\b(?:This|THIS)\s+((?:[A-Z][\w'’&.-]*,?\s+|(?:and|of|to|for|on)\s+){0,10}?(?:[A-Z][\w'’&-]*))((?:\s+[A-Z0-9]{1,3}\b)?)\s*(?:\([^)]{0,90}\)\s*)?,?\s+(?:is|are|was|dated|made|entered|effective|by and|between|among|executed|shall|has)\b/g
  for (const match of text.slice(0, 3000).matchAll(opening)) {
    const name = match[1]!.replace(/\s+/g, " ").trim()
    if (!preambleNoun.test(name)) continue
    // "This Agreement" alone names no document; "This Exhibit B" does.
    if (words(name).length < 2 && match[2]!.trim() === "") continue
    return squash(`${name}${match[2]!}`)
  }
  return ""
}

/** Blocks before the body: the cover page, title and preamble, up to the recitals or the first section. */
const headOf = (blocks: ReadonlyArray<TitledBlock>): number => {
  let end = 0
  while (end < blocks.length && end < 20) {
    const block = blocks[end]!
    const text = stripFurniture(block.text)
    if (block.kind === "exhibit" || bodyStart.test(text) || sectionHeading.test(text)) break
    end++
    // A conformed signature read before the title ("By Client: /s/ …") is cover furniture; one after it ends the head.
    if (block.kind === "signature_block") {
      if (end > 3) break
      continue
    }
    if (preambleName(text) !== "" || /\bby and between\b|\bentered into\b|\bis made\b/i.test(text.slice(0, 400))) break
  }
  return end
}

export const documentTitle = (blocks: ReadonlyArray<TitledBlock>): DocumentTitle => {
  const head = headOf(blocks)
  let bare: DocumentTitle | null = null
  for (let at = 0; at < head; at++) {
    const block = blocks[at]!
    const found = block.kind === "heading" ? joined(blocks, at) : (() => {
      const name = clauseName(block.text)
      return name === "" ? null : { text: name, blocks: [at], from: "title_line" as const }
    })()
    if (found === null) continue
    // A bare "AGREEMENT" is a name, but the preamble's "This Consulting Agreement" says more.
    if (words(found.text).length > 1 && !numberOnly(found.text)) return found
    bare ??= found
  }
  // A table of contents ends the cover but not the head: the title and preamble follow it.
  const toc = head < blocks.length && /^TABLE OF CONTENTS\b/i.test(stripFurniture(blocks[head]!.text))
  for (let at = 0; at < Math.max(toc ? head + 40 : head, Math.min(blocks.length, 3)) && at < blocks.length; at++) {
    const name = preambleName(squash(blocks[at]!.text))
    if (name !== "") return { text: name, blocks: [at], from: "preamble" }
  }
  return bare ?? { text: untitled, blocks: [], from: "none" }
}
