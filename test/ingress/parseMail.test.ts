import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { readMail } from "../../src/Domain/Ingress/ReadMail.js"
import { parseMail, receivedMailOf } from "../../src/Ingress/ParseMail.js"

/** A message whose body is `depth` multipart levels, one inside the other, the text at the bottom. */
const nestedMail = (depth: number, headers: string) =>
  [
    headers,
    "MIME-Version: 1.0\r\n",
    ...Array.from({ length: depth }, (_, i) => `Content-Type: multipart/mixed; boundary=b${i}\r\n\r\n--b${i}\r\n`),
    "Content-Type: text/plain\r\n\r\ninnermost\r\n",
    ...Array.from({ length: depth }, (_, i) => `--b${depth - 1 - i}--\r\n`)
  ].join("")

const outer = "From: =?utf-8?q?Ada_L=C3=B6we?= <ada@acme.test>\r\nTo: in-1@ingress.localhost\r\nSubject: Fwd: Mutual NDA\r\nMessage-ID: <deep-1@acme.test>\r\n"

describe("parseMail", () => {
  it.effect("reads the outer headers of a message nested 2,000 MIME levels deep, where mailparser gives up on the body", () =>
    Effect.gen(function*() {
      const received = receivedMailOf(yield* parseMail(Buffer.from(nestedMail(2000, outer))))
      expect(received).toMatchObject({ from: { address: "ada@acme.test", name: "Ada Löwe" }, subject: "Fwd: Mutual NDA", messageId: "<deep-1@acme.test>" })
      expect(readMail(received)).toMatchObject({ sender: { address: "ada@acme.test", name: "Ada Löwe" }, subject: "Mutual NDA" })
    }))

  it.effect("reads the whole of a message nested within mailparser's limits, the body included", () =>
    Effect.gen(function*() {
      const received = receivedMailOf(yield* parseMail(Buffer.from(nestedMail(100, outer))))
      expect(received).toMatchObject({ from: { address: "ada@acme.test" }, subject: "Fwd: Mutual NDA" })
      expect(received.text.trim()).toBe("innermost")
    }))

  it.effect("makes an empty reading of bytes with no header block at all, without failing", () =>
    Effect.gen(function*() {
      const received = receivedMailOf(yield* parseMail(Buffer.from("\r\n\r\n".repeat(10))))
      expect(received).toMatchObject({ from: null, subject: "" })
    }))
})
