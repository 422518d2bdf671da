import JSZip from "jszip"

/**
 * The clause numbers Word shows for automatic numbering ("1.", "2.1", "(a)"). They are not in the
 * document's text: Word computes them from each paragraph's list and level (word/document.xml,
 * `w:numPr`, directly or through its paragraph style in word/styles.xml) and the list's definitions
 * (word/numbering.xml: start, format, "%1.%2" pattern). mammoth's text drops them, so a numbered
 * clause would read "Definitions. …" where the reader sees "1. Definitions. …". Bullets are not
 * numbers and give nothing. Everything is read with one linear scan per part.
 */

interface Level {
  readonly start: number
  readonly format: string
  readonly text: string
  readonly suffix: string
}

interface Numbering {
  readonly abstracts: ReadonlyMap<string, ReadonlyMap<number, Level>>
  /** numId → its abstract definition and the levels it restarts at. */
  readonly nums: ReadonlyMap<string, { readonly abstract: string; readonly overrides: ReadonlyMap<number, number> }>
}

interface NumberedParagraph {
  /** The paragraph's own words (its `w:t` text), to find it again in mammoth's text. */
  readonly text: string
  readonly label: string | null
}

// XML allows no "<" inside a tag, so each attempt stops at the next "<": linear on any input.
const tag = /<(\/?)([A-Za-z][\w:.-]{0,40})([^<>]{0,4000})>|([^<]{1,100000})/g
const value = (attributes: string, name: string): string | undefined => new RegExp(`\\b${name}="([^"]{0,100})"`).exec(attributes)?.[1]

interface Token {
  readonly close: boolean
  readonly name: string
  readonly attributes: string
  readonly selfClosing: boolean
  readonly text: string | null
}

function* tokens(xml: string): Generator<Token> {
  for (const match of xml.matchAll(tag)) {
    if (match[4] !== undefined) yield { close: false, name: "", attributes: "", selfClosing: false, text: match[4] }
    else yield { close: match[1] === "/", name: match[2]!, attributes: match[3]!, selfClosing: match[3]!.endsWith("/"), text: null }
  }
}

const readNumbering = (xml: string): Numbering => {
  const abstracts = new Map<string, Map<number, Level>>()
  const nums = new Map<string, { abstract: string; overrides: Map<number, number> }>()
  let abstract: Map<number, Level> | null = null
  let level: { index: number; start: number; format: string; text: string; suffix: string } | null = null
  let num: { abstract: string; overrides: Map<number, number> } | null = null
  let override: number | null = null
  for (const token of tokens(xml)) {
    if (token.text !== null) continue
    const { attributes, close, name } = token
    if (name === "w:abstractNum" && !close) abstracts.set(value(attributes, "w:abstractNumId") ?? "", abstract = new Map())
    else if (name === "w:lvl" && !close && abstract !== null) {
      level = { index: Number(value(attributes, "w:ilvl") ?? 0), start: 1, format: "decimal", text: "", suffix: "\t" }
    } else if (name === "w:lvl" && close && abstract !== null && level !== null) {
      abstract.set(level.index, level)
      level = null
    } else if (level !== null && name === "w:start") level.start = Number(value(attributes, "w:val") ?? 1)
    else if (level !== null && name === "w:numFmt") level.format = value(attributes, "w:val") ?? "decimal"
    else if (level !== null && name === "w:lvlText") level.text = value(attributes, "w:val") ?? ""
    else if (level !== null && name === "w:suff") level.suffix = { space: " ", nothing: "" }[value(attributes, "w:val") ?? ""] ?? "\t"
    else if (name === "w:num" && !close) {
      num = { abstract: "", overrides: new Map() }
      nums.set(value(attributes, "w:numId") ?? "", num)
    } else if (num !== null && name === "w:abstractNumId") num.abstract = value(attributes, "w:val") ?? ""
    else if (num !== null && name === "w:lvlOverride" && !close) override = Number(value(attributes, "w:ilvl") ?? 0)
    else if (num !== null && override !== null && name === "w:startOverride") num.overrides.set(override, Number(value(attributes, "w:val") ?? 1))
    else if (name === "w:abstractNum" && close) abstract = null
  }
  return { abstracts, nums }
}

/** Paragraph styles that carry numbering (a heading style numbered "1.", "1.1"), following `basedOn`. */
const readStyles = (xml: string): ReadonlyMap<string, { numId: string; level: number }> => {
  const own = new Map<string, { numId?: string; level?: number; basedOn?: string }>()
  let style: { numId?: string; level?: number; basedOn?: string } | null = null
  for (const token of tokens(xml)) {
    if (token.text !== null) continue
    if (token.name === "w:style" && !token.close) own.set(value(token.attributes, "w:styleId") ?? "", style = {})
    else if (token.name === "w:style" && token.close) style = null
    else if (style !== null && token.name === "w:basedOn") style.basedOn = value(token.attributes, "w:val")
    else if (style !== null && token.name === "w:numId") style.numId = value(token.attributes, "w:val")
    else if (style !== null && token.name === "w:ilvl") style.level = Number(value(token.attributes, "w:val") ?? 0)
  }
  const resolved = new Map<string, { numId: string; level: number }>()
  for (const id of own.keys()) {
    let at = own.get(id)
    for (let depth = 0; at !== undefined && at.numId === undefined && depth < 10; depth++) at = at.basedOn === undefined ? undefined : own.get(at.basedOn)
    if (at?.numId !== undefined) resolved.set(id, { numId: at.numId, level: at.level ?? 0 })
  }
  return resolved
}

