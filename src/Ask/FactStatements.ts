import type { Mode } from "../Domain/Contract/Mode.js"
import type { Filter } from "../Domain/Ask/Reading.js"
import { aliasesOf } from "../Domain/Ask/Places.js"

/**
 * The contracts an org's caller can see in a mode, as the contract's GET decides (Domain/Contract/
 * Seat.ts): its own, and those it holds a live counterparty seat on. $1 the org, $2 the mode.
 */
const visibleContracts = `c.mode = $2 AND (c.org_id = $1 OR c.id IN (
  SELECT p.contract_id FROM contract_parties p
  WHERE p.org_id = $1 AND p.mode = $2 AND p.removed_at IS NULL AND p.side = 'counterparty'))`

const factColumns = `f.contract_id AS contract, c.title, c.state, f.fact_id AS fact, f.name, f.kind, f.value, f.block_id AS block,
  f.in_renewal, f.reading, f.currency, f.amount_min, f.amount_max`

/**
 * Which rows of the fact index a filter can be met by, in SQL over stored columns, so a question
 * reads only the facts that may answer it; the pure rules (Domain/Ask/FactMatch.ts) then decide
 * exactly. $3 on are the filter's own parameters.
 */
const condition = (filter: Exclude<Filter, { kind: "agreement_kind" }>): readonly [string, ReadonlyArray<unknown>] => {
  switch (filter.kind) {
    case "law":
      return ["f.kind = 'jurisdiction' AND f.value ILIKE ANY($3::text[])", [`{${aliasesOf(filter.place).map((alias) => `"%${alias}%"`).join(",")}}`]]
    case "renews":
      return ["(f.name = 'renewal_term' OR (f.kind IN ('term', 'notice') AND f.in_renewal))", []]
    case "renewal_notice":
      // A contract's notice period stops its renewal when it renews (FactMatch.ts isRenewalNotice).
      return [
        `(f.kind = 'notice' AND (f.in_renewal OR f.name LIKE '%renewal%' OR (f.name = 'notice_period' AND EXISTS (
          SELECT 1 FROM contract_facts r WHERE r.contract_id = f.contract_id AND r.name = 'renewal_term'))))`,
        []
      ]
    case "date": {
      const compared = filter.op === "before" ? "f.reading < $4" : filter.op === "after" ? "f.reading >= $4" : "left(f.reading, 4) = $4"
      // A contract that states no effective date took effect when it was made (FactMatch.ts datesFor).
      const fallback = filter.field === "effective_date"
        ? ` OR (f.name = 'agreement_date' AND NOT EXISTS (
            SELECT 1 FROM contract_facts e WHERE e.contract_id = f.contract_id AND e.kind = 'date' AND e.name = 'effective_date'))`
        : ""
      return [
        `f.kind = 'date' AND (f.name = $3${fallback}) AND f.reading ~ '^[0-9]{4}' AND ${compared}`,
        [filter.field, String(filter.op === "after" ? filter.year + 1 : filter.year)]
      ]
    }
    case "amount": {
      const compared = { over: "f.amount_max > $4", "at least": "f.amount_max >= $4", under: "f.amount_min < $4", "at most": "f.amount_min <= $4" }[filter.op]
      return [`f.kind = 'money' AND f.currency = $3 AND ${compared}`, [filter.currency, filter.amount]]
    }
  }
}

/** The rows of the fact index that may meet one filter, of every contract the caller can see. */
export const factsStatement = (org: string, mode: Mode, filter: Exclude<Filter, { kind: "agreement_kind" }>) => {
  const [exact, parameters] = condition(filter)
  // The renewal term rides along with a renewal notice, for the pure rule to see that the contract renews.
  const where = filter.kind === "renewal_notice" ? `(${exact} OR f.name = 'renewal_term')` : exact
  return {
    statement: `SELECT ${factColumns} FROM contract_facts f JOIN contracts c ON c.id = f.contract_id
      WHERE f.mode = $2 AND ${visibleContracts} AND ${where}
      ORDER BY f.contract_id, f.name, f.fact_id`,
    parameters: [org, mode, ...parameters]
  }
}

/** The rule a filter's SQL states exactly (every one but the law, whose first place only the pure rule reads). */
export const exactInSql = (filter: Filter): filter is Exclude<Filter, { kind: "agreement_kind" | "law" }> =>
  filter.kind !== "law" && filter.kind !== "agreement_kind"

/**
 * One filter stated exactly in SQL, answered in SQL: one fact per contract that meets it (a renewal
 * term before a term or notice of a renewal clause), the first `limit` contracts by title, and how
 * many meet it in all, so a question met by thousands of contracts reads only the page it names.
 */
export const factPageStatement = (org: string, mode: Mode, filter: Exclude<Filter, { kind: "agreement_kind" | "law" }>, limit: number) => {
  const [where, parameters] = condition(filter)
  return {
    statement: `SELECT *, count(*) OVER () AS total FROM (
      SELECT DISTINCT ON (f.contract_id) ${factColumns} FROM contract_facts f JOIN contracts c ON c.id = f.contract_id
      WHERE f.mode = $2 AND ${visibleContracts} AND ${where}
      ORDER BY f.contract_id, (f.name = 'renewal_term') DESC, f.name, f.fact_id
    ) AS one ORDER BY title COLLATE "C", contract LIMIT ${Math.max(1, Math.trunc(limit))}`,
    parameters: [org, mode, ...parameters]
  }
}

/** Every contract the caller can see, by title: what a question about a kind of agreement reads. */
export const titlesStatement = `SELECT c.id AS contract, c.title, c.state FROM contracts c WHERE ${visibleContracts}`

/** The contracts the caller can see whose title holds one of the words ($3, letters and digits only): the candidates a name may name. */
export const titlesHoldingStatement = `${titlesStatement} AND c.title ILIKE ANY($3::text[])`
