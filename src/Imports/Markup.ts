/**
 * Text that is markup, not words: an import would make a contract of its tags. The spec takes
 * `txt` and `md`; HTML and RTF are neither. Markdown may hold a little inline HTML (a centred
 * logo, a `<br>`), so a `.md` file is refused only as a whole HTML document or when its lines
 * are mostly tags. SGML wrappers of plain text (EDGAR's `<DOCUMENT>`, `<PAGE>`) are no HTML.
 */

const elements =
  "html|head|body|title|meta|link|style|script|div|span|p|br|hr|table|tbody|thead|tr|td|th|ul|ol|li|h[1-6]|a|b|i|u|em|strong|font|center|img|form|input|section|article|header|footer|nav|main|pre|blockquote|dl|dt|dd|iframe|svg|o:p"
/** An HTML element's opening or closing tag at the start of the text. */
const htmlTag = new RegExp(`^<\\/?(?:${elements})(?=[\\s/>])`, "i")
/** A document, whatever its name: an optional XML declaration and comments, then a doctype or `<html>`, `<head>`, `<body>`. */
const htmlDocument = /^(?:<\?xml[^>]{0,200}>\s*)?(?:<!--[\s\S]{0,4000}?-->\s*){0,8}<(?:!doctype\s+html|html|head|body)(?=[\s>])/i
/** Markup's other openings: an XML declaration, a comment, a doctype. */
const markupOpening = /^<(?:\?xml|!--|!doctype)/i

const opening = (text: string) => text.replace(/^\uFEFF/, "").trimStart()

/** Whether the text (its first 64 KiB) is HTML or RTF rather than plain text or Markdown. */
export const isMarkup = (text: string, markdown: boolean): boolean => {
  const start = opening(text)
  if (start.startsWith("{\\rtf")) return true
  if (htmlDocument.test(start)) return true
  // A plain text does not open with markup; Markdown may (a comment, a centred logo).
  if (!markdown && (htmlTag.test(start) || markupOpening.test(start))) return true
  const lines = text.split(/\r?\n/).map((line) => line.trimStart()).filter((line) => line !== "")
  const tagged = lines.filter((line) => htmlTag.test(line)).length
  return tagged > 0 && tagged * 2 >= lines.length
}
