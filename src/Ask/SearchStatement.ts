import type { Mode } from "../Domain/Contract/Mode.js"

/**
 * The retrieval of POST /ask, as one statement the bench can EXPLAIN word for word: the
 * best-ranked block of each contract, then the best contracts. Blocks match every content word of
 * the question ($5 true) or any of them (the lexemes joined by OR). Candidates are the contracts
 * the org drafted or holds a live seat on, in the key's mode.
 */
export const searchStatement = `
  SELECT contract_id, block_id, rank FROM (
    SELECT DISTINCT ON (b.contract_id) b.contract_id, b.block_id, ts_rank(b.words, q) AS rank
    FROM block_search b,
      CAST(CASE WHEN $5 THEN plainto_tsquery('english', $1)::text ELSE replace(plainto_tsquery('english', $1)::text, '&', '|') END AS tsquery) AS q
    WHERE b.words @@ q AND b.mode = $2 AND b.contract_id IN (
      SELECT c.id FROM contracts c WHERE c.org_id = $3 AND c.mode = $2
      UNION
      SELECT p.contract_id FROM contract_parties p WHERE p.org_id = $3 AND p.mode = $2 AND p.removed_at IS NULL
    )
    ORDER BY b.contract_id, rank DESC, b.block_id
  ) AS best
  ORDER BY rank DESC, contract_id
  LIMIT $4`

export const searchParameters = (org: string, mode: Mode, terms: ReadonlyArray<string>, limit: number, allWords: boolean) => [
  terms.join(" "),
  mode,
  org,
  limit,
  allWords
]

/**
 * Without statistics (PGlite never gathers them on its own) the planner guesses one visible
 * contract and loops over the word index once per contract: 94 s at 10,000 contracts, against
 * 56 ms for the hash join it picks once it knows better. The join is decided here instead.
 */
export const searchSettings = "SET LOCAL enable_nestloop = off"
