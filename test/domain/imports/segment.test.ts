import { describe, expect, it } from "@effect/vitest"
import { segment } from "../../../src/Domain/Imports/Segment.js"
import { verificationThreshold } from "../../../src/Domain/Imports/Parsed.js"
import type { Extracted, ParsedBlock } from "../../../src/Domain/Imports/Parsed.js"
import { hostileTexts } from "../../../bench/service/hostileSegment.js"
import { corpusFiles, corpusText, onePage, sampleContract } from "./corpus.js"

const squash = (text: string): string => text.replace(/\s+/g, "").replace(/-/g, "")

/** The block's characters, less whitespace and hyphens, appear in order in its raw span. */
const readFromSpan = (extracted: Extracted, block: ParsedBlock): boolean => {
  const raw = squash(extracted.text.slice(block.source.start, block.source.end))
  const words = squash(block.text)
  if (raw.includes(words)) return true
  let at = 0
  for (const char of words) {
    at = raw.indexOf(char, at)
    if (at === -1) return false
    at++
  }
  return true
}

describe("segment", () => {
  it("reads a small contract's kinds and drops page furniture", () => {
    const extracted = sampleContract()
    const blocks = segment(extracted)
    const kinds = blocks.map((block) => [block.kind, block.text.slice(0, 24)])
    expect(kinds[0]).toEqual(["heading", "SERVICES AGREEMENT"])
    expect(blocks.find((block) => block.text === "1. PAYMENT")?.kind).toBe("heading")
    expect(blocks.find((block) => block.text.startsWith("1.1 Fees."))?.kind).toBe("clause")
    expect(blocks.find((block) => block.text.startsWith("IN WITNESS WHEREOF"))?.kind).toBe("signature_block")
    expect(blocks.find((block) => block.text.includes("By: /s/ Jane Roe"))?.kind).toBe("signature_block")
    expect(blocks.find((block) => block.text.startsWith("EXHIBIT A"))?.kind).toBe("exhibit")
    expect(blocks.find((block) => block.text.startsWith("Beta shall deliver"))?.kind).toBe("exhibit")
    expect(blocks.some((block) => block.text.includes("Acme Confidential"))).toBe(false)
    expect(blocks.some((block) => /^\d+$/.test(block.text))).toBe(false)
    expect(blocks.find((block) => block.text.startsWith("2.1 Term."))?.source.page).toBe(2)
    for (const block of blocks) expect(readFromSpan(extracted, block)).toBe(true)
  })

  it("drops page numbers and a footer repeated over three pages", () => {
    const text = [
      "1. Scope. The supplier shall deliver the goods.",
      "Page 1 of 3",
      "Source: ACME CORP, 10-K, 3/1/2020",
      "2. Price. The buyer shall pay the price.",
      "- 2 -",
      "Source: ACME CORP, 10-K, 3/1/2020",
      "3. Term. This agreement ends on June 1, 2022.",
      "3",
      "Source: ACME CORP, 10-K, 3/1/2020"
    ].join("\n\n")
    const blocks = segment(onePage(text))
    expect(blocks.map((block) => block.text)).toEqual([
      "1. Scope. The supplier shall deliver the goods.",
      "2. Price. The buyer shall pay the price.",
      "3. Term. This agreement ends on June 1, 2022."
    ])
  })

  it("keeps the SEC label at the top out of the blocks and splits giant lines at sections", () => {
    const text = "EXHIBIT 10.3 SUPPLY AGREEMENT This Agreement is made by and between A Corp. and B Inc. on the terms below. " +
      "1. Products. A shall sell and B shall buy the products described here in full detail for the season. " +
      "2. Payment. B shall pay $5,000 on delivery of the products to its warehouse in Denver. 3. Term. Either party may terminate at any time."
    const blocks = segment(onePage(text))
    expect(blocks[0]).toMatchObject({ kind: "heading", text: "SUPPLY AGREEMENT" })
    expect(blocks.some((block) => block.text.includes("10.3"))).toBe(false)
    expect(blocks.map((block) => block.text.slice(0, 10))).toEqual(["SUPPLY AGR", "This Agree", "1. Product", "2. Payment", "3. Term. E"])
  })

  it("lowers confidence for artifacts and keeps clean clauses verified", () => {
    const text = [
      "1. Fees. The Licensee shall pay the fees set out in Schedule 1 within thirty days.",
      "2. Royalties. The Licensee shall pay a royalty of [* * *] percent of net sales.",
      "Agreement made this 19t h day of March, 2020 between the parties named below."
    ].join("\n\n")
    const blocks = segment(onePage(text))
    expect(blocks[0].confidence).toBeGreaterThanOrEqual(0.9)
    expect(blocks[1].confidence).toBeLessThan(verificationThreshold)
    expect(blocks[2].confidence).toBeLessThan(verificationThreshold)
  })

  it("doubts a heading in capitals that runs past a full stop or past 60 characters: a cut clause or legend, not a title", () => {
    const blocks = segment(onePage([
      "GOVERNING LAW",
      "DISCLAIMER OF WARRANTY. EXCEPT AS SPECIFIED",
      "THE MEET GROUP REACHES AGREEMENT WITH ITS LARGEST SHAREHOLDERS ON BOARD",
      "1. Law. This Agreement is governed by the laws of the State of New York."
    ].join("\n\n")))
    expect(blocks.map((block) => [block.kind, block.confidence >= verificationThreshold])).toEqual([
      ["heading", true],
      ["heading", false],
      ["heading", false],
      ["clause", true]
    ])
  })

  it("reads every corpus contract into blocks whose spans hold their words", () => {
    for (const file of corpusFiles()) {
      const extracted = onePage(corpusText(file))
      const blocks = segment(extracted)
      expect(blocks.length).toBeGreaterThan(5)
      const verified = blocks.filter((block) => block.confidence >= verificationThreshold).length
      expect(verified).toBeGreaterThan(blocks.length / 2)
      expect(verified).toBeLessThanOrEqual(blocks.length)
      for (const block of blocks) {
        expect(readFromSpan(extracted, block)).toBe(true)
        expect(block.candidates[0]).toBe(block.text)
        expect(new Set(block.candidates).size).toBe(block.candidates.length)
        expect(block.text.length).toBeLessThanOrEqual(6000)
        expect(block.source.start).toBeLessThan(block.source.end)
        expect(block.text).not.toMatch(/^Source: /)
      }
    }
  })

  // How fast is the bench's to say (bench/service/hostileSegment.ts, as a ratio to ordinary text);
  // here, that such text ends at all, in blocks that stand in it.
  it("reads hostile text into blocks that stand in it", () => {
    for (const [name, text] of hostileTexts) {
      const extracted = onePage(text)
      for (const block of segment(extracted)) {
        expect(block.confidence, name).toBeGreaterThanOrEqual(0)
        expect(block.source.start, name).toBeLessThan(block.source.end)
        expect(block.source.end, name).toBeLessThanOrEqual(text.length)
        expect(readFromSpan(extracted, block), name).toBe(true)
      }
    }
  })

  it("is deterministic", () => {
    const extracted = onePage(corpusText(corpusFiles()[0]))
    expect(segment(extracted)).toEqual(segment(extracted))
  })
})

