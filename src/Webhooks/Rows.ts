import { ParseResult, Schema } from "effect"
import { modes } from "../Domain/Contract/Mode.js"
import { JsonColumn, SqlNumber, Timestamp, TimestampMillis } from "../Sql/Rows.js"

export const EndpointState = Schema.Literal("pending", "active", "disabled")
export type EndpointState = typeof EndpointState.Type

/** The outcome of the newest attempt at an endpoint, as `last_delivery` shows it. */
export const LastDelivery = Schema.Struct({
  event: Schema.String,
  type: Schema.String,
  attempted_at: Schema.String,
  status: Schema.NullOr(Schema.Number),
  outcome: Schema.Literal("delivered", "failed"),
  error: Schema.NullOr(Schema.String)
})
export type LastDelivery = typeof LastDelivery.Type

const IssuedNonce = Schema.Struct({ nonce: Schema.String, issued_at: Schema.Number })

/** Only whether `deleted_at` is set: nothing reads when an endpoint went. */
const DeletedAt = Schema.transformOrFail(Schema.NullOr(Schema.Unknown), Schema.Boolean, {
  strict: true,
  decode: (at) => ParseResult.succeed(at !== null),
  encode: (deleted, _, ast) => ParseResult.fail(new ParseResult.Forbidden(ast, deleted, "rows are written by SQL, not encoded"))
})

/** An endpoint row as SQL answers it, columns or `to_jsonb` of the row alike. */
export const EndpointRow = Schema.Struct({
  id: Schema.String,
  org_id: Schema.String,
  mode: Schema.Literal(...modes),
  person_id: Schema.String,
  key_id: Schema.NullOr(Schema.String),
  url: Schema.String,
  events: JsonColumn(Schema.Array(Schema.String)),
  state: EndpointState,
  secret: Schema.String,
  previous_secret: Schema.NullOr(Schema.String),
  previous_secret_until: Schema.NullOr(TimestampMillis),
  nonces: JsonColumn(Schema.Array(IssuedNonce)),
  verification_reason: Schema.NullOr(Schema.String),
  verified_at: Schema.NullOr(Timestamp),
  consecutive_failures: SqlNumber,
  failing_since: Schema.NullOr(TimestampMillis),
  last_delivery: Schema.NullOr(JsonColumn(LastDelivery)),
  created_at: Timestamp,
  deleted: Schema.propertySignature(DeletedAt).pipe(Schema.fromKey("deleted_at"))
})
export type EndpointRow = typeof EndpointRow.Type

export const DeliveryStream = Schema.Literal("contract", "org")
export type DeliveryStream = typeof DeliveryStream.Type

/** One event owed to one endpoint. `pending` until delivered, or `failed` after twelve attempts, or given up (`cancelled`, `abandoned`, `withheld`). */
export const DeliveryRow = Schema.Struct({
  id: Schema.String,
  endpoint_id: Schema.String,
  event_id: Schema.String,
  stream: DeliveryStream,
  contract_id: Schema.NullOr(Schema.String),
  attempts: SqlNumber,
  first_attempt_at: Schema.NullOr(TimestampMillis)
})
export type DeliveryRow = typeof DeliveryRow.Type

export interface NewDelivery {
  readonly endpoint_id: string
  readonly event_id: string
  readonly stream: DeliveryStream
  readonly contract_id: string | null
}
