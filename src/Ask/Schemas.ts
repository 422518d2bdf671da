import { Schema } from "effect"
import { maxQuestionLength } from "../Domain/Ask/Question.js"
import { Body } from "../Http/Schemas.js"

export const maxCitedContracts = 50

export const AskRequest = Body({
  question: Schema.String.pipe(Schema.maxLength(maxQuestionLength)),
  stream: Schema.optional(Schema.Boolean).annotations({ description: "Server-Sent Events unless false." }),
  limit: Schema.optional(Schema.Int.pipe(Schema.between(1, maxCitedContracts))).annotations({
    description:
      "How many contracts the answer may name and cite, 1 to 50; default 10. An answer from facts still counts every contract that meets the question."
  })
}).annotations({ identifier: "AskRequest" })

export const Citation = Schema.Struct({
  index: Schema.Int,
  contract: Schema.String,
  title: Schema.String,
  block: Schema.String,
  quote: Schema.String.annotations({ description: "Verbatim words of the block, as its contract's GET shows them to you." })
}).annotations({ identifier: "Citation" })

export const Answer = Schema.Struct({
  object: Schema.Literal("answer"),
  question: Schema.String,
  answer: Schema.String,
  citations: Schema.Array(Citation),
  model: Schema.Struct({ model: Schema.String, prompt_hash: Schema.String })
}).annotations({ identifier: "Answer" })
