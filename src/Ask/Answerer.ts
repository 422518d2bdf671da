import { Context, Data, Layer, Stream } from "effect"
import { type AnswerPiece, composeAnswer, type Passage } from "../Domain/Ask/Compose.js"
import { sha256 } from "../Domain/Words/Blocks.js"
import type { ParserIdentity } from "../Imports/Parser.js"

/** An answer that stopped partway: the caller is told `generation_failed` and nothing is kept. */
export class GenerationFailed extends Data.TaggedError("GenerationFailed")<{ readonly reason: string }> {}

export interface Question {
  readonly text: string
  /** Its content words, as retrieval searched for them. */
  readonly terms: ReadonlyArray<string>
}

/**
 * What composes an answer from the passages retrieval found. The extractive answerer is the
 * default: offline and deterministic. A hosted model replaces this layer and nothing else, behind
 * the same kind of interface as the import parser; whatever it cites is checked against the
 * passages it was given before the asker sees it.
 */
export class Answerer extends Context.Tag("Ask/Answerer")<Answerer, {
  readonly identity: ParserIdentity
  readonly answer: (question: Question, passages: ReadonlyArray<Passage>) => Stream.Stream<AnswerPiece, GenerationFailed>
}>() {
  static readonly extractive = Layer.succeed(Answerer, {
    identity: { model: "extractive-v1", prompt_hash: sha256("extractive-v1: best sentence per passage, quoted and cited in rank order") },
    answer: (question, passages) => Stream.fromIterable(composeAnswer(question.terms, passages))
  })
}

/** What composes an answer from the facts the service holds: no model, so it names the rules. */
export const factsIdentity = {
  model: "facts-v1",
  prompt_hash: sha256("facts-v1: questions about a fact answered from the fact index, counted, named and quoted")
}
