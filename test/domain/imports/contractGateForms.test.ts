import { describe, expect, it } from "@effect/vitest"
import { isContract, readAsContract } from "../../../src/Domain/Imports/ContractGate.js"

/**
 * Forms of real contracts the gate refused as `not_a_contract`, each pinned with the document's own
 * words (CUAD v1, CC BY 4.0; the wide develop set, `scripts/evalImports/wideCorpus.ts`) or with a
 * document built here, and the neighbours that must stay refused.
 */

/** wide-040, a one-page order of services: prices and features, no sentence that binds. */
const hostingOpening = [
  "Premium Managed Hosting Agreement",
  "This is a managed hosting agreement between AstroNutrition.com and deep systems.  The effective term is 12 months beginning March 1, 2005 and ending February 28, 2006.",
  "Included Monthly Services",
  "Management of SMTP, IMAP, DNS, SQL database and HTTP server software and systems for the AstroNutrition.com domain and web site.  This includes regular off-site backups of the website itself and the database.",
  "Managed hosting fees are $175 per month for a period of 12 months.  This includes up to 10 G of bandwidth, with overages at $20 for each 1 G beyond 10 in any given month. The billing cycle is the 1st of each month."
].join("\n\n")
const hostingSignatures = "/s/ Ryan Thompson\n\n/s/ Chester Ku   Ryan Thompson, Deep Systems\n\nChester Ku, Astro Nutrition"

/** Prose about the law, no one bound: what a manual or a guide reads like. */
const guide = Array.from({ length: 12 }, (_, i) => `Step ${i + 1}. The server reads the configuration file and starts the listed services in order.`).join(
  "\n\n"
)

describe("the contract gate reads the forms real contracts take", () => {
  it("passes a text that names its parties and is signed by them, whatever its share of terms; either alone is not enough", () => {
    const signed = readAsContract(`${hostingOpening}\n\n${hostingSignatures}`)
    expect(signed).toMatchObject({ preamble: true, signatures: true, terms: 0 })
    expect(isContract(signed)).toBe(true)
    expect(isContract(readAsContract(hostingOpening))).toBe(false)
    expect(isContract(readAsContract(`${guide}\n\n${hostingSignatures}`))).toBe(false)
  })

  it("reads the openings that name parties: 'This is a … agreement between', a cover's 'between' line, 'Parties (1)', 'Party A:', 'agree as follows'", () => {
    const openings = [
      // wide-040
      "This is a managed hosting agreement between AstroNutrition.com and deep systems.",
      // wide-139's cover page and its English parties clause
      "Distributorship agreement\n\nbetween\n\nSignature Orthopaedics Pty Ltd\n\nAnd\n\nCPM Medical Consultants LLC",
      "EXHIBIT 10.43 THIS AGREEMENT is dated\n\nParties\n\n(1) Signature Orthopaedics Pty Ltd (ACN 106 702 416) , 7 Sirius Road, Lane Cove, NSW",
      // A cooperation agreement in the Chinese form, built here.
      "Cooperation Agreement   Party A: People's Government of the County Party B: New Energy Co., Ltd.   Party A welcomes and supports Party B.",
      "The Covenanter: Country Club Inc. (hereinafter referred to as Party A) and the Covenanter: Architects Office (hereinafter referred to as Party B)",
      // wide-092
      "In connection with your participation in the Affiliate Program, Affiliate and Chase agree as follows:",
      "Party A and Party B hereby agree to establish the following terms and conditions."
    ]
    for (const opening of openings) expect(readAsContract(opening).preamble, opening).toBe(true)
  })

  it("reads the signature forms: 'Accepted by:', blank lines after BY, 'SIGNED by', a seal", () => {
    const blocks = [
      // wide-416
      "Accepted by:\n Oceanic Time Warner Cable/Date\nWatchit Media/Date",
      // A blank signature page in capitals, built here.
      "INTERNATIONAL TEST SYSTEMS, INC. COMWARE TECHNICAL SERVICES\nBY BY\n------------------------------- -----------------\nTITLE TITLE",
      // wide-139
      "SIGNED by Signature Orthopaedics Pty Ltd (ACN 106 702 416) In accordance with section 127 of the Corporations Act:",
      "Director/Secretary\nName (please print)",
      "Party A: People's Government of the County (seal) June 25, 2014"
    ]
    for (const block of blocks) expect(readAsContract(block).signatures, block).toBe(true)
  })

  it("leaves the neighbours alone: news of an agreement, a key agreement, a release signed by a key, a sed command", () => {
    const neighbours = [
      "United National Bank has entered into a multi-year agreement with the BISYS Group, Inc. whereby BISYS will provide processing services.",
      "The protocol performs a key agreement between two peers. Each peer derives the shared secret.",
      "This release is signed by the maintainer's key; verify it before you install.",
      "Use /RE/s/LHS/RHS/g to substitute only on matching lines.",
      "Step 1. Agree to the prompts as they appear, then press Enter."
    ]
    for (const text of neighbours) {
      const reading = readAsContract(text)
      expect(reading.preamble || reading.signatures, text).toBe(false)
    }
  })
})
