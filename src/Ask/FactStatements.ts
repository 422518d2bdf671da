import type { Mode } from "../Domain/Contract/Mode.js"

/**
 * The contracts an org's caller can see in a mode, as the contract's GET decides (Domain/Contract/
 * Seat.ts): its own, and those it holds a live counterparty seat on. $1 the org, $2 the mode.
 */
const visibleContracts = `c.mode = $2 AND (c.org_id = $1 OR c.id IN (
  SELECT p.contract_id FROM contract_parties p
  WHERE p.org_id = $1 AND p.mode = $2 AND p.removed_at IS NULL AND p.side = 'counterparty'))`

/**
 * The facts of the given kinds ($3, a text array) of every contract the caller can see, from the
 * fact index (migration 0021), with whether a term's or notice's block speaks of renewal.
 */
export const factsStatement = `
  SELECT f.contract_id AS contract, c.title, c.state, f.fact_id AS fact, f.name, f.kind, f.value, f.block_id AS block,
    COALESCE(b.text ~* 'renew', false) AS in_renewal
  FROM contract_facts f
  JOIN contracts c ON c.id = f.contract_id
  LEFT JOIN block_search b ON f.kind IN ('term', 'notice') AND b.contract_id = f.contract_id AND b.block_id = f.block_id
  WHERE f.mode = $2 AND f.kind = ANY($3::text[]) AND ${visibleContracts}
  ORDER BY f.contract_id, f.name, f.fact_id`

/** Every contract the caller can see, by title: what a question that names one, or a kind of agreement, reads. */
export const titlesStatement = `SELECT c.id AS contract, c.title, c.state FROM contracts c WHERE ${visibleContracts}`

export const factParameters = (org: string, mode: Mode, kinds: ReadonlyArray<string>) => [org, mode, `{${kinds.join(",")}}`]
