import { describe, expect, it } from "@effect/vitest"
import JSZip from "jszip"
import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { contentTypeOf, sniffFormat } from "../../src/Imports/Formats.js"
import { makeDocx, makeFile, makePdf, makePng, makeTxt, makeXlsx } from "../support/documents.js"

const sniff = (path: string, filename = path.split("/").at(-1)!) => sniffFormat(path, filename)

describe("sniffFormat", () => {
  it("knows a real docx, pdf, png and xlsx by their bytes", async () => {
    expect(await sniff(await makeDocx([{ text: "Terms", heading: true }, { text: "The parties agree." }]))).toBe("docx")
    expect(await sniff(await makePdf([["Agreement"]]))).toBe("pdf")
    expect(await sniff(makePng())).toBe("png")
    expect(await sniff(await makeXlsx())).toBe("xlsx")
  })

  it("knows a JPEG by its marker", async () => {
    expect(await sniff(makeFile("photo.jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])))).toBe("jpg")
  })

  it("believes the bytes over the name", async () => {
    expect(await sniff(makePng(), "contract.pdf")).toBe("png")
    expect(await sniff(await makeDocx([{ text: "x" }]), "contract.txt")).toBe("docx")
    expect(await sniff(makeTxt("This agreement is made between A and B.\n", "contract.pdf"))).toBe("txt")
    expect(await sniff(makeTxt("%PDF-1.7 in name only\n", "notes.txt"))).toBe("pdf")
  })

  it("lets the name choose among kinds of text", async () => {
    expect(await sniff(makeTxt("# Terms\n\nText.\n", "terms.md"))).toBe("md")
    expect(await sniff(makeTxt("# Terms\n", "terms.MARKDOWN"))).toBe("md")
    expect(await sniff(makeTxt("a,b\n1,2\n", "data.csv"))).toBe("csv")
    expect(await sniff(makeTxt("Hello\n", "mail.eml"))).toBe("eml")
    expect(await sniff(makeTxt("Plain words\n", "README"))).toBe("txt")
    expect(await sniff(makeTxt("Plain words\n", "notes.text"))).toBe("txt")
  })

  it("calls text that opens with mail headers eml unless its name says another kind of text", async () => {
    const mail = "Return-Path: <a@example.com>\r\nReceived: from x\r\n  by y\r\nFrom: A <a@example.com>\r\nSubject: Draft\r\n\r\nSee attached.\r\n"
    expect(await sniff(makeTxt(mail, "message"))).toBe("eml")
    expect(await sniff(makeTxt(mail, "message.bin"))).toBe("eml")
    expect(await sniff(makeTxt(mail, "message.txt"))).toBe("txt")
    expect(await sniff(makeTxt("From: the desk of A\nThis is a memo, not a header block.\n", "memo"))).toBe("txt")
  })

  it("refuses binary and a zip that is no office document", async () => {
    expect(await sniff(makeFile("random.txt", randomBytes(4096)))).toBeNull()
    expect(await sniff(makeFile("nul.txt", "text with a \0 inside"))).toBeNull()
    expect(await sniff(makeFile("controls.txt", "\x01\x02\x03\x04\x05 words"))).toBeNull()
    expect(await sniff(makeFile("latin1.txt", Buffer.from("caf\xe9 cr\xe8me", "latin1")))).toBeNull()
    const zip = new JSZip().file("readme.txt", "hello")
    expect(await sniff(makeFile("archive.docx", await zip.generateAsync({ type: "uint8array" })))).toBeNull()
  })

  it("takes an empty file as an empty text of the kind its name says", async () => {
    expect(await sniff(makeFile("empty.txt", ""))).toBe("txt")
    expect(await sniff(makeFile("empty.md", ""))).toBe("md")
    expect(await sniff(makeFile("empty", ""))).toBe("txt")
  })

  it("refuses HTML and RTF whatever their name: markup is not plain text", async () => {
    const page = "<!DOCTYPE html>\n<html><head><title>Services Agreement</title></head>\n<body><p>This Agreement is made between A and B.</p></body></html>\n"
    for (const name of ["agreement.txt", "agreement.md", "agreement.html", "agreement"]) expect(await sniff(makeTxt(page, name)), name).toBeNull()
    const rtf = "{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\n\\f0\\fs24 This Agreement is made between A and B.\\par\n}\n"
    for (const name of ["agreement.rtf", "agreement.txt", "agreement.md"]) expect(await sniff(makeTxt(rtf, name)), name).toBeNull()
    // A page with no doctype, a fragment, an XHTML file, one saved with a byte-order mark and a comment first.
    expect(await sniff(makeTxt("<html>\n<body>\nThis Agreement is made between A and B.\n</body>\n</html>\n", "a.txt"))).toBeNull()
    expect(await sniff(makeTxt("<div><p>This Agreement is made between A and B.</p><p>A shall pay B.</p></div>", "a.txt"))).toBeNull()
    expect(await sniff(makeTxt("<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>Terms</body></html>", "a.txt"))).toBeNull()
    expect(await sniff(makeTxt("\uFEFF<!-- saved from url=(0014)about:internet -->\n<HTML><BODY>Terms</BODY></HTML>", "a.txt"))).toBeNull()
    // Markdown whose lines are mostly tags is HTML under another name.
    expect(await sniff(makeTxt("<div>\n<p>This Agreement is made between A and B.</p>\n<p>A shall pay B.</p>\n</div>\n", "a.md"))).toBeNull()
  })

  it("keeps Markdown with a little inline HTML, and plain text that speaks of tags or wraps itself in SGML", async () => {
    const readme = "<p align=\"center\"><img src=\"logo.png\" width=\"120\"></p>\n\n# Services Agreement\n\nThis Agreement is made between A and B.<br>\n\n" +
      "## 1. Fees\n\nA shall pay B within thirty days.\n\n<!-- clause 2 to follow -->\n"
    expect(await sniff(makeTxt(readme, "agreement.md"))).toBe("md")
    expect(await sniff(makeTxt("<!-- draft 3 -->\n# Terms\n\nA shall pay B.\n", "terms.md"))).toBe("md")
    expect(await sniff(makeTxt("The Supplier shall place the <script> tag in the <head> of each page it hosts.\n", "hosting.txt"))).toBe("txt")
    expect(
      await sniff(makeTxt("<DOCUMENT>\n<TYPE>EX-10.1\n<TEXT>\nSUPPLY AGREEMENT\n\nThis Agreement is made between A and B.\n</TEXT>\n</DOCUMENT>\n", "ex10.txt"))
    )
      .toBe("txt")
  })

  it("does not mistake a multi-byte character cut at 64 KiB for bad UTF-8", async () => {
    // "é" is two bytes: 65,535 ASCII bytes put its second byte just past the window.
    const path = makeTxt("a".repeat(65_535) + "é".repeat(1000), "long.txt")
    expect(readFileSync(path)[65_536]).toBe(0xa9)
    expect(await sniff(path)).toBe("txt")
    // A three-byte character straddling the boundary, one byte in and two out, and vice versa.
    expect(await sniff(makeTxt("a".repeat(65_535) + "€ rest", "euro1.txt"))).toBe("txt")
    expect(await sniff(makeTxt("a".repeat(65_534) + "€ rest", "euro2.txt"))).toBe("txt")
    expect(await sniff(makeTxt("a".repeat(65_533) + "😀 rest", "emoji.txt"))).toBe("txt")
  })

  it("reads a ZIP's central directory at the end of a large file", async () => {
    const zip = new JSZip()
    zip.file("padding.bin", randomBytes(3 * 1024 * 1024), { compression: "STORE" })
    zip.file("word/document.xml", "<w:document/>")
    const path = makeFile("big.docx", await zip.generateAsync({ type: "uint8array", comment: "c".repeat(1000) }))
    expect(await sniff(path)).toBe("docx")
  })

  it("names each format's content type", () => {
    expect(contentTypeOf("pdf")).toBe("application/pdf")
    expect(contentTypeOf("docx")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document")
    expect(contentTypeOf("xlsx")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    expect(contentTypeOf("eml")).toBe("message/rfc822")
    expect(contentTypeOf("jpg")).toBe("image/jpeg")
  })
})
