import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { IfMatchHeader } from "../Contracts/Schemas.js"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Page } from "../Http/Schemas.js"
import {
  AskRow,
  CommitRequest,
  CommitResult,
  DecisionRequest,
  Deleted,
  Letter,
  NoteRequest,
  OutboxMessage,
  Reply,
  SendRequest,
  SendResult,
  Staged,
  Thread
} from "./Schemas.js"

const contractPath = Schema.Struct({ id: Schema.String })

export class NegotiationApi extends HttpApiGroup.make("negotiation")
  .add(
    HttpApiEndpoint.post("send", "/contracts/:id/send")
      .setPath(contractPath)
      .setHeaders(IfMatchHeader)
      .setPayload(SendRequest)
      .addSuccess(SendResult)
      .annotate(Policy, Policy.write("send", { idempotent: true, rate: "send_sign", ifMatch: "required" }))
  )
  .add(
    HttpApiEndpoint.post("stage", "/contracts/:id/decisions")
      .setPath(contractPath)
      .setHeaders(IfMatchHeader)
      .setPayload(DecisionRequest)
      .addSuccess(Staged, { status: 201 })
      .annotate(Policy, Policy.write("decisions:write", { ifMatch: "required" }))
  )
  .add(
    HttpApiEndpoint.del("unstage", "/contracts/:id/decisions/:decision_id")
      .setPath(Schema.Struct({ id: Schema.String, decision_id: Schema.String }))
      .addSuccess(Deleted)
      .annotate(Policy, Policy.write("decisions:write", { ifMatch: "ignored" }))
  )
  .add(
    HttpApiEndpoint.get("reply", "/contracts/:id/reply")
      .setPath(contractPath)
      .addSuccess(Reply)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.patch("setNote", "/contracts/:id/reply")
      .setPath(contractPath)
      .setPayload(NoteRequest)
      .addSuccess(Reply)
      .annotate(Policy, Policy.write("decisions:write", { ifMatch: "ignored" }))
  )
  .add(
    HttpApiEndpoint.del("discard", "/contracts/:id/reply")
      .setPath(contractPath)
      .addSuccess(Reply)
      .annotate(Policy, Policy.write("decisions:write", { ifMatch: "ignored" }))
  )
  .add(
    HttpApiEndpoint.post("commit", "/contracts/:id/replies")
      .setPath(contractPath)
      .setHeaders(IfMatchHeader)
      .setPayload(CommitRequest)
      .addSuccess(CommitResult)
      .annotate(Policy, Policy.write("send", { idempotent: true, rate: "send_sign", ifMatch: "required" }))
  )
  .add(
    HttpApiEndpoint.get("asks", "/contracts/:id/asks")
      .setPath(contractPath)
      .setUrlParams(Schema.Struct({ filter: Schema.optional(Schema.Literal("open", "all", "undecided")) }))
      .addSuccess(Schema.Struct({ data: Schema.Array(AskRow), has_more: Schema.Boolean, next_cursor: Schema.NullOr(Schema.String) }))
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.get("letters", "/contracts/:id/letters")
      .setPath(contractPath)
      .setUrlParams(Schema.Struct({ starting_after: Schema.optional(Schema.String), limit: Schema.optional(Schema.String) }))
      .addSuccess(Page(Letter))
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.get("latestLetter", "/contracts/:id/letters/latest")
      .setPath(contractPath)
      .addSuccess(Letter)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.get("letter", "/contracts/:id/letters/:letter_id")
      .setPath(Schema.Struct({ id: Schema.String, letter_id: Schema.String }))
      .addSuccess(Letter)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.get("thread", "/contracts/:id/blocks/:block_id/thread")
      .setPath(Schema.Struct({ id: Schema.String, block_id: Schema.String }))
      .setUrlParams(Schema.Struct({ starting_after: Schema.optional(Schema.String), limit: Schema.optional(Schema.String) }))
      .addSuccess(Thread)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.get("outbox", "/sandbox/outbox")
      .setUrlParams(Schema.Struct({ limit: Schema.optional(Schema.String) }))
      .addSuccess(Schema.Struct({ data: Schema.Array(OutboxMessage), has_more: Schema.Boolean }))
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .middleware(Authenticated)
{}
