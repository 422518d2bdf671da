/** Numbers as contracts spell them ("forty-five", "one hundred twenty"), both ways, up to 999,999. */

const ones = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen"
]
const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

const smallValue = new Map(ones.map((word, n) => [word, n]))
const tensValue = new Map(tens.flatMap((word, n) => (word === "" ? [] : [[word, n * 10] as const])))

export const isNumberWord = (word: string): boolean => {
  const lower = word.toLowerCase()
  return smallValue.has(lower) || tensValue.has(lower) || lower === "hundred" || lower === "thousand"
}

/** The value of a run of number words, or null when they do not spell one number in the usual order. */
export const parseNumberWords = (words: ReadonlyArray<string>): number | null => {
  if (words.length === 0) return null
  let total = 0
  let group = 0
  let previous: "small" | "tens" | "hundred" | "thousand" | null = null
  for (const raw of words) {
    const word = raw.toLowerCase()
    if (word === "and" && (previous === "hundred" || previous === "thousand")) continue
    const small = smallValue.get(word)
    const ten = tensValue.get(word)
    if (small !== undefined) {
      if (small === 0) return words.length === 1 ? 0 : null
      const afterTens = previous === "tens" && small < 10
      if (previous === "small" || (previous === "tens" && !afterTens)) return null
      group += small
      previous = "small"
    } else if (ten !== undefined) {
      if (previous === "small" || previous === "tens") return null
      group += ten
      previous = "tens"
    } else if (word === "hundred") {
      if (previous !== "small" || group > 9) return null
      group *= 100
      previous = "hundred"
    } else if (word === "thousand") {
      if (previous === null || previous === "thousand" || total > 0 || group === 0) return null
      total = group * 1000
      group = 0
      previous = "thousand"
    } else {
      return null
    }
  }
  return total + group
}

const belowHundred = (n: number): string => (n < 20 ? ones[n]! : n % 10 === 0 ? tens[n / 10]! : `${tens[Math.floor(n / 10)]}-${ones[n % 10]}`)

const belowThousand = (n: number): string => {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (hundreds === 0) return belowHundred(rest)
  return rest === 0 ? `${ones[hundreds]} hundred` : `${ones[hundreds]} hundred ${belowHundred(rest)}`
}

/** The words for a whole number up to 999,999, or null when it has none we write. */
export const numberToWords = (n: number): string | null => {
  if (!Number.isInteger(n) || n < 0 || n > 999_999) return null
  const thousands = Math.floor(n / 1000)
  const rest = n % 1000
  if (thousands === 0) return belowThousand(rest)
  return rest === 0 ? `${belowThousand(thousands)} thousand` : `${belowThousand(thousands)} thousand ${belowThousand(rest)}`
}