const roman = (n: number): string => {
  const table: ReadonlyArray<readonly [number, string]> = [
    [1000, "m"],
    [900, "cm"],
    [500, "d"],
    [400, "cd"],
    [100, "c"],
    [90, "xc"],
    [50, "l"],
    [40, "xl"],
    [10, "x"],
    [9, "ix"],
    [5, "v"],
    [4, "iv"],
    [1, "i"]
  ]
  let out = ""
  let rest = Math.min(Math.max(n, 0), 3999)
  for (const [amount, letters] of table) for (; rest >= amount; rest -= amount) out += letters
  return out
}

const letter = (n: number): string => n <= 0 ? "" : "abcdefghijklmnopqrstuvwxyz"[(n - 1) % 26]!.repeat(Math.floor((n - 1) / 26) + 1)

const formatNumber = (n: number, format: string): string => {
  switch (format) {
    case "lowerLetter":
      return letter(n)
    case "upperLetter":
      return letter(n).toUpperCase()
    case "lowerRoman":
      return roman(n)
    case "upperRoman":
      return roman(n).toUpperCase()
    case "decimalZero":
      return n < 10 ? `0${n}` : String(n)
    case "none":
      return ""
    default:
      return String(n)
  }
}

/** Each body paragraph's words and the number Word shows before them, in document order. */
const numberParagraphs = (document: string, numbering: Numbering, styles: ReadonlyMap<string, { numId: string; level: number }>) => {
  const counters = new Map<string, Array<number | undefined>>()
  const startedOverrides = new Set<string>()
  const out: Array<NumberedParagraph> = []
  const stack: Array<{ text: string; numId?: string; level?: number; style?: string; inText: boolean; inChange: boolean }> = []
  const labelFor = (paragraph: (typeof stack)[number]): string | null => {
    const fromStyle = paragraph.style === undefined ? undefined : styles.get(paragraph.style)
    const numId = paragraph.numId ?? fromStyle?.numId
    const index = paragraph.level ?? fromStyle?.level ?? 0
    const num = numId === undefined ? undefined : numbering.nums.get(numId)
    const levels = num === undefined ? undefined : numbering.abstracts.get(num.abstract)
    const level = levels?.get(index)
    if (num === undefined || levels === undefined || level === undefined || level.format === "bullet") return null
    const counts = counters.get(num.abstract) ?? []
    counters.set(num.abstract, counts)
    const override = num.overrides.get(index)
    if (override !== undefined && !startedOverrides.has(`${numId}/${index}`)) {
      startedOverrides.add(`${numId}/${index}`)
      counts[index] = override - 1
    }
    counts[index] = (counts[index] ?? level.start - 1) + 1
    counts.length = index + 1
    const text = level.text.replace(/%([1-9])/g, (_, digit: string) => {
      const at = Number(digit) - 1
      const other = levels.get(at)
      return formatNumber(counts[at] ?? other?.start ?? 1, other?.format ?? "decimal")
    })
    return text === "" ? null : text + level.suffix
  }
  for (const token of tokens(document)) {
    const top = stack.at(-1)
    if (token.text !== null) {
      if (top?.inText === true) top.text += token.text
      continue
    }
    const { attributes, close, name, selfClosing } = token
    if (name === "w:p" && !close && !selfClosing) stack.push({ text: "", inText: false, inChange: false })
    else if (name === "w:p" && close) {
      const paragraph = stack.pop()
      if (paragraph !== undefined) out.push({ text: paragraph.text, label: labelFor(paragraph) })
    } else if (top === undefined) continue
    else if (name === "w:pPrChange") top.inChange = !close && !selfClosing
    else if (top.inChange) continue
    else if (name === "w:t") top.inText = !close && !selfClosing
    else if (name === "w:numId") top.numId = value(attributes, "w:val")
    else if (name === "w:ilvl") top.level = Number(value(attributes, "w:val") ?? 0)
    else if (name === "w:pStyle") top.style = value(attributes, "w:val")
  }
  return out
}

const squash = (text: string): string => text.replace(/\s+/g, "")

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'" }
const decode = (xml: string): string =>
  xml.replace(/&(?:#x([0-9a-f]{1,6})|#(\d{1,7})|([a-z]{2,4}));/gi, (whole, hex?: string, decimal?: string, name?: string) => {
    const code = hex !== undefined ? parseInt(hex, 16) : decimal !== undefined ? Number(decimal) : undefined
    if (code !== undefined) return code <= 0x10ffff ? String.fromCodePoint(code) : whole
    return entities[name!.toLowerCase()] ?? whole
  })

/**
 * mammoth's raw text (each paragraph followed by "\n\n") with Word's numbers put back before the
 * paragraphs that show one. Paragraphs are matched in order by their words; one mammoth skipped
 * or read differently is passed over, never given another paragraph's number.
 */
export const withDocxNumbering = async (bytes: Uint8Array, raw: string): Promise<string> => {
  const zip = await JSZip.loadAsync(bytes)
  const numberingXml = await zip.file("word/numbering.xml")?.async("string")
  const documentXml = await zip.file("word/document.xml")?.async("string")
  if (numberingXml === undefined || documentXml === undefined) return raw
  const stylesXml = (await zip.file("word/styles.xml")?.async("string")) ?? ""
  const numbered = numberParagraphs(documentXml, readNumbering(numberingXml), readStyles(stylesXml))
  if (!numbered.some((paragraph) => paragraph.label !== null)) return raw
  const words = numbered.map((paragraph) => squash(decode(paragraph.text)))
  const parts = raw.split("\n\n")
  let pointer = 0
  return parts.map((part) => {
    const own = squash(part)
    if (own === "") return part
    for (let at = pointer; at < numbered.length && at < pointer + 50; at++) {
      if (words[at] !== own) continue
      pointer = at + 1
      return numbered[at]!.label === null ? part : numbered[at]!.label + part
    }
    return part
  }).join("\n\n")
}
