import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import type { Titled } from "../../../src/Domain/Ask/FactMatch.js"
import { nameWords, readQuestion } from "../../../src/Domain/Ask/Reading.js"
import { distinctiveWords, namedContracts } from "../../../src/Domain/Ask/TitleMatch.js"

const titled = (contract: string, title: string): Titled => ({ contract, title, state: "signed" })
const named = (name: ReadonlyArray<string>, contracts: ReadonlyArray<Titled>) => namedContracts(name, contracts).map((contract) => contract.contract)

const contracts = [
  titled("msa", "Master Supply Agreement"),
  titled("msa-amend", "First Amendment to the Master Supply Agreement"),
  titled("franchise", "Franchise Agreement"),
  titled("hosting", "Web Hosting Services Agreement")
]

describe("the contract a question names", () => {
  it("is the title that shares the most of the name: an exact title beats a longer one", () => {
    expect(named(["master", "supply", "agreement"], contracts)).toEqual(["msa"])
    expect(named(["first", "amendment", "master", "supply", "agreement"], contracts)).toEqual(["msa-amend"])
  })

  it("is found from the question's own naming words, whatever their case or plural", () => {
    const about = readQuestion("Who signed the master supply agreements?").about
    expect(named(about!.name, contracts)).toEqual(["msa"])
    expect(named(nameWords("When does the HOSTING SERVICES agreement expire?"), contracts)).toEqual(["hosting"])
  })

  it("is the title that holds the whole name, over a shorter one holding part of it (CUAD: the Watchit media content licence)", () => {
    const both = [
      titled("short", "CONTENT LICENSE AGREEMENT"),
      titled("long", "Oceanic Time Warner Cable and Watchit Media Content and License Agreement")
    ]
    expect(named(nameWords("When does the Media Content and License Agreement expire?"), both)).toEqual(["long"])
    // Holding the whole name needs two words of it beyond "agreement": "supply" alone names no long title.
    expect(named(["supply", "agreement"], [titled("x", "Master Supply and Distribution Agreement")])).toEqual([])
  })

  it("is every title that ties, in the order given", () => {
    const twins = [titled("b", "Supply Agreement"), titled("a", "Supply Agreement"), titled("c", "Master Supply Agreement")]
    expect(named(["supply", "agreement"], twins)).toEqual(["b", "a"])
  })

  it("is none when the name holds no word beyond 'agreement'", () => {
    expect(named(["agreement"], contracts)).toEqual([])
    expect(named(["the", "agreement"], [titled("x", "The Agreement")])).toEqual([])
    expect(named(["contract"], [titled("x", "Contract")])).toEqual([])
  })

  it("is none when the title shares under half the words of the longer of the two", () => {
    // Two of five words: "supply" and "agreement" of "Master Supply and Distribution Agreement".
    expect(named(["supply", "agreement"], [titled("x", "Master Supply and Distribution Agreement")])).toEqual([])
    // Two of four is half, and names it.
    expect(named(["supply", "agreement"], [titled("x", "Master Supply Distribution Agreement")])).toEqual(["x"])
    // Two of five the other way: a long name and a short title.
    expect(named(["acme", "beta", "gamma", "supply", "agreement"], [titled("x", "Supply Agreement")])).toEqual([])
  })

  it("is none when no title shares a word with it", () => {
    expect(named(["indemnity"], contracts)).toEqual([])
    expect(named([], contracts)).toEqual([])
    expect(named(["master", "supply", "agreement"], [])).toEqual([])
  })

  it("is always some of the contracts given, whatever the words", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 8 }), (name) => {
        for (const contract of namedContracts(name, contracts)) expect(contracts).toContain(contract)
      }),
      { numRuns: 300 }
    )
  })
})

describe("the words a title is first narrowed by", () => {
  it("are the name's words beyond 'agreement', singular, so a title holding none is never read", () => {
    expect(distinctiveWords(["the", "master", "services", "agreement"])).toEqual(["master", "service"])
    expect(distinctiveWords(["agreement", "contract"])).toEqual([])
  })
})
