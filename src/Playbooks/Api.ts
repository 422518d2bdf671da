import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { IfMatchHeader } from "../Contracts/Schemas.js"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import { ApplyRequest, PlaybookApplied, PlaybookList, PlaybookQuery } from "./Schemas.js"

export class PlaybooksApi extends HttpApiGroup.make("playbooks")
  .add(
    HttpApiEndpoint.get("list", "/playbooks")
      .setUrlParams(PlaybookQuery)
      .addSuccess(PlaybookList)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "List your playbook")
      .annotate(
        OpenApi.Description,
        "Your org's negotiating rules, in the order the operator set them; `topic` keeps the rules of one term. The playbook belongs to your side only: no read, event or delivery ever shows it to the other side. Read-only: the operator sets it (`PUT /admin/orgs/{org_id}/playbook`)."
      )
  )
  .add(
    HttpApiEndpoint.post("apply", "/contracts/:id/decisions/apply-playbook")
      .setPath(Schema.Struct({ id: Schema.String }))
      .setHeaders(IfMatchHeader)
      .setPayload(ApplyRequest)
      .addSuccess(PlaybookApplied)
      .annotate(Policy, Policy.write("decisions:write", { ifMatch: "required", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Apply your playbook to open asks")
      .annotate(
        OpenApi.Description,
        "Stages decisions in your unsent reply from your org's rules: `accept` where an ask's number lies within a rule's floor and ceiling, `counter` toward `preferred` where it lies outside. Each ask is staged or `skipped` with a reason. By default every open ask awaiting you and every rule; `ask_ids` and `playbook_ids` narrow both. It never sends. `dry_run: true` answers what it would stage, computed by the same function, and stages nothing (`decision` is then null). A guest link's side holds no playbook here, so each of its asks is skipped with `no_rule`."
      )
      .annotate(Refusals, ["words_changed", "ask_voided_by_counter", "not_on_required_party_list", "contract_executed", "contract_filed", "contract_cancelled"])
  )
  .middleware(Authenticated)
{}
