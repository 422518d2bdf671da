import { describe, expect, it } from "@effect/vitest"
import { placesMatch } from "../../../scripts/evalImports/places.js"
import { law, notice, renewal } from "./readers.js"

/** Each sentence is a corpus contract's own (the develop set), or a sentence built to test one rule. */

describe("the renewal term", () => {
  it("reads the renewal in its many forms, hyphenated years included", () => {
    expect(
      renewal(
        "the initial term of this Agreement shall be three (3) years from the Effective Date and shall thereafter be automatically renewed for subsequent one (1) year periods unless either party notifies the other"
      )
    )
      .toBe("subsequent one (1) year periods")
    expect(
      renewal("You may, at its option, renew the Franchise granted hereunder for 2 additional terms of 10 years each on the following terms and conditions:")
    )
      .toBe("10 years")
    expect(renewal("this Agreement will automatically renew, upon the same terms and conditions, for an additional four (4) -year period (\"Renewal Term\")."))
      .toBe("four (4) -year period")
    expect(renewal("It is established by calendar year and renewed tacitly every year.")).toBe("every year")
    expect(
      renewal(
        "This Agreement shall continue in effect for a period of one year from the date of its execution and from year to year thereafter provided such continuance is approved"
      )
    )
      .toBe("year to year")
  })

  it("never takes the initial term, nor a period that runs after the contract ends", () => {
    expect(renewal(
      "This Agreement shall commence on the Effective Date and shall extend for a period of Five (5) years thereafter (\"Initial Term\"), unless this Agreement is terminated earlier. This Agreement may be renewed for additional periods of one (1) year (each such additional period, a \"Renewal Term\")"
    )).toBe("periods of one (1) year")
    expect(
      renewal(
        "During the Term and any renewal terms of the Agreement, and for a period of one (1) year following the expiration or earlier termination thereof, Customer agrees not to work with any Third-Party"
      )
    )
      .toBeUndefined()
  })
})

describe("the notice against renewal", () => {
  it("reads it where the sentence before says how renewal is stopped", () => {
    expect(notice(
      "The term of this Agreement is twelve (12) months from the date hereof, and will be automatically renewed for one (1) additional twelve month period unless either party shall notify the other in writing of its intention not to renew. Such notice must be given ninety (90) days prior to expiration of the original term."
    )).toBe("ninety (90) days")
    expect(notice(
      "(a) In the case that the company would not like to extend the terms of agreement for an additional month. The company must notify the consultant within 5 days of the conclusion of the 12 month term."
    )).toBe("5 days")
  })

  it("of two periods in the sentence, takes the one tied to the end of the term", () => {
    expect(
      notice(
        "This Agreement renews automatically unless either party gives notice of non-renewal within 30 days after a price change or at least one hundred eighty (180) days prior to the end of the then-current term."
      )
    )
      .toBe("one hundred eighty (180) days")
  })

  it("is no notice to exercise an option to renew, to cure a breach, or after the contract ends", () => {
    expect(
      notice(
        "A. You shall give AIRSOPURE notice in writing of Your election to renew this Agreement at least 3 months prior to the expiration of the then-current term."
      )
    )
      .toBeUndefined()
    expect(
      notice(
        "Either Party may terminate this Agreement if the other fails to cure the breach within fifteen (15) days following written notice of the breach, and no renewal shall occur."
      )
    )
      .toBeUndefined()
    expect(notice("NVOS and HGF may renew the Agreement within two (2) years of the expiry of the initial term upon mutual understanding."))
      .toBeUndefined()
    expect(
      notice("You shall furnish evidence of compliance within 30 days after termination or expiration of this Agreement, unless notified otherwise in writing.")
    )
      .toBeUndefined()
  })
})

describe("the governing law", () => {
  it("reads the jurisdiction whole: a country after its province, England and Wales", () => {
    expect(
      law("12.8 This Agreement is governed by the laws of Victoria, Australia and the parties submit to the jurisdiction of the courts of Victoria, Australia.")
    )
      .toBe("Victoria, Australia")
    expect(law("This Agreement shall be governed by the laws of England and Wales, and all actions brought hereunder shall be brought in England."))
      .toBe("England and Wales")
    expect(
      law(
        "Any controversy between the parties arising under this Agreement and not resolved by the parties shall be determined in accordance with the laws of the State of Michigan."
      )
    )
      .toBe("State of Michigan")
    expect(law("12.1 The execution, effect, interpretation and performance of this Agreement will be governed by PRC Laws.")).toBe("PRC")
  })

  it("never takes a party's place of incorporation, nor a regulation that governs something else", () => {
    expect(law(
      "MediWound Ltd., a corporation organized and existing under the laws of Israel (hereinafter referred to as \"MediWound\")",
      "15.1 This Agreement is made under and subject to the provision of the substantive laws of the State of New York, without giving effect to its conflict of law rules."
    )).toBe("State of New York")
    expect(law(
      "In accordance with the Massachusetts General Laws and the rules and regulations governing the conversion of Massachusetts mutual holding companies (including Chapter 33 of the Code of Massachusetts Regulations), the MHC has filed the Plan.",
      "Section 16. Governing Law and Construction. This Agreement shall be governed by and construed in accordance with the laws of the State of New York without regard to principles of conflicts of law."
    )).toBe("State of New York")
    expect(law("The Agent is a corporation validly existing in good standing under the laws of the State of New York.")).toBeUndefined()
  })
})

describe("places as the labels write them", () => {
  it("matches a jurisdiction with or without its country, and every part of a joint one", () => {
    expect(placesMatch("Victoria, Australia", "Victoria, Australia")).toBe(true)
    expect(placesMatch("British Columbia", "British Columbia, Canada")).toBe(true)
    expect(placesMatch("England and Wales", "England, United Kingdom; Wales, United Kingdom")).toBe(true)
    expect(placesMatch("England", "England, United Kingdom; Wales, United Kingdom")).toBe(false)
    expect(placesMatch("PRC", "People's Republic of China")).toBe(true)
    expect(placesMatch("State of New York", "Delaware")).toBe(false)
    expect(placesMatch("New York and Delaware", "New York")).toBe(false)
  })
})
