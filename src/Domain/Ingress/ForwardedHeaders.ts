import { nameBefore, findAddress, readMailbox } from "./Addresses.js"
import { cleanLine } from "./Clean.js"
import { parseMailDate } from "./MailDates.js"

export interface ForwardedMessage {
  readonly author: string
  readonly authorName: string | null
  readonly authoredAt: string | null
  readonly subject: string | null
  readonly text: string
}

/** A quoted header block: its first line ends the text before it; its message (if it names an author) starts at `bodyStart`. */
export interface QuotedBlock {
  readonly start: number
  readonly bodyStart: number
  readonly head: Omit<ForwardedMessage, "text"> | null
}

export const maxForwarded = 50

/** A line without its `>` quote markers (and the space after each); indentation without a marker stays. */
export const unquote = (line: string): string => {
  let cut = 0
  for (let k = 0; k < line.length && k < 200; k++) {
    const c = line[k]
    if (c === ">") {
      if (line[k + 1] === " ") k++
      cut = k + 1
    } else if (c !== " " && c !== "\t") break
  }
  return cut === 0 ? line : line.slice(cut)
}

/** What a line says with its quote markers and surrounding space gone; long lines are judged by their start. */
const bare = (line: string): string => unquote(line.length > 1000 ? line.slice(0, 1000) : line).trim()

const fields = ["from", "sent", "date", "to", "cc", "bcc", "subject", "reply-to"] as const
type Field = (typeof fields)[number]
const isField = (name: string): name is Field => fields.some((field) => field === name)

// `*From:*` is Outlook's bold label after conversion to text.
const headerLine = /^\*{0,2}\s?(from|sent|date|to|cc|bcc|subject|reply-to)\s?:\s?\*{0,2}\s*(.*)$/i
const separator = /^(?:-{2,}\s*(?:forwarded message|original message)\s*-{2,}|begin forwarded message\s*:?)$/i

const headerOf = (text: string): { readonly field: Field; readonly value: string } | null => {
  const match = headerLine.exec(text)
  const field = match?.[1]?.toLowerCase()
  return match === null || field === undefined || !isField(field) ? null : { field, value: match[2]!.trim() }
}

/** Whether a line that is no header still belongs to the field above it, as a client folded or wrapped it (HTML to text wraps at 80). */
const continues = (lines: ReadonlyArray<string>, at: number, value: string, above: string): boolean => {
  if (/^\s/.test(unquote(lines[at]!.slice(0, 200))) || /[,;]$/.test(value) || above.length >= 60) return true
  for (let k = at + 1; k < lines.length && k <= at + 3; k++) {
    const text = bare(lines[k]!)
    if (text === "") return false
    if (headerOf(text) !== null) return true
  }
  return false
}

/** The header lines from `from` on, blank lines between them tolerated (HTML converted to text doubles them); a field seen twice starts another block. */
const headerRun = (lines: ReadonlyArray<string>, from: number) => {
  const fields = new Map<Field, string>()
  let end = from
  let blanks = 0
  let last: Field | null = null
  let above = ""
  let wrapped = 0
  for (let k = from; k < lines.length && k < from + 40; k++) {
    const text = bare(lines[k]!)
    if (text === "") {
      if (++blanks > 2) break
      continue
    }
    const header = headerOf(text)
    if (header !== null) {
      if (fields.has(header.field)) break
      fields.set(last = header.field, header.value)
      wrapped = 0
    } else {
      if (last === null || blanks > 0 || ++wrapped > 3 || !continues(lines, k, fields.get(last)!, above)) break
      fields.set(last, `${fields.get(last)!} ${text}`.slice(0, 2000))
    }
    above = text
    end = k + 1
    blanks = 0
  }
  return { fields, end }
}

const headOf = (fields: ReadonlyMap<Field, string>): QuotedBlock["head"] => {
  const author = readMailbox(fields.get("from") ?? "")
  if (author === null) return null
  const subject = cleanLine(fields.get("subject") ?? "", 500)
  const date = fields.get("date") ?? fields.get("sent")
  return {
    author: author.address,
    authorName: author.name,
    authoredAt: date === undefined ? null : parseMailDate(date),
    subject: subject === "" ? null : subject
  }
}

