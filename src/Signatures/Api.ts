import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import { Page } from "../Http/Schemas.js"
import { Receipt, SignatureState, SignRequest, WithdrawSignatureRequest } from "./Schemas.js"
import { Signature, Signed } from "../Engine/Results.js"

const contractPath = Schema.Struct({ id: Schema.String })

export class SignaturesApi extends HttpApiGroup.make("signatures")
  .add(
    HttpApiEndpoint.post("sign", "/contracts/:id/signatures")
      .setPath(contractPath)
      .setPayload(SignRequest)
      .addSuccess(Signed, { status: 201 })
      .annotate(Policy, Policy.write("sign", { idempotent: true, rate: "send_sign", ifMatch: "refused", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Sign the words")
      .annotate(
        OpenApi.Description,
        "Binds the person named by `confirmed_by` (a guest: itself) to `text_hash`, which must be the current `words_hash`. On an agreed contract the signature is `bound` and the last binding executes it; while negotiating it is `held`. Without `confirmed_by`: `409 confirmation_required`."
      )
      .annotate(Refusals, [
        "words_changed",
        "confirmation_required",
        "not_on_required_party_list",
        "not_a_signer",
        "contract_executed",
        "contract_filed",
        "contract_cancelled"
      ])
  )
  .add(
    HttpApiEndpoint.post("withdraw", "/signatures/:signature_id/withdraw")
      .setPath(Schema.Struct({ signature_id: Schema.String }))
      .setPayload(WithdrawSignatureRequest)
      .addSuccess(Signed)
      .annotate(Policy, Policy.write("sign", { idempotent: true, rate: "send_sign", guest: "anywhere" }))
      .annotate(OpenApi.Summary, "Withdraw a signature")
      .annotate(OpenApi.Description, "The signer, or their own org acting for them, strikes a held or bound signature. Needs `confirmed_by`.")
      .annotate(Refusals, ["confirmation_required", "not_a_signer", "not_on_required_party_list", "contract_executed", "contract_filed", "contract_cancelled"])
  )
  .add(
    HttpApiEndpoint.get("list", "/contracts/:id/signatures")
      .setPath(contractPath)
      .addSuccess(Page(Signature))
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "List a contract's signatures")
      .annotate(OpenApi.Description, "Every signature, struck ones included, oldest first. Empty on a filed contract.")
  )
  .add(
    HttpApiEndpoint.get("state", "/contracts/:id/signatures/state")
      .setPath(contractPath)
      .addSuccess(SignatureState)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Read a contract's signature state")
      .annotate(OpenApi.Description, "Required signers with their newest signature, signature ids by state, and whether any signer's signature went void.")
  )
  .add(
    HttpApiEndpoint.get("get", "/signatures/:signature_id")
      .setPath(Schema.Struct({ signature_id: Schema.String }))
      .addSuccess(Signature)
      .annotate(Policy, Policy.read("contracts:read", { guest: "anywhere" }))
      .annotate(OpenApi.Summary, "Read a signature")
      .annotate(OpenApi.Description, "One signature on a contract you can see.")
  )
  .add(
    HttpApiEndpoint.get("receipts", "/contracts/:id/receipts")
      .setPath(contractPath)
      .addSuccess(Page(Receipt))
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "List a contract's receipts")
      .annotate(OpenApi.Description, "One receipt per committed letter and per signature, with its place in the certificate's hash chain.")
  )
  .middleware(Authenticated)
{}
