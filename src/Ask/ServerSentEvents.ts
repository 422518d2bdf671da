import { HttpServerResponse } from "@effect/platform"
import { Effect, Stream } from "effect"
import { answerOf, generationFailed } from "../Ask.js"
import type { AnswerPiece } from "../Domain/Ask/Compose.js"
import { envelope } from "../Http/Envelope.js"
import type { GenerationFailed } from "./Answerer.js"

// JSON never holds a raw line break, so each event's data is one line.
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`

/**
 * The answer as Server-Sent Events: `citation` before the words that cite it, `answer` deltas,
 * then `done` with the whole answer; or, when it stops partway, an `error` event with
 * `generation_failed` in the error envelope, and nothing more.
 */
export const serverSentEvents = (
  question: string,
  pieces: Stream.Stream<AnswerPiece, GenerationFailed>,
  model: { readonly model: string; readonly prompt_hash: string },
  docsUrl: string
) => {
  const sent: Array<AnswerPiece> = []
  const events = pieces.pipe(
    Stream.map((piece) => {
      sent.push(piece)
      return piece.type === "citation" ? event("citation", piece.citation) : event("answer", { delta: piece.text })
    }),
    Stream.concat(Stream.sync(() => event("done", answerOf(question, sent, model)))),
    Stream.catchAll((failed) =>
      Stream.fromEffect(Effect.as(Effect.logWarning("an answer stopped partway", failed.reason), event("error", envelope(generationFailed, docsUrl))))
    )
  )
  return HttpServerResponse.stream(Stream.encodeText(events), {
    contentType: "text/event-stream",
    headers: { "cache-control": "no-store", "x-accel-buffering": "no" }
  })
}
