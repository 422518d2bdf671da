import { describe, expect, it } from "@effect/vitest"
import { law, notice, renewal } from "./readers.js"

/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0): the wide develop sets (`wide-NNN.txt` of cuad-wide-dev, and
 * of cuad-wide-dev2 where marked "dev2"). Quoted as the parser's blocks hold them (runs of spaces read as one). Cases marked "built"
 * test a wording no develop contract calls on, written as contracts write it.
 */

describe("the renewal term, round 4", () => {
  it("reads a renewal whose qualifiers are split by a comma", () => {
    // dev2 wide-417.txt
    expect(renewal(
      "Upon expiration of the Initial Term of this Agreement, this Agreement will automatically renew for additional, successive five (5) year periods unless either Party provides the other Party written notice of its desire to terminate at least one hundred twenty (120) days prior to the end of the Initial Term or any renewal."
    )).toBe("successive five (5) year periods")
  })

  it("reads the renewal, not the initial term a renewal's verb leads to", () => {
    // dev2 wide-237.txt: "shall extend for an initial term of two (2) years" is the first term.
    expect(renewal(
      "A. This Agreement and the provisions hereof, except as otherwise provided, shall be in full force and effect commencing on the date of execution by both Parties and shall extend for an initial term of two (2) years. This Agreement shall be automatically renewed for additional extended terms each of two (2) years duration unless either party notifies the other in writing of its intention not to renew the Agreement, such notification to be provided at least ninety (90) days prior to the expiration of the then in-effect term."
    )).toBe("two (2) years")
    expect(renewal("This Agreement shall be in full force and effect and shall extend for an initial term of two (2) years.")).toBeUndefined()
    // Built: a period counted from the contract's start is the first term, though a renewal is named before it.
    expect(renewal("Subject to renewal as provided below, the term of this Agreement shall be for a period of five (5) years from the Effective Date."))
      .toBeUndefined()
  })

  it("reads an option to continue a franchise for additional terms", () => {
    // dev2 wide-297.txt
    expect(
      renewal(
        "When this Agreement expires, you will have the option to continue the franchise relationship with us for two (2) additional terms of ten (10) years each."
      )
    )
      .toBe("ten (10) years")
    // Built: a relationship continued for a first term is no renewal.
    expect(renewal("The parties shall continue the relationship for a term of ten (10) years.")).toBeUndefined()
  })

  it("reads no renewal from an approval given at least annually", () => {
    // dev2 wide-021.txt: "successive annual periods" names no length the labels can read; "at least annually" is how often, not how long.
    expect(renewal(
      "(b) This Agreement shall continue in effect for two years from the date hereof, and thereafter shall continue automatically for successive annual periods, provided that such continuance is specifically approved at least annually by (A) the vote of the Board, or by the vote of a majority of the outstanding voting securities of the Fund."
    )).toBeUndefined()
  })

  it("reads no renewal from a right extended beyond the contract's end", () => {
    // wide-248.txt
    expect(renewal(
      "During the Term, the right to use Endorser's Name and Appearance Rights granted to MusclePharm in this Section shall extend for six (6) months beyond the expiration of this Agreement (the \"Use-up Period\")."
    )).toBeUndefined()
  })

  it("reads no renewal of something other than the contract", () => {
    // Built: an exclusivity, insurance policies, a fee paid on, a territory.
    expect(renewal("The exclusivity period shall be extended for an additional twelve (12) months if Distributor meets the minimum purchase requirements."))
      .toBeUndefined()
    expect(renewal("Supplier shall maintain the insurance coverage and renew such policies for successive one (1) year periods.")).toBeUndefined()
    expect(renewal("The Company shall continue to pay the license fee annually during the Term.")).toBeUndefined()
    expect(renewal("The Territory may be extended for an additional period of one (1) year upon written agreement.")).toBeUndefined()
    // Built: the contract named by its own name still renews.
    expect(renewal("This Lease shall automatically renew for successive one (1) year periods.")).toBe("successive one (1) year periods")
  })
})

