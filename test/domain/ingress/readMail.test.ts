import { describe, expect, it } from "@effect/vitest"
import { readMail } from "../../../src/Domain/Ingress/ReadMail.js"
import {
  appleForward,
  conA,
  conB,
  conC,
  conD,
  gmailForwardOfReply,
  mail,
  outlookBoldBareBlocks,
  outlookOriginalMessage,
  thunderbirdForward,
  wrappedReplyQuotes
} from "./fixtures.js"

const read = (text: string) => readMail(mail({ text }))

describe("readMail: the thread a forward quotes", () => {
  it("Gmail: a forward of a reply is two messages, newest first, each with its own text", () => {
    const reading = read(gmailForwardOfReply)
    expect(reading.sender).toEqual({ address: "ada@acme.test", name: "Ada Acme" })
    expect(reading.forwarded).toEqual([
      {
        author: "bea@beta.test",
        authorName: "Bea Beta",
        authoredAt: "2026-11-16T10:12:00.000Z",
        subject: "Re: Mutual NDA",
        text: "Hi Ada,\n\nWe are happy with the NDA as drafted, apart from the term in clause 7.\nCould we make it three years rather than five?\n\nBest,\nBea"
      },
      {
        author: "ada@acme.test",
        authorName: "Ada Acme",
        authoredAt: "2026-11-15T09:00:00.000Z",
        subject: null,
        text: "Hi Bea,\n\nPlease find our mutual NDA attached for review.\n\nThanks,\nAda"
      }
    ])
    expect(reading.note).toBe("We are happy with the NDA as drafted, apart from the term in clause 7. Could we make it three years rather than five?")
  })

  it("Outlook: -----Original Message-----, a [mailto:] address, Sent, CRLF", () => {
    const reading = read(outlookOriginalMessage)
    expect(reading.forwarded).toEqual([{
      author: "bea.beta@beta.test",
      authorName: "Beta, Bea",
      authoredAt: "2026-11-16T10:12:00.000Z",
      subject: "RE: Master services agreement",
      text: "Ada,\n\nAttached is our markup of the MSA. The only open point is the liability cap.\n\nRegards\nBea Beta | Legal | Beta Ltd"
    }])
    expect(reading.note).toBe("Attached is our markup of the MSA. The only open point is the liability cap.")
  })

  it("Outlook as converted HTML: bare *From:* blocks, a rule, blank lines between headers, a quoted older block", () => {
    const reading = read(outlookBoldBareBlocks)
    expect(reading.forwarded.map(({ author, authoredAt, subject }) => ({ author, authoredAt, subject }))).toEqual([
      { author: "dan@delta.test", authoredAt: "2026-11-17T16:05:00.000Z", subject: "RE: SaaS subscription" },
      { author: "ada@acme.test", authoredAt: "2026-11-16T09:30:00.000Z", subject: "SaaS subscription" }
    ])
    expect(reading.forwarded[0]!.text).toBe("Agreed on all points, please send the final version.\n\nDan")
    expect(reading.forwarded[1]!.text).toBe(`Dan, the draft is at https://app.test/contracts/${conB}\nAda`)
    expect(reading.contractIds).toEqual([conB])
    expect(reading.note).toBe("Agreed on all points, please send the final version.")
  })

  it("Apple Mail: Begin forwarded message, a quoted name with a comma, Apple's date", () => {
    const reading = read(appleForward)
    expect(reading.forwarded).toEqual([{
      author: "bea@beta.test",
      authorName: "Beta, Bea Jr.",
      authoredAt: "2026-11-16T10:12:00.000Z",
      subject: "Consulting agreement",
      text: "Ada, here is the consulting agreement we discussed. Day rate as agreed.\n\nBea"
    }])
    expect(reading.note).toBe("Ada, here is the consulting agreement we discussed. Day rate as agreed.")
  })

  it("Thunderbird: Subject first, tabs after the labels, a date with its offset", () => {
    const reading = read(thunderbirdForward)
    expect(reading.forwarded).toEqual([{
      author: "erin@echo.test",
      authorName: "Erin Echo",
      authoredAt: "2026-11-16T09:12:00.000Z",
      subject: "Statement of work",
      text: "Hello Ada,\n\nThe statement of work for phase two is attached.\n\nErin"
    }])
    expect(reading.note).toBe("The statement of work for phase two is attached.")
  })

  it("reply attributions, wrapped over two lines and quoted inside a quote, are messages too", () => {
    const reading = read(wrappedReplyQuotes)
    expect(reading.forwarded).toEqual([
      { author: "bea@beta.test", authorName: "Bea Beta", authoredAt: "2026-11-16T10:12:00.000Z", subject: null, text: "Countersigned, see attached." },
      { author: "ada@acme.test", authorName: "Ada Acme", authoredAt: "2026-11-15T09:00:00.000Z", subject: null, text: "Here it is for signature." }
    ])
  })

  it("reads each form of From line, and a block whose From names no address is no message", () => {
    const forwardFrom = (from: string) =>
      read(`---------- Forwarded message ---------\nFrom: ${from}\nDate: Mon, 16 Nov 2026 at 10:12\nSubject: NDA\n\nBody.`).forwarded
        .map(({ author, authorName }) => ({ author, authorName }))
    expect(forwardFrom("Bea Beta <Bea@Beta.TEST>")).toEqual([{ author: "bea@beta.test", authorName: "Bea Beta" }])
    expect(forwardFrom("\"Beta, Bea, Jr.\" <bea@beta.test>")).toEqual([{ author: "bea@beta.test", authorName: "Beta, Bea, Jr." }])
    expect(forwardFrom("bea@beta.test")).toEqual([{ author: "bea@beta.test", authorName: null }])
    expect(forwardFrom("Bea Beta [mailto:bea@beta.test]")).toEqual([{ author: "bea@beta.test", authorName: "Bea Beta" }])
    expect(forwardFrom("bea@beta.test (Bea Beta)")).toEqual([{ author: "bea@beta.test", authorName: "Bea Beta" }])
    expect(forwardFrom("Bea Beta <bea@beta.test [bea@beta.test]>")).toEqual([{ author: "bea@beta.test", authorName: "Bea Beta" }])
    expect(forwardFrom("Bea Beta")).toEqual([])
    expect(read("On Monday, Bea Beta wrote:\n> Hello").forwarded).toEqual([])
  })

  it("never invents a date: an unreadable or ambiguous Date line is null", () => {
    const dated = (date: string) => read(`-----Original Message-----\nFrom: bea@beta.test\nSent: ${date}\nTo: ada@acme.test\n\nHi`).forwarded[0]?.authoredAt
    expect(dated("Monday, November 16, 2026 10:12 AM")).toBe("2026-11-16T10:12:00.000Z")
    expect(dated("05/06/2026 10:12")).toBeNull()
    expect(dated("next Tuesday")).toBeNull()
    expect(dated("Monday, November 31, 2026 10:12 AM")).toBeNull()
  })

  it("counts a forward with no text of its own, and takes the forwarder's words when no quoted message has any", () => {
    const reading = read("Please import.\n\n---------- Forwarded message ---------\nFrom: bea@beta.test\nDate: Mon, 16 Nov 2026 at 10:12\n")
    expect(reading.forwarded).toEqual([{ author: "bea@beta.test", authorName: null, authoredAt: "2026-11-16T10:12:00.000Z", subject: null, text: "" }])
    expect(reading.note).toBe("Please import.")
  })

  it("quotes a message's text to at most 4000 characters and a note to at most 1000", () => {
    const long = `${"We accept clause four as drafted and ask for nothing more. ".repeat(200)}`
    const reading = read(`---------- Forwarded message ---------\nFrom: bea@beta.test\nDate: Mon, 16 Nov 2026 at 10:12\n\n${long}`)
    expect(reading.forwarded[0]!.text.length).toBe(4000)
    expect(reading.note!.length).toBeLessThanOrEqual(1000)
    expect(reading.note!.endsWith("nothing more.")).toBe(true)
  })
})

