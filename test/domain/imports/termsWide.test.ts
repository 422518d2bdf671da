import { describe, expect, it } from "@effect/vitest"
import { law, notice, renewal } from "./readers.js"

/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop set
 * (scripts/evalImports/wideCorpus.ts). Quoted as the parser's blocks hold them: runs of spaces and
 * line breaks read as one space; a page break splits a sentence into two blocks. One case, marked,
 * is built to test a rule that no contract of the wide develop set calls on.
 */

describe("the renewal term, read more widely", () => {
  it("reads a renewal's length however many renewals come before it", () => {
    expect(renewal(
      "This Agreement shall automatically be renewed for one (1) or more one (1) month periods unless either the Customer or i-on gives notice to the other party of its intention not to renew the"
    )).toBe("one (1) month periods")
    expect(renewal(
      "You have the right to renew the franchise for two (2) successive terms equal to five (5) years each, providing you meet all of the following conditions:"
    )).toBe("five (5) years")
    expect(
      renewal("Unless terminated in accordance with the provisions of Section 18, this Agreement shall automatically renew for each subsequent one-year term.")
    )
      .toBe("subsequent one-year term")
  })

  it("reads an automatic renewal of a length, a renewable term, and a renewal that runs after the initial term", () => {
    expect(renewal(
      "This Agreement shall commence on the Effective Date and shall be valid for a period of five (5) years with automatic renewal of one year thereafter until terminated"
    )).toBe("one year")
    expect(renewal(
      "For a renewable one-year term commencing upon the Maintenance Commencement Date, subject to payment of maintenance fees in accordance with the Fee Schedule but without additional fees or charges, Garman shall provide the following Maintenance Services:"
    )).toBe("one-year term")
    expect(renewal(
      "This contract shall remain in effect initially for the five (5) year term (\"Initial Term\") from the date signed and shall be automatically extended for one (1) year periods after the Initial Term (\"Renewal Term\") unless (i) either party provides written notice of its intention not to renew the Agreement within 180 days prior to any Renewal Term; or (ii) this Agreement is otherwise terminated pursuant to the terms of this Section 12."
    )).toBe("one (1) year periods")
  })

  it("reads an automatic renewal even where an extension by mutual agreement is mentioned too", () => {
    expect(renewal(
      "This Agreement shall commence on the Effective Date and shall continue until the four-year anniversary of the Effective Date (such period, as it may be extended, either by the mutual written agreement of the parties or automatically, or earlier terminated being referred to as the \"Consultation Period\"), unless sooner terminated in accordance with the provisions of Section 4, and shall automatically renew for successive one-year periods, unless the Company provides 90 days' notice of termination before any such successive period."
    )).toBe("successive one-year periods")
  })

  it("is no renewal that needs both parties' later agreement, nor an extended cure period, warranty or definition", () => {
    expect(renewal(
      "Thereafter, this Agreement can be renewed by mutual written agreement of the parties for successive one (1) year periods (each, a \"Renewal Term\" and together with the Initial Term, the \"Term\")."
    )).toBeUndefined()
    expect(renewal(
      "After the Initial Term, the term of the Agreement may be extended by a further period of five (5) years by mutual written agreement by the parties in the form of an amendment to this Agreement."
    )).toBeUndefined()
    expect(renewal(
      "provided, further, that if Owner commences to cure such failure during such period and is diligently and in good faith attempting to effect such cure, said period shall be extended for sixty (60) additional days."
    )).toBeUndefined()
    expect(renewal(
      "Additionally, Zanotti shall offer to end-users the option to purchase extended warranty coverage for an additional twenty-four (24) months - making the total warranty period sixty (60) months."
    )).toBeUndefined()
    expect(renewal(
      "9.2 Each Party shall deliver to the other, prior to commencing to provide the Services and thereafter, annually, a certificate or certificates of insurance evidencing that the required insurance coverages as provided for in paragraph 9.1 are in effect"
    )).toBeUndefined()
    expect(renewal(
      "(vii) upon ninety (90) days prior notice in writing by Co-Host at any time after June 30, 2000, if the term of the Web Site Services Agreement has not been renewed for an additional term of one (1) year or more pursuant to its terms"
    )).toBeUndefined()
  })
})

