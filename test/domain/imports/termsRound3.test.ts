import { describe, expect, it } from "@effect/vitest"
import { law, notice, renewal } from "./readers.js"

/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0): the wide develop set (`wide-NNN.txt`) and, where named, the
 * shared corpus's develop contracts. Quoted as the parser's blocks hold them (runs of spaces read as one). Cases marked "built" test
 * a wording no develop contract calls on, written as contracts write it.
 */

describe("the renewal term, round 3", () => {
  it("reads a contract that stays effective month to month", () => {
    // wide-032.txt (a page break cut "Thereafter, this" off the block).
    expect(renewal(
      "Agreement shall be effective month to month, until terminated by Transporter or Shipper upon the following written notice to the other specifying a termination date: sixty (60) days for interruptible transportation under Rate Schedule ITS and 180 days for firm transportation under Rate Schedule FTS."
    )).toBe("month to month")
    // Built: prices that stay in effect year to year are no renewal of the contract.
    expect(renewal("The prices set forth in Exhibit A shall remain in effect from year to year unless Supplier gives notice of a change.")).toBeUndefined()
  })

  it("reads a renewal as long as the initial term as the initial term's length", () => {
    // wide-036.txt
    expect(renewal(
      "7.1 Term. This Agreement shall be for a period of five (5) years commencing upon the Effective Date hereof unless sooner terminated in accordance with this Agreement (the \"Initial Term\").",
      "Unless terminated prior to the natural expiration of the Initial Term, upon the expiry of the Initial Term this Agreement shall automatically renew for successive terms of the same duration, unless either party gives written notice to the other of such party's desire not to renew not less than ninety (90) days prior to the date of the expiration of the Initial Term or any successive term thereafter."
    )).toBe("five (5) years")
  })

  it("reads no renewal from the same terms and conditions, nor from a period equal to a delay", () => {
    // wide-228.txt: "under the same terms and conditions" is how, not how long.
    expect(renewal(
      "This Agreement shall become effective on the Effective Date and shall continue for a period of three (3) years unless terminated as provided in Section 5.0.",
      "Such renewals shall continue for successive periods under the same terms and conditions, unless otherwise agreed in writing by both Parties."
    )).toBeUndefined()
    // Built: renewed alike only if both parties later agree.
    expect(renewal(
      "The term of this Agreement shall be five (5) years from the Effective Date.",
      "Thereafter, this Agreement may be renewed for like periods by mutual written agreement of the parties."
    )).toBeUndefined()
    // wide-048.txt
    expect(renewal(
      "The term of this Agreement shall be five (5) years from the Effective Date.",
      "the time for performance shall be extended for a period equal to the period of such delay."
    )).toBeUndefined()
  })
})

