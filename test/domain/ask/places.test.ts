import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { kindsAsked } from "../../../src/Domain/Ask/AgreementKinds.js"
import { lawIs, placeName, placesIn } from "../../../src/Domain/Ask/Places.js"

describe("the places a text names", () => {
  it("names each place by its one canonical value, however it is written", () => {
    for (const text of ["the laws of the State of New York", "New York law", "NEW YORK", "new york", "NY law", "NY governing law"]) {
      expect(placesIn(text), text).toEqual(["the State of New York"])
    }
    expect(placesIn("Virginia law")).toEqual(["the Commonwealth of Virginia"])
    expect(placesIn("Washington State law")).toEqual(["the State of Washington"])
    expect(placesIn("Ontario")).toEqual(["the Province of Ontario"])
    expect(placesIn("Québec")).toEqual(["the Province of Quebec"])
    expect(placesIn("English law")).toEqual(["England and Wales"])
  })

  it("lets the longest name win", () => {
    expect(placesIn("West Virginia law")).toEqual(["the State of West Virginia"])
    expect(placesIn("New Jersey law")).toEqual(["the State of New Jersey"])
    expect(placesIn("Jersey law")).toEqual(["Jersey"])
    expect(placesIn("Washington DC law")).toEqual(["the District of Columbia"])
    expect(placesIn("New South Wales")).toEqual(["New South Wales"])
  })

  it("reads a people's name as their country's law", () => {
    expect(placesIn("Italian law")).toEqual(["Italy"])
    expect(placesIn("governed by Swiss law")).toEqual(["Switzerland"])
    expect(placesIn("PRC law")).toEqual(["the People's Republic of China"])
  })

  it("reads a state code only in capitals and only before 'law'", () => {
    expect(placesIn("DE law")).toEqual(["the State of Delaware"])
    expect(placesIn("CA laws")).toEqual(["the State of California"])
    expect(placesIn("ny law")).toEqual([])
    expect(placesIn("NY contracts")).toEqual([])
    // "OR", "IN", "ME" are words before "law" too, so they are no codes.
    expect(placesIn("contracts OR law")).toEqual([])
    expect(placesIn("IN law")).toEqual([])
  })

  it("keeps the order written, each place once, and names no place inside a word", () => {
    expect(placesIn("Delaware and New York, then Delaware again")).toEqual(["the State of Delaware", "the State of New York"])
    expect(placesIn("New York or DE law")).toEqual(["the State of New York", "the State of Delaware"])
    expect(placesIn("Newark, Texasville, Montreal, Indianapolis")).toEqual([])
  })

  it("reads any text without throwing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2_000 }), (text) => {
        for (const place of placesIn(text)) expect(typeof place).toBe("string")
      }),
      { numRuns: 200 }
    )
  })
})

describe("how an answer names a place", () => {
  it("drops 'the State of', 'the Commonwealth of' and 'the Province of', nothing else", () => {
    expect(placeName("the State of New York")).toBe("New York")
    expect(placeName("the Commonwealth of Virginia")).toBe("Virginia")
    expect(placeName("the Province of Ontario")).toBe("Ontario")
    expect(placeName("the Netherlands")).toBe("the Netherlands")
    expect(placeName("the People's Republic of China")).toBe("the People's Republic of China")
  })
})

describe("whether a governing-law fact names the place", () => {
  it("reads its first jurisdiction only: later ones are courts or countries", () => {
    expect(lawIs("the State of New York, United States", "the State of New York")).toBe(true)
    expect(lawIs("New York", "the State of New York")).toBe(true)
    expect(lawIs("the laws of Delaware, with the courts of New York", "the State of New York")).toBe(false)
    expect(lawIs("the laws of Delaware, with the courts of New York", "the State of Delaware")).toBe(true)
    expect(lawIs("West Virginia", "the Commonwealth of Virginia")).toBe(false)
    expect(lawIs("", "the State of New York")).toBe(false)
  })
})

describe("the kinds of agreement a question asks for", () => {
  const names = (question: string) => kindsAsked(question).map((kind) => kind.name)

  it("reads a kind before 'agreements', 'contracts', 'deals' or 'arrangements', one word between allowed", () => {
    expect(names("franchise agreements")).toEqual(["franchise"])
    expect(names("our distribution contracts")).toEqual(["distribution"])
    expect(names("reseller deals")).toEqual(["reseller"])
    expect(names("licensing arrangements")).toEqual(["license"])
    expect(names("license distribution agreements")).toEqual(["distribution", "license"])
    expect(names("co-branding agreements")).toEqual(["co-branding"])
  })

  it("reads a kind as the question's last word", () => {
    expect(names("do we have any joint ventures?")).toEqual(["joint venture"])
    expect(names("any NDAs?")).toEqual(["non-disclosure"])
    expect(names("Which of them are leases")).toEqual(["lease"])
  })

  it("reads no kind from a word about something else", () => {
    expect(names("the license fee")).toEqual([])
    expect(names("supply chain risk in the contracts")).toEqual([])
    expect(names("what services are excluded from the warranty?")).toEqual([])
  })

  it("says a contract is of a kind when its title says so", () => {
    const [franchise] = kindsAsked("franchise agreements")
    expect(franchise!.titled.test("Master Franchise Agreement")).toBe(true)
    expect(franchise!.titled.test("Supply Agreement")).toBe(false)
  })
})