describe("the notice against renewal, round 4", () => {
  it("reads a notice due no later than a period before the end", () => {
    // dev2 wide-344.txt ("prior the end", as written).
    expect(notice(
      "This Agreement shall be automatically renewed for successive three (3) year terms thereafter (each a \"Renewal Term\" and together with the Initial Term, the \"Term\") until and unless (i) either Party provides the other Party written notice of non-renewal no later than ninety (90) days prior the end of the Initial Term or any Renewal Term or (ii) earlier terminated as provided in this ARTICLE 11."
    )).toBe("ninety (90) days")
    // dev2 wide-429.txt
    expect(notice(
      "Following the Initial Term, this Agreement shall automatically renew for successive terms of six (6) months (each a \"Renewal Term\", and together with the Initial Term, the \"Term\") unless written notice is given by either Party no later than thirty (30) days in advance of the expiration of the Initial Term or the applicable Renewal Term."
    )).toBe("thirty (30) days")
  })

  it("reads a renewal stopped by a termination dated before the end, though the sentence names no notice", () => {
    // dev2 wide-319.txt
    expect(notice(
      "The Agreement shall automatically renew for successive one year additional terms unless terminated by either party at least six months prior to the expiration of the then-current term."
    )).toBe("six months")
    // dev2 wide-097.txt
    expect(notice(
      "Upon expiration of the Initial Term, this Agreement shall automatically renew for consecutive one (1) year periods, unless terminated by Reseller within sixty (60) days prior to the expiration of the Initial Term or any renewal term, as the case may be (the Initial Term and each renewal term, collectively, the \"Term\")."
    )).toBe("sixty (60) days")
    // Built: the contract's other ends ("unless sooner terminated") do not stop a renewal by a date.
    expect(
      notice(
        "This Agreement shall automatically renew for successive one year terms unless sooner terminated, at least six months prior to the expiration of the term."
      )
    )
      .toBeUndefined()
  })

  it("reads no notice that announces a renewal, and keeps one given by terminating otherwise", () => {
    // dev2 wide-272.txt: the provider's notice that the contract will renew; "has been earlier terminated" is no way to stop it.
    expect(notice(
      "Unless this Agreement has been earlier terminated, Metavante shall provide a written renewal notice to Customer at least twelve (12) months prior to the expiration of the Initial Term (the \"Renewal Notice\").",
      "Unless Customer notifies Metavante of its intent not to renew this Agreement in writing within a period of three (3) months following the Renewal Notice, this Agreement shall automatically renew at the end of the Initial Term on the same terms (including pricing terms) for one (1) twelve-month period."
    )).toBeUndefined()
    // wide-283.txt: "unless otherwise terminated by either party by giving notice" stops the renewal.
    expect(notice(
      "After the Initial Term, this Agreement will be automatically renewed for successive additional 3~year periods (\"Extension Terms\"), unless otherwise terminated by either party by giving notice to the other party not less than sixty (60) days prior to the end of a Term."
    )).toBe("sixty (60) days")
  })

  it("reads no deadline as a notice", () => {
    // wide-236.txt: a period after an anniversary, in a sentence on a fee.
    expect(notice(
      "If the Agreement is terminated in years 2 or 3 by MBRK providing notice to DD within 60 days of the then current anniversary date of its intent not to renew, then MBRK will pay DD the End of Agreement Fee but no Early Termination Fee."
    )).toBeUndefined()
    // Built: what is done within a period once the term ends.
    expect(notice(
      "Upon the expiration of the Term or any termination of this Agreement, Distributor shall, within thirty (30) days, return all Confidential Information and certify such return in writing."
    )).toBeUndefined()
    expect(notice(
      "This Agreement shall automatically renew for successive one (1) year terms unless earlier terminated in accordance with Section 10, and Licensee shall pay the renewal fee within thirty (30) days of written invoice."
    )).toBeUndefined()
  })

  it("reads no renewal's length as a notice", () => {
    // wide-199.txt
    expect(
      notice(
        "Every Business Entity Term automatically renews for a period of no less than 12 months, unless otherwise agreed to in writing between the parties."
      )
    )
      .toBeUndefined()
  })

  it("reads no notice of a force majeure ending, of an insurance's coverage, or of an insolvency", () => {
    const renews = "This Agreement will automatically renew for up to two (2) renewal terms of five (5) years each."
    // wide-244.txt
    expect(notice(
      renews,
      "either Party may terminate this Agreement, but only upon delivery to the other Party of a notice (a \"Termination Notice\") at least twelve (12) months prior to the expiration of the Force Majeure Period; provided, however, that such Termination Notice shall be deemed canceled and of no effect if the Force Majeure Period ends prior to the expiration of such twelve (12) months period."
    )).toBeUndefined()
    // wide-388.txt
    expect(notice(
      renews,
      "Such certificate will provide that there shall be no cancellation, non-renewal, or modification of such coverage without thirty days' prior written notice to the Company."
    )).toBeUndefined()
    // Built
    expect(notice(
      "Either party may terminate this Agreement, upon thirty (30) days prior written notice, if the other party becomes insolvent, at the end of any renewal term."
    )).toBeUndefined()
  })

  it("reads no notice from a count of successive months, a part of the contract ended, or another period's end", () => {
    // Built: "two successive months" counts a failure, it renews nothing.
    expect(
      notice("If Distributor fails to pay any amount for two successive months, Supplier may terminate this Agreement upon thirty (30) days written notice.")
    )
      .toBeUndefined()
    // Built: a purchase order or a statement of work ends, not the contract.
    expect(notice(
      "This Agreement shall automatically renew for successive one (1) year terms. Upon any renewal, Company may terminate any Purchase Order upon thirty (30) days notice prior to the expiration of such Purchase Order."
    )).toBeUndefined()
    expect(notice("Upon expiration of the Initial Term, Customer may terminate any Statement of Work upon thirty (30) days written notice.")).toBeUndefined()
    // Built: after a renewal, a notice due before a quarter's end, or a plan in writing before a renewal, stops nothing.
    expect(notice(
      "The Term shall renew automatically for successive one year periods unless terminated by either party.",
      "Licensee shall notify Licensor in writing of any change in its address at least ten (10) days prior to the end of each quarter."
    )).toBeUndefined()
    expect(notice(
      "This Agreement shall renew automatically for successive one (1) year terms unless either party gives notice of non-renewal. Distributor shall deliver a written marketing plan at least sixty (60) days prior to each renewal term."
    )).toBeUndefined()
  })

  it("reads a notice in a contract that runs on month to month", () => {
    // Built
    expect(notice("Thereafter this Agreement shall continue on a month-to-month basis, and either party may terminate upon thirty (30) days written notice."))
      .toBe("thirty (30) days")
  })
})

