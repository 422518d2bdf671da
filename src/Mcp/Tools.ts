import { Effect, Schema } from "effect"
import { AttentionFeed } from "../Attention/Api.js"
import { Attention } from "../Attention.js"
import { Contracts } from "../Contracts.js"
import { ContractPage, Drafted, DraftRequest, Sheet } from "../Contracts/Schemas.js"
import { contractStates, origins } from "../Domain/Contract/Contract.js"
import { Body } from "../Http/Schemas.js"
import { Negotiation } from "../Negotiation.js"
import { AskRow, DecisionRequest } from "../Negotiation/Schemas.js"
import { Staged } from "../Engine/Results.js"
import { reading, type Tool, tool } from "./Tool.js"

/** What a client shows beside an argument: a title for its form, and a sentence. */
const about = (title: string, description: string) => ({ title, description })

const Contract = Schema.String.pipe(Schema.pattern(/^con_[0-9A-Za-z]{1,64}$/)).annotations(about("Contract", "A contract id (`con_…`)."))
// Not Schema.Int, whose identifier would describe the argument by reference.
const Limit = Schema.Number.pipe(Schema.int(), Schema.between(1, 100)).annotations(about("Limit", "At most this many rows (1 to 100, default 10)."))
const StartingAfter = Schema.String.annotations(about("Starting after", "The `next_cursor` of the page before, for the page after it."))
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
    title: "Read a contract",
    description: "The contract as your seat sees it (GET /contracts/{id}): state, origin, blocks, facts, parties, words_hash, ready, you.",
    args: Body({ contract: Contract }),
    annotations: reading,
    scope: "contracts:read",
    rate: "read",
    result: Sheet,
    run: ({ contract }) => Effect.flatMap(Contracts, (contracts) => contracts.sheet(contract))
  }),
  tool({
    name: "list_contracts",
    title: "List contracts",
    description:
      "Contracts you can see, newest first (GET /contracts). Filters: state and origin (comma lists), relationship (rel_…), updated_since (ISO 8601); page with starting_after.",
    args: Body({
      state: Schema.optional(Schema.String).annotations(about("State", `Only these states, comma-separated: ${contractStates.join(", ")}.`)),
      origin: Schema.optional(Schema.String).annotations(about("Origin", `Only these origins, comma-separated: ${origins.join(", ")}.`)),
      relationship: Schema.optional(Schema.String).annotations(about("Relationship", "Only contracts of this relationship (`rel_…`).")),
      updated_since: Schema.optional(Schema.String).annotations(about("Updated since", "Only contracts changed since this ISO 8601 time.")),
      starting_after: Schema.optional(StartingAfter),
      limit: Schema.optional(Limit)
    }),
    annotations: reading,
    scope: "contracts:read",
    rate: "read",
    result: ContractPage,
    run: ({ limit, ...filters }) => Effect.flatMap(Contracts, (contracts) => contracts.list({ ...filters, ...limitText(limit) }))
  }),
  tool({
    name: "draft_contract",
    title: "Draft a contract",
    description:
      "Drafts a contract from a template (template_id, see facts) or from a sentence (prompt), as POST /contracts does; its origin is `mcp`. Nothing is sent: a person sends it, confirming with their own name.",
    // The fields of POST /contracts' body, without its name, so that the schema is described inline.
    args: Body({
      template_id: DraftRequest.fields.template_id.annotations(about("Template", "The template to draft from (`tpl_…`); not with a prompt.")),
      prompt: DraftRequest.fields.prompt.annotations(
        about("Prompt", "The contract in a sentence, to draft from instead of a template; at most 5,000 characters.")
      ),
      facts: DraftRequest.fields.facts.annotations(about("Facts", "The template's blanks, by key (`party_a`, `effective_date`, …): text or numbers."))
    }),
    // Each call is one more draft beside the others, replacing nothing.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    scope: "contracts:write",
    rate: "write",
    result: Drafted,
    run: (request) => Effect.flatMap(Contracts, (contracts) => contracts.draft(request))
  }),
  tool({
    name: "get_asks",
    title: "Read the asks",
    description: "The asks on a contract (GET /contracts/{id}/asks): open by default, or all, or those you have not decided.",
    args: Body({
      contract: Contract,
      filter: Schema.optional(Schema.Literal("open", "all", "undecided")).annotations(
        about("Filter", "Which asks: `open` (the default), `all`, or `undecided` (those you have not decided).")
      )
    }),
    annotations: reading,
    scope: "contracts:read",
    rate: "read",
    result: Schema.Struct({ data: Schema.Array(AskRow), has_more: Schema.Boolean, next_cursor: Schema.NullOr(Schema.String) }),
    run: ({ contract, filter }) => Effect.flatMap(Negotiation, (negotiation) => negotiation.asks(contract, filter ?? "open"))
  }),
  tool({
    name: "stage_decision",
    title: "Stage a decision",
    description:
      "Stages your decision on an ask, or a new ask on a block (POST /contracts/{id}/decisions): accept, counter (with text) or decline. words_hash is the contract's current hash (If-Match). It stays private to your seat and is never sent by this tool: the person commits the round.",
    args: Body({
      contract: Contract,
      words_hash: Schema.String.pipe(Schema.minLength(1)).annotations(about("Words hash", "The contract's `words_hash` as you last read it.")),
      ask_id: DecisionRequest.fields.ask_id.annotations(about("Ask", "The ask you decide (`ask_…`); not with a block.")),
      block_id: DecisionRequest.fields.block_id.annotations(about("Block", "The block a new ask changes (`blk_…`), when no ask is open on it.")),
      type: DecisionRequest.fields.type.annotations(about("Decision", "`accept`, `counter` (with text) or `decline`.")),
      text: DecisionRequest.fields.text.annotations(about("Text", "The words a counter proposes.")),
      why: DecisionRequest.fields.why.annotations(about("Why", "Why you counter or decline; the other side reads it once the round is sent."))
    }),
    // One decision per ask per seat: the same call again leaves the same one, another replaces it.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    scope: "decisions:write",
    rate: "write",
    result: Staged,
    run: ({ contract, words_hash, ...decision }) => Effect.flatMap(Negotiation, (negotiation) => negotiation.stage(contract, decision, words_hash))
  }),
  tool({
    name: "get_attention",
    title: "What waits on you",
    description: "What waits on you (GET /attention), grouped by counterparty, most urgent first; page with starting_after.",
    args: Body({ limit: Schema.optional(Limit), starting_after: Schema.optional(StartingAfter) }),
    annotations: reading,
    scope: "contracts:read",
    rate: "read",
    result: AttentionFeed,
    run: ({ limit, starting_after }) =>
      Effect.flatMap(Attention, (attention) => attention.feed({ ...limitText(limit), ...(starting_after === undefined ? {} : { starting_after }) }))
  })
]
