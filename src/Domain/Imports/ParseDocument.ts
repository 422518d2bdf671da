import { sha256 } from "../Words/Blocks.js"
import { gate, isContract, readAsContract } from "./ContractGate.js"
import { documentTitle } from "./DocumentTitle.js"
import { blockLimit, segment } from "./Segment.js"
import { inferFacts } from "./InferFacts.js"
import { ocrCeiling, withOcrConfidence } from "./OcrConfidence.js"
import type { Extracted, ParseOutcome } from "./Parsed.js"
import { verificationThreshold } from "./Parsed.js"

/**
 * The rule-based parser: segment, then infer facts. Offline and deterministic, so the same file
 * always imports to the same contract, and its configuration hash identifies the parse.
 */

/** Fewer non-whitespace characters than this: the text layer is empty (a scan without OCR, say). */
export const minimumText = 20

export const rulesParserConfig = {
  model: "rules-v1",
  segment: { layout: "layout-v1", pieces: "pieces-v1", reading: "reading-v1", blockLimit },
  facts: { patterns: "patterns-v1", parties: "parties-v1", maxAmounts: 5 },
  gate: { minimumText, contract: { judge: "whole-document-v1", ...gate } },
  ocr: { confidence: "ocr-confidence-v1", ceiling: ocrCeiling },
  verificationThreshold
} as const

export const parserIdentity = (): { model: string; prompt_hash: string } => ({
  model: rulesParserConfig.model,
  prompt_hash: sha256(JSON.stringify(rulesParserConfig))
})

export const parseDocument = (extracted: Extracted): ParseOutcome => {
  // NUL counts as nothing: a broken text layer is often NUL-filled.
  // eslint-disable-next-line no-control-regex
  const visible = extracted.text.replace(/[\s\u0000]/g, "").length
  if (visible < minimumText) {
    return { _tag: "Failed", reason: "extraction_empty", detail: `The text layer holds ${visible} non-whitespace characters.` }
  }
  const reading = readAsContract(extracted.text)
  if (!isContract(reading)) {
    const parties = reading.preamble
      ? "a preamble naming parties"
      : reading.signatures
      ? "signature blocks"
      : "no preamble naming parties and no signature block"
    return {
      _tag: "Failed",
      reason: "not_a_contract",
      detail: `The text reads as no contract: ${parties}, and ${Math.round(reading.terms * 100)}% of its ${reading.sentences} sentences read as terms.`
    }
  }
  const blocks = withOcrConfidence(extracted, segment(extracted))
  if (blocks.length === 0) return { _tag: "Failed", reason: "extraction_empty", detail: "The text layer holds only page furniture." }
  const { facts, missing } = inferFacts(blocks)
  const title = documentTitle(blocks).text
  return { _tag: "Parsed", parse: { title, blocks, facts, missing } }
}
