import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { ifMatched } from "../Http/IfMatch.js"
import { Negotiation } from "../Negotiation.js"

export const NegotiationHttp = HttpApiBuilder.group(Api, "negotiation", (handlers) =>
  Effect.map(Negotiation, (negotiation) =>
    handlers
      .handle("send", ({ path, payload }) => Effect.flatMap(ifMatched, (hash) => negotiation.send(path.id, payload, hash)))
      .handle("stage", ({ path, payload }) => Effect.flatMap(ifMatched, (hash) => negotiation.stage(path.id, payload, hash)))
      .handle("unstage", ({ path }) => negotiation.unstage(path.id, path.decision_id))
      .handle("reply", ({ path }) => negotiation.reply(path.id))
      .handle("setNote", ({ path, payload }) => negotiation.setNote(path.id, payload.note))
      .handle("discard", ({ path }) => negotiation.discard(path.id))
      .handle("commit", ({ path, payload }) => Effect.flatMap(ifMatched, (hash) => negotiation.commit(path.id, payload, hash)))
      .handle("asks", ({ path, urlParams }) => negotiation.asks(path.id, urlParams.filter ?? "open"))
      .handle("letters", ({ path, urlParams }) => negotiation.letters(path.id, urlParams))
      .handle("thread", ({ path, urlParams }) => negotiation.thread(path.id, path.block_id, urlParams))
      .handle("latestLetter", ({ path }) => negotiation.letter(path.id, "latest"))
      .handle("letter", ({ path }) => negotiation.letter(path.id, path.letter_id))
      .handle("outbox", ({ urlParams }) => negotiation.outbox(urlParams))))
