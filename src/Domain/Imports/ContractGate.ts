/**
 * Whether a text layer reads as a contract, judged on the document as a whole. Vocabulary alone
 * is not enough: a software manual carrying its licence has "shall", "party" and "agreement"
 * without being one. A contract names its parties in a preamble or is signed by them, and its
 * sentences read as terms; a manual, a specification or a paper is mostly something else.
 * Every pattern is bounded, so the judgement is linear in the text on hostile input.
 */

/** How far the opening runs, where a contract names its parties (after a cover page or contents). */
const openingChars = 12_000
/** How much of a long text is judged: the opening 300,000 characters say what it is. */
const judgedChars = 300_000

const documentWord = "(?:agreement|contract|amendment|addendum|lease|memorandum|deed|licen[cs]e|terms|order)"

/** "by and between A and B", "This Agreement is made … between", "between A ("Alias")", "Agreement dated … between". */
const preambles: ReadonlyArray<RegExp> = [
  /\bby\s+and\s+(?:between|among)\b/i,
  new RegExp(`\\b${documentWord}\\b[^.]{0,200}?\\b(?:made|entered\\s+into|executed)\\b[^.]{0,300}?\\b(?:between|among|by|with)\\b`, "i"),
  /\bbetween\b[^.]{0,400}?\(\s*(?:the\s+|each\s+|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?|herein\s+)?["“][A-Z][^"”]{0,40}["”]/,
  new RegExp(`\\b${documentWord}\\b[^.]{0,120}?\\bdated\\b[^.]{0,200}?\\bbetween\\b`, "i"),
  // "This is a managed hosting agreement between A and B", a cover's "Distributorship agreement / between / A / And / B".
  new RegExp(`\\bThis\\s+is\\s+an?\\s+[^.\\n]{0,80}?\\b${documentWord}\\s+between\\s+[A-Z]`, "i"),
  new RegExp(`\\b${documentWord}[ \\t]*\\n\\s*between[ \\t]*\\n`, "i"),
  // The English form "Parties (1) A … (2) B"; the Chinese and Taiwanese forms "Party A: …" and "(hereinafter referred to as Party A)".
  /(?:^|\n)[ \t]{0,20}Parties[ \t]{0,20}:?[ \t]{0,20}\n\s{0,40}\(1\)/,
  /\bParty\s+A\s*[:：)][^]{0,3000}?\bParty\s+B\s*[:：)]/,
  // The parties' own words of agreement: "Affiliate and Chase agree as follows", "hereby agree to establish the following terms".
  /\b(?:hereby\s+)?agree(?:s|d)?\s+as\s+follows\b|\bhereby\s+(?:mutually\s+)?agree\s+(?:to|that|upon)\b/i
]

