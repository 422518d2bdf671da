/**
 * The sample contract filed instead of executed: imported, signed elsewhere, with facts the import
 * read (one confirmed). What the filed PDF's screenshot renders, the same bytes on every run.
 */
import { type FiledPdfFiles, filedPdfFiles } from "../src/Certificates/FiledPdf.js"
import { keyIdOf } from "../src/Certificates/KeyId.js"
import type { Contract } from "../src/Domain/Contract/Contract.js"
import type { FactId } from "../src/Domain/Contract/Ids.js"
import type { Fact, FactKind } from "../src/Domain/Words/Fact.js"
import { publicPem, sampleContract, sampleSign } from "./executedSample.js"

const fact = (name: string, label: string, kind: FactKind, value: string, confirmed_at: string | null = null): Fact => ({
  id: `fct_${name}` as FactId,
  name,
  label,
  kind,
  value,
  inferred: confirmed_at === null,
  confirmed_by: confirmed_at === null ? null : "per_pty_grace",
  confirmed_at,
  missing: false,
  spans: []
})

export const sampleFiledContract = (clauses: number): Contract => {
  const executed = sampleContract(clauses)
  const filedAt = "2027-03-02T09:30:00.000Z"
  return {
    ...executed,
    state: "filed",
    origin: "import",
    parties: executed.parties.slice(0, 1),
    asks: [],
    letters: [],
    signatures: [],
    executed_at: null,
    facts: [
      fact("client", "Client", "party", "Northwind Traders, Inc.", filedAt),
      fact("supplier", "Supplier", "party", "Contoso Services LLC"),
      fact("effective_date", "Effective date", "date", "1 March 2027"),
      fact("governing_law", "Governing law", "jurisdiction", "New York")
    ],
    signed_elsewhere: { claimed_by: "per_pty_grace", claimed_at: filedAt, asset: "ast_sample_source" },
    imported: { import: "imp_sample", asset: "ast_sample_source" },
    head_sequence: 1,
    updated_at: filedAt
  }
}

/** The files of the filed sample's PDF, signed by the sample key. */
export const sampleFiledFiles = (clauses: number): FiledPdfFiles =>
  filedPdfFiles(
    sampleFiledContract(clauses),
    "sha256:5f3c0b8a9d2e4f6a7b1c3d5e7f9a0b2c4d6e8f0a1b3c5d7e9f0a2b4c6d8e0f1a",
    keyIdOf(publicPem),
    publicPem,
    sampleSign
  )
