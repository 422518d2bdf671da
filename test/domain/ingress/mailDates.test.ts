import { describe, expect, it } from "@effect/vitest"
import { parseMailDate } from "../../../src/Domain/Ingress/MailDates.js"

const read: ReadonlyArray<readonly [string, string]> = [
  ["Mon, 16 Nov 2026 10:12:00 +0000", "2026-11-16T10:12:00.000Z"],
  ["Mon, 16 Nov 2026 10:12:00 -0500 (EST)", "2026-11-16T15:12:00.000Z"],
  ["16 Nov 2026 10:12 GMT", "2026-11-16T10:12:00.000Z"],
  ["Mon, 16 Nov 2026 at 10:12", "2026-11-16T10:12:00.000Z"],
  ["Mon, Nov 16, 2026 at 10:12 PM", "2026-11-16T22:12:00.000Z"],
  ["Mon, Nov 16, 2026 at 10:12\u202fPM", "2026-11-16T22:12:00.000Z"],
  ["Mon, Nov 16, 2026 at 10:12pm", "2026-11-16T22:12:00.000Z"],
  ["Monday, November 16, 2026 10:12 AM", "2026-11-16T10:12:00.000Z"],
  ["Monday, November 16, 2026 12:05 AM", "2026-11-16T00:05:00.000Z"],
  ["Monday, 16 November 2026 12:05", "2026-11-16T12:05:00.000Z"],
  ["16 November 2026 at 10:12:00 GMT", "2026-11-16T10:12:00.000Z"],
  ["November 16, 2026 at 10:12:00 AM PST", "2026-11-16T18:12:00.000Z"],
  ["Sun, 15 Nov 2026, at 09:00", "2026-11-15T09:00:00.000Z"],
  ["16. November 2026 10:12", "2026-11-16T10:12:00.000Z"],
  ["16.11.2026 10:12", "2026-11-16T10:12:00.000Z"],
  ["11/16/2026 10:12 am", "2026-11-16T10:12:00.000Z"],
  ["2026-11-16T10:12:00+01:00", "2026-11-16T09:12:00.000Z"],
  ["2026-11-16 10:12", "2026-11-16T10:12:00.000Z"],
  ["Tue, 29 Feb 2028 23:59:59 +1400", "2028-02-29T09:59:59.000Z"]
]

const unread = [
  "",
  "yesterday",
  "Mon, 16 Nov 2026",
  "05/06/2026 10:12",
  "Mon, 31 Nov 2026 10:12",
  "Thu, 29 Feb 2027 10:12",
  "Mon, 16 Nov 2026 25:12",
  "Monday, November 16, 2026 13:12 PM",
  "Mon, 16 Nov 2026 10:12 XYZT",
  "Mon, 16 Nov 26 10:12",
  "16 16 Nov 2026 10:12",
  "Mon, 16 Nov 2026 10:12 constructor",
  "9999-99-99T99:99"
]

describe("parseMailDate", () => {
  for (const [text, iso] of read) it(`${JSON.stringify(text)} → ${iso}`, () => expect(parseMailDate(text)).toBe(iso))
  for (const text of unread) it(`${JSON.stringify(text)} → null`, () => expect(parseMailDate(text)).toBeNull())
})