describe("the governing law, round 4", () => {
  it("reads a law named before a long aside and its verb", () => {
    // dev2 wide-033.txt
    expect(law(
      "The laws of the State of New York (excluding any laws that direct the application of another jurisdiction's law) govern all matters arising out of or relating to this Agreement and all of the transactions it contemplates, including its validity, interpretation, construction, performance, and enforcement."
    )).toBe("State of New York")
    // dev2 wide-357.txt
    expect(law("Even in case of agreements with foreign (non-German) Software Publishers and Affiliates, the law of the Federal Republic of Germany applies."))
      .toBe("Germany")
  })

  it("reads no place from a list of section names", () => {
    // dev2 wide-033.txt
    expect(law(
      "Obligations and rights under this Agreement that by their nature would reasonably continue beyond the termination or expiration of this Agreement (including those in the Sections entitled \"Compliance with Laws,\" \"Construction and Interpretation,\" \"Cumulative Remedies,\" \"Entire Agreement,\" \"Governing Law,\" \"Information,\" \"Indemnity,\" \"Infringement,\" \"Insurance,\" \"Limitation of Damages,\" \"Order of Precedence,\" \"Publicity,\" \"Severability\") shall survive."
    )).toBeUndefined()
  })

  it("reads no governing law from a governmental entity", () => {
    // dev2 wide-105.txt: "governmental" is no verb that governs; the contract's own clause comes later.
    expect(law(
      "Tadeo and Diplomat each agree to hold in strict confidence, and to use reasonable efforts to cause each of their employees and representatives to hold in strict confidence, all confidential information concerning Tadeo or Diplomat, as the case may be, furnished to or obtained by the other party, in the course of performing the obligations provided for under this Agreement except to the extent that (a) such information has been in the public domain through no fault of Tadeo or Diplomat, as the case may be, (b) disclosure or release is compelled by judicial or administrative process, or (c) in the opinion of counsel to Tadeo or Diplomat, as the as may be, disclosure or release is necessary pursuant to requirements of law or the requirements of any governmental entity including, without limitation, disclosure requirements under the securities laws of the United States or similar laws of other jurisdictions applicable to Tadeo or Diplomat, as the case may be.",
      "(b) This Agreement shall be governed by and construed in accordance with the internal laws of the State of New York applicable to agreements made and to be performed entirely within such State, without regard to the conflicts of law principles of such State."
    )).toBe("State of New York")
  })

  it("reads a country by the short name the contract defines for it", () => {
    // dev2 wide-202.txt
    expect(law(
      "Party A, a wholly foreign-owned enterprise incorporated under the laws of the People's Republic of China (the \"PRC\"), which has the right of the intellectual property specified in the Appendix I of this Agreement (the \"intellectual property\").",
      "Applicable Law: The validity, implementation and interpretation of this Agreement shall be governed by the laws of PRC."
    )).toBe("PRC")
    // Built: a party's defined name is still no place.
    expect(law("Acme Holdings (the \"Company\") agrees.", "This Agreement shall be governed by the laws of Company.")).toBeUndefined()
  })

  it("reads both laws of a contract governed by two", () => {
    // dev2 wide-284.txt
    expect(
      law(
        "8) This Agreement shall be governed by, and construed and enforced in accordance with, the laws of the State of California and the laws of Hong Kong."
      )
    )
      .toBe("State of California and the laws of Hong Kong")
  })
})
