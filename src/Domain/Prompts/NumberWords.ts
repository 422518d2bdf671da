const units = [
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

/** "forty-five" for 45, "one hundred" for 100; undefined above 100, where the templates' style is digits alone. */
export const numberInWords = (n: number): string | undefined => {
  if (!Number.isInteger(n) || n < 0 || n > 100) return undefined
  if (n === 100) return "one hundred"
  if (n < 20) return units[n]
  return tens[Math.floor(n / 10)] + (n % 10 === 0 ? "" : `-${units[n % 10]}`)
}

/** A number written in words as the prompt patterns accept it: "twelve", "forty five", "twenty-four", "a hundred". */
export const wordNumber =
  "(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\\s-](?:one|two|three|four|five|six|seven|eight|nine))?|(?:a|one)\\shundred|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"

export const parseWordNumber = (text: string): number | undefined => {
  const words = text.toLowerCase().split(/[\s-]+/)
  if (words.at(-1) === "hundred") return 100
  let total = 0
  for (const word of words) {
    const unit = units.indexOf(word)
    const ten = tens.indexOf(word)
    if (unit > 0) total += unit
    else if (ten > 1) total += ten * 10
    else return undefined
  }
  return total
}
