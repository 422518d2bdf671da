import { open } from "node:fs/promises"
import type { FileHandle } from "node:fs/promises"
import { isMarkup } from "./Markup.js"

export const assetFormats = ["docx", "pdf", "txt", "md", "eml", "png", "jpg", "csv", "xlsx"] as const
export type AssetFormat = typeof assetFormats[number]

/** The formats an import can read words from; the others are kept as attachments only. */
export const importFormats = ["docx", "pdf", "txt", "md"] as const
export type ImportFormat = typeof importFormats[number]

export const isImportFormat = (format: string | null): format is ImportFormat => importFormats.some((known) => known === format)

const contentTypes: Record<AssetFormat, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
  txt: "text/plain",
  md: "text/markdown",
  eml: "message/rfc822",
  png: "image/png",
  jpg: "image/jpeg",
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
}

export const contentTypeOf = (format: AssetFormat): string => contentTypes[format]

const textWindow = 64 * 1024
// The end-of-central-directory record is 22 bytes plus a comment of at most 65,535.
const eocdWindow = 22 + 0xffff
// A central directory bigger than this is not an office document an import would take.
const maxCentralDirectory = 4 * 1024 * 1024

const startsWith = (bytes: Uint8Array, magic: ReadonlyArray<number>) => magic.every((byte, i) => bytes[i] === byte)

const readAt = async (file: FileHandle, position: number, length: number) => {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await file.read(buffer, 0, length, position)
  return buffer.subarray(0, bytesRead)
}

/** The entries in a ZIP's central directory (name and declared uncompressed size), or null when it cannot be found. */
const zipEntries = async (file: FileHandle, size: number): Promise<ReadonlyArray<{ readonly name: string; readonly size: number }> | null> => {
  const tailStart = Math.max(0, size - eocdWindow)
  const tail = await readAt(file, tailStart, size - tailStart)
  let eocd = -1
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) return null
  const cdSize = tail.readUInt32LE(eocd + 12)
  const cdOffset = tail.readUInt32LE(eocd + 16)
  if (cdSize > maxCentralDirectory || cdOffset + cdSize > size) return null
  const cd = await readAt(file, cdOffset, cdSize)
  const names: Array<{ name: string; size: number }> = []
  let at = 0
  while (at + 46 <= cd.length && cd.readUInt32LE(at) === 0x02014b50) {
    const nameLength = cd.readUInt16LE(at + 28)
    const extraLength = cd.readUInt16LE(at + 30)
    const commentLength = cd.readUInt16LE(at + 32)
    names.push({ name: cd.subarray(at + 46, at + 46 + nameLength).toString("utf8"), size: cd.readUInt32LE(at + 24) })
    at += 46 + nameLength + extraLength + commentLength
  }
  return names
}

const zipFormat = async (file: FileHandle, size: number): Promise<AssetFormat | null> => {
  const entries = await zipEntries(file, size)
  if (entries === null) return null
  const names = entries.map((entry) => entry.name)
  if (names.some((name) => name.startsWith("word/"))) return "docx"
  if (names.some((name) => name.startsWith("xl/"))) return "xlsx"
  return null
}

/** Where to cut `bytes` so a multi-byte UTF-8 character is not split at the end. */
const wholeCharacters = (bytes: Uint8Array) => {
  const end = bytes.length
  for (let back = 1; back <= 3 && back <= end; back++) {
    const byte = bytes[end - back]!
    if ((byte & 0xc0) === 0x80) continue
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    return length > back ? end - back : end
  }
  return end
}

const isPrintable = (code: number) => !(code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) && !(code >= 0x7f && code <= 0x9f)

/** The head as text, or null if it is not UTF-8 or looks like binary. */
const asText = (head: Uint8Array, whole: boolean): string | null => {
  const bytes = whole ? head : head.subarray(0, wholeCharacters(head))
  if (bytes.includes(0)) return null
  let text: string
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return null
  }
  let control = 0
  for (const char of text) if (!isPrintable(char.codePointAt(0)!)) control++
  // A stray escape or bell is tolerable in a text file; many are not.
  return control * 100 <= text.length ? text : null
}

const headerLine = /^[!-9;-~]+:/
const mailStart = /^(?:From|Received|Return-Path|MIME-Version|Delivered-To|Message-ID):/i

/** Whether the text opens with an RFC 822 header block whose first field is one mail starts with. */
const looksLikeMail = (text: string) => {
  const lines = text.split(/\r?\n/)
  if (!mailStart.test(lines[0] ?? "")) return false
  for (const line of lines.slice(1)) {
    if (line === "") return true
    if (!headerLine.test(line) && !/^[ \t]/.test(line)) return false
  }
  return true
}

/** Which kind of text, by name; null for markup (HTML, RTF), which is no kind of text an import or an asset takes. */
const textFormat = (filename: string, text: string): AssetFormat | null => {
  const dot = filename.lastIndexOf(".")
  const extension = dot < 0 ? "" : filename.slice(dot + 1).toLowerCase()
  const markdown = extension === "md" || extension === "markdown"
  // A mail opens with its headers, and an HTML part inside it is the mail's own.
  const mail = looksLikeMail(text)
  if (extension === "eml") return "eml"
  if (mail && !markdown && extension !== "csv" && extension !== "txt" && extension !== "text") return "eml"
  if (!mail && isMarkup(text, markdown)) return null
  return markdown ? "md" : extension === "csv" ? "csv" : "txt"
}

/**
 * The file's format judged by its bytes; the name only chooses among kinds of text. Null when it
 * is none of ours. An empty file is an empty text: an import of it fails `extraction_empty`.
 */
export const sniffFormat = async (path: string, filename: string): Promise<AssetFormat | null> => {
  const file = await open(path, "r")
  try {
    const { size } = await file.stat()
    const head = await readAt(file, 0, Math.min(size, textWindow))
    if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"
    if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png"
    if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpg"
    if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return await zipFormat(file, size)
    const text = asText(head, size <= textWindow)
    return text === null ? null : textFormat(filename, text)
  } finally {
    await file.close()
  }
}

/**
 * What a ZIP-based document declares it expands to: a decompressor allocates by these sizes, so a
 * small file declaring gigabytes (a zip bomb) is refused before any parser opens it.
 */
export const expandedZipBytes = async (path: string): Promise<number | null> => {
  const file = await open(path, "r")
  try {
    const entries = await zipEntries(file, (await file.stat()).size)
    return entries === null ? null : entries.reduce((total, entry) => total + entry.size, 0)
  } finally {
    await file.close()
  }
}
