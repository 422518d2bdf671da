import { Effect, Option, Stream } from "effect"
import { Actor, orgOf } from "./Auth/Actor.js"
import { Answerer, factsIdentity, GenerationFailed } from "./Ask/Answerer.js"
import { AskRepo, type Hit } from "./Ask/Repo.js"
import type { AskRequest } from "./Ask/Schemas.js"
import { ContractStore } from "./Engine/ContractStore.js"
import type { AnswerPiece, Citation, Passage } from "./Domain/Ask/Compose.js"
import { searchTerms } from "./Domain/Ask/Question.js"
import { readQuestion } from "./Domain/Ask/Reading.js"
import { relevant } from "./Domain/Ask/Relevance.js"
import { factAnswers } from "./Ask/FactAnswers.js"
import { reject } from "./Domain/Contract/Rejection.js"

export const generationFailed = reject("generation_failed", "The answer stopped partway; nothing of it was kept. Ask again.")

const defaultCitedContracts = 10

/** Whether a citation quotes a passage the asker was given, word for word. */
const citesPassage = (passages: ReadonlyArray<Passage>, citation: Citation) =>
  passages.some((p) => p.contract === citation.contract && p.block === citation.block && citation.quote !== "" && p.text.includes(citation.quote))

/** The whole answer, gathered from its pieces: the `stream: false` body and the `done` event's. */
export const answerOf = (question: string, pieces: Iterable<AnswerPiece>, model: { readonly model: string; readonly prompt_hash: string }) => {
  let answer = ""
  const citations: Array<Citation> = []
  for (const piece of pieces) {
    if (piece.type === "delta") answer += piece.text
    else citations.push(piece.citation)
  }
  return { object: "answer" as const, question, answer, citations, model }
}

/**
 * POST /ask. A question about a fact the service holds (a governing law, a renewal, a date, an
 * amount, a kind of agreement, the parties or a date of one named contract) is answered from the
 * facts: every contract that meets it, counted and named. Any other question is answered from the
 * blocks of the contracts the caller's org may see, ranked by full-text search and cut where the
 * ranks fall away, each read back through the same visibility as the contract's GET.
 */
export class Ask extends Effect.Service<Ask>()("Ask", {
  dependencies: [AskRepo.Default, ContractStore.Default],
  effect: Effect.gen(function*() {
    const repo = yield* AskRepo
    const store = yield* ContractStore
    const answerer = yield* Answerer
    const facts = yield* factAnswers

    /** The best block of each contract, as the caller's GET shows it now; the index only nominates. */
    const passagesFor = Effect.fnUntraced(function*(terms: ReadonlyArray<string>, cited: number) {
      const caller = yield* Actor
      const hits = relevant(yield* repo.search(orgOf(caller).id, caller.mode, terms, cited))
      const passageOf = (hit: Hit) =>
        Effect.map(Effect.option(store.visible(hit.contract_id)), (seen): ReadonlyArray<Passage> => {
          if (Option.isNone(seen)) return []
          const { contract } = seen.value
          const block = contract.blocks.find((b) => b.id === hit.block_id)
          return block === undefined ? [] : [{ contract: contract.id, title: contract.title, state: contract.state, block: block.id, text: block.text }]
        })
      return (yield* Effect.forEach(hits, passageOf, { concurrency: "unbounded" })).flat()
    })

    /** The answer's pieces as they come; a citation of anything but words the asker can read stops it. */
    const ask = Effect.fnUntraced(function*(request: typeof AskRequest.Type) {
      const terms = searchTerms(request.question)
      if (terms.length === 0) {
        return yield* reject("invalid_request", "Ask about something the words of a contract would say, such as \"which contracts renew automatically?\".", {
          param: "question"
        })
      }
      const limit = request.limit ?? defaultCitedContracts
      // An answer from facts quotes blocks it read through the caller's GET, and its citations are checked like the Answerer's.
      const fromFacts = yield* facts.answer(readQuestion(request.question), limit)
      const { passages, pieces } = Option.isSome(fromFacts)
        ? fromFacts.value
        : yield* Effect.map(passagesFor(terms, limit), (passages) => ({ passages, pieces: null }))
      const composed = pieces === null ? answerer.answer({ text: request.question, terms }, passages) : Stream.fromIterable(pieces)
      return {
        pieces: composed.pipe(
          Stream.mapEffect((piece) =>
            piece.type === "citation" && !citesPassage(passages, piece.citation)
              ? Effect.fail(new GenerationFailed({ reason: "the answer cited words it was not given" }))
              : Effect.succeed(piece)
          )
        ),
        model: pieces === null ? answerer.identity : factsIdentity
      }
    })

    /** The answer whole, for `stream: false`: it fails as a whole, never as a part. */
    const answer = Effect.fnUntraced(function*(request: typeof AskRequest.Type) {
      const { model, pieces } = yield* ask(request)
      const collected = yield* Stream.runCollect(pieces).pipe(
        Effect.catchTag(
          "GenerationFailed",
          (failed) => Effect.zipRight(Effect.logWarning("an answer stopped partway", failed.reason), Effect.fail(generationFailed))
        )
      )
      return answerOf(request.question, collected, model)
    })

    return { ask, answer } as const
  })
}) {}
