import type { Actor, Contract } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import type { DomainEvent } from "../Contract/Events.js"
import { appendEvents, requireCurrentHash, requireSeat } from "../Contract/Guards.js"
import { notFound, reject, Rejection } from "../Contract/Rejection.js"
import { type Block, wordsHash } from "../Words/Blocks.js"
import type { Fact } from "../Words/Fact.js"
import { renderValue } from "../Words/Fact.js"

export interface BlockConfirmation {
  readonly id: string
  readonly kind: string
  readonly text: string
  readonly confidence: number | null
  readonly verification: "verified"
  readonly confirmed_by: string
  readonly words_hash: string
}

const occurrencesIn = (text: string, value: string): ReadonlyArray<number> => {
  const found: Array<number> = []
  for (let at = text.indexOf(value); at !== -1 && value !== ""; at = text.indexOf(value, at + value.length)) found.push(at)
  return found
}

/**
 * A fact's spans in a block whose text was replaced by another reading: found again where the
 * value now sits. A fact the new reading no longer carries anywhere is gone with it, since a fact
 * with no span cannot exist (docs/gaps.md "Block confirm").
 */
const respan = (facts: ReadonlyArray<Fact>, block: Block, text: string): ReadonlyArray<Fact> =>
  facts
    .map((fact) => {
      if (!fact.spans.some((span) => span.block === block.id)) return fact
      const value = renderValue(fact.value)
      const kept = fact.spans.filter((span) => span.block !== block.id)
      const found = occurrencesIn(text, value).map((start) => ({ block: block.id, start, end: start + value.length }))
      return { ...fact, spans: [...kept, ...found] }
    })
    .filter((fact) => fact.spans.length > 0)

/**
 * POST /contracts/{id}/blocks/{block_id}/confirm: a person clears a block's parse. Before the first
 * Send it writes the draft (`contracts:write`) and may pick another reading the parse proposed for
 * the span; after it (and on a filed contract, whose words never change) it only records the
 * verification, and a `text` is refused. Nothing confirms itself by confidence.
 */
export const confirmBlock = (
  contract: Contract,
  actor: Actor,
  input: {
    readonly blockId: string
    readonly text?: string | undefined
    readonly ifMatch: string
    readonly scopes: ReadonlyArray<string> | null
    readonly now: string
  }
): Rejection | Decided<BlockConfirmation> => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return seat
  const editable = contract.state === "draft"
  if (editable && input.scopes !== null && !input.scopes.includes("contracts:write")) {
    return reject("insufficient_scope", "Before the first Send a block confirm writes the draft: this key lacks 'contracts:write'.", {
      param: "contracts:write"
    })
  }
  const block = contract.blocks.find((b) => b.id === input.blockId)
  if (block === undefined) return notFound("block", input.blockId, "block_id")
  const stale = requireCurrentHash(contract, input.ifMatch)
  if (stale !== undefined) return stale
  if (input.text !== undefined && !editable) {
    return reject(
      "invalid_request",
      contract.state === "filed"
        ? "The words of a filed contract never change; confirm without text, or amend it."
        : "After the first Send a confirm takes no text; to change the words, stage a counter with block_id.",
      { param: "text" }
    )
  }
  if (editable && seat.side !== "drafter") return reject("invalid_request", "Only the drafting side edits the draft.")
  const candidates = block.candidates ?? [block.text]
  if (input.text !== undefined && !candidates.includes(input.text)) {
    return reject("not_a_parse_candidate", "That text is not a reading the parse proposed for this block; omit text to confirm it as it stands.", {
      param: "text"
    })
  }
  const person = actor.person!.id
  const text = input.text ?? block.text
  const confirmed: Block = { ...block, text, verification: "verified" }
  const blocks = contract.blocks.map((b) => (b.id === block.id ? confirmed : b))
  const facts = text === block.text ? contract.facts : respan(contract.facts, block, text)
  const hash = text === block.text ? contract.words_hash : wordsHash(blocks)
  const event: DomainEvent = {
    type: "block.confirmed",
    data: { contract: contract.id, block: block.id, confirmed_by: person, text: input.text ?? null, words_hash: hash }
  }
  return {
    contract: appendEvents({ ...contract, blocks, facts, words_hash: hash }, [event], input.now),
    events: [event],
    result: {
      id: block.id,
      kind: block.kind,
      text,
      confidence: block.confidence ?? null,
      verification: "verified",
      confirmed_by: person,
      words_hash: hash
    }
  }
}
