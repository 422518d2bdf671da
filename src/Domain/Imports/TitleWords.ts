/**
 * The words of a document's title (DocumentTitle.ts): the nouns that name a document, the words a
 * name may hold, and the cover-page furniture set aside before a line is read as a name.
 */

const nounWords =
  "agreement|contract|amendment|addendum|supplement|lease|sublease|licen[cs]e|memorandum|deed|letter|order|statement of work|plan|terms and conditions|terms of service|undertaking|guarant(?:y|ee)s?|indenture|charter|protocol|power of attorney"
export const documentNoun = new RegExp(`\\b(?:${nounWords})\\b`, "i")
export const endsInNoun = new RegExp(`\\b(?:${nounWords})$`, "i")
/** "Exhibit B" names an exhibit that is itself the document only when its preamble says so ("This Exhibit B is entered into"). */
export const preambleNoun = new RegExp(`\\b(?:${nounWords}|exhibit|schedule)$`, "i")
/** A number or version after the name belongs to it: "AMENDMENT NO. 1", "Software License Agreement [v.08.05.03]". */
export const identifier = /^(?:(?:No|NO|Number|NUMBER)\.?\s*\d+[A-Za-z]?|#\s*\d+|\[v?[\d.]+\])(?=\s|$)/
export const connector = /^(?:and|or|of|to|for|on|in|the|with|&|between)$/i
export const modifier = /^(?:amended|restated|and|first|second|third|fourth|fifth|master|supplemental|revised|exclusive|non-exclusive)$/i
/** Where a title run into the words after it ends: "CONTENT LICENSING AGREEMENT between …", "CONSULTING AGREEMENT - DR. …". */
export const runEnd =
  /\s(?:between|Between|BETWEEN|among|Among|AMONG|by and|BY AND|dated|DATED|made|MADE|This|THIS|is|IS|entered|ENTERED|effective|EFFECTIVE|WHEREAS|table of contents|Table of Contents|TABLE OF CONTENTS)\b|\s[-–—]{1,2}\s/

const month = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"

/** Cover-page words that are no part of a name. */
const furniturePrefix = [
  /^[-_=*\s]{2,}/,
  /^\[[^\]]{0,20}\]\s*/, // [LOGO]
  /^\((?:translation|english translation|execution (?:version|copy)|final|conformed copy)\)\s*/i,
  /^(?:execution|final|conformed|signature)\s+(?:version|copy)\b[.:]?\s*/i,
  /^(?:english\s+)?translation\b[.:]?\s*/i,
  // "Exhibit 10.1", "Exhibit h(2)", "Exhibit 28 (h) (1) (a)", "EXHIBIT B", "Exhibit 'A'".
  /^(?:exhibit|ex\.|annex|attachment)\s*(?:\(?[0-9][\w.()-]*|\([a-z0-9]{1,3}\)(?:\(\w{1,3}\))*|[A-Z]{1,2}\b|[‘'"“][A-Z0-9]{1,3}[’'"”])(?:\s{0,3}\([a-z0-9]{1,3}\))*[.:]?\s*/i,
  /^quicklinks\b.*?navigate through this document\s*/i,
  /^draft\b[.:]?\s+/i,
  // A date over the title or on the cover: "May 04, 2017", "1 April, 2020".
  new RegExp(`^(?:${month}\\.?\\s{1,3}\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)?\\s{1,3}${month}\\.?),?\\s{1,3}\\d{4}\\b[.,]?\\s*`, "i")
]
export const legend = /confidential|omitted|redacted|\[\*+\]|\*\*\*|securities and exchange|the commission\b|rule 24b|rule 406/i
/** "1. ", "2.1 ", "(a) ", "ARTICLE IV"; a number of three digits only with its point, as "925 West Georgia Street" opens an address. */
export const sectionHeading =
  /^(?:\d{1,2}(?:\.\d{1,3})*[.)]?\s|\d{3}(?:\.\d{1,3})*[.)]\s|\(?[a-z0-9]{1,3}\)\s|[A-Z][.)]\s|(?:article|section|clause|part)\s+[\dIVXLC]+\b)/i
export const bodyStart =
  /^(?:WHEREAS|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|RECITALS?\b|BACKGROUND\b|PREAMBLE\b|NOW,? THEREFORE|IN WITNESS WHEREOF|DEFINITIONS\b|TABLE OF CONTENTS)/i
/** "PURPOSE OF THE AGREEMENT", "TERMINATION OF AGREEMENT", "[SIGNATURE PAGE TO COOPERATION AGREEMENT]": a reference, not a name. */
export const reference = new RegExp(`\\b(?:the|this|that|such|said|of|under|to|page)\\s+(?:[\\w-]+\\s+){0,3}?(?:${nounWords})\\b`, "i")

export const squash = (text: string): string => text.replace(/\s+/g, " ").trim()
export const isCaps = (text: string): boolean => /[A-Z]/.test(text) && !/[a-z]/.test(text)
export const words = (text: string): ReadonlyArray<string> => text.split(" ").filter((word) => word !== "")

export const stripFurniture = (text: string): string => {
  let rest = squash(text)
  for (let changed = true; changed;) {
    changed = false
    for (const prefix of furniturePrefix) {
      const match = prefix.exec(rest)
      if (match !== null && match[0].length > 0) {
        rest = rest.slice(match[0].length).trim()
        changed = true
      }
    }
  }
  // A rule under the title, or a redaction mark after it ("Supply Agreement {***}").
  return rest.replace(/\s*[-_=*]{2,}$/, "").replace(/\s*[{[(]\*{1,5}[}\])]$/, "").trim()
}

/** Suffixes that end a company's name and nothing else: "Company", "Trust", "Partnership" and "Limited" also name agreements. */
const letterheadEnd =
  /^(?:Inc|INC|LLC|L\.L\.C|Ltd|LTD|Corp|CORP|Corporation|CORPORATION|Co|CO|AG|GmbH|S\.A|S\.R\.L|SRL|LLP|L\.P|PLC|plc|N\.V|B\.V|Pty|PTY|Pte|S\.p\.A)\.?,?$/

/** "BIOPURE CORPORATION AGENCY AGREEMENT": a letterhead run into the title line. */
export const withoutLetterhead = (text: string): string => {
  const list = words(text)
  const firstNoun = list.findIndex((word) => documentNoun.test(word))
  let suffix = firstNoun - 1
  while (suffix > 0 && !letterheadEnd.test(list[suffix]!)) suffix--
  return suffix <= 0 ? text : list.slice(suffix + 1).join(" ")
}
