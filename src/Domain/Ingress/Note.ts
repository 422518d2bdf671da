import { cut } from "./Clean.js"
import type { Thread } from "./Thread.js"

export const maxNoteLength = 1000

const greeting = /^(?:hi|hello|hey|dear|hallo|hola|bonjour|good (?:morning|afternoon|evening|day)|greetings)\b/i

/** "Hi Ada," or "Dear all," opens a message without saying anything; "Sent from my iPhone" closes one. */
const saysNothing = (paragraph: string): boolean =>
  /^sent from my\b/i.test(paragraph) ||
  (paragraph.length <= 60 && paragraph.split(" ").length <= 6 && (greeting.test(paragraph) || /,$/.test(paragraph)) && !/[.?]\s/.test(paragraph))

/** A long paragraph ends at its last full sentence that fits, else at a word, marked with an ellipsis. */
const shorten = (text: string): string => {
  if (text.length <= maxNoteLength) return text
  const head = cut(text, maxNoteLength - 1)
  const sentence = Math.max(head.lastIndexOf(". "), head.lastIndexOf("? "), head.lastIndexOf("! "))
  if (sentence >= maxNoteLength / 4) return head.slice(0, sentence + 1)
  const word = head.lastIndexOf(" ")
  return `${(word >= maxNoteLength / 2 ? head.slice(0, word) : head).trimEnd()}…`
}

const firstParagraph = (text: string): string | null => {
  const paragraphs = text.split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s+/g, " ").trim()).filter((paragraph) => paragraph !== "")
  const chosen = paragraphs.find((paragraph) => !saysNothing(paragraph)) ?? paragraphs[0]
  return chosen === undefined ? null : shorten(chosen)
}

/** The covering words for a letter: the newest forwarded message's first paragraph, else the forwarder's own. */
export const noteOf = (thread: Thread): string | null => firstParagraph(thread.forwarded[0]?.text ?? "") ?? firstParagraph(thread.own)
