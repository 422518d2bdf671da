import { corporateSuffix } from "./Patterns.js"

/**
 * A signature page sets its blocks side by side, and the text runs them into one line: the last
 * signer's title before a name ("President & CEO CONSTELLATION NEWENERGY, INC."), two entities'
 * names in one run ("ASSOCIATED NATURAL GAS COMPANY ARKANSAS WESTERN PIPELINE COMPANY", "Dosage
 * Form Solutions CARDAX, INC."), a company number or the next line's words after it ("INVASIX LTD
 * 514073618 Contractor Customer", "VGRAB ASIA LTD. Represented by"). A title is cut off; a name run
 * into another is no name read whole and is left out.
 */

interface Span {
  readonly start: number
  readonly end: number
}

/** A signer's title or a joining word left before the name: "& CEO NEUROBO …", "CEO NEUROBO …". */
const leadingTitle = /^(?:&|CEO|CFO|COO|CTO|EVP|SVP|VP)$/
/** Company forms a second name can follow, beside those of the shared list. */
const isForm = (word: string): boolean => corporateSuffix.test(word) || /^(?:L\.L\.C|L\.P|LLP|Ltd|LTD)\.?,?$/.test(word)
/** What may follow a company form within one name: another form, "OF", "D/B/A", a bracket, a series number. */
const goesOnAfterForm = /^(?:OF|AND|&|D\/B\/A|DBA|F\/K\/A|[IVX]{1,4}|[(\-–].*)$/
const capsWord = (word: string): boolean => /^[^a-z]*[A-Z][^a-z]*$/.test(word) && /[A-Z].*[A-Z0-9]|^[A-Z]{2}/.test(word)

/** Two names run into one: a form then a name in capitals; mixed case turning to capitals to the end; a name's first word again. */
const runTogether = (words: ReadonlyArray<string>): boolean => {
  for (let index = 0; index < words.length - 1; index++) {
    const next = words[index + 1]
    if (isForm(words[index]) && capsWord(next) && !isForm(next) && !goesOnAfterForm.test(next.replace(/,$/, ""))) return true
  }
  const turn = words.findIndex((word, index) => index > 0 && /[a-z]/.test(words[index - 1]) && capsWord(word) && word.replace(/[^A-Z0-9]/g, "").length >= 3)
  if (turn !== -1 && words.length - turn >= 2 && words.slice(turn).every(capsWord) && !isForm(words[turn])) return true
  const first = words[0]
  return first.length >= 4 && words.every(capsWord) && words.length >= 5 && words.slice(2).includes(first)
}

/** The part of a signer's span that names the entity, or null when the span holds no one name. */
export const signerName = (text: string, span: Span): Span | null => {
  const words = [...text.slice(span.start, span.end).matchAll(/\S+/g)]
  let first = 0
  while (first < words.length - 1 && leadingTitle.test(words[first][0])) first++
  const kept = words.slice(first).map((word) => word[0])
  if (kept.length === 0 || /^[a-z]/.test(kept[0])) return null
  const last = kept[kept.length - 1]
  // "… Represented by", "… 514073618": words of the next line or a register's number, no part of a name.
  if ((/^[a-z]+$/.test(last) && last !== "plc") || kept.some((word) => /^\d{6,}$/.test(word))) return null
  if (runTogether(kept)) return null
  return { start: span.start + words[first].index, end: span.end }
}