/** "IN WITNESS WHEREOF", "By: … Name: …", a conformed "/s/ Name", "Name: … Title: …", "Agreed and accepted". */
const signatures: ReadonlyArray<RegExp> = [
  /\bIN\s+WITNESS\s+WHERE\s?OF\b/i,
  /\bBy\s?:[^\n]{0,120}\b(?:Name|Title|Its)\s?:/,
  /(?:^|\n)[ \t]*By\s?:[ \t]*(?:\/s\/|_{3,})/,
  // A conformed "/s/ Ann Lee", not a path or a sed command ("MB/s/TiB", "/RE/s/LHS/RHS/g").
  /(?<![\w/.])\/s\/[ \t]{0,3}[A-Z][\w.'’-]{0,40}(?![\w/])/,
  /\bName\s?:[^\n]{0,80}\n?[^\n]{0,80}?\bTitle\s?:/,
  /\b(?:agreed\s+(?:to\s+)?and\s+accepted|accepted\s+and\s+agreed)\b/i,
  // "Accepted by:", blank lines to sign on ("BY ______"), "SIGNED by … Name (please print)", a seal.
  /\b(?:accepted|agreed\s+to)\s+by\s?:/i,
  /(?:^|\n)[ \t]{0,20}(?:By|BY)\b[ \t]{0,20}:?[ \t]{0,20}(?:(?:By|BY)\b[ \t]{0,20}:?[ \t]{0,20})?\n?[ \t]{0,20}[-_]{5}/,
  /\bSIGNED\s+(?:by|for)\b|\bName\s+\(please\s+print\)/,
  /[([](?:seal|L\.\s?S\.)[)\]]/i
]

const legalWords =
  /\b(?:here(?:by|to|of|in|under|inafter|with)|there(?:of|to|under|with)|whereas|witnesseth|notwithstanding|indemnif\w{0,9}|warrant(?:y|ies|s|ed)?|liab(?:le|ility|ilities)|breach\w{0,3}|terminat(?:e|ed|es|ion)|governed\s+by|jurisdiction|arbitrat\w{0,5}|confidential\w{0,5}|licens(?:ee|or)s?|agreement|contract|(?<!third[- ])part(?:y|ies)|obligations?|covenants?|successors?|pursuant|consideration|fees?|payments?|invoices?|royalt(?:y|ies)|damages|remed(?:y|ies)|waive[rds]?|amendments?|representations?|force\s+majeure|intellectual\s+property|compensation|exclusive(?:ly)?|provided\s+that|subject\s+to|in\s+accordance\s+with|prior\s+written|written\s+notice|effective\s+date)\b/gi
/** Words that bind whoever they name. Capitalised in a sentence that is not, "SHALL" or "MUST" is a specification's keyword (RFC 2119), not a term. */
const binding = /\b(?:[Ss]hall|[Hh]ereby|[Aa]grees?\s+(?:to|that)|[Uu]ndertakes?|[Cc]ovenants?)\b/
const bindingAnyCase = /\b(?:shall|hereby|agrees?\s+(?:to|that)|undertakes?|covenants?)\b/i
const modal = /\b(?:[Ww]ill|[Mm]ust|[Mm]ay\s+not|(?:[Ii]s|[Aa]re)\s+(?:entitled|responsible|required))\b/
const modalAnyCase = /\b(?:will|must|may\s+not|(?:is|are)\s+(?:entitled|responsible|required))\b/i

/** Sentences, paragraphs and list items; a giant line without stops is cut into pieces of at most 600 characters. */
const sentencesOf = (text: string): ReadonlyArray<string> =>
  text.split(/(?<=[.;!?])\s+|\n[ \t]*\n|\n(?=[ \t]*(?:[-*•]|\d{1,3}[.)])[ \t])/)
    .flatMap((piece) => piece.length <= 600 ? [piece] : (piece.match(/[\s\S]{1,600}/g) ?? []))
    .filter((piece) => (piece.match(/[A-Za-z]{2,}/g) ?? []).length >= 6)

const shouting = (sentence: string) => {
  const letters = sentence.replace(/[^A-Za-z]/g, "")
  return letters.replace(/[^A-Z]/g, "").length >= letters.length * 0.8
}

/** A sentence reads as a term when it binds someone, or speaks of the parties' rights in the law's own words. */
const readsAsTerm = (sentence: string) => {
  const loud = shouting(sentence)
  if ((loud ? bindingAnyCase : binding).test(sentence)) return true
  const legal = new Set((sentence.match(legalWords) ?? []).map((word) => word.toLowerCase())).size
  return legal >= 3 || (legal >= 1 && (loud ? modalAnyCase : modal).test(sentence))
}

export interface ContractReading {
  /** The opening names parties ("by and between", "This Agreement is made … between"). */
  readonly preamble: boolean
  /** A signature block or execution clause anywhere. */
  readonly signatures: boolean
  /** The share (0 to 1) of its sentences that read as terms. */
  readonly terms: number
  readonly sentences: number
}

export const readAsContract = (text: string): ContractReading => {
  const judged = text.slice(0, judgedChars)
  const opening = judged.slice(0, openingChars)
  const sentences = sentencesOf(judged)
  const terms = sentences.filter(readsAsTerm).length
  return {
    preamble: preambles.some((pattern) => pattern.test(opening)),
    signatures: signatures.some((pattern) => pattern.test(judged)),
    terms: sentences.length === 0 ? 0 : terms / sentences.length,
    sentences: sentences.length
  }
}

/**
 * With parties named or signing, a contract may carry schedules, tables and recitals: one sentence
 * in twelve reading as a term will do (the CUAD contracts go down to one in six, manuals with a
 * licence stay under one in forty). With neither, as a click-through licence, the text must read as
 * terms almost half the time (manuals reach two in five only when they are a few lines and a licence).
 */
export const gate = { withParties: 0.08, termsAlone: 0.45 } as const

/**
 * A text whose opening names its parties and which they sign is a contract whatever its share of
 * terms: a one-page order of services reads as prices and features ("Managed hosting fees are $175
 * per month"), and no manual, specification or man page on this machine has both.
 */
export const isContract = (reading: ContractReading): boolean =>
  (reading.preamble && reading.signatures) ||
  ((reading.preamble || reading.signatures) ? reading.terms >= gate.withParties : reading.terms >= gate.termsAlone)
