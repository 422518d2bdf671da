/**
 * Scores imported titles against CUAD's `document_name` (issue 31): a title matches when it is the
 * same words, compared case-insensitively with punctuation and whitespace set aside, since CUAD's
 * annotators copied the name as written ("Website Design, Development and Hosting Agreement") and
 * a capitalised title line ("PROMOTION AGREEMENT") names the same document as its mixed-case copy.
 */

export interface TitleLabel {
  readonly file: string
  readonly document_name?: string | null
}

/** "Software License Agreement [v.08.05.03]" → "software license agreement v 08 05 03". */
export const normaliseTitle = (value: string): string => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()

export const titlesMatch = (predicted: string, label: string): boolean => normaliseTitle(label) !== "" && normaliseTitle(predicted) === normaliseTitle(label)

export interface TitleScore {
  readonly matched: number
  readonly labelled: number
}

/** Counts exact matches over the labels that name the document; `titles` maps a file to its predicted title. */
export const scoreTitles = (labels: ReadonlyArray<TitleLabel>, titles: ReadonlyMap<string, string>): TitleScore => {
  const named = labels.filter((label) => (label.document_name ?? "").trim() !== "")
  const matched = named.filter((label) => titlesMatch(titles.get(label.file) ?? "", label.document_name!)).length
  return { matched, labelled: named.length }
}

export const titleLine = (score: TitleScore): string => `titles: ${score.matched} of ${score.labelled} match the document's name`
