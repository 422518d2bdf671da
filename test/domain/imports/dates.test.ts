import { describe, expect, it } from "@effect/vitest"
import { findTermLength } from "../../../src/Domain/Imports/Dates.js"

const lengthIn = (text: string): string | undefined => {
  const blocks = [{ kind: "clause" as const, text }]
  const hit = findTermLength(blocks)
  return hit === undefined ? undefined : text.slice(hit.start, hit.end)
}

describe("findTermLength", () => {
  it("reads how long the contract runs when no end date is written", () => {
    // Sentences of develop-set contracts: gentech-distributor, visium-distributor, cca-outsourcing, magenta-development-manufacturing.
    expect(
      lengthIn(
        "This Agreement shall become effective on the date first written above and shall continue in effect for a period of Three (3) years. (b) Distributor Option to Renew."
      )
    )
      .toBe("Three (3) years")
    expect(
      lengthIn(
        "Unless otherwise terminated as provided herein, the initial term of this Agreement shall be three (3) years from the Effective Date and shall thereafter be automatically renewed for subsequent one (1) year periods"
      )
    )
      .toBe("three (3) years")
    expect(
      lengthIn(
        "This agreement shall commence on January 20, 2014 (the \"Effective Date\") and shall continue in effect for six (6) months (the \"Initial Term\")."
      )
    )
      .toBe("six (6) months")
    expect(
      lengthIn(
        "This Agreement shall commence on the Effective Date and shall extend for a period of Five (5) years thereafter (\"Initial Term\"), unless this Agreement is terminated earlier"
      )
    )
      .toBe("Five (5) years")
  })

  it("leaves lengths of something else: renewals, notice, what survives, limits", () => {
    expect(lengthIn("This Agreement may be renewed for additional periods of one (1) year (each such additional period, a \"Renewal Term\").")).toBeUndefined()
    expect(lengthIn("Either party may terminate this Agreement upon sixty (60) days prior written notice.")).toBeUndefined()
    expect(lengthIn("All Confidential Information will, during the Term of this Agreement and for a period of five years thereafter, be held in confidence."))
      .toBeUndefined()
    expect(lengthIn("This decrease will stay in effect until SC&W reaches $10MM in premium or at a maximum of 10 years.")).toBeUndefined()
    expect(lengthIn("The JV Agreement shall have a duration of * years, extendable for a further * years.")).toBeUndefined()
  })
})
