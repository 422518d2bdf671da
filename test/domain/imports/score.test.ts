import { describe, expect, it } from "@effect/vitest"
import {
  datesMatch,
  durationsMatch,
  normaliseDate,
  normaliseDuration,
  normaliseParty,
  scoreContract,
  scoreParties
} from "../../../scripts/evalImports/score.js"
import { normalisePlace } from "../../../scripts/evalImports/places.js"
import type { Label } from "../../../scripts/evalImports/score.js"
import { formatTable } from "../../../scripts/evalImports/table.js"

const label: Label = {
  file: "x.txt",
  parties: ["Sykes HealthPlan Services, Inc. (\"SHPS\")", "HealthPlan Services, Inc. (\"HPS\")", "(sometimes referred to as the Parties)"],
  agreement_date: "1/1/1998",
  effective_date: null,
  expiration_date: "perpetual",
  renewal_term: "successive 1 year",
  notice_period: "90 days",
  governing_law: "Florida",
  spans: { Parties: ["Sykes HealthPlan Services, Inc.", "HPS"] }
}

describe("score", () => {
  it("normalises dates to M/D/YYYY", () => {
    expect(normaliseDate("January 1, 1998")).toBe("1/1/1998")
    expect(normaliseDate("1st day of January, 1998")).toBe("1/1/1998")
    expect(normaliseDate("19t h day of March, 2020")).toBe("3/19/2020")
    expect(normaliseDate("1/1/98")).toBe("1/1/1998")
    expect(normaliseDate("03-24-06")).toBe("3/24/2006")
    expect(normaliseDate("31/01/2025")).toBe("1/31/2025")
    expect(normaliseDate("01/02/2025")).toBe("1/2/2025")
    expect(normaliseDate("January 1 , 1998")).toBe("1/1/1998")
    expect(normaliseDate("May 3,2006")).toBe("5/3/2006")
    expect(normaliseDate("2 April 2020")).toBe("4/2/2020")
    expect(datesMatch("January 2020", "1/[]/2020")).toBe(true)
    expect(datesMatch("June 1st, 2020", "6/1/2020")).toBe(true)
    expect(datesMatch("June 2, 2020", "6/1/2020")).toBe(false)
  })

  it("normalises durations to number and unit", () => {
    expect(normaliseDuration("ninety (90) days")).toBe("90 days".replace("days", "day"))
    expect(normaliseDuration("one (1) year")).toBe("1 year")
    expect(normaliseDuration("successive 1 year")).toBe("1 year")
    expect(normaliseDuration("one hundred twenty (120) days")).toBe("120 day")
    expect(normaliseDuration("one hundred twenty days")).toBe("120 day")
    expect(durationsMatch("one (1) additional twelve month period", "1 year")).toBe(true)
    expect(durationsMatch("an additional period of half a year", "0.5 year")).toBe(true)
    expect(durationsMatch("a further * years", "successive [] years")).toBe(true)
    expect(durationsMatch("thirty (30) days", "90 days")).toBe(false)
  })

  it("normalises places and parties", () => {
    expect(normalisePlace("the State of New York")).toBe("new york")
    expect(normalisePlace("laws of the Province of British Columbia")).toBe("british columbia")
    expect(normalisePlace("United States of America")).toBe("united states")
    expect(normalisePlace("state of Florida")).toBe("florida")
    expect(normalisePlace("Italian")).toBe("italy")
    expect(normaliseParty("Data Call Technologies, Inc.")).toBe(normaliseParty("DATA CALL TECHNOLOGIES INC"))
  })

  it("scores a contract per fact", () => {
    const scores = scoreContract(
      [
        { name: "party_a", value: "SYKES HEALTHPLAN SERVICES, INC." },
        { name: "party_b", value: "HealthPlan Services Inc" },
        { name: "party_c", value: "Someone Else LLC" },
        { name: "agreement_date", value: "January 1, 1998" },
        { name: "effective_date", value: "January 1, 1998" },
        { name: "expiration_date", value: "until terminated" },
        { name: "renewal_term", value: "successive additional periods of one year" },
        { name: "governing_law", value: "state of Florida" },
        { name: "amount_1", value: "$10" }
      ],
      label
    )
    expect(scores.parties).toEqual({ tp: 2, fp: 1, fn: 0 })
    expect(scores.agreement_date).toEqual({ tp: 1, fp: 0, fn: 0 })
    expect(scores.effective_date).toEqual({ tp: 0, fp: 1, fn: 0 })
    expect(scores.expiration_date).toEqual({ tp: 1, fp: 0, fn: 0 })
    expect(scores.renewal_term).toEqual({ tp: 1, fp: 0, fn: 0 })
    expect(scores.notice_period).toEqual({ tp: 0, fp: 0, fn: 1 })
    expect(scores.governing_law).toEqual({ tp: 1, fp: 0, fn: 0 })
    expect(Object.keys(scores)).not.toContain("amount_1")
    expect(formatTable(scores)).toContain("total (micro)")
  })

  it("does not count a label item that names the parties together, or a fragment of one, as a party", () => {
    const listed = {
      ...label,
      parties: [
        "Global Technologies, Ltd (\"Company\")",
        "Timothy Cabrera (\"Consultant\")",
        "Company and Consultant (individually, a “Party”",
        "collectively, the “Parties”)"
      ]
    }
    expect(scoreParties(["Global Technologies, Ltd", "Timothy Cabrera"], listed)).toEqual({ tp: 2, fp: 0, fn: 0 })
    const lettered = {
      ...label,
      parties: [
        "Beijing Baidu Netcom Science and Technology Co., Ltd. (\"Party A\")",
        "Beijing Yisheng Leju Information Services Co., Ltd (\"Party B\")",
        "Party A, Party B (individually a \"Party\", collectively the \"Parties\")"
      ]
    }
    expect(scoreParties(["Beijing Yisheng Leju Information Services Co., Ltd."], lettered)).toEqual({ tp: 1, fp: 0, fn: 1 })
  })
})
