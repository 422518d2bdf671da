import { describe, expect, it } from "@effect/vitest"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { isContract, readAsContract } from "../../../src/Domain/Imports/ContractGate.js"
import { parseDocument } from "../../../src/Domain/Imports/ParseDocument.js"
import { corpusFiles, corpusText, onePage } from "./corpus.js"

const modules = resolve(import.meta.dirname, "../../../node_modules")

/** Every package's README: real manuals, many ending in their licence ("shall", "party", "hereby"), installed by `npm ci`. */
const readmes = (): ReadonlyArray<string> =>
  readdirSync(modules).flatMap((name) => name.startsWith("@") ? readdirSync(join(modules, name)).map((inner) => join(name, inner)) : [name])
    .flatMap((pkg) => ["README.md", "readme.md", "Readme.md"].map((file) => join(modules, pkg, file)).filter(existsSync).slice(0, 1))

const refusal = (text: string) => {
  const outcome = parseDocument(onePage(text))
  return outcome._tag === "Failed" ? outcome.reason : "parsed"
}

describe("the contract gate", () => {
  it("reads every contract of the corpus as a contract, the click-through licence with no parties named included", () => {
    const files = corpusFiles()
    expect(files.length).toBeGreaterThanOrEqual(15)
    for (const file of files) expect(isContract(readAsContract(corpusText(file))), file).toBe(true)
  })

  it("refuses every README in node_modules as not_a_contract: manuals, even those ending in a licence", () => {
    const files = readmes()
    expect(files.length).toBeGreaterThan(200)
    for (const file of files) expect(refusal(readFileSync(file, "utf8")), file).toBe("not_a_contract")
  })

  it("judges the whole: a licence appended to a manual does not make it a contract, a preamble and signatures with terms do", () => {
    const manual = readFileSync(join(modules, "pg/README.md"), "utf8")
    expect(readAsContract(manual)).toMatchObject({ preamble: false, signatures: false })
    const short = "LOAN AGREEMENT\n\nThis Agreement is made between Ann Lee and Bob Ray. Bob shall repay Ann $500 by June 1, 2024."
    expect(readAsContract(short)).toMatchObject({ preamble: true, terms: 0.5 })
    expect(refusal(short)).toBe("parsed")
  })

  it("reads a specification's capitalised SHALL and MUST as keywords, not as terms binding anyone", () => {
    const spec = Array.from(
      { length: 20 },
      (_, i) => `${i + 1}. A receiving party SHALL discard a frame whose length field exceeds the negotiated maximum, and the sender MUST NOT retransmit it.`
    ).join("\n\n")
    expect(readAsContract(spec).terms).toBe(0)
    expect(refusal(spec)).toBe("not_a_contract")
    const disclaimer = "IN NO EVENT SHALL THE LICENSOR BE LIABLE FOR ANY DAMAGES ARISING OUT OF THE USE OF THE SOFTWARE."
    expect(readAsContract(disclaimer).terms).toBe(1)
  })
})