/** "On Mon, 16 Nov 2026 at 10:12, Bea Beta <bea@beta.test> wrote:", up to three lines as clients wrap it; one without an address is prose. */
const replyLine = (lines: ReadonlyArray<string>, at: number): { readonly end: number; readonly head: NonNullable<QuotedBlock["head"]> } | null => {
  let said = bare(lines[at]!)
  if (!/^on\s/i.test(said)) return null
  for (let end = at + 1; end <= at + 3 && said.length <= 300; end++) {
    const wrote = /\swrote\s?:$/i.exec(said)
    if (wrote !== null) return replyHead(said.slice(3, wrote.index).trim(), end)
    const next = end < lines.length ? bare(lines[end]!) : ""
    if (next === "") return null
    said = `${said} ${next}`
  }
  return null
}

const cutsBefore = (text: string, mark: RegExp) => [...text.matchAll(mark)].map((match) => match.index).reverse().slice(0, 20)

/**
 * The date is the longest start, cut at a comma (or else a space: Gmail writes none before the name), that reads as one;
 * the name is what stands between it and the address.
 */
const replyHead = (said: string, end: number) => {
  const address = findAddress(said)
  if (address === null) return null
  const before = said.slice(0, address.start)
  const cuts = [...cutsBefore(before, /,/g), ...cutsBefore(before, / /g)]
  for (const cut of cuts) {
    const authoredAt = parseMailDate(said.slice(0, cut).replace(/,\s*$/, ""))
    if (authoredAt !== null) {
      return { end, head: { author: address.address, authorName: nameBefore(said.slice(cut + 1, address.start)), authoredAt, subject: null } }
    }
  }
  const lastComma = said.lastIndexOf(",", address.start)
  return { end, head: { author: address.address, authorName: nameBefore(said.slice(lastComma + 1, address.start)), authoredAt: null, subject: null } }
}

/** Outlook draws a rule of underscores above a header block it quotes without a separator line. */
const ruleAbove = (lines: ReadonlyArray<string>, at: number, floor: number): number => {
  for (let k = at - 1; k >= floor && k >= at - 3; k--) {
    const text = bare(lines[k]!)
    if (/^_{8,}$/.test(text)) return k
    if (text !== "") break
  }
  return at
}

/** Every quoted header block in the text, in order, until `maxForwarded` of them have named an author. */
export const findBlocks = (lines: ReadonlyArray<string>): ReadonlyArray<QuotedBlock> => {
  const blocks: Array<QuotedBlock> = []
  let found = 0
  for (let at = 0; at < lines.length && found < maxForwarded;) {
    const block = blockAt(lines, at, blocks.at(-1)?.bodyStart ?? 0)
    if (block === null) {
      at++
      continue
    }
    blocks.push(block)
    if (block.head !== null) found++
    at = Math.max(block.bodyStart, at + 1)
  }
  return blocks
}

const blockAt = (lines: ReadonlyArray<string>, at: number, floor: number): QuotedBlock | null => {
  const text = bare(lines[at]!)
  if (text === "") return null
  if (separator.test(text.slice(0, 100))) {
    let first = at + 1
    while (first < lines.length && first <= at + 3 && bare(lines[first]!) === "") first++
    const run = headerRun(lines, first)
    return run.fields.size === 0 ? { start: at, bodyStart: at + 1, head: null } : { start: at, bodyStart: run.end, head: headOf(run.fields) }
  }
  if (headerOf(text)?.field === "from") {
    const run = headerRun(lines, at)
    const dated = run.fields.has("sent") || run.fields.has("date")
    if (dated && (run.fields.has("to") || run.fields.has("subject"))) {
      return { start: ruleAbove(lines, at, floor), bodyStart: run.end, head: headOf(run.fields) }
    }
    return null
  }
  const reply = replyLine(lines, at)
  return reply === null ? null : { start: at, bodyStart: reply.end, head: reply.head }
}
