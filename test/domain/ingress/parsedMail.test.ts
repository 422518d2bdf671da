import { describe, expect, it } from "@effect/vitest"
import { simpleParser } from "mailparser"
import type { ReceivedMail } from "../../../src/Domain/Ingress/ReadMail.js"
import { readMail } from "../../../src/Domain/Ingress/ReadMail.js"
import { conA, conB } from "./fixtures.js"

const headers = [
  "From: Ada Acme <ada@acme.test>",
  "To: acme@in.app.test",
  "Subject: FW: [EXT] RE: Mutual NDA",
  "Date: Mon, 16 Nov 2026 11:00:00 +0000",
  "Message-ID: <AM0PR01MB1234@acme.test>",
  `In-Reply-To: <msg_abcdefghij0123456789.${conA}@mail.app.test>`,
  "MIME-Version: 1.0"
]

const outlookHtml = [
  "<html><body><div class=WordSection1><p class=MsoNormal>Please import, their redline is attached.<o:p></o:p></p>",
  "<p class=MsoNormal><o:p>&nbsp;</o:p></p><div style='border:none;border-top:solid #E1E1E1 1.0pt'><p class=MsoNormal>",
  "<b>From:</b> Bea Beta &lt;<a href=\"mailto:bea@beta.test\">bea@beta.test</a>&gt; <br><b>Sent:</b> Monday, November 16, 2026 10:12 AM<br>",
  "<b>To:</b> Ada Acme &lt;ada@acme.test&gt;; Carl Counsel &lt;carl@acme.test&gt;; Dan Delta &lt;dan@acme.test&gt;; Eve Echo &lt;eve@acme.test&gt;<br>",
  "<b>Subject:</b> RE: Mutual NDA<o:p></o:p></p></div><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Hi Ada,<o:p></o:p></p>",
  `<p class=MsoNormal>We accept clause 4. The thread is <a href="https://app.test/contracts/${conB}">here</a>.<o:p></o:p></p></div></body></html>`
]

/** Outlook's own text part beside its HTML: a line holding one no-break space between blocks, a trailing space after the From line. */
const outlookText = [
  "Please import, their redline is attached.",
  "",
  "\u00a0",
  "",
  "From: Bea Beta <bea@beta.test> ",
  "Sent: Monday, November 16, 2026 10:12 AM",
  "To: Ada Acme <ada@acme.test>; Carl Counsel <carl@acme.test>; Dan Delta <dan@acme.test>; Eve Echo <eve@acme.test>",
  "Subject: RE: Mutual NDA",
  "",
  "\u00a0",
  "",
  "Hi Ada,",
  "",
  `We accept clause 4. The thread is here <https://app.test/contracts/${conB}>.`
]

/** An HTML-only message: mailparser writes its text (html-to-text, wrapping long lines at 80). */
const htmlOnly = [...headers, "Content-Type: text/html; charset=\"utf-8\"", "", ...outlookHtml, ""].join("\r\n")

/** What Outlook sends with an attachment: mixed, holding alternative text and HTML, the document, and an inline logo. */
const withAttachments = [
  ...headers,
  "Content-Type: multipart/mixed; boundary=\"b1\"",
  "",
  "--b1",
  "Content-Type: multipart/alternative; boundary=\"b2\"",
  "",
  "--b2",
  "Content-Type: text/plain; charset=\"utf-8\"",
  "Content-Transfer-Encoding: 8bit",
  "",
  ...outlookText,
  "--b2",
  "Content-Type: text/html; charset=\"utf-8\"",
  "",
  ...outlookHtml,
  "--b2--",
  "--b1",
  "Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document; name=\"Mutual NDA (Beta redline).docx\"",
  "Content-Disposition: attachment; filename=\"Mutual NDA (Beta redline).docx\"",
  "Content-Transfer-Encoding: base64",
  "",
  "UEsDBBQAAAAIAA==",
  "--b1",
  "Content-Type: image/png",
  "Content-Disposition: inline",
  "Content-Transfer-Encoding: base64",
  "",
  "iVBORw0KGgo=",
  "--b1--",
  ""
].join("\r\n")

/** The shell's mapping of a parsed message, as src/Ingress/ParseMail.ts does it. */
const receive = async (raw: string): Promise<ReceivedMail> => {
  const parsed = await simpleParser(Buffer.from(raw, "utf8"), { skipHtmlToText: false, skipTextToHtml: true, skipTextLinks: true })
  const from = parsed.from?.value[0]
  return {
    from: from?.address === undefined ? null : { address: from.address, name: from.name },
    subject: parsed.subject ?? "",
    date: parsed.date?.toISOString() ?? null,
    messageId: parsed.messageId ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    references: typeof parsed.references === "string" ? [parsed.references] : parsed.references ?? [],
    text: parsed.text ?? "",
    attachments: parsed.attachments.map((attachment) => ({ filename: attachment.filename ?? null, contentType: attachment.contentType, size: attachment.size }))
  }
}

const expectBeasForward = (reading: ReturnType<typeof readMail>) => {
  expect(reading.sender).toEqual({ address: "ada@acme.test", name: "Ada Acme" })
  expect(reading.subject).toBe("[EXT] Mutual NDA")
  expect(reading.contractIds).toEqual([conA, conB])
  expect(reading.forwarded).toHaveLength(1)
  expect(reading.forwarded[0]).toMatchObject({
    author: "bea@beta.test",
    authorName: "Bea Beta",
    authoredAt: "2026-11-16T10:12:00.000Z",
    subject: "RE: Mutual NDA"
  })
  expect(reading.forwarded[0]!.text).toMatch(/^Hi Ada,\n\nWe accept clause 4\./)
  expect(reading.note).toMatch(/^We accept clause 4\. The thread is here .https:\/\/app\.test\/contracts\/con_\w{20}.\.$/)
}

describe("readMail on a message mailparser parsed", () => {
  it("reads an HTML-only Outlook forward through mailparser's text, its To line wrapped at 80", async () => {
    const received = await receive(htmlOnly)
    expect(received.text).toContain("Dan Delta\n<dan@acme.test>")
    expectBeasForward(readMail(received))
  })

  it("reads Outlook's own text part and lists the attachments, the inline logo included", async () => {
    const reading = readMail(await receive(withAttachments))
    expectBeasForward(reading)
    expect(reading.attachments.map(({ filename, importable }) => [filename, importable])).toEqual([
      ["Mutual NDA (Beta redline).docx", true],
      ["attachment-2.png", false]
    ])
  })
})
