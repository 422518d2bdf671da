import { maxQuantities, type MoneyStyle, type Quantity } from "./Quantity.js"
import { currencies } from "./Units.js"

/**
 * Sums as contracts write them: "$250,000", "US$ 5,000,000.00", "USD 1,000", "£100k",
 * "$2 million", "250,000 EUR". Every quantifier is bounded, so hostile text costs linear time.
 */

const codes = currencies.join("|")
const amount = "(?:\\d{1,3}(?:,\\d{3}){1,5}|\\d{1,15})(?:\\.\\d{1,2})?(?!\\d|,\\d{3}|\\.\\d)"
const scale = "(?:(\\s?)(million|billion|thousand|mn|bn|m|k)\\b)?"
const symbol = "US\\s?\\$|U\\.S\\.\\s?\\$|NZ\\$|C\\$|A\\$|[$£€¥]"

const moneyPattern = new RegExp(
  `(?:(${symbol}|\\b(?:${codes})\\b)(\\s?)(${amount})${scale}|(?<![\\d.,])(${amount})${scale}(\\s)(${codes})\\b)`,
  "gi"
)

const symbols: Readonly<Record<string, string>> = { "$": "USD", "£": "GBP", "€": "EUR", "¥": "JPY", "C$": "CAD", "A$": "AUD", "NZ$": "NZD" }

const currencyOf = (written: string): string => {
  const squeezed = written.replace(/[\s.]/g, "").toUpperCase()
  return squeezed === "US$" ? "USD" : (symbols[squeezed] ?? squeezed)
}

const factors: Readonly<Record<string, number>> = { thousand: 1e3, k: 1e3, million: 1e6, mn: 1e6, m: 1e6, billion: 1e9, bn: 1e9 }

export const toCents = (value: number): number => Math.round(value * 100) / 100

export const readMoney = (text: string): ReadonlyArray<Quantity> => {
  const found: Array<Quantity> = []
  for (const m of text.matchAll(moneyPattern)) {
    if (found.length === maxQuantities) return []
    const before = m[1] !== undefined
    const written = before ? m[3]! : m[6]!
    const scaleSpace = before ? m[4] : m[7]
    const scaleWord = before ? m[5] : m[8]
    const factor = scaleWord === undefined ? 1 : factors[scaleWord.toLowerCase()]!
    const style: MoneyStyle = {
      kind: "money",
      currency: currencyOf(before ? m[1]! : m[10]!),
      before: before ? `${m[1]}${m[2]}` : "",
      after: before ? "" : `${m[9]}${m[10]}`,
      grouped: written.includes(",") || written.split(".")[0]!.length <= 3,
      decimals: written.includes("."),
      scale: scaleWord === undefined ? null : { text: `${scaleSpace ?? ""}${scaleWord}`, factor }
    }
    found.push({ value: toCents(Number(written.replace(/,/g, "")) * factor), unit: style.currency, start: m.index, end: m.index + m[0].length, style })
  }
  return found
}
