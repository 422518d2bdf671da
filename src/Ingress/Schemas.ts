import { Schema } from "effect"
import { Body } from "../Http/Schemas.js"

export const IngressAddress = Schema.Struct({
  object: Schema.Literal("ingress_address"),
  address: Schema.String.annotations({ description: "Forward mail here: one address per org and mode." }),
  livemode: Schema.Boolean
}).annotations({ identifier: "IngressAddress" })

const Sender = Schema.Struct({ address: Schema.String, name: Schema.NullOr(Schema.String) })

export const IngressMessage = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("ingress_message"),
  address: Schema.String.annotations({ description: "The ingress address it was sent to." }),
  from: Schema.NullOr(Sender).annotations({ description: "Who forwarded it (the message's From)." }),
  subject: Schema.String.annotations({ description: "Without its Fwd:/Re: prefixes." }),
  received_at: Schema.String,
  state: Schema.Literal("detected", "accepted", "rejected"),
  attachments: Schema.Array(Schema.Struct({
    index: Schema.Int,
    filename: Schema.String,
    content_type: Schema.String,
    size: Schema.Int,
    importable: Schema.Boolean.annotations({ description: "docx, pdf, txt or md by its name or type; the import judges the bytes." })
  })),
  forwarded: Schema.Array(Schema.Struct({
    author: Schema.String,
    author_name: Schema.NullOr(Schema.String),
    authored_at: Schema.NullOr(Schema.String),
    subject: Schema.NullOr(Schema.String)
  })).annotations({ description: "The messages quoted in the thread, newest first." }),
  contracts: Schema.Array(Schema.String).annotations({ description: "Contracts the thread names that you can see." }),
  asset: Schema.String.annotations({ description: "The message as received, an `eml` asset (role `provenance`)." }),
  import: Schema.NullOr(Schema.String).annotations({ description: "The import its attachment went to, once accepted." }),
  contract: Schema.NullOr(Schema.String).annotations({ description: "The contract it continues, or the one its import made once parsed." }),
  letter: Schema.NullOr(Schema.String).annotations({ description: "The imported letter it became, where the thread continues a contract." }),
  decided_by: Schema.NullOr(Schema.String),
  decided_at: Schema.NullOr(Schema.String)
}).annotations({ identifier: "IngressMessage" })

export const IngressPage = Schema.Struct({
  object: Schema.Literal("list"),
  data: Schema.Array(IngressMessage),
  has_more: Schema.Boolean,
  next_cursor: Schema.NullOr(Schema.String)
}).annotations({ identifier: "IngressPage" })

export const IngressQuery = Schema.Struct({
  state: Schema.optional(Schema.Literal("detected", "accepted", "rejected")),
  limit: Schema.optional(Schema.String),
  starting_after: Schema.optional(Schema.String)
})

export const AcceptRequest = Body({
  attachment: Schema.optional(Schema.Int.pipe(Schema.between(0, 999))).annotations({
    description: "The attachment to import, by `index`; the first an import takes when left out."
  }),
  already_signed: Schema.optional(Schema.Boolean).annotations({ description: "Import it as signed elsewhere: the contract is `filed`." })
}).annotations({ identifier: "IngressAcceptRequest" })

export const RejectRequest = Body({}).annotations({ identifier: "IngressRejectRequest" })
