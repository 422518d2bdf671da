import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { IfMatchHeader } from "../Contracts/Schemas.js"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import { Page } from "../Http/Schemas.js"
import type { ErrorCode } from "../Domain/Api/ErrorCodes.js"
import { AskRow, CommitRequest, DecisionRequest, Letter, NoteRequest, OutboxMessage, Reply, SendRequest, Thread } from "./Schemas.js"
import { CommitResult, Deleted, SendResult, Staged } from "../Engine/Results.js"

const contractPath = Schema.Struct({ id: Schema.String })

// Send and commit are both a round: they refuse alike.
const roundRefusals: ReadonlyArray<ErrorCode> = [
  "words_changed",
  "confirmation_required",
  "not_on_required_party_list",
  "not_a_negotiator",
  "contract_executed",
  "contract_filed",
  "contract_cancelled"
]

export class NegotiationApi extends HttpApiGroup.make("negotiation")
  .add(
    HttpApiEndpoint.post("send", "/contracts/:id/send")
      .setPath(contractPath)
      .setHeaders(IfMatchHeader)
      .setPayload(SendRequest)
      .addSuccess(SendResult)
      .annotate(Policy, Policy.write("send", { idempotent: true, rate: "send_sign", ifMatch: "required", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Send a draft")
      .annotate(
        OpenApi.Description,
        "The first Send: the recipients become the counterparty side and the first letter is committed. Without `confirmed_by` nothing is sent: `409 confirmation_required` carries the letter preview. The answer carries a `warning` when unfilled blanks, unconfirmed facts or unverified blocks went out."
      )
      .annotate(Refusals, roundRefusals)
  )
  .add(
    HttpApiEndpoint.post("stage", "/contracts/:id/decisions")
      .setPath(contractPath)
      .setHeaders(IfMatchHeader)
      .setPayload(DecisionRequest)
      .addSuccess(Staged, { status: 201 })
      .annotate(Policy, Policy.write("decisions:write", { ifMatch: "required", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Stage a decision")
      .annotate(
        OpenApi.Description,
        "Stages a private decision in your unsent reply: accept, counter or decline an ask (`ask_id`), or open a question on a block with a counter (`block_id`). Nobody else can see or count it until your reply is committed."
      )
      .annotate(Refusals, [
        "words_changed",
        "ask_voided_by_counter",
        "not_on_required_party_list",
        "not_a_negotiator",
        "contract_executed",
        "contract_filed",
        "contract_cancelled"
      ])
  )
  .add(
    HttpApiEndpoint.del("unstage", "/contracts/:id/decisions/:decision_id")
      .setPath(Schema.Struct({ id: Schema.String, decision_id: Schema.String }))
      .addSuccess(Deleted)
      .annotate(Policy, Policy.write("decisions:write", { ifMatch: "ignored", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Drop a staged decision")
      .annotate(OpenApi.Description, "Removes one decision from your unsent reply. Touches only private work.")
      .annotate(Refusals, ["not_on_required_party_list", "not_a_negotiator"])
  )
  .add(
    HttpApiEndpoint.get("reply", "/contracts/:id/reply")
      .setPath(contractPath)
      .addSuccess(Reply)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Read your unsent reply")
      .annotate(
        OpenApi.Description,
        "Your seat's staged decisions and note, with the letter preview and what would land or open if you sent it, computed by the same round that commits it."
      )
      .annotate(Refusals, ["not_on_required_party_list"])
  )
  .add(
    HttpApiEndpoint.patch("setNote", "/contracts/:id/reply")
      .setPath(contractPath)
      .setPayload(NoteRequest)
      .addSuccess(Reply)
      .annotate(Policy, Policy.write("decisions:write", { ifMatch: "ignored", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Set your reply's covering note")
      .annotate(OpenApi.Description, "Sets the note of your unsent reply; sends nothing.")
      .annotate(Refusals, ["not_on_required_party_list", "not_a_negotiator", "contract_executed", "contract_filed", "contract_cancelled"])
  )
  .add(
    HttpApiEndpoint.del("discard", "/contracts/:id/reply")
      .setPath(contractPath)
      .addSuccess(Reply)
      .annotate(Policy, Policy.write("decisions:write", { ifMatch: "ignored", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Discard your unsent reply")
      .annotate(OpenApi.Description, "Drops every staged decision and the note of your unsent reply.")
      .annotate(Refusals, ["not_on_required_party_list", "not_a_negotiator"])
  )
  .add(
    HttpApiEndpoint.post("commit", "/contracts/:id/replies")
      .setPath(contractPath)
      .setHeaders(IfMatchHeader)
      .setPayload(CommitRequest)
      .addSuccess(CommitResult)
      .annotate(Policy, Policy.write("send", { idempotent: true, rate: "send_sign", ifMatch: "required", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Commit your reply")
      .annotate(
        OpenApi.Description,
        "Commits your unsent reply as one letter, in one atomic round: decisions a concurrent letter invalidated come back in `re_asked`, asks everyone agreed land, and the words change only then. Without `confirmed_by`: `409 confirmation_required` with the preview."
      )
      .annotate(Refusals, roundRefusals)
  )
  .add(
    HttpApiEndpoint.get("asks", "/contracts/:id/asks")
      .setPath(contractPath)
      .setUrlParams(Schema.Struct({ filter: Schema.optional(Schema.Literal("open", "all", "undecided")) }))
      .addSuccess(Schema.Struct({ data: Schema.Array(AskRow), has_more: Schema.Boolean, next_cursor: Schema.NullOr(Schema.String) }))
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "List a contract's asks")
      .annotate(OpenApi.Description, "Asks with their tallies: `open` (default), `all`, or `undecided` (open asks waiting on you).")
  )
  .add(
    HttpApiEndpoint.get("letters", "/contracts/:id/letters")
      .setPath(contractPath)
      .setUrlParams(Schema.Struct({ starting_after: Schema.optional(Schema.String), limit: Schema.optional(Schema.String) }))
      .addSuccess(Page(Letter))
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "List a contract's letters")
      .annotate(OpenApi.Description, "Committed letters oldest first, each with its asks and decisions, paged by `limit` and `starting_after` (a letter id).")
  )
  .add(
    HttpApiEndpoint.get("latestLetter", "/contracts/:id/letters/latest")
      .setPath(contractPath)
      .addSuccess(Letter)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Read the latest letter")
      .annotate(OpenApi.Description, "The most recent committed letter.")
  )
  .add(
    HttpApiEndpoint.get("letter", "/contracts/:id/letters/:letter_id")
      .setPath(Schema.Struct({ id: Schema.String, letter_id: Schema.String }))
      .addSuccess(Letter)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Read a letter")
      .annotate(OpenApi.Description, "One committed letter with its asks and decisions.")
  )
  .add(
    HttpApiEndpoint.get("thread", "/contracts/:id/blocks/:block_id/thread")
      .setPath(Schema.Struct({ id: Schema.String, block_id: Schema.String }))
      .setUrlParams(Schema.Struct({ starting_after: Schema.optional(Schema.String), limit: Schema.optional(Schema.String) }))
      .addSuccess(Thread)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Read a clause's thread")
      .annotate(OpenApi.Description, "The record of one block: every committed move on it, traceable to its letter, and the talk (each move's why). Read-only.")
  )
  .add(
    HttpApiEndpoint.get("outbox", "/sandbox/outbox")
      .setUrlParams(Schema.Struct({ limit: Schema.optional(Schema.String) }))
      .addSuccess(Schema.Struct({ data: Schema.Array(OutboxMessage), has_more: Schema.Boolean }))
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "Read the sandbox outbox")
      .annotate(
        OpenApi.Description,
        "Mail a test key's org sent or received, newest first: in test mode letters and guest links never leave the system. Live keys get `404`."
      )
  )
  .middleware(Authenticated)
{}
