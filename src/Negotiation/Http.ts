import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Negotiation } from "../Negotiation.js"

export const NegotiationHttp = HttpApiBuilder.group(Api, "negotiation", (handlers) =>
  Effect.map(Negotiation, (negotiation) =>
    handlers
      .handle("send", ({ headers, path, payload }) => negotiation.send(path.id, payload, headers["if-match"]))
      .handle("stage", ({ headers, path, payload }) => negotiation.stage(path.id, payload, headers["if-match"]))
      .handle("unstage", ({ path }) => negotiation.unstage(path.id, path.decision_id))
      .handle("reply", ({ path }) => negotiation.reply(path.id))
      .handle("setNote", ({ path, payload }) => negotiation.setNote(path.id, payload.note))
      .handle("discard", ({ path }) => negotiation.discard(path.id))
      .handle("commit", ({ headers, path, payload }) => negotiation.commit(path.id, payload, headers["if-match"]))
      .handle("asks", ({ path, urlParams }) => negotiation.asks(path.id, urlParams.filter ?? "open"))
      .handle("letters", ({ path, urlParams }) => negotiation.letters(path.id, urlParams))
      .handle("thread", ({ path, urlParams }) => negotiation.thread(path.id, path.block_id, urlParams))
      .handle("latestLetter", ({ path }) => negotiation.letter(path.id, "latest"))
      .handle("letter", ({ path }) => negotiation.letter(path.id, path.letter_id))
      .handle("outbox", ({ urlParams }) => negotiation.outbox(urlParams))))
