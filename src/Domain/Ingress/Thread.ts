import { cut } from "./Clean.js"
import { findBlocks, type ForwardedMessage, unquote } from "./ForwardedHeaders.js"

export const maxMessageText = 4000

export interface Thread {
  /** What the forwarder wrote above the first quoted block. */
  readonly own: string
  readonly forwarded: ReadonlyArray<ForwardedMessage>
}

/** Lines `from` to `to` as one text: quote markers gone, trimmed, blank runs kept to one blank line, at most `maxMessageText`. */
const textOf = (lines: ReadonlyArray<string>, from: number, to: number): string => {
  const kept: Array<string> = []
  let length = 0
  for (let k = from; k < to && length <= maxMessageText + 1; k++) {
    const line = unquote(cut(lines[k]!, maxMessageText + 1)).trimEnd()
    if (line === "" && (kept.length === 0 || kept.at(-1) === "")) continue
    kept.push(line)
    length += line.length + 1
  }
  return cut(kept.join("\n").trim(), maxMessageText).trim()
}

/** The thread a cleaned body quotes, each message's text running to the next quoted header block. */
export const readThread = (text: string): Thread => {
  const lines = text.split("\n")
  const blocks = findBlocks(lines)
  const forwarded: Array<ForwardedMessage> = []
  blocks.forEach((block, k) => {
    if (block.head !== null) forwarded.push({ ...block.head, text: textOf(lines, block.bodyStart, blocks[k + 1]?.start ?? lines.length) })
  })
  return { own: textOf(lines, 0, blocks[0]?.start ?? lines.length), forwarded }
}