describe("readMail: a mail with no text", () => {
  it("reads the headers and attachments alone", () => {
    const reading = readMail(mail({ text: "", subject: "", from: null }))
    expect(reading).toEqual({ sender: null, subject: "", forwarded: [], contractIds: [], attachments: [], note: null })
  })

  it("has no note when the text is only whitespace and quote markers", () => {
    expect(read(" \r\n>\r\n> >  \r\n\t").note).toBeNull()
  })
})

describe("readMail: contract ids", () => {
  it("finds the id in the service's own Message-ID form in In-Reply-To", () => {
    const reading = readMail(mail({ inReplyTo: `<msg_abcdefghij0123456789.${conA}@mail.app.test>` }))
    expect(reading.contractIds).toEqual([conA])
  })

  it("orders ids by trust: In-Reply-To, References, subject, then the body's links and mentions", () => {
    const reading = readMail(mail({
      inReplyTo: `<msg_abcdefghij0123456789.${conA}@mail.app.test>`,
      references: ["<CAF=unrelated@mail.beta.test>", `<msg_0123456789abcdefghij.${conB}@mail.app.test>`],
      subject: `Fwd: NDA (${conC})`,
      text: `See http://localhost:3000/contracts/${conD}/letters and again ${conA}.`
    }))
    expect(reading.contractIds).toEqual([conA, conB, conC, conD])
  })

  it("takes only an id that stands alone, exactly 20 base-62 characters after con_", () => {
    const text = [`x${conA}`, `${conB}9`, `${conC}_x`, "con_abcdefghij012345678", "CON_A1b2C3d4E5f6G7h8I9j0", `(${conD})`].join(" ")
    expect(read(text).contractIds).toEqual([conD])
  })

  it("keeps at most ten distinct ids", () => {
    const ids = Array.from({ length: 15 }, (_, k) => `con_${String(k).padStart(20, "x")}`)
    const reading = read([...ids, ...ids].join("\n"))
    expect(reading.contractIds).toEqual(ids.slice(0, 10))
  })
})

