import { describe, expect, it } from "@effect/vitest"
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"

const copy = resolve(import.meta.dirname, "../../fixtures/cuad-dev")

describe("the copy of the CUAD dev corpus", () => {
  it("holds the 15 texts byte for byte, as labels.json records their SHA-256", () => {
    const labels = JSON.parse(readFileSync(join(copy, "labels.json"), "utf8")) as ReadonlyArray<{ file: string; source: { sha256: string } }>
    expect(labels).toHaveLength(15)
    for (const label of labels) {
      expect(createHash("sha256").update(readFileSync(join(copy, label.file))).digest("hex"), label.file).toBe(label.source.sha256)
    }
  })
})
