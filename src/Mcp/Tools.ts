import { Effect, JSONSchema, ParseResult, Schema } from "effect"
import { AttentionFeed } from "../Attention/Api.js"
import { Attention } from "../Attention.js"
import { Contracts } from "../Contracts.js"
import { ContractPage, Drafted, DraftRequest, Sheet } from "../Contracts/Schemas.js"
import type { Scope } from "../Domain/Api/Scopes.js"
import { decisionTypes } from "../Domain/Negotiation/AsksAndLetters.js"
import type { Rejection } from "../Domain/Contract/Rejection.js"
import { fromDecodeError } from "../Http/DecodeErrors.js"
import { findRefusedValue } from "../Http/JsonBody.js"
import type { RateClass } from "../Http/Policy.js"
import { Body } from "../Http/Schemas.js"
import { Negotiation } from "../Negotiation.js"
import { AskRow, Staged } from "../Negotiation/Schemas.js"
import type { Actor } from "../Auth/Actor.js"

/** What a tool's work may need: the capability services HTTP uses, and the caller. */
export type ToolServices = Contracts | Negotiation | Attention | Actor

/**
 * One MCP tool: the arguments it takes (one schema, which both checks a call and describes the
 * tool to the client), the scope and rate class of the HTTP route it stands for, and the work,
 * which is that route's own service call, answered through that route's success schema, so a
 * tool shows exactly what the equivalent GET shows.
 */
export interface Tool {
  readonly name: string
  readonly description: string
  readonly inputSchema: { readonly type: "object"; readonly [key: string]: unknown }
  readonly scope: Scope
  readonly rate: RateClass
  readonly call: (args: unknown) => Effect.Effect<unknown, Rejection, ToolServices>
}

const tool = <A, I, B, J>(definition: {
  readonly name: string
  readonly description: string
  readonly args: Schema.Schema<A, I>
  readonly scope: Scope
  readonly rate: RateClass
  readonly result: Schema.Schema<B, J>
  readonly run: (args: A) => Effect.Effect<B, Rejection, ToolServices>
}): Tool => {
  const decode = Schema.decodeUnknown(definition.args, { onExcessProperty: "error", errors: "all" })
  const encode = Schema.encode(definition.result)
  const { $schema: _, ...described } = JSONSchema.make(definition.args) as { readonly $schema?: string; readonly type: "object" }
  return {
    name: definition.name,
    description: definition.description,
    inputSchema: described,
    scope: definition.scope,
    rate: definition.rate,
    // The arguments meet the HTTP body's checks first (depth, NUL, lone surrogates, unsafe numbers),
    // so no decoder ever walks a hostile value, and a tool refuses exactly what its route refuses.
    call: (args) => {
      const refused = findRefusedValue(args ?? {})
      return refused !== undefined ? Effect.fail(refused) : decode(args ?? {}).pipe(
        Effect.mapError((error) => fromDecodeError({ issues: ParseResult.ArrayFormatter.formatErrorSync(error) })),
        Effect.flatMap(definition.run),
        // The service's answer always fits its route's schema; a misfit is a defect, as it is over HTTP.
        Effect.flatMap((result) => Effect.orDie(encode(result)))
      )
    }
  }
}

const Contract = Schema.String.pipe(Schema.pattern(/^con_[0-9A-Za-z]{1,64}$/)).annotations({ description: "A contract id (`con_…`)." })
const Limit = Schema.Int.pipe(Schema.between(1, 100)).annotations({ description: "At most this many rows (1 to 100, default 10)." })
const limitText = (limit: number | undefined) => (limit === undefined ? {} : { limit: String(limit) })

/**
 * The agent's tools: read, draft and stage, and nothing else. None sends, commits a round, signs
 * or withdraws a signature, and every argument list is closed (an unknown argument is refused),
 * so no argument can make one do so. Staged decisions stay private to the person's seat until the
 * person commits the round themselves, with `confirmed_by`, over HTTP.
 */
