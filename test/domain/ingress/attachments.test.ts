import { describe, expect, it } from "@effect/vitest"
import { type ReceivedMail, readMail } from "../../../src/Domain/Ingress/ReadMail.js"
import { mail } from "./fixtures.js"

const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

const list = (attachments: ReceivedMail["attachments"]) => readMail(mail({ attachments })).attachments

describe("readMail: the attachments", () => {
  it("lists each attachment with its position, judging importable by extension or declared type", () => {
    expect(list([
      { filename: "Mutual NDA v3.docx", contentType: docx, size: 48_213 },
      { filename: "signed.PDF", contentType: "application/octet-stream", size: 1200 },
      { filename: "notes", contentType: "text/plain; charset=utf-8", size: 80 },
      { filename: "terms.md", contentType: "application/octet-stream", size: 10 },
      { filename: "image001.png", contentType: "image/png", size: 5120 },
      { filename: "Mutual NDA.doc", contentType: "application/msword", size: 30_000 }
    ])).toEqual([
      { index: 0, filename: "Mutual NDA v3.docx", contentType: docx, size: 48_213, importable: true },
      { index: 1, filename: "signed.PDF", contentType: "application/octet-stream", size: 1200, importable: true },
      { index: 2, filename: "notes", contentType: "text/plain", size: 80, importable: true },
      { index: 3, filename: "terms.md", contentType: "application/octet-stream", size: 10, importable: true },
      { index: 4, filename: "image001.png", contentType: "image/png", size: 5120, importable: false },
      { index: 5, filename: "Mutual NDA.doc", contentType: "application/msword", size: 30_000, importable: false }
    ])
  })

  it("names an attachment without a filename by its position and its type's extension", () => {
    expect(
      list([
        { filename: null, contentType: "application/pdf", size: 1 },
        { filename: null, contentType: docx, size: 1 },
        { filename: null, contentType: "TEXT/MARKDOWN", size: 1 },
        { filename: null, contentType: "application/x-unheard-of", size: 1 },
        { filename: "   ", contentType: "text/plain", size: 1 }
      ]).map(({ filename, importable }) => [filename, importable])
    ).toEqual([
      ["attachment-1.pdf", true],
      ["attachment-2.docx", true],
      ["attachment-3.md", true],
      ["attachment-4", false],
      ["attachment-5.txt", true]
    ])
  })

  it("keeps only the last path segment, without control or invisible characters", () => {
    expect(
      list([
        { filename: "../../etc/passwd", contentType: "text/plain", size: 1 },
        { filename: "C:\\Users\\bea\\Desktop\\NDA.docx", contentType: docx, size: 1 },
        { filename: "NDA\u0000\u0007 final\u202Etxt.exe", contentType: "application/octet-stream", size: 1 },
        { filename: "..", contentType: "application/pdf", size: 1 },
        { filename: "folder/", contentType: "application/pdf", size: 1 }
      ]).map(({ filename }) => filename)
    ).toEqual(["passwd", "NDA.docx", "NDA finaltxt.exe", "attachment-4.pdf", "attachment-5.pdf"])
  })

  it("caps a filename at 255 characters, keeping its extension", () => {
    const [listed] = list([{ filename: `${"Mutual NDA ".repeat(40)}.docx`, contentType: "application/octet-stream", size: 1 }])
    expect(listed!.filename.length).toBeLessThanOrEqual(255)
    expect(listed!.filename.endsWith(".docx")).toBe(true)
    expect(listed!.importable).toBe(true)
  })

  it("reads a declared type it cannot parse as octet-stream, and a size that is no size as 0", () => {
    expect(
      list([
        { filename: "a.bin", contentType: "", size: Number.NaN },
        { filename: "b.bin", contentType: "not a type", size: -5 },
        { filename: "c.bin", contentType: "application/zip", size: 12.7 }
      ]).map(({ contentType, size }) => [contentType, size])
    ).toEqual([
      ["application/octet-stream", 0],
      ["application/octet-stream", 0],
      ["application/zip", 12]
    ])
  })
})