describe("the notice against renewal, round 3", () => {
  it("reads the notice that ends a contract running on indefinitely after its initial term", () => {
    // wide-139.txt
    expect(notice(
      "This agreement begins on the Commencement Date and, subject to clause 11.2, shall continue for an initial term of one (1) years (Initial Term) and indefinitely after that until terminated by either party giving at least twelve (12) months' prior written notice to expire on or after the expiry date of the initial term."
    )).toBe("twelve (12) months")
  })

  it("reads a notice in the sentence after the renewal when it is due by the end of the term", () => {
    // sphere3d-consulting.txt (shared corpus, develop)
    expect(notice(
      "In the case that the company would not like to extend the terms of agreement for an additional month. The company must notify the consultant within 5 days of the conclusion of the 12 month term."
    )).toBe("5 days")
    // Built: a termination for convenience after the renewal sentence is a right of its own.
    expect(notice(
      "This Agreement shall automatically renew for successive one (1) year terms unless terminated as provided in Section 10. Either party may terminate this Agreement upon thirty (30) days' prior written notice to the other party."
    )).toBeUndefined()
  })

  it("reads no termination for convenience, though its sentence names a renewal term", () => {
    // Built.
    expect(notice("Either party may terminate this Agreement or any renewal thereof for convenience upon ninety (90) days' prior written notice."))
      .toBeUndefined()
    // wide-185.txt
    expect(notice(
      "This Agreement may be terminated by either party for any reason or no reason, whether or not extended beyond the initial term, by giving the other party written notice ninety (90) days in advance."
    )).toBeUndefined()
    // wide-252.txt: a sentence that refuses the renewal still reads.
    expect(notice(
      "This Agreement shall automatically renew for successive one-year terms unless one party gives the other party written notice of non-renewal at least six months prior to automatic renewal."
    )).toBe("six months")
  })

  it("reads no notice of deficiencies, nor a deadline to exercise an option to renew", () => {
    // wide-203.txt
    expect(notice(
      "At least one (1) year before the expiration of the Initial Term, we agree to give you written notice of any deficiencies in your operation or in the historical performance of the Franchise that could cause us not to renew the Franchise."
    )).toBeUndefined()
    expect(notice(
      "Through the Initial Term of the Franchise Agreement and any Renewal Period thereof (as defined in the Franchise Agreement), Assignor agrees that it shall elect and exercise all options to extend the term of or renew the Lease Agreement not less than thirty (30) days before the last day that said option must be exercised, unless Assignee otherwise agrees in writing."
    )).toBeUndefined()
  })

  it("reads no notice of a change of price", () => {
    // wide-062.txt
    expect(notice(
      "After the initial twelve months of this Agreement, VIP may adjust the rates in Schedule A to VIP's then current standard rates for such services, provided that it provides BNL with notice of any such adjustment not less ~han thirty (30) days prior to any such adjustment and that such rates shall not increase by more than ten ( 10% ) percent per year ."
    )).toBeUndefined()
    // Built.
    expect(notice("Prices for each renewal term may be increased by Supplier upon sixty (60) days' prior written notice, unless Customer objects in writing."))
      .toBeUndefined()
    expect(notice("Unless either party gives ninety (90) days' written notice of a price increase, this Agreement shall renew for successive one-year terms."))
      .toBeUndefined()
  })

  it("reads no notice from a wind-down clause, nor from successive quarters or a delivery date extended", () => {
    // Built.
    expect(notice(
      "This Agreement shall automatically renew for successive one-year periods unless terminated as provided herein.",
      "Upon termination or expiry of this Agreement, each party shall, within thirty (30) days of written notice from the other, return all Confidential Information."
    )).toBeUndefined()
    expect(notice(
      "If Distributor fails to meet the minimum purchase requirements for two successive quarters, Company may terminate this Agreement upon thirty (30) days' written notice."
    )).toBeUndefined()
    expect(
      notice("If the delivery date is extended by more than ninety (90) days, either party may terminate this Order upon thirty (30) days' written notice.")
    )
      .toBeUndefined()
  })
})

describe("the governing law, round 3", () => {
  it("reads a law named by its state's or country's name", () => {
    // wide-139.txt
    expect(law(
      "24.1 This agreement and any dispute or claim arising out of or in connection with it or its subject matter or formation (including non-contractual disputes or claims) shall be governed by and construed in accordance with Ohio law."
    )).toBe("Ohio")
    // wide-420.txt
    expect(law("GOVERNING LAW This Agreement shall be governed by Singapore law, without regard to its conflict of laws principles.")).toBe("Singapore")
  })

  it("reads no state's law applied to one matter", () => {
    // wide-119.txt
    expect(law(
      "Amounts more than 30 days past due shall bear interest from the due date to the date of payment at the lesser of 1) the rate of interest established by Chase Manhattan Bank, New York, NY, from time to time as its prime rate, plus two (2) percent, or 2) the maximum non-usurious interest rate which may be charged Shipper pursuant to applicable Texas law, Article 5069-1.04 Texas Rev."
    )).toBeUndefined()
    // wide-400.txt
    expect(law(
      "The arbitral panel will have the authority to schedule, hear, and determine any and all motions, including dispositive and discovery motions, in accordance with then-prevailing New York law (including prehearing and post hearing motions), and will do so on the motion of any party to the arbitration."
    )).toBeUndefined()
  })

  it("reads the law that governs in the present tense", () => {
    // wide-228.txt
    expect(law("The laws of the State of New York govern this Agreement.")).toBe("State of New York")
  })
})
