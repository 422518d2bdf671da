import { Context, Effect, Layer } from "effect"
import type { Extracted, ParseOutcome } from "../Domain/Imports/Parsed.js"
import { parseDocument, parserIdentity } from "../Domain/Imports/ParseDocument.js"

/** Which parser read an import, recorded on it: a model's name and a hash of its configuration (its prompt, for a model). */
export interface ParserIdentity {
  readonly model: string
  readonly prompt_hash: string
}

/**
 * What turns a text layer into blocks and facts. The rule-based parser is the default; a
 * model-backed one replaces this layer and nothing else: the worker, the entity and the reads
 * only see a `ParseOutcome`, whose facts must sit verbatim in its blocks (the core drops any
 * that do not).
 */
export class ImportParser extends Context.Tag("Imports/ImportParser")<ImportParser, {
  readonly identity: ParserIdentity
  readonly parse: (extracted: Extracted) => Effect.Effect<ParseOutcome>
}>() {
  static readonly rules = Layer.sync(ImportParser, () => ({
    identity: parserIdentity(),
    parse: (extracted: Extracted) => Effect.sync(() => parseDocument(extracted))
  }))
}
