/**
 * HTML that escapes by default: every value put into an `html` template is text unless it is
 * already `Html` (a fragment this module built). There is no other way to make `Html`, so a
 * string the other side wrote (a clause, a note, a name) can only ever reach a page as text.
 */
export class Html {
  private constructor(readonly text: string) {}
  static readonly empty = new Html("")
  /** Only this module's templates make HTML from text. */
  static trusted(text: string) {
    return new Html(text)
  }
}

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }

/**
 * Text as HTML text or attribute value: lone surrogates become U+FFFD and control characters
 * other than tab and line breaks become U+FFFD too, so the page stays well-formed whatever was sent.
 */
export const escapeText = (value: string): string =>
  value
    .toWellFormed()
    // eslint-disable-next-line no-control-regex -- the control characters are what it replaces
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "\ufffd")
    .replace(/[&<>"']/g, (c) => entities[c]!)

export type Part = Html | string | number | boolean | null | undefined | ReadonlyArray<Part>

const render = (part: Part): string => {
  if (part === null || part === undefined || part === false || part === true) return ""
  if (part instanceof Html) return part.text
  if (Array.isArray(part)) return part.map(render).join("")
  return escapeText(String(part))
}

/** A template whose values are escaped unless they are `Html`; `false`, `null` and `undefined` render nothing. */
export const html = (strings: TemplateStringsArray, ...values: ReadonlyArray<Part>): Html =>
  Html.trusted(strings.reduce((out, text, i) => out + text + (i < values.length ? render(values[i]!) : ""), ""))
