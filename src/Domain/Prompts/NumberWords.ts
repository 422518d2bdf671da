import { numberToWords, parseNumberWords } from "../Words/NumberWords.js"

/** "forty-five" for 45, "one hundred" for 100; undefined above 100, where the templates' style is digits alone. */
export const numberInWords = (n: number): string | undefined => (n <= 100 ? numberToWords(n) ?? undefined : undefined)

/** A number written in words as the prompt patterns accept it: "twelve", "forty five", "twenty-four", "a hundred". */
export const wordNumber =
  "(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\\s-](?:one|two|three|four|five|six|seven|eight|nine))?|(?:a|one)\\shundred|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"

/** The value of a `wordNumber` match ("a hundred" read as "one hundred"). */
export const parseWordNumber = (text: string): number | undefined => {
  const words = text.toLowerCase().split(/[\s-]+/).map((word) => (word === "a" ? "one" : word))
  return parseNumberWords(words) ?? undefined
}
