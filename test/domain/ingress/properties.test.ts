import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import type { MailReading, ReceivedMail } from "../../../src/Domain/Ingress/ReadMail.js"
import { readMail } from "../../../src/Domain/Ingress/ReadMail.js"
import { conA, gmailForwardOfReply, mail, outlookBoldBareBlocks, thunderbirdForward } from "./fixtures.js"

/** Any UTF-16 code unit: NUL, controls, lone surrogates, BOM, bidi overrides all included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code))
const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), fc.string({ unit: anyUnit, maxLength: 200 }))

/** The pieces a thread is made of, so the generated texts reach the block readers and not only their refusals. */
const piece = fc.oneof(
  fc.constantFrom(
    "---------- Forwarded message ---------",
    "-----Original Message-----",
    "Begin forwarded message:",
    "-------- Forwarded Message --------",
    "________________________________",
    "From: Bea Beta <bea@beta.test>",
    "*From:* \"Beta, Bea\" <bea@beta.test>",
    "From: Bea [mailto:bea@beta.test]",
    "From:",
    "Date: Mon, 16 Nov 2026 at 10:12",
    "Sent: Monday, November 16, 2026 10:12 AM",
    "Date: 16 November 2026 at 10:12:00 GMT",
    "Subject: Re: Mutual NDA",
    "To: Ada <ada@acme.test>,",
    "On Mon, 16 Nov 2026 at 10:12, Bea Beta <bea@beta.test> wrote:",
    "On Mon, Nov 16, 2026 at 10:12 AM Bea <",
    "bea@beta.test> wrote:",
    `http://localhost/contracts/${conA}`,
    `<msg_abcdefghij0123456789.${conA}@x>`,
    "> ",
    ">>> > ",
    "",
    "\u0000",
    "\uD800",
    "\uDFFF",
    "\u202E",
    "\r"
  ),
  anyText
)
const threadText = fc.array(piece, { maxLength: 60 }).map((pieces) => pieces.join("\n"))
const hugeRepeat = fc.tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1000, max: 60_000 })).map(([pieces, times]) =>
  `${pieces.join("\n")}\n`.repeat(times).slice(0, 3_000_000)
)

const attachment = fc.record({
  filename: fc.option(anyText, { nil: null }),
  contentType: fc.oneof(anyText, fc.constantFrom("application/pdf", "text/plain; charset=utf-8", "image/png")),
  size: fc.oneof(fc.integer(), fc.double())
})

const receivedMail = (text: fc.Arbitrary<string>): fc.Arbitrary<ReceivedMail> =>
  fc.record({
    from: fc.option(fc.record({ address: fc.oneof(anyText, fc.emailAddress()), name: anyText }), { nil: null }),
    subject: fc.oneof(anyText, threadText),
    date: fc.option(anyText, { nil: null }),
    messageId: fc.option(anyText, { nil: null }),
    inReplyTo: fc.option(fc.oneof(anyText, fc.constant(`<msg_abcdefghij0123456789.${conA}@x>`)), { nil: null }),
    references: fc.array(anyText, { maxLength: 5 }),
    text,
    attachments: fc.array(attachment, { maxLength: 5 })
  })

const wellFormed = (value: string | null) => {
  if (value === null) return
  expect(value.isWellFormed()).toBe(true)
  expect(value.includes("\u0000")).toBe(false)
}

const oneLine = (value: string | null, max: number) => {
  wellFormed(value)
  if (value === null) return
  expect(value.length).toBeLessThanOrEqual(max)
  expect(value).not.toMatch(/\p{Cc}/u)
}

