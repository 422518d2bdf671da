import { lawIs } from "./Places.js"
import type { Filter } from "./Reading.js"

/** A contract the asker can see, by its title. */
export interface Titled {
  readonly contract: string
  readonly title: string
  readonly state: string
}

/** One fact of a contract the asker can see, as the fact index holds it, with the contract's title. */
export interface FactRow extends Titled {
  readonly fact: string
  readonly name: string
  readonly kind: string
  readonly value: string
  /** The block the fact first stands in: what an answer cites. */
  readonly block: string | null
  /** Whether that block speaks of renewal ("renews for successive one-year periods unless …"). */
  readonly in_renewal: boolean
  /** The fact's normalized reading, as the save stored it (an ISO date, `perpetual`, a duration). */
  readonly reading: string | null
  /** A money fact's sums in one currency: the smallest and the largest. */
  readonly currency: string | null
  readonly amount_min: number | null
  readonly amount_max: number | null
}

/** A contract that meets every filter: the fact that shows it (null when its title does), and that fact's reading. */
export interface FactMatch extends Titled {
  readonly shown: FactRow | null
  readonly reading: string | null
}

const yearOf = (reading: string | null): number | null => reading === null || !/^\d{4}/.test(reading) ? null : Number(reading.slice(0, 4))

const isRenewal = (row: FactRow) => row.name === "renewal_term" || ((row.kind === "term" || row.kind === "notice") && row.in_renewal)
/** A notice that stops a renewal: its clause speaks of renewal, its name says so, or the contract renews and it is the notice period. */
const isRenewalNotice = (row: FactRow, facts: ReadonlyArray<FactRow>) =>
  row.kind === "notice" && (row.in_renewal || /renewal/.test(row.name) || (row.name === "notice_period" && facts.some((fact) => fact.name === "renewal_term")))

/**
 * The date facts a date filter reads: its own; a contract that states no effective date took
 * effect when it was made, so the agreement date stands in for it.
 */
export const datesFor = <F extends { readonly kind: string; readonly name: string }>(field: string, facts: ReadonlyArray<F>): ReadonlyArray<F> => {
  const own = facts.filter((fact) => fact.kind === "date" && fact.name === field)
  return own.length > 0 || field !== "effective_date" ? own : facts.filter((fact) => fact.kind === "date" && fact.name === "agreement_date")
}

/** The fact of one contract that meets a filter, with its reading; undefined when none does. */
const meeting = (filter: Filter, facts: ReadonlyArray<FactRow>): { readonly row: FactRow; readonly reading: string | null } | undefined => {
  switch (filter.kind) {
    case "law": {
      const row = facts.find((fact) => fact.kind === "jurisdiction" && lawIs(fact.value, filter.place))
      return row && { row, reading: null }
    }
    case "renews": {
      // The renewal itself, else the notice that stops it (its sentence says it renews), else a term in a renewal clause.
      const row = facts.find((fact) => fact.name === "renewal_term") ?? facts.find((fact) => isRenewalNotice(fact, facts)) ?? facts.find(isRenewal)
      return row && { row, reading: null }
    }
    case "renewal_notice": {
      const row = facts.find((fact) => isRenewalNotice(fact, facts))
      return row && { row, reading: null }
    }
    case "date": {
      for (const row of datesFor(filter.field, facts)) {
        const year = yearOf(row.reading)
        if (year === null) continue
        if (filter.op === "before" ? year < filter.year : filter.op === "after" ? year > filter.year : year === filter.year) {
          return { row, reading: row.reading }
        }
      }
      return undefined
    }
    case "amount": {
      // Sums compare only in the question's currency: "over €500,000" is no question about dollars.
      const row = facts.find((fact) =>
        fact.kind === "money" && fact.currency === filter.currency && fact.amount_min !== null && fact.amount_max !== null && (
          filter.op === "over"
            ? fact.amount_max > filter.amount
            : filter.op === "at least"
            ? fact.amount_max >= filter.amount
            : filter.op === "under"
            ? fact.amount_min < filter.amount
            : fact.amount_min <= filter.amount
        )
      )
      return row && { row, reading: null }
    }
    case "agreement_kind":
      return undefined
  }
}

/**
 * The contracts that meet every filter, in title order: a kind of agreement by the contract's
 * title, every other filter by one of its facts. The first fact-based filter's fact is the one shown.
 */
/** The contracts that hold any of the facts: a filter over facts needs no other contract. */
export const contractsOf = (facts: ReadonlyArray<FactRow>): ReadonlyArray<Titled> => [
  ...new Map(facts.map(({ contract, state, title }) => [contract, { contract, title, state }])).values()
]

export const matchFilters = (
  filters: ReadonlyArray<Filter>,
  contracts: ReadonlyArray<Titled>,
  facts: ReadonlyArray<FactRow>
): ReadonlyArray<FactMatch> => {
  const byContract = new Map<string, Array<FactRow>>()
  for (const row of facts) {
    const rows = byContract.get(row.contract)
    if (rows === undefined) byContract.set(row.contract, [row])
    else rows.push(row)
  }
  const matches: Array<FactMatch> = []
  for (const contract of contracts) {
    const rows = byContract.get(contract.contract) ?? []
    let shown: FactMatch["shown"] = null
    let reading: string | null = null
    const meetsAll = filters.every((filter) => {
      if (filter.kind === "agreement_kind") return filter.agreement.titled.test(contract.title)
      const met = meeting(filter, rows)
      if (met !== undefined && shown === null) [shown, reading] = [met.row, met.reading]
      return met !== undefined
    })
    if (meetsAll) matches.push({ ...contract, shown, reading })
  }
  // Code-point order, as the database's "C" collation pages them: the same on every database, and cheap over thousands.
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return matches.sort((a, b) => order(a.title, b.title) || order(a.contract, b.contract))
}

/**
 * The matches of one filter the database stated exactly and paged (Ask/FactStatements.ts): each row
 * is a contract that meets it, in order, shown by that fact; a date's reading is the one compared.
 */
export const pagedMatches = (filter: Filter, rows: ReadonlyArray<FactRow>): ReadonlyArray<FactMatch> =>
  rows.map((row) => ({ contract: row.contract, title: row.title, state: row.state, shown: row, reading: filter.kind === "date" ? row.reading : null }))
