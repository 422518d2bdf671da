import type { Contract } from "../Contract/Contract.js"

/** Advice before Send, never a refusal: what a careful sender would still look at. */
export const readiness = (contract: Contract) => {
  const missing = contract.facts.filter((fact) => fact.missing).map((fact) => fact.id)
  const unconfirmed = contract.facts.filter((fact) => fact.inferred).map((fact) => fact.id)
  const unverified = contract.blocks.filter((block) => block.verification === "unverified").map((block) => block.id)
  return {
    to_send: contract.state === "draft" && missing.length === 0 && unconfirmed.length === 0 && unverified.length === 0,
    missing_facts: missing,
    unconfirmed_facts: unconfirmed,
    unverified_blocks: unverified
  }
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * What a Send went out with that a person had not settled: template blanks still unfilled,
 * inferred facts nobody confirmed, blocks nobody verified. The spec makes it a warning on a
 * successful Send, never a refusal; null when there is nothing to say.
 */
export const sendWarning = (contract: Contract) => {
  const ready = readiness(contract)
  const parts = [
    ready.missing_facts.length > 0 ? count(ready.missing_facts.length, "template blank left unfilled", "template blanks left unfilled") : null,
    ready.unconfirmed_facts.length > 0 ? count(ready.unconfirmed_facts.length, "inferred fact nobody confirmed", "inferred facts nobody confirmed") : null,
    ready.unverified_blocks.length > 0 ? count(ready.unverified_blocks.length, "unverified block", "unverified blocks") : null
  ].filter((part) => part !== null)
  if (parts.length === 0) return null
  return {
    code: "unconfirmed_content" as const,
    message: `Sent with ${parts.join(", ")}; the other side sees the words as they stand.`,
    facts: [...ready.missing_facts, ...ready.unconfirmed_facts],
    blocks: ready.unverified_blocks
  }
}