describe("readMail: the subject", () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ["Fwd: Mutual NDA", "Mutual NDA"],
    ["FW: RE: Re: fwd: Mutual NDA", "Mutual NDA"],
    ["AW: WG: TR: Rahmenvertrag", "Rahmenvertrag"],
    ["Re[2]: Re (3): MSA", "MSA"],
    ["RE : Contrat de service", "Contrat de service"],
    ["[Fwd: Mutual NDA]", "Mutual NDA"],
    // Only reply and forward prefixes go; a bracketed tag is the sender's own label and stays, prefixes after it go too.
    ["Fwd: RE: [EXT] Fw: Mutual NDA", "[EXT] Mutual NDA"],
    ["[EXT] [Confidential] Re: SOW", "[EXT] [Confidential] SOW"],
    ["Reminder: sign the NDA", "Reminder: sign the NDA"],
    ["Trade terms", "Trade terms"],
    ["  Re:   Mutual\tNDA\r\n  ", "Mutual NDA"],
    ["Re:", ""],
    ["", ""]
  ]
  for (const [subject, expected] of cases) {
    it(`${JSON.stringify(subject)} → ${JSON.stringify(expected)}`, () => {
      expect(readMail(mail({ subject })).subject).toBe(expected)
    })
  }

  it("is at most 500 characters", () => {
    expect(readMail(mail({ subject: `Fwd: ${"Mutual NDA ".repeat(100)}` })).subject.length).toBeLessThanOrEqual(500)
  })
})

describe("readMail: the sender", () => {
  it("lower-cases the address and drops an empty name", () => {
    expect(readMail(mail({ from: { address: "ADA@ACME.TEST", name: "" } })).sender).toEqual({ address: "ada@acme.test", name: null })
  })

  it("is null when the From header carries no address", () => {
    expect(readMail(mail({ from: { address: "", name: "Undisclosed recipients" } })).sender).toBeNull()
    expect(readMail(mail({ from: null })).sender).toBeNull()
  })
})
