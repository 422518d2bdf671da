import type { BlockKind } from "../Words/Blocks.js"
import type { FactKind } from "../Words/Fact.js"

/**
 * A document's text layer as the extractor read it: one string, and where each page sits in it.
 * Offsets are UTF-16 code units into `text`, the same units as JavaScript string indices, so
 * `text.slice(start, end)` is exactly the page. The asset keeps this text, and every block's
 * `source_span` points into it: anyone holding the asset can check a block against its source.
 */
export interface Extracted {
  readonly text: string
  /** In order, covering `text` without overlap; a format without pages (docx, txt, md) is page 1. */
  readonly pages: ReadonlyArray<ExtractedPage>
  /** Present when some pages had no text layer and OCR read them from their image (src/Imports/Ocr.ts). */
  readonly ocr?: OcrReading
}

/** What OCR read: the pages it read, and each word it put in `text` with how sure it was of it. */
export interface OcrReading {
  readonly pages: ReadonlyArray<number>
  /** In order of `start`; `text.slice(start, end)` is the word; `confidence` is 0 to 1. */
  readonly words: ReadonlyArray<OcrWord>
}

export interface OcrWord {
  readonly start: number
  readonly end: number
  readonly confidence: number
}

export interface ExtractedPage {
  readonly page: number
  readonly start: number
  readonly end: number
}

/** Where a block came from in the text layer: the page it starts on and its offsets in `Extracted.text`. */
export interface SourceSpan {
  readonly page: number
  readonly start: number
  readonly end: number
}

/** Blocks whose confidence is under this are `unverified` until a person confirms them (docs/gaps.md). */
export const verificationThreshold = 0.85

export interface ParsedBlock {
  readonly kind: BlockKind
  /** The words the block starts with: the parser's best reading of the span. */
  readonly text: string
  /** 0 to 1: how sure the parser is that `text` is the document's words and `kind` is right. */
  readonly confidence: number
  /**
   * Every reading the parser considered for this span, `text` first. A person confirming the block
   * before Send may pick one of these and nothing else (`not_a_parse_candidate`).
   */
  readonly candidates: ReadonlyArray<string>
  readonly source: SourceSpan
}

/** A fact the parser read off the words: its value is text that occurs in the blocks, verbatim. */
export interface InferredFact {
  /** `party_a`, `party_b`, …, `agreement_date`, `effective_date`, `expiration_date`, `renewal_term`, `notice_period`, `governing_law`, `amount_1`, … */
  readonly name: string
  readonly label: string
  readonly kind: FactKind
  readonly value: string
  /** Where the value sits: `blocks[block].text.slice(start, end) === value`; never empty. */
  readonly spans: ReadonlyArray<{ readonly block: number; readonly start: number; readonly end: number }>
}

export interface Parse {
  /** The document's name (its first heading), for the contract's title. */
  readonly title: string
  readonly blocks: ReadonlyArray<ParsedBlock>
  readonly facts: ReadonlyArray<InferredFact>
  /** Names of the facts the parser looked for and could not infer (counted in the import's `fields`). */
  readonly missing: ReadonlyArray<string>
}

/** A parse that yields nothing mints no contract: it fails with one of these (the spec's closed list). */
export type ParseFailure = "extraction_empty" | "not_a_contract"

export type ParseOutcome =
  | { readonly _tag: "Parsed"; readonly parse: Parse }
  | { readonly _tag: "Failed"; readonly reason: ParseFailure; readonly detail: string }

/** The facts an import looks for, with their kinds: the names every parser must use. */
/** Party facts are named by letter (`party_a` … `party_z`), so a parse names at most 26 parties. */
export const maxParties = 26

export const importFactNames = {
  agreement_date: "date",
  effective_date: "date",
  expiration_date: "date",
  renewal_term: "term",
  notice_period: "notice",
  governing_law: "jurisdiction"
} as const satisfies Record<string, FactKind>