describe("segment across pages", () => {
  const paged = (pages: ReadonlyArray<string>): Extracted => {
    let text = ""
    const out: Array<{ page: number; start: number; end: number }> = []
    pages.forEach((page, index) => {
      if (index > 0) text += "\n\n"
      out.push({ page: index + 1, start: text.length, end: text.length + page.length })
      text += page
    })
    return { text, pages: out }
  }

  it("joins a sentence that goes on in capitals after the page footer and running header, and keeps it verified", () => {
    const header = "Acme / Beta Licence Agreement"
    const blocks = segment(paged([
      `${header}\n1. Licence. Acme grants Beta a licence to use the Software in the Territory, and Beta shall pay the\nPage 1 of 3`,
      `${header}\nLicence Fee to Acme within thirty (30) days of each invoice.\n2. Term. This Agreement ends on March 31, 2026.\nPage 2 of 3`,
      `${header}\n3. Notices. Notices shall be in writing.\nPage 3 of 3`
    ]))
    const clause = blocks.find((block) => block.text.startsWith("1. Licence."))
    expect(clause?.text).toBe(
      "1. Licence. Acme grants Beta a licence to use the Software in the Territory, and Beta shall pay the Licence Fee to Acme within thirty (30) days of each invoice."
    )
    expect(clause!.confidence).toBeGreaterThanOrEqual(verificationThreshold)
    expect(blocks.map((block) => block.text.slice(0, 10))).toEqual(["1. Licence", "2. Term. T", "3. Notices"])
  })

  it("joins a clause in capitals that a page break cuts on a small word", () => {
    const blocks = segment(paged([
      "21. INDEPENDENT ADVICE. THE FRANCHISEE ACKNOWLEDGES THAT IT HAS BEEN ADVISED TO TAKE LEGAL ADVICE ON ALL MATTERS RELATING TO THIS\nPage 1 of 2",
      "AGREEMENT BEFORE SIGNING IT.\n22. Notices. Notices shall be in writing.\nPage 2 of 2"
    ]))
    expect(blocks.map((block) => block.text)).toEqual([
      "21. INDEPENDENT ADVICE. THE FRANCHISEE ACKNOWLEDGES THAT IT HAS BEEN ADVISED TO TAKE LEGAL ADVICE ON ALL MATTERS RELATING TO THIS AGREEMENT BEFORE SIGNING IT.",
      "22. Notices. Notices shall be in writing."
    ])
  })

  it("drops a running header and footer that stand at the edge of each of only two pages", () => {
    const blocks = segment(paged([
      "Beta Labs - Confidential\n1. Fees. Beta shall pay the fees within thirty days.\nVersion 2, signed copy",
      "Beta Labs - Confidential\n2. Term. This Agreement ends on March 31, 2026.\nVersion 2, signed copy"
    ]))
    expect(blocks.map((block) => block.text)).toEqual([
      "1. Fees. Beta shall pay the fees within thirty days.",
      "2. Term. This Agreement ends on March 31, 2026."
    ])
  })

  it("does not join a heading at the foot of a page to the text on the next", () => {
    const blocks = segment(paged([
      "1. Fees. Beta shall pay the fees within thirty days.\n\n2. Confidential Information",
      "Each party shall keep the other's information confidential."
    ]))
    expect(blocks.map((block) => block.text)).toEqual([
      "1. Fees. Beta shall pay the fees within thirty days.",
      "2. Confidential Information",
      "Each party shall keep the other's information confidential."
    ])
  })

  it("starts the attachments at a schedule heading run into the signature lines", () => {
    const text = [
      "1. Term. This Agreement ends on March 31, 2026 unless the parties renew it in writing before then.",
      "IN WITNESS WHEREOF, the parties have signed this Agreement.\nBETA LABS LLC\nBy: /s/ John Doe\nName: John Doe\nTitle: Manager\nSchedule of Fees\nLicence Fee: USD 5,000 a year, payable in advance."
    ].join("\n\n")
    const blocks = segment(onePage(text))
    const signature = blocks.find((block) => block.kind === "signature_block")
    expect(signature?.text).toBe("IN WITNESS WHEREOF, the parties have signed this Agreement. BETA LABS LLC By: /s/ John Doe Name: John Doe Title: Manager")
    expect(blocks.find((block) => block.text.startsWith("Schedule of Fees"))?.kind).toBe("exhibit")
  })
})