describe("the notice against renewal, read more widely", () => {
  it("reads it in the sentence after the renewal, and across a page break", () => {
    expect(notice(
      "This agreement will be automatically renewed at the end of every ten (10) year term, with each subsequent term of renewal being for a ten (10) year term. A six (6) months notice must be given by either party of their intention to terminate relations due to any reason other than breach of this agreement."
    )).toBe("six (6) months")
    expect(notice(
      "This Agreement shall automatically be renewed for one (1) or more one (1) month periods unless either the Customer or i-on gives notice to the other party of its intention not to renew the",
      "4 Agreement, which notice must be given not less than fifteen (15) days before the end of the respective initial or renewal term."
    )).toBe("fifteen (15) days")
  })

  it("reads a notice due before the anniversary, and a cancellation at the end of the initial term", () => {
    expect(notice(
      "The Agreement will be automatically renewed for additional one (1) year terms (subject to applicable fee adjustments) unless thirty (30) days prior to the anniversary of the Effective Date Licensee gives written notice to XACCT of its intention not to renew."
    )).toBe("thirty (30) days")
    expect(notice(
      "(d) Customer, upon thirty days prior written notice, may cancel this Agreement at the end of the Initial Term and thereafter on each anniversary of the end of the Initial Term."
    )).toBe("thirty days")
  })

  it("is no termination at any time or without cause, nor a notice for a statement or an audit", () => {
    expect(notice(
      "Theismann shall have the right to terminate this Agreement at any time upon thirty (30) days' written notice to Bizzingo, such termination to become effective at the conclusion of such 30-day period."
    )).toBeUndefined()
    expect(notice(
      "5.1 This Agreement can be terminated at any time prior to the expiry of the Term, as follows: (a) by the Consultant electing to give the Company not less than 3 months prior notice of such termination;"
    )).toBeUndefined()
    expect(notice(
      "8.6 In addition, in order to accommodate the review and approval of this Agreement by the Office of General Counsel of UT System (the \"OGC\"), for a period of *** (***) days following the Effective Date (the \"Limited Unilateral Termination Period\"), MD Anderson will have the right to terminate this Agreement without cause upon ten (10) days' notice to Adaptimmune; provided, however, that (i) a termination by MD Anderson will be effective if notice of termination is sent by MD Anderson any time within the Limited Unilateral Termination Period even if the ten day notice period extends beyond the Limited Unilateral Termination Period and (ii) the Limited Unilateral Termination Period will expire on the earlier to occur of (x) the end of the sixty days, or (y) written notice to Adaptimmune from MD Anderson that the Agreement has been approved by the OGC."
    )).toBeUndefined()
    expect(notice(
      "Sixty (60) days before the expiration of this license and, in the event of its termination, ten (10) days after receipt of notice of termination or the happening of the event which terminates this Agreement where no notice is required, a statement showing the number and description of products covered by this Agreement on hand or in process shall be furnished by Diplomat to KI, Inc."
    )).toBeUndefined()
    expect(notice(
      "Pey Dirt, or its representatives, shall, upon two weeks' written notice, have the right at all reasonable times (prior to the expiration of two (2) years after the termination of the Contract Period) to inspect and make copies of the books and records of Company insofar as they shall relate to the computation of royalties to be paid to Pey Dirt hereunder and the shipment of Endorsed Products pursuant to this Agreement."
    )).toBeUndefined()
  })
})

describe("a notice to end a contract that renews", () => {
  // Built to test one rule: no wide develop contract calls on it.
  const ending = "Either party may terminate this Agreement by giving three (3) months' written notice before its expiry."
  it("stops the renewal when the contract sets a renewal term elsewhere, and is no fact otherwise", () => {
    expect(notice("This Agreement shall automatically renew for successive one (1) year periods.", ending)).toBe("three (3) months")
    expect(notice("This Agreement shall remain in force for five (5) years.", ending)).toBeUndefined()
  })
})

