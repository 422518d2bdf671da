import { describe, expect, it } from "@effect/vitest"
import { factIndexRows, factsChanged } from "../../../src/Domain/Ask/FactIndex.js"
import { asId } from "../../../src/Domain/Contract/Ids.js"
import type { Fact, FactKind } from "../../../src/Domain/Words/Fact.js"

const fact = (id: string, kind: FactKind, name: string, value: string, block: string | null): Fact => ({
  id: asId("fct", id),
  name,
  label: name,
  kind,
  value,
  inferred: true,
  confirmed_by: null,
  confirmed_at: null,
  missing: false,
  spans: block === null ? [] : [{ block, start: 0, end: value.length }]
})

const blocks = [
  { id: "blk_1", text: "This Agreement is made on June 1, 2010 between Acme Ltd and Beta LLC." },
  { id: "blk_2", text: "2. Term. Five (5) years from the Effective Date; it then renews for successive one-year periods." },
  { id: "blk_3", text: "3. Fees. Fees are $5,000 or $12,500.50 a month, or EUR 900 for the hosting." }
]
const effective = fact("fct_start", "date", "effective_date", "June 1, 2010", "blk_1")
const expiration = fact("fct_end", "date", "expiration_date", "Five (5) years from the Effective Date", "blk_2")
const fees = fact("fct_fees", "money", "fees", "$5,000 or $12,500.50", "blk_3")
const mixed = fact("fct_mixed", "money", "amount_2", "$5,000 or EUR 900", "blk_3")
const contract = { facts: [effective, expiration, fees, mixed], blocks }

describe("the fact index a save writes", () => {
  it("stores each fact's reading, counted from the contract's other facts, and whether its block speaks of renewal", () => {
    const rows = factIndexRows(contract)
    expect(rows.map((row) => [row.fact_id, row.block_id, row.in_renewal, row.reading])).toEqual([
      ["fct_start", "blk_1", false, "2010-06-01"],
      ["fct_end", "blk_2", true, "2015-06-01"],
      ["fct_fees", "blk_3", false, null],
      ["fct_mixed", "blk_3", false, null]
    ])
  })

  it("stores a money fact's smallest and largest sum when they share one currency, and none when they do not", () => {
    const [, , one, two] = factIndexRows(contract)
    expect([one!.currency, one!.amount_min, one!.amount_max]).toEqual(["USD", 5000, 12500.5])
    expect([two!.currency, two!.amount_min, two!.amount_max]).toEqual([null, null, null])
  })

  it("is rewritten when a fact or a block a fact stands in changes, and only then", () => {
    expect(factsChanged(null, contract)).toBe(true)
    expect(factsChanged(null, { facts: [], blocks })).toBe(false)
    expect(factsChanged(contract, { ...contract })).toBe(false)
    const moved = { ...contract, facts: [{ ...effective, value: "June 1, 2011" }, expiration, fees, mixed] }
    expect(factsChanged(contract, moved)).toBe(true)
    const reworded = { ...contract, blocks: [blocks[0]!, { id: "blk_2", text: "2. Term. Five (5) years from the Effective Date." }, blocks[2]!] }
    expect(factsChanged(contract, reworded)).toBe(true)
    const other = { ...contract, blocks: [...blocks, { id: "blk_4", text: "4. Notices. In writing." }] }
    expect(factsChanged(contract, other)).toBe(false)
  })
})
