import { cleanLine, cut, stringOr } from "./Clean.js"

export interface AttachmentListing {
  readonly index: number
  readonly filename: string
  readonly contentType: string
  readonly size: number
  readonly importable: boolean
}

export const maxAttachments = 100
const maxFilename = 255

const importableTypes = new Map([
  ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"],
  ["application/pdf", "pdf"],
  ["text/plain", "txt"],
  ["text/markdown", "md"]
])
const extensionOfType = new Map([
  ...importableTypes,
  ["text/x-markdown", "md"],
  ["application/msword", "doc"],
  ["application/rtf", "rtf"],
  ["application/vnd.oasis.opendocument.text", "odt"],
  ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"],
  ["application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx"],
  ["text/html", "html"],
  ["text/csv", "csv"],
  ["text/calendar", "ics"],
  ["message/rfc822", "eml"],
  ["application/zip", "zip"],
  ["image/png", "png"],
  ["image/jpeg", "jpg"],
  ["image/gif", "gif"]
])
const importableExtensions = new Set(importableTypes.values())

/** The media type without its parameters, lower-cased; anything not shaped like one is octet-stream. */
const essence = (contentType: string): string => {
  const type = cleanLine(contentType.slice(0, 300).split(";")[0]!, 255).toLowerCase()
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) ? type : "application/octet-stream"
}

const extensionOf = (filename: string): string => /\.([A-Za-z0-9]{1,10})$/.exec(filename)?.[1]?.toLowerCase() ?? ""

/** The last path segment, no control or invisible characters, at most 255 characters with its extension kept. */
const safeFilename = (raw: string): string => {
  const name = cleanLine(cut(raw, 4096).split(/[/\\]/).at(-1)!, 4096)
  if (name === "." || name === "..") return ""
  if (name.length <= maxFilename) return name
  const extension = extensionOf(name)
  const tail = extension === "" ? "" : `.${extension}`
  return `${cut(name, maxFilename - tail.length).trimEnd()}${tail}`
}

/** The attachments as a letter lists them; `importable` is judged on the name and declared type only (imports read the bytes). */
export const listAttachments = (attachments: ReadonlyArray<{ readonly filename: string | null; readonly contentType: string; readonly size: number }>) =>
  attachments.slice(0, maxAttachments).map((attachment, index): AttachmentListing => {
    const contentType = essence(stringOr(attachment?.contentType))
    const given = safeFilename(stringOr(attachment?.filename))
    const defaultExtension = extensionOfType.get(contentType)
    const filename = given !== "" ? given : `attachment-${index + 1}${defaultExtension === undefined ? "" : `.${defaultExtension}`}`
    const size = typeof attachment?.size === "number" && Number.isFinite(attachment.size) && attachment.size > 0 ? Math.floor(attachment.size) : 0
    return { index, filename, contentType, size, importable: importableTypes.has(contentType) || importableExtensions.has(extensionOf(filename)) }
  })