export const tools: ReadonlyArray<Tool> = [
  tool({
    name: "get_contract",
    description: "The contract as your seat sees it (GET /contracts/{id}): state, origin, blocks, facts, parties, words_hash, ready, you.",
    args: Body({ contract: Contract }),
    scope: "contracts:read",
    rate: "read",
    result: Sheet,
    run: ({ contract }) => Effect.flatMap(Contracts, (contracts) => contracts.sheet(contract))
  }),
  tool({
    name: "list_contracts",
    description:
      "Contracts you can see, newest first (GET /contracts). Filters: state and origin (comma lists), relationship (rel_…), updated_since (ISO 8601); page with starting_after.",
    args: Body({
      state: Schema.optional(Schema.String),
      origin: Schema.optional(Schema.String),
      relationship: Schema.optional(Schema.String),
      updated_since: Schema.optional(Schema.String),
      starting_after: Schema.optional(Schema.String),
      limit: Schema.optional(Limit)
    }),
    scope: "contracts:read",
    rate: "read",
    result: ContractPage,
    run: ({ limit, ...filters }) => Effect.flatMap(Contracts, (contracts) => contracts.list({ ...filters, ...limitText(limit) }))
  }),
  tool({
    name: "draft_contract",
    description:
      "Drafts a contract from a template (template_id, see facts) or from a sentence (prompt), as POST /contracts does; its origin is `mcp`. Nothing is sent: a person sends it, confirming with their own name.",
    // The fields of POST /contracts' body, without its name, so that the schema is described inline.
    args: Body(DraftRequest.fields),
    scope: "contracts:write",
    rate: "write",
    result: Drafted,
    run: (request) => Effect.flatMap(Contracts, (contracts) => contracts.draft(request))
  }),
  tool({
    name: "get_asks",
    description: "The asks on a contract (GET /contracts/{id}/asks): open by default, or all, or those you have not decided.",
    args: Body({ contract: Contract, filter: Schema.optional(Schema.Literal("open", "all", "undecided")) }),
    scope: "contracts:read",
    rate: "read",
    result: Schema.Struct({ data: Schema.Array(AskRow), has_more: Schema.Boolean, next_cursor: Schema.NullOr(Schema.String) }),
    run: ({ contract, filter }) => Effect.flatMap(Negotiation, (negotiation) => negotiation.asks(contract, filter ?? "open"))
  }),
  tool({
    name: "stage_decision",
    description:
      "Stages your decision on an ask, or a new ask on a block (POST /contracts/{id}/decisions): accept, counter (with text) or decline. words_hash is the contract's current hash (If-Match). It stays private to your seat and is never sent by this tool: the person commits the round.",
    args: Body({
      contract: Contract,
      words_hash: Schema.String.pipe(Schema.minLength(1)).annotations({ description: "The contract's words_hash as you last read it." }),
      ask_id: Schema.optional(Schema.String),
      block_id: Schema.optional(Schema.String),
      type: Schema.Literal(...decisionTypes),
      text: Schema.optional(Schema.String),
      why: Schema.optional(Schema.String)
    }),
    scope: "decisions:write",
    rate: "write",
    result: Staged,
    run: ({ contract, words_hash, ...decision }) => Effect.flatMap(Negotiation, (negotiation) => negotiation.stage(contract, decision, words_hash))
  }),
  tool({
    name: "get_attention",
    description: "What waits on you (GET /attention), grouped by counterparty, most urgent first; page with starting_after.",
    args: Body({ limit: Schema.optional(Limit), starting_after: Schema.optional(Schema.String) }),
    scope: "contracts:read",
    rate: "read",
    result: AttentionFeed,
    run: ({ limit, starting_after }) =>
      Effect.flatMap(Attention, (attention) => attention.feed({ ...limitText(limit), ...(starting_after === undefined ? {} : { starting_after }) }))
  })
]
