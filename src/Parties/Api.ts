import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import { Body } from "../Http/Schemas.js"

import { InviteRequest } from "./Schemas.js"
import { AskWithdrawn, Cancelled, Invited, Removed } from "../Engine/Results.js"

export class PartiesApi extends HttpApiGroup.make("parties")
  .add(
    HttpApiEndpoint.post("invite", "/contracts/:id/invite")
      .setPath(Schema.Struct({ id: Schema.String }))
      .setPayload(InviteRequest)
      .addSuccess(Invited, { status: 201 })
      .annotate(Policy, Policy.write("contracts:write", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Invite a party")
      .annotate(
        OpenApi.Description,
        "Adds a person to the contract at the given capacity. Someone already listed is answered `200` with nothing sent. A guest invites on their own side at a capacity no higher than their own."
      )
      .annotate(Refusals, ["not_a_negotiator", "not_a_signer", "not_on_required_party_list", "contract_executed", "contract_filed", "contract_cancelled"])
  )
  .add(
    HttpApiEndpoint.del("remove", "/contracts/:id/parties/:party_id")
      .setPath(Schema.Struct({ id: Schema.String, party_id: Schema.String }))
      .addSuccess(Removed)
      .annotate(Policy, Policy.write("contracts:write", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Remove a party")
      .annotate(
        OpenApi.Description,
        "Removes a party; their sent decisions stay and tallies recompute, and a guest's link is revoked at once. A removal never agrees or executes the contract on the other side's behalf."
      )
      .annotate(Refusals, ["not_on_required_party_list", "not_a_negotiator", "contract_executed", "contract_filed", "contract_cancelled"])
  )
  .add(
    HttpApiEndpoint.post("cancel", "/contracts/:id/cancel")
      .setPath(Schema.Struct({ id: Schema.String }))
      .setPayload(Body({ reason: Schema.String.pipe(Schema.maxLength(5000)) }))
      .addSuccess(Cancelled)
      .annotate(Policy, Policy.write("contracts:write", { idempotent: true, guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Cancel a contract")
      .annotate(OpenApi.Description, "Ends the deal with a final letter carrying `reason` and no asks. The contract stays readable.")
      .annotate(Refusals, ["not_on_required_party_list", "contract_executed", "contract_filed", "contract_cancelled"])
  )
  .add(
    HttpApiEndpoint.post("withdrawAsk", "/asks/:ask_id/withdraw")
      .setPath(Schema.Struct({ ask_id: Schema.String }))
      .addSuccess(AskWithdrawn)
      .annotate(Policy, Policy.write("decisions:write", { guest: "anywhere" }))
      .annotate(OpenApi.Summary, "Withdraw an ask")
      .annotate(
        OpenApi.Description,
        "The party that proposed a sent, still open ask pulls it back; decisions others staged on it are re-asked at their next commit."
      )
      .annotate(Refusals, [
        "ask_voided_by_counter",
        "not_a_negotiator",
        "not_on_required_party_list",
        "contract_executed",
        "contract_filed",
        "contract_cancelled"
      ])
  )
  .middleware(Authenticated)
{}
