import { describe, expect, it } from "@effect/vitest"
import { readDuration } from "../../../src/Domain/Words/Durations.js"
import { addPeriod, normalizedValue, readDate } from "../../../src/Domain/Words/FactReading.js"
import { expectNoHang } from "../../support/hangGuard.js"

const date = (name: string, value: string) => ({ name, kind: "date", value })

describe("readDate", () => {
  it("reads the dates contracts write, every way they write them", () => {
    expect(readDate("the 1st day of March, 2018")).toBe("2018-03-01")
    expect(readDate("31 October 2019")).toBe("2019-10-31")
    expect(readDate("the 22nd of May, 2008")).toBe("2008-05-22")
    // marshall-endorsement: "is made this 1st day of --- November, 2003".
    expect(readDate("1st day of --- November, 2003")).toBe("2003-11-01")
    expect(readDate("January 10th, 2019")).toBe("2019-01-10")
    expect(readDate("March 18. 2021")).toBe("2021-03-18")
    expect(readDate("May 3,2006")).toBe("2006-05-03")
    expect(readDate("Sept. 5, 2001")).toBe("2001-09-05")
    expect(readDate("1/27/2020")).toBe("2020-01-27")
    expect(readDate("04-01-08")).toBe("2008-04-01")
    expect(readDate("2020-02-29")).toBe("2020-02-29")
  })

  it("mends ordinals a bad PDF text layer tore", () => {
    // sphere3d-consulting: "the Effective Date on June 1s t 2020"; legacyeducation-endorsement: "1.5t January 2013 to 315t December 2013".
    expect(readDate("June 1s t 2020")).toBe("2020-06-01")
    expect(readDate("19t h day of March, 2020")).toBe("2020-03-19")
    expect(readDate("1.5t January 2013")).toBe("2013-01-01")
    expect(readDate("315t December 2013")).toBe("2013-12-31")
  })

  it("gives the month alone when no day is written, and nothing for no date, two dates or an impossible one", () => {
    expect(readDate("March 2018")).toBe("2018-03")
    expect(readDate("as of the date last signed below")).toBeNull()
    expect(readDate("February 8, 2018 to May 3, 2018")).toBeNull()
    expect(readDate("February 30, 2020")).toBeNull()
  })

  it("reads a form's blanks with its year as the year alone, and counts whole years from it", () => {
    // airtech-franchise: "THIS AGREEMENT is entered into on this ____ day of ___________, 2000"; "The term of this Agreement shall be for 10 years".
    expect(readDate("____ day of ___________, 2000")).toBe("2000")
    const start = date("agreement_date", "____ day of ___________, 2000")
    expect(normalizedValue(date("expiration_date", "10 years"), [start])).toBe("2010")
    expect(normalizedValue(date("expiration_date", "six (6) months"), [start])).toBeNull()
  })
})

describe("readDuration", () => {
  it("reads a period as an ISO 8601 duration, the figure nearest its unit", () => {
    expect(readDuration("ninety (90) days")).toBe("P90D")
    expect(readDuration("successive one (1) year periods")).toBe("P1Y")
    expect(readDuration("one (1) additional twelve month period")).toBe("P12M")
    expect(readDuration("one hundred twenty (120) days")).toBe("P120D")
    expect(readDuration("twenty-four (24) months")).toBe("P24M")
    expect(readDuration("an initial term of three years")).toBe("P3Y")
    expect(readDuration("12 weeks")).toBe("P12W")
    expect(readDuration("half a year")).toBe("P6M")
    expect(readDuration("year to year")).toBe("P1Y")
    expect(readDuration("every year")).toBe("P1Y")
  })

  it("reads nothing without a count, a unit, or in business days", () => {
    expect(readDuration("* years")).toBeNull()
    expect(readDuration("the Term")).toBeNull()
    expect(readDuration("thirty (30) business days")).toBeNull()
  })
})

