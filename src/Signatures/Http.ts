import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Signatures } from "../Signatures.js"

export const SignaturesHttp = HttpApiBuilder.group(Api, "signatures", (handlers) =>
  Effect.map(Signatures, (signatures) =>
    handlers
      .handle("sign", ({ path, payload }) => signatures.sign(path.id, payload))
      .handle("withdraw", ({ path, payload }) => signatures.withdraw(path.signature_id, payload.confirmed_by))
      .handle("list", ({ path }) => signatures.list(path.id))
      .handle("state", ({ path }) => signatures.state(path.id))
      .handle("get", ({ path }) => signatures.get(path.signature_id))
      .handle("receipts", ({ path }) => signatures.receipts(path.id))))