const checkReading = (reading: MailReading) => {
  if (reading.sender !== null) {
    oneLine(reading.sender.address, 320)
    expect(reading.sender.address).toBe(reading.sender.address.toLowerCase())
    oneLine(reading.sender.name, 200)
  }
  oneLine(reading.subject, 500)
  expect(reading.forwarded.length).toBeLessThanOrEqual(50)
  for (const message of reading.forwarded) {
    oneLine(message.author, 320)
    expect(message.author).toContain("@")
    expect(message.author).toBe(message.author.toLowerCase())
    oneLine(message.authorName, 200)
    oneLine(message.subject, 500)
    wellFormed(message.text)
    expect(message.text.length).toBeLessThanOrEqual(4000)
    if (message.authoredAt !== null) expect(new Date(message.authoredAt).toISOString()).toBe(message.authoredAt)
  }
  expect(reading.contractIds.length).toBeLessThanOrEqual(10)
  expect(new Set(reading.contractIds).size).toBe(reading.contractIds.length)
  for (const id of reading.contractIds) expect(id).toMatch(/^con_[0-9A-Za-z]{20}$/)
  expect(reading.attachments.length).toBeLessThanOrEqual(100)
  reading.attachments.forEach((listed, index) => {
    expect(listed.index).toBe(index)
    oneLine(listed.filename, 255)
    expect(listed.filename).not.toMatch(/[/\\]/)
    expect(listed.filename.length).toBeGreaterThan(0)
    oneLine(listed.contentType, 255)
    expect(Number.isSafeInteger(listed.size) || listed.size > Number.MAX_SAFE_INTEGER).toBe(true)
    expect(listed.size).toBeGreaterThanOrEqual(0)
  })
  wellFormed(reading.note)
  if (reading.note !== null) {
    expect(reading.note.length).toBeLessThanOrEqual(1000)
    expect(reading.note.trim()).not.toBe("")
  }
}

describe("readMail on hostile input", () => {
  it("never throws, and every output is well formed, bounded and of the promised shape", () => {
    fc.assert(fc.property(receivedMail(fc.oneof(anyText, threadText)), (received) => checkReading(readMail(received))), { numRuns: 500 })
  })

  it("stays bounded on huge repeats of thread pieces", () => {
    fc.assert(fc.property(receivedMail(hugeRepeat), (received) => checkReading(readMail(received))), { numRuns: 15 })
  })

  it("reads a fixture with hostile characters dropped in anywhere, without throwing", () => {
    const fixture = fc.constantFrom(gmailForwardOfReply, outlookBoldBareBlocks, thunderbirdForward)
    const insertions = fc.array(fc.tuple(fc.nat(), fc.constantFrom("\u0000", "\uD800", "\uDC00", "\u202E", "\r", "\u2028")), { maxLength: 6 })
    fc.assert(
      fc.property(fixture, insertions, (text, inserted) => {
        let hostile = text
        for (const [at, unit] of inserted) hostile = hostile.slice(0, at % (hostile.length + 1)) + unit + hostile.slice(at % (hostile.length + 1))
        checkReading(readMail(mail({ text: hostile })))
      }),
      { numRuns: 300 }
    )
  })

  it("strips a subject once and for all: reading its own result again changes nothing", () => {
    const prefix = fc.constantFrom("Re: ", "FWD:", "Fw : ", "AW: ", "wg:", "TR: ", "Re[2]: ", "[EXT] ", "[Fwd: ", "]", " ", "[")
    const subject = fc.tuple(fc.array(prefix, { maxLength: 8 }), anyText).map(([prefixes, rest]) => `${prefixes.join("")}${rest}`)
    fc.assert(
      fc.property(subject, (raw) => {
        const once = readMail(mail({ subject: raw })).subject
        expect(readMail(mail({ subject: once })).subject).toBe(once)
      }),
      { numRuns: 500 }
    )
  })

  it("reads 100,000 From lines, and as many complete blocks, to at most 50 messages", () => {
    checkReading(readMail(mail({ text: "From:\n".repeat(100_000) })))
    checkReading(readMail(mail({ text: "*From:* x\n".repeat(100_000) })))
    const blocks = readMail(mail({ text: "From: bea@beta.test\nSent: Monday, November 16, 2026 10:12 AM\nTo: ada@acme.test\n\nHi\n".repeat(20_000) }))
    expect(blocks.forwarded.length).toBe(50)
    checkReading(blocks)
    const replies = readMail(mail({ text: "On Mon, 16 Nov 2026 at 10:12, Bea <bea@beta.test> wrote:\n> ok\n".repeat(20_000) }))
    expect(replies.forwarded.length).toBe(50)
  })

  it("returns for a 5 MB body", () => {
    const body = `${gmailForwardOfReply}\n${"lorem ipsum dolor sit amet con_ ".repeat(160_000)}`
    expect(body.length).toBeGreaterThan(5_000_000)
    const reading = readMail(mail({ text: body }))
    checkReading(reading)
    expect(reading.forwarded.length).toBe(2)
  })

  it("returns for a 5 MB body of one line and of nothing but line ends and quote markers", () => {
    checkReading(readMail(mail({ text: "x@y.z ".repeat(900_000), subject: "Re: ".repeat(1_000_000) })))
    checkReading(readMail(mail({ text: ">\n".repeat(2_600_000) })))
  })
})
