/**
 * The words as the fact readings read them (FactReading.ts, Durations.ts): mended, bounded, and
 * the days written in words.
 */

/** Days in words, as "the first day of July, 2017" writes them; "twenty-first" and "thirtieth" build on them. */
export const dayWords = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth " +
  "sixteenth seventeenth eighteenth nineteenth twentieth").split(" ")

/**
 * The words as the date rules read them: lower case, single spaces, and ordinals torn by a bad PDF
 * text layer mended ("1s t" and "19t h" are 1st and 19th, "315t" is 31st with its s read as a 5).
 */
export const mend = (value: string): string =>
  value
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/(\d) ?(s ?t|n ?d|r ?d|t ?h)\b/g, (_, digit: string, suffix: string) => digit + suffix.replace(" ", ""))
    .replace(/\b(\d{1,2})\.?5t\b/g, "$1st")

/** Longer words are a clause, not one date or period: they read as nothing, which also bounds the work on hostile values. */
export const maxWords = 400
