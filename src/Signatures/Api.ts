import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Page } from "../Http/Schemas.js"
import { Receipt, Signature, SignatureState, Signed, SignRequest, WithdrawSignatureRequest } from "./Schemas.js"

const contractPath = Schema.Struct({ id: Schema.String })

export class SignaturesApi extends HttpApiGroup.make("signatures")
  .add(
    HttpApiEndpoint.post("sign", "/contracts/:id/signatures")
      .setPath(contractPath)
      .setPayload(SignRequest)
      .addSuccess(Signed, { status: 201 })
      .annotate(Policy, Policy.write("sign", { idempotent: true, rate: "send_sign", ifMatch: "refused" }))
  )
  .add(
    HttpApiEndpoint.post("withdraw", "/signatures/:signature_id/withdraw")
      .setPath(Schema.Struct({ signature_id: Schema.String }))
      .setPayload(WithdrawSignatureRequest)
      .addSuccess(Signed)
      .annotate(Policy, Policy.write("sign", { idempotent: true, rate: "send_sign" }))
  )
  .add(
    HttpApiEndpoint.get("list", "/contracts/:id/signatures")
      .setPath(contractPath)
      .addSuccess(Page(Signature))
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.get("state", "/contracts/:id/signatures/state")
      .setPath(contractPath)
      .addSuccess(SignatureState)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.get("get", "/signatures/:signature_id")
      .setPath(Schema.Struct({ signature_id: Schema.String }))
      .addSuccess(Signature)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .add(
    HttpApiEndpoint.get("receipts", "/contracts/:id/receipts")
      .setPath(contractPath)
      .addSuccess(Page(Receipt))
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .middleware(Authenticated)
{}
