import { cleanLine } from "./Clean.js"

export interface Mailbox {
  readonly address: string
  readonly name: string | null
}

const localChar = /[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]/u
const domainChar = /[\p{L}\p{N}.-]/u

/** The first thing in `value` shaped like an address, lower-cased, and where it stands; found by walking out from each "@". */
export const findAddress = (value: string): { readonly address: string; readonly start: number; readonly end: number } | null => {
  const text = value.slice(0, 600)
  for (let at = text.indexOf("@"), tries = 0; at !== -1 && tries < 20; at = text.indexOf("@", at + 1), tries++) {
    let start = at
    while (start > 0 && localChar.test(text[start - 1]!)) start--
    while (start < at && (text[start] === "." || text[start] === "'")) start++
    let end = at + 1
    while (end < text.length && domainChar.test(text[end]!)) end++
    while (end > at + 1 && (text[end - 1] === "." || text[end - 1] === "-")) end--
    const local = text.slice(start, at)
    const domain = text.slice(at + 1, end)
    const domainOk = domain.includes(".") && !domain.includes("..") && !/^[.-]/.test(domain) && domain.length <= 253
    if (local.length > 0 && local.length <= 64 && domainOk) return { address: `${local}@${domain}`.toLowerCase(), start, end }
  }
  return null
}

const unquoted = (text: string): string =>
  text.length >= 2 && (text[0] === "\"" || text[0] === "'") && text.at(-1) === text[0] ? text.slice(1, -1).replace(/\\(.)/g, "$1") : text

/** "Bea Beta <", "\"Beta, Bea\" <", "Bea Beta [mailto:": the name written before an address. */
export const nameBefore = (text: string): string | null => {
  let name = text.slice(-400).trim()
  for (let previous = ""; previous !== name;) {
    previous = name
    name = name.replace(/(?:mailto:|[<[(,*])$/i, "").replace(/^[*,]/, "").trim()
  }
  const clean = cleanLine(unquoted(name), 200)
  return clean === "" ? null : clean
}

/** A From line's mailbox: `Name <addr>`, `"Name, Jr." <addr>`, `addr`, `addr (Name)`, `Name [mailto:addr]`. */
export const readMailbox = (value: string): Mailbox | null => {
  const found = findAddress(value)
  if (found === null) return null
  const after = /^\s*>?\s*\(([^()]{1,200})\)/.exec(value.slice(found.end, found.end + 210))
  const name = nameBefore(value.slice(0, found.start)) ?? (after === null ? null : nameBefore(after[1]!))
  return { address: found.address, name: name === null || name.toLowerCase() === found.address ? null : name }
}
