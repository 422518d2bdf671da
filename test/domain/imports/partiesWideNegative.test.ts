/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop set
 * (scripts/evalImports/wideCorpus.ts), quoted verbatim with the file each comes from, and a few
 * sentences built to test one rule: what must not be read as a party.
 */
import { describe, expect, it } from "@effect/vitest"
import { expectNoHang } from "../../support/hangGuard.js"
import { nameAt, partiesIn, partiesOf } from "./readers.js"

describe("what is not a party", () => {
  it("reads no words after a name's inner 'and' as a second party", () => {
    expect(
      partiesIn(
        "This License is between NORTHWIND FILM AND ENTERTAINMENT CORPORATION, located at 1 Main Street, and CONTOSO MEDIA INC., a Delaware corporation."
      )
    )
      .toEqual(["NORTHWIND FILM AND ENTERTAINMENT CORPORATION", "CONTOSO MEDIA INC."])
  })

  it("reads no defined term 'Company' as a party (wide-034)", () => {
    expect(
      partiesIn(
        "This Agreement, dated as of January 30, 2000 (\"Effective Date\"), is made and entered into by and between Amazon.com Commerce Services, Inc., a Delaware corporation (\"ACSI\"), and Audible Inc. a Delaware corporation (\"Company\").  ACSI and Company are sometimes referred to collectively herein as the \"Parties\" and individually as a \"Party.\"  ACSI and Company agree as follows:"
      )
    ).toEqual(["Amazon.com Commerce Services, Inc.", "Audible Inc."])
  })

  it("stops at the parties of another agreement the preamble refers to (wide-398)", () => {
    const parties = partiesIn(
      "This AMENDMENT AND TERMINATION OF JOINT VENTURE AGREEMENT (this \"Amendment\") is made and entered into effective as of October 30, 2019 (the \"Effective Date\") by and among (1) Veoneer AB, a Swedish corporation (\"Veoneer AB\") and Veoneer US, Inc., a Delaware corporation (\"Veoneer US\" and together with Veoneer AB, the \"Veoneer Parties\"), and (2) Nissin Kogyo Co., Ltd., a Japanese corporation (\"Nissin\"), Nissin Kogyo Holdings USA, Inc., an Ohio corporation (\"Nissin Holding\") and Zhongshan Nissin Industry Co., Ltd., a Peoples' Republic of China company (\"NBZ\" and together with Nissin and Nissin Holding, the \"Nissin Parties\"), as an amendment to that certain Joint Venture Agreement dated March 7, 2016 by and among Autoliv ASP, Inc. (\"Autoliv ASP\"), Autoliv AB (\"Autoliv AB\") and Autoliv Holding, Inc. (\"Autoliv Holding\" and together with Autoliv ASP and Autoliv AB, the \"Autoliv Parties\") and the Nissin Parties"
    )
    expect(parties).toEqual([
      "Veoneer AB",
      "Veoneer US, Inc.",
      "Nissin Kogyo Co., Ltd.",
      "Nissin Kogyo Holdings USA, Inc.",
      "Zhongshan Nissin Industry Co., Ltd."
    ])
  })

  it("ends the list with the preamble's sentence: a blank party leaves a later defined term alone (wide-424)", () => {
    expect(
      partiesIn(
        "This Support and Maintenance Agreement (\"Agreement\") is entered into and is effective as of the ____ day of _______________2000 (the \"Effective Date\") by and between XACCT Technologies, Inc., a Delaware corporation (\"XACCT\") with its principal place of business at 2900 Lakeside Drive, Suite 100, Santa Clara, California 95054 and ________________________________, a _______________corporation (\"Licensee\") with its principal place of business at _________________________________.\n\nThis Agreement sets forth the terms and conditions under which XACCT will provide Product Maintenance (as defined below) and Support Services (as defined below) for the Product"
      )
    ).toEqual(["XACCT Technologies, Inc."])
  })

  it("leaves out a page footer run into a cover line (wide-232)", () => {
    expect(partiesIn("MASTER SERVICES AGREEMENT Between RadialSpark, LLC and Clear Capital Page 1 of 10")).toEqual(["RadialSpark, LLC", "Clear Capital"])
  })

  it("reads no two signers printed side by side as one, nor the signatory under them (wide-074)", () => {
    expect(
      partiesOf([
        "This Agreement is made between Centrack International, a Florida corporation.",
        "1. Hosting.",
        "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first set forth above.\n\nCENTRACK INTERNATIONAL, INC.            I-ON INTERACTIVE, INC.\n\nBy: /s/ JOHN J. LOFQUIST                By: /s/ ANNA TALERICO"
      ])
    ).toEqual(["Centrack International"])
  })

  it("reads no short name the text defined earlier as where a party is named", () => {
    expect(
      partiesIn(
        "Acme Advisers Inc. appoints its agent (\"AGENT\"). No claim lies against the Fund for obligations entered into by AGENT in its capacity as attorney-in-fact."
      )
    ).toEqual([])
  })

  it("reads no role, no plain lower-case word and no address as a name", () => {
    expect(nameAt("division of Fox Entertainment Group, Inc.")).toBeNull()
    expect(nameAt("Inc., (\"Consultant\")")).toBeNull()
    expect(nameAt("3900A 31st Street North, St. Petersburg, Florida, a Florida corporation.")).toBeNull()
    expect(
      partiesOf([
        "This Agreement is made by the parties named below.",
        "1. Terms.",
        "IN WITNESS WHEREOF the parties have signed. For and on behalf of the Company By: For and on behalf of itself and its Affiliates By:"
      ])
    ).toEqual([])
  })

  it("stays quick on hostile input", () => {
    const started = performance.now()
    partiesIn(`by and between ${"[***] and ".repeat(20_000)}`)
    partiesIn(`between ${"drkoop.com and ".repeat(20_000)}`)
    partiesOf(["x signature page", "1.", `IN WITNESS WHEREOF ${"For and on behalf of ".repeat(20_000)}`])
    partiesIn(`THIS AGREEMENT${"\nACME LTD".repeat(20_000)}`)
    expectNoHang(performance.now() - started, 10_000)
  })
})
