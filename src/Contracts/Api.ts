import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import {
  Amended,
  AmendRequest,
  ContractPage,
  Drafted,
  DraftRequest,
  EventPage,
  EventsQuery,
  IfMatchHeader,
  ListQuery,
  SetFactRequest,
  Sheet,
  StateRead
} from "./Schemas.js"
import { FactConfirmation, FactEdit } from "../Engine/Results.js"

const contractPath = { id: Schema.String }
const factPath = { id: Schema.String, fact_id: Schema.String }

export class ContractsApi extends HttpApiGroup.make("contracts")
  .add(
    HttpApiEndpoint.post("draft", "/contracts")
      .setPayload(DraftRequest)
      .addSuccess(Drafted, { status: 201 })
      .annotate(Policy, Policy.write("contracts:write", { idempotent: true }))
      .annotate(OpenApi.Summary, "Draft a contract")
      .annotate(
        OpenApi.Description,
        "Drafts a contract from a template (`template_id`) with `facts` filling its blanks. A required blank left out becomes a bracketed placeholder and a question (at most three); nothing is ever guessed. The drafting person joins as negotiator and signer. Or from a `prompt`, a sentence describing the deal: the drafter picks the template, reads the facts the sentence states (your `facts` win), asks about forks it leaves open instead of guessing, and lists the people it names as `proposed_recipients`; `origin` is `prompt` and nothing is sent. A sentence no template fits is refused with `param: prompt`."
      )
      .annotate(Refusals, ["not_found", "fact_has_no_span"])
  )
  .add(
    HttpApiEndpoint.post("amend", "/contracts/:id/amend")
      .setPath(Schema.Struct(contractPath))
      .setPayload(AmendRequest)
      .addSuccess(Amended, { status: 201 })
      .annotate(Policy, Policy.write("contracts:write", { idempotent: true, guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Amend an executed or filed contract")
      .annotate(
        OpenApi.Description,
        "Creates a new draft of the parent's words, linked by `amends`; the parent is never touched. Your side's parties carry over; the other side becomes the default recipients of the draft's first Send, and `note` its covering sentence. The body is optional."
      )
      .annotate(Refusals, ["contract_cancelled"])
  )
  .add(
    HttpApiEndpoint.get("list", "/contracts")
      .setUrlParams(ListQuery)
      .addSuccess(ContractPage)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "List contracts")
      .annotate(
        OpenApi.Description,
        "The contracts your org can see, newest first, filtered by `state`, `origin` (comma lists), `relationship`, `updated_since`, and the key dates `expires_before` and `notice_before` (a day: the current term ends, or notice against its renewal is due, before it), and paged by `limit` and `starting_after`."
      )
  )
  .add(
    HttpApiEndpoint.get("sheet", "/contracts/:id")
      .setPath(Schema.Struct(contractPath))
      .addSuccess(Sheet)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Read a contract")
      .annotate(OpenApi.Description, "The sheet as your seat sees it: words (blocks), facts, parties, readiness and `you`. A guest reads with `?t=`.")
  )
  .add(
    HttpApiEndpoint.get("state", "/contracts/:id/state")
      .setPath(Schema.Struct(contractPath))
      .addSuccess(StateRead)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Read a contract's negotiation state")
      .annotate(
        OpenApi.Description,
        "Letters, open, landed and voided asks, who owes a reply, your own unsent reply (never the other side's) and the signatures."
      )
  )
  .add(
    HttpApiEndpoint.post("setFact", "/contracts/:id/facts/:fact_id")
      .setPath(Schema.Struct(factPath))
      .setHeaders(IfMatchHeader)
      .setPayload(SetFactRequest)
      .addSuccess(FactEdit)
      // contracts:write edits the draft; after the first Send the edit is a decision (the core checks which).
      .annotate(Policy, Policy.write("contracts:write", { orScope: "decisions:write", ifMatch: "required", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Change a fact")
      .annotate(
        OpenApi.Description,
        "Before the first Send (scope `contracts:write`) the value replaces the fact wherever it stands and the words change at once. After it (scope `decisions:write`) the change is staged as one grouped decision in your unsent reply; the words move only when it lands."
      )
      .annotate(Refusals, [
        "words_changed",
        "fact_has_no_span",
        "not_on_required_party_list",
        "not_a_negotiator",
        "contract_executed",
        "contract_filed",
        "contract_cancelled"
      ])
  )
  .add(
    HttpApiEndpoint.post("confirmFact", "/contracts/:id/facts/:fact_id/confirm")
      .setPath(Schema.Struct(factPath))
      .addSuccess(FactConfirmation)
      .annotate(Policy, Policy.write("contracts:read", { ifMatch: "ignored", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Confirm a fact")
      .annotate(
        OpenApi.Description,
        "Records that a person checked the fact's value: clears `inferred`. Moves no words, so it takes no `If-Match`, at any time."
      )
  )
  .add(
    HttpApiEndpoint.get("events", "/contracts/:id/events")
      .setPath(Schema.Struct(contractPath))
      .setUrlParams(EventsQuery)
      .addSuccess(EventPage)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Read a contract's event log")
      .annotate(
        OpenApi.Description,
        "Events oldest first, rendered for your seat (`reply.sent` for your side's rounds, `letter.received` for the other side's), paged by `starting_after` (a sequence number). A page never splits one sequence."
      )
  )
  .middleware(Authenticated)
{}
