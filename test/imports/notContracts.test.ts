import { describe, expect, it } from "@effect/vitest"
import { existsSync, readFileSync } from "node:fs"
import { gunzipSync } from "node:zlib"
import { parseDocument } from "../../src/Domain/Imports/ParseDocument.js"
import { extractText } from "../../src/Imports/Extract.js"
import { makeFile } from "../support/documents.js"

/**
 * Manuals and specifications Debian ships as PDF (`.ci/run` installs the packages): the GNU
 * libtasn1 manual once became a contract between "Libtasn1 Abstract Syntax Notation One" and
 * "Distinguished Encoding Rules", its GNU Free Documentation License supplying the words.
 */
const shipped = [
  ["libtasn1-doc", "/usr/share/doc/libtasn1-doc/libtasn1.pdf"],
  ["shared-mime-info", "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"],
  ["bzip2-doc", "/usr/share/doc/bzip2/manual.pdf.gz"]
] as const

const pdfOf = (path: string) => path.endsWith(".gz") ? makeFile("manual.pdf", gunzipSync(readFileSync(path))) : path

describe("documents that are no contract", () => {
  it("refuses the manuals and the specification Debian ships as PDF, through the extractor the worker uses", async () => {
    for (const [pkg, path] of shipped) {
      expect(existsSync(path), `${path}: install the Debian package ${pkg}`).toBe(true)
      const extracted = await extractText("pdf", pdfOf(path))
      expect(extracted.pages.length, path).toBeGreaterThan(10)
      const outcome = parseDocument(extracted)
      expect(outcome._tag === "Failed" && outcome.reason, path).toBe("not_a_contract")
    }
  })
})
