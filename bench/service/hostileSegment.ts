import { segment } from "../../src/Domain/Imports/Segment.js"
import { contractParagraphs } from "../lib/documents.js"
import { round } from "../lib/stats.js"

/** Texts built to make a segmenter backtrack or loop: what test/domain/imports/segment.test.ts checks for sense, timed here. */
export const hostileTexts: ReadonlyArray<readonly [string, string]> = [
  ["one sentence × 55,000", "This Agreement shall bind the parties. ".repeat(55_000)],
  ["control characters and RTL × 20,000", "\u0000\u0001\uFFFD𝒜 agreement \u202E shall ".repeat(20_000)],
  ["50,000 one-word lines", Array.from({ length: 50_000 }, (_, index) => (index % 2 === 0 ? "a" : `${index}`)).join("\n")],
  ["2,000,000 × a", "a".repeat(2_000_000)],
  ["200,000 section numbers", "1.   ".repeat(200_000)]
]

/** An ordinary contract's text of at least `length` characters, cut to it: the floor's input. */
const ordinaryText = (length: number) => {
  let pages = 10
  let text = ""
  while (text.length < length) {
    text = contractParagraphs(pages, 1).map((paragraph) => paragraph.text).join("\n\n")
    pages *= 2
  }
  return text.slice(0, length)
}

const msPerMb = (text: string) => {
  const started = performance.now()
  segment({ text, pages: [{ page: 1, start: 0, end: text.length }] })
  return (performance.now() - started) / (text.length / 1_000_000)
}

/**
 * The segmenter on hostile text, per million characters, as a ratio to its pace on ordinary
 * contract text of the same length (the floor): a ratio near 1 means no input slows it down.
 */
export const hostileSegmentTable = (): string => {
  const lines = ["| hostile text | characters | ms per M characters | ratio to an ordinary contract |", "|---|---:|---:|---:|"]
  for (const [name, text] of hostileTexts) {
    const ordinary = ordinaryText(text.length)
    const floor = msPerMb(ordinary)
    const hostile = msPerMb(text)
    lines.push(`| ${name} | ${text.length} | ${round(hostile, 0)} | ${round(hostile / floor, 2)} |`)
  }
  return lines.join("\n")
}