describe("addPeriod", () => {
  it("counts to the anniversary with no day taken off, and to the month's last day when it is shorter", () => {
    expect(addPeriod("2019-12-19", "P5Y")).toBe("2024-12-19")
    expect(addPeriod("2014-01-20", "P6M")).toBe("2014-07-20")
    expect(addPeriod("2020-01-31", "P1M")).toBe("2020-02-29")
    expect(addPeriod("2018-02-08", "P12W")).toBe("2018-05-03")
    expect(addPeriod("2018-03", "P1Y")).toBe("2019-03")
  })
})

describe("normalizedValue", () => {
  it("reads an expiration written as a term from the effective date, else the agreement date", () => {
    // novo-joint-venture: "expires in five (5) years from the date of Effective Date", dated December 19, 2019.
    const term = date("expiration_date", "five (5) years")
    expect(normalizedValue(term, [date("agreement_date", "November 1, 2019"), date("effective_date", "December 19, 2019"), term])).toBe("2024-12-19")
    expect(normalizedValue(term, [date("agreement_date", "November 1, 2019"), term])).toBe("2024-11-01")
    expect(normalizedValue(term, [term])).toBeNull()
  })

  it("counts from the agreement date when the words say the date hereof or of this Agreement", () => {
    // cyberianoutpost-promotion: dated January 26, 1998, effective February 1, 1998, ending "on the first anniversary of the date of this Agreement".
    const facts = [date("agreement_date", "January 26, 1998"), date("effective_date", "February 1, 1998")]
    expect(normalizedValue(date("expiration_date", "first anniversary of the date of this Agreement"), facts)).toBe("1999-01-26")
    expect(normalizedValue(date("expiration_date", "twelve (12) months from the date hereof"), facts)).toBe("1999-01-26")
    expect(normalizedValue(date("expiration_date", "twelve (12) months from the Effective Date"), facts)).toBe("1999-02-01")
  })

  it("counts from a date the term itself names, and reads a written end date as itself", () => {
    expect(normalizedValue(date("expiration_date", "12 weeks from February 8, 2018"), [])).toBe("2018-05-03")
    // ashworth-promotion: "shall continue for a term of three (3) years expiring May 31, 2001".
    expect(normalizedValue(date("expiration_date", "three (3) years expiring May 31, 2001"), [date("effective_date", "June 1, 1998")])).toBe("2001-05-31")
    expect(normalizedValue(date("expiration_date", "March 31, 2011"), [date("effective_date", "March 6, 2006")])).toBe("2011-03-31")
  })

  it("reads an expiration that runs until a party ends it as perpetual", () => {
    expect(normalizedValue(date("expiration_date", "until terminated"), [date("effective_date", "March 6, 2006")])).toBe("perpetual")
    expect(normalizedValue(date("expiration_date", "in perpetuity"), [])).toBe("perpetual")
    expect(normalizedValue(date("expiration_date", "until either party gives notice"), [])).toBe("perpetual")
    expect(normalizedValue(date("expiration_date", "at the option of any party"), [])).toBe("perpetual")
  })

  it("reads terms and notices as durations, and other kinds as nothing", () => {
    expect(normalizedValue({ name: "renewal_term", kind: "term", value: "successive one (1) year periods" }, [])).toBe("P1Y")
    expect(normalizedValue({ name: "notice_period", kind: "notice", value: "sixty (60) days" }, [])).toBe("P60D")
    expect(normalizedValue({ name: "governing_law", kind: "jurisdiction", value: "State of New York" }, [])).toBeNull()
    expect(normalizedValue({ name: "amount_1", kind: "money", value: 10000 }, [])).toBeNull()
  })

  it("stays linear on hostile words", () => {
    const started = performance.now()
    normalizedValue(date("expiration_date", "1 ".repeat(200_000) + "years"), [])
    readDate("january ".repeat(100_000))
    expect(readDate("1/1/2020 ".repeat(100_000))).toBeNull()
    expectNoHang(performance.now() - started, 10_000)
  })
})
