import type { Actor, Contract } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import type { DomainEvent } from "../Contract/Events.js"
import { appendEvents } from "../Contract/Guards.js"
import type { ContractId, NewId } from "../Contract/Ids.js"
import type { Mode } from "../Contract/Mode.js"
import { drafterParty } from "../Contract/Parties.js"
import { newContract } from "../Contract/NewContract.js"
import { type Block, renumber, wordsHash } from "../Words/Blocks.js"
import type { Fact } from "../Words/Fact.js"
import { type Parse, verificationThreshold } from "./Parsed.js"

export interface ImportInput {
  readonly id: ContractId
  readonly mode: Mode
  readonly actor: Actor
  readonly importId: string
  readonly asset: string
  readonly parse: Parse
  /** `already_signed`: the contract is `filed`, readable and citable, never negotiable. */
  readonly filed: boolean
  /** A document forwarded by mail: `email` wins over `import` (the spec's origin rule). */
  readonly origin?: "email"
  readonly now: string
  readonly newId: NewId
}

/** What an import row records of the contract its parse made. */
export interface ImportSummary {
  readonly contract: string
  readonly state: string
  readonly blocks: number
  readonly unverified: ReadonlyArray<string>
  readonly signature_blocks: number
  readonly facts_inferred: number
  readonly fields: number
}

export const importSummary = (contract: Contract, missing: number): ImportSummary => ({
  contract: contract.id,
  state: contract.state,
  blocks: contract.blocks.length,
  unverified: contract.blocks.filter((block) => block.verification === "unverified").map((block) => block.id),
  signature_blocks: contract.blocks.filter((block) => block.kind === "signature_block").length,
  facts_inferred: contract.facts.filter((fact) => fact.inferred).length,
  fields: contract.facts.length + missing
})

/**
 * A new contract from a parse: the words are the parsed blocks, each keeping its confidence, the
 * readings proposed for it and its span in the asset's text layer; every fact is inferred until a
 * person confirms it, and exists only where its value sits in the words. The origin is `import`
 * (or `email` for a forwarded document), which the spec makes provenance only.
 */
export const importContract = (input: ImportInput): Decided<ImportSummary> => {
  const blockIds = input.parse.blocks.map(() => input.newId("blk"))
  const blocks: ReadonlyArray<Block> = renumber(input.parse.blocks.map((parsed, index) => ({
    id: blockIds[index]!,
    kind: parsed.kind,
    text: parsed.text,
    confidence: parsed.confidence,
    verification: parsed.confidence < verificationThreshold ? "unverified" as const : "verified" as const,
    source_span: { asset: input.asset, page: parsed.source.page, offset_start: parsed.source.start, offset_end: parsed.source.end },
    candidates: parsed.candidates.includes(parsed.text) ? parsed.candidates : [parsed.text, ...parsed.candidates]
  })))
  const facts: ReadonlyArray<Fact> = input.parse.facts
    // A fact with no span cannot exist: one the words do not carry where the parse says is dropped.
    .map((fact) => ({ ...fact, spans: fact.spans.filter((span) => blocks[span.block]?.text.slice(span.start, span.end) === fact.value) }))
    .filter((fact) => fact.spans.length > 0)
    .map((fact) => ({
      id: input.newId("fct"),
      name: fact.name,
      label: fact.label,
      kind: fact.kind,
      value: fact.value,
      inferred: true,
      confirmed_by: null,
      confirmed_at: null,
      missing: false,
      spans: fact.spans.map((span) => ({ block: blockIds[span.block]!, start: span.start, end: span.end }))
    }))
  const person = input.actor.person!
  const state = input.filed ? "filed" as const : "draft" as const
  const contract = newContract({
    id: input.id,
    mode: input.mode,
    org: input.actor.org!,
    title: input.parse.title,
    state,
    origin: input.origin ?? "import",
    template: null,
    amends: null,
    blocks,
    facts,
    parties: [drafterParty(input.actor, input.newId("pty"))],
    ...(input.filed ? { signed_elsewhere: { claimed_by: person.id, claimed_at: input.now, asset: input.asset } } : {}),
    imported: { import: input.importId, asset: input.asset },
    words_hash: wordsHash(blocks)
  }, input.now)
  const summary = importSummary(contract, input.parse.missing.length)
  const events: ReadonlyArray<DomainEvent> = [
    {
      type: "contract.parsed",
      data: {
        contract: contract.id,
        origin: contract.origin,
        import: input.importId,
        asset: input.asset,
        state,
        title: contract.title,
        words_hash: contract.words_hash,
        blocks: blocks.length
      }
    },
    {
      type: "import.completed",
      data: { contract: contract.id, import: input.importId, asset: input.asset, unverified_count: summary.unverified.length, unverified: summary.unverified }
    }
  ]
  return { contract: appendEvents(contract, events, input.now), events, result: summary }
}
