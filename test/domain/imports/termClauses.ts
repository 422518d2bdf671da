import { expect } from "@effect/vitest"
import { parseDocument } from "../../../src/Domain/Imports/ParseDocument.js"
import { normalizedValue } from "../../../src/Domain/Words/FactReading.js"

/**
 * A term clause set in a small supply agreement that takes effect on March 1, 2018, and the reading
 * of the expiration the parse finds in it: an ISO date, `perpetual`, or null when none is read.
 */
const contract = (...clauses: ReadonlyArray<string>) =>
  [
    "SUPPLY AGREEMENT",
    "This Supply Agreement (this \"Agreement\") is entered into as of March 1, 2018 (the \"Effective Date\") by and between Northwind Foods, Inc., a Delaware corporation (\"Buyer\"), and Harbor Packaging Ltd., an Ohio corporation (\"Supplier\").",
    "1. Supply. Supplier shall manufacture and deliver the Products to Buyer in accordance with the purchase orders Buyer issues.",
    ...clauses,
    "9. Governing Law. This Agreement shall be governed by the laws of the State of Ohio.",
    "IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.",
    "Northwind Foods, Inc.\nBy: /s/ Mary Jones\nName: Mary Jones\nTitle: President"
  ].join("\n\n")

export const expirationOf = (...clauses: ReadonlyArray<string>): string | null => {
  const text = contract(...clauses)
  const outcome = parseDocument({ text, pages: [{ page: 1, start: 0, end: text.length }] })
  if (outcome._tag !== "Parsed") throw new Error(outcome.detail)
  const expiration = outcome.parse.facts.find((fact) => fact.name === "expiration_date")
  return expiration === undefined ? null : normalizedValue(expiration, outcome.parse.facts) ?? `unreadable: ${expiration.value}`
}

/** Every clause with its reading, so one failure shows them all. */
export const expectReadings = (cases: ReadonlyArray<readonly [string, string | null]>) =>
  expect(cases.map(([clause]) => [clause, expirationOf(clause)])).toEqual(cases.map(([clause, expected]) => [clause, expected]))
