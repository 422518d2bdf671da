/** A mail's text is read no further than this: a thread worth reading is far shorter, and the work stays bounded. */
export const maxTextLength = 2 * 1024 * 1024

// eslint-disable-next-line no-control-regex
const controlsButTabAndNewline = /[\u0001-\u0008\u000B-\u001F\u007F-\u009F]/g
const lineBreaks = /\r\n?|[\u2028\u2029]/g
// Format characters are invisible: bidi overrides can make "gpj.exe" read as "exe.jpg". Joiners stay (emoji).
const invisible = /(?![\u200C\u200D])\p{Cf}/gu

/** At most `max` code units, never ending on half a surrogate pair. */
export const cut = (text: string, max: number): string => {
  if (text.length <= max) return text
  const last = text.charCodeAt(max - 1)
  return text.slice(0, last >= 0xD800 && last <= 0xDBFF ? max - 1 : max)
}

/** A body as lines can read it: bounded, well formed, `\n` line ends, no NUL or other control but the tab. */
export const cleanText = (text: string): string =>
  cut(text, maxTextLength).toWellFormed().replace(lineBreaks, "\n").replaceAll("\u0000", "").replace(controlsButTabAndNewline, " ")

/** A one-line value (a name, a subject): well formed, no control or invisible characters, whitespace collapsed. */
export const cleanLine = (text: string, max: number): string =>
  cut(
    cut(text, max * 4 + 64).toWellFormed().replace(/\p{Cc}/gu, " ").replace(invisible, "").replace(/\s+/g, " ").trim(),
    max
  ).trim()

/** The shell's values are typed, but a value that is not a string is read as none rather than thrown on. */
export const stringOr = (value: unknown, otherwise = ""): string => typeof value === "string" ? value : otherwise
