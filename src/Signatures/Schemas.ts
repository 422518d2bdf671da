import { Schema } from "effect"
import { signatureStates } from "../Domain/Signing/Signature.js"
import { Body } from "../Http/Schemas.js"

export const SignRequest = Body({
  text_hash: Schema.String.pipe(Schema.minLength(1)),
  confirmed_by: Schema.optional(Schema.String),
  intent: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(500)))
}).annotations({ identifier: "SignRequest" })

export const WithdrawSignatureRequest = Body({ confirmed_by: Schema.optional(Schema.String) })
  .annotations({ identifier: "WithdrawSignatureRequest" })

export const SignatureState = Schema.Struct({
  required_signers: Schema.Array(Schema.Struct({
    person: Schema.String,
    name: Schema.String,
    party: Schema.String,
    capacity: Schema.Array(Schema.String),
    signature: Schema.NullOr(Schema.String),
    state: Schema.NullOr(Schema.Literal(...signatureStates))
  })),
  held: Schema.Array(Schema.String),
  bound: Schema.Array(Schema.String),
  void: Schema.Array(Schema.String),
  withdrawn: Schema.Array(Schema.String),
  stale: Schema.Boolean
}).annotations({ identifier: "SignatureState" })

export const Receipt = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("receipt"),
  kind: Schema.Literal("letter", "signature"),
  at: Schema.String,
  person: Schema.NullOr(Schema.String),
  confirmed_by: Schema.String,
  words_hash: Schema.String,
  digest: Schema.String,
  previous: Schema.NullOr(Schema.String)
}).annotations({ identifier: "Receipt" })
