import { convert } from "html-to-text"
import { type ParsedMail, simpleParser } from "mailparser"
import { Effect } from "effect"
import type { ReceivedMail } from "../Domain/Ingress/ReadMail.js"

const addressOf = (parsed: ParsedMail) => {
  const first = parsed.from?.value[0]
  return first?.address === undefined ? null : { address: first.address, name: first.name ?? "" }
}

const listOf = (value: string | ReadonlyArray<string> | undefined) => (value === undefined ? [] : typeof value === "string" ? [value] : [...value])

const options = { skipHtmlToText: false, skipTextToHtml: true, skipTextLinks: true } as const

// A header block longer than this is no mail's; mailparser refuses one past 1 MiB anyway.
const maxHeaderBytes = 1024 * 1024

/** The message's own header block, up to its first empty line, as a message with no body. */
const outerHeaders = (bytes: Buffer): Buffer => {
  const head = bytes.subarray(0, maxHeaderBytes)
  // latin1 maps each byte to one character, so the offset found is a byte offset.
  const end = head.toString("latin1").search(/\r?\n\r?\n/)
  return Buffer.concat([end < 0 ? head : head.subarray(0, end), Buffer.from("\r\n\r\n")])
}

/**
 * A raw message, parsed by mailparser. Mail is hostile input, and one bad message must not stop
 * the listener: a body mailparser gives up on (more than 1,000 MIME parts, as a message nested
 * 2,000 levels deep has) is read as its outer headers alone, so its sender and subject still
 * show; a message whose headers cannot be read either is an empty one. The bytes stay in the
 * `eml` asset either way.
 */
export const parseMail = (bytes: Buffer) =>
  Effect.promise(() => simpleParser(bytes, options).catch(() => simpleParser(outerHeaders(bytes), options)).catch(() => null))

// Longer HTML is read only this far: the reading scans 2 MiB of text at most anyway.
const maxHtml = 4 * 1024 * 1024

/**
 * The body as text. mailparser converts HTML only when it is the message's top part, so an HTML
 * body beside an attachment (the usual forward) comes without text: it is converted here.
 */
const textOf = (parsed: ParsedMail | null) => {
  if (parsed === null) return ""
  if (parsed.text !== undefined) return parsed.text
  return typeof parsed.html === "string" ? convert(parsed.html.slice(0, maxHtml), { wordwrap: false }) : ""
}

/** What the pure reading of a mail needs of the parsed message (src/Domain/Ingress/ReadMail.ts). */
export const receivedMailOf = (parsed: ParsedMail | null): ReceivedMail => ({
  from: parsed === null ? null : addressOf(parsed),
  subject: parsed?.subject ?? "",
  date: parsed?.date === undefined || Number.isNaN(parsed.date.getTime()) ? null : parsed.date.toISOString(),
  messageId: parsed?.messageId ?? null,
  inReplyTo: parsed?.inReplyTo ?? null,
  references: listOf(parsed?.references),
  text: textOf(parsed),
  attachments: (parsed?.attachments ?? []).map((attachment) => ({
    filename: attachment.filename ?? null,
    contentType: attachment.contentType,
    size: attachment.size
  }))
})

/** The bytes of one attachment, by its position in the message. */
export const attachmentContent = (parsed: ParsedMail | null, index: number): Buffer | undefined => parsed?.attachments[index]?.content