describe("the governing law, read more widely", () => {
  it("reads a clause in capitals, cut back to the place's name", () => {
    expect(law(
      "THIS AGREEMENT SHALL BE GOVERNED BY AND INTERPRETED IN ACCORDANCE WITH THE LAWS OF THE STATE OF NEW YORK WITHOUT REGARD TO CONFLICTS OF LAW PRINCIPLES (OTHER THAN SECTION 5-1401 OF THE NEW YORK GENERAL OBLIGATIONS LAW)."
    )).toBe("STATE OF NEW YORK")
    expect(law("RATHER THESE RIGHTS AND OBLIGATIONS SHALL BE GOVERNED BY THE LAWS, OTHER THAN CHOICE OF LAW RULES, OF THE STATE OF GEORGIA."))
      .toBe("STATE OF GEORGIA")
    expect(law(
      "THIS AGREEMENT SHALL BE GOVERNED BY, AND CONSTRUED IN ACCORDANCE WITH, THE LAWS OF THE STATE OF COLORADO, UNITED STATES, WITHOUT REGARD TO ITS PRINCIPLES REGARDING CONFLICT OF LAWS."
    )).toBe("STATE OF COLORADO")
  })

  it("reads the place as the labels name it: New York, not New York State; Germany, not the Federal Republic", () => {
    expect(law(
      "This Agreement shall be governed and construed in accordance with the laws of New York State (without regard to the conflict of laws provisions thereof)."
    )).toBe("New York")
    expect(law(
      "This Agreement shall be governed by, and construed in accordance with, the laws of the Federal Republic of Germany excluding the United Nations Convention on Contracts of International Sale of Goods (CISG) and the provisions of German private international law."
    )).toBe("Germany")
  })

  it("reads the law named before its verb, and a contract 'controlled by' a law", () => {
    expect(law(
      "The laws of the State of California shall govern all issues arising under or relating to this Agreement, without giving effect to the conflict of laws principles thereof."
    )).toBe("State of California")
    expect(law(
      "This AGREEMENT is controlled by the laws of the State of Texas, and venue for any actions brought to enforce this AGREEMENT shall be brought exclusively in a court of competent jurisdiction in Pecos County, Texas."
    )).toBe("State of Texas")
  })

  it("takes the state where federal law is named first", () => {
    expect(law(
      "This Agreement and its interpretation shall be governed by the laws of the United States and, to the extent not inconsistent therewith, by the laws of the Commonwealth of Kentucky without regard to conflicts of laws rules."
    )).toBe("Commonwealth of Kentucky")
    expect(law(
      "This Distributor Agreement shall be exclusively governed, construed, enforced and controlled by the laws of the United States of America and of the State of Texas."
    )).toBe("State of Texas")
  })

  it("is no party's good standing, no kind of place, and no governance", () => {
    expect(law(
      "The Depositor is a validly existing limited liability company in good standing under the laws of the State of Delaware and has full power and authority to own its properties and conduct its business as presently owned or conducted, and to execute, deliver and perform its obligations under this Agreement and each other Transaction Document to which it is a party."
    )).toBeUndefined()
    expect(law(
      "THIS AGREEMENT TAKES EFFECT UPON ITS ACCEPTANCE AND EXECUTION BY US, AND SHALL BE INTERPRETED AND CONSTRUED UNDER THE LAWS OF THE STATE IN WHICH THE FRANCHISED RESTAURANT IS LOCATED, EXCEPT TO THE EXTENT GOVERNED BY THE UNITED STATES TRADEMARK ACT OF 1946 (LANHAM ACT, 15, U.S.C. SECTIONS 1051 ET SEQ)."
    )).toBeUndefined()
    expect(law(
      "(b) The Consultant will be responsible for advising on and facilitating the Company's investor relations, corporate structure and governance, public relations and commercial development activities and supervising, liaising and instructing outside service providers, in each case, subject to any applicable law and to instructions provided by the officers of the Company from time to time.",
      "THIS AGREEMENT made this 30th day of April (the \"Effective Date\") between Slinger Bag Inc., a Nevada company (the \"Company\") and Aitan Zacharin"
    )).toBeUndefined()
  })
})
