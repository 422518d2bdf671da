import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import {
  Amended,
  AmendRequest,
  ContractPage,
  Drafted,
  DraftRequest,
  EventPage,
  EventsQuery,
  FactConfirmation,
  FactEdit,
  IfMatchHeader,
  ListQuery,
  SetFactRequest,
  Sheet,
  StateRead
} from "./Schemas.js"

const contractPath = { id: Schema.String }
const factPath = { id: Schema.String, fact_id: Schema.String }

export class ContractsApi extends HttpApiGroup.make("contracts")
  .add(
    HttpApiEndpoint.post("draft", "/contracts")
      .setPayload(DraftRequest)
      .addSuccess(Drafted, { status: 201 })
      .annotate(Policy, Policy.write("contracts:write", { idempotent: true }))
  )
  .add(
    HttpApiEndpoint.post("amend", "/contracts/:id/amend")
      .setPath(Schema.Struct(contractPath))
      .setPayload(AmendRequest)
      .addSuccess(Amended, { status: 201 })
      .annotate(Policy, Policy.write("contracts:write", { idempotent: true }))
  )
  .add(
    HttpApiEndpoint.get("list", "/contracts")
      .setUrlParams(ListQuery)
      .addSuccess(ContractPage)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.get("sheet", "/contracts/:id")
      .setPath(Schema.Struct(contractPath))
      .addSuccess(Sheet)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.get("state", "/contracts/:id/state")
      .setPath(Schema.Struct(contractPath))
      .addSuccess(StateRead)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.post("setFact", "/contracts/:id/facts/:fact_id")
      .setPath(Schema.Struct(factPath))
      .setHeaders(IfMatchHeader)
      .setPayload(SetFactRequest)
      .addSuccess(FactEdit)
      // contracts:write edits the draft; after the first Send the edit is a decision (the core checks which).
      .annotate(Policy, Policy.write("contracts:write", { orScope: "decisions:write", ifMatch: "required" }))
  )
  .add(
    HttpApiEndpoint.post("confirmFact", "/contracts/:id/facts/:fact_id/confirm")
      .setPath(Schema.Struct(factPath))
      .addSuccess(FactConfirmation)
      .annotate(Policy, Policy.write("contracts:read", { ifMatch: "ignored" }))
  )
  .add(
    HttpApiEndpoint.get("events", "/contracts/:id/events")
      .setPath(Schema.Struct(contractPath))
      .setUrlParams(EventsQuery)
      .addSuccess(EventPage)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .middleware(Authenticated)
{}
