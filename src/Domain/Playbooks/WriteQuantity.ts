import { numberToWords } from "../Words/NumberWords.js"
import type { DurationStyle, MoneyStyle } from "./Quantity.js"
import type { Measured } from "./Units.js"

const unitWords: Readonly<Record<string, string>> = { days: "day", weeks: "week", months: "month", years: "year", business_days: "business day" }

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

const casedUnit = (words: string, unitCase: DurationStyle["unitCase"]) =>
  unitCase === "upper" ? words.toUpperCase() : unitCase === "title" ? words.split(" ").map(capitalise).join(" ") : words

const digitsOf = (value: number) => String(value)

/** A duration written the way another one was: "thirty (30) days" stays spelled with digits, "45 days" stays digits. */
export const writeDuration = (style: DurationStyle, amount: Measured): string => {
  const digits = digitsOf(amount.value)
  if (style.number === "net" && amount.unit === "days") return `${style.capital ? "Net" : "net"} ${digits}`
  const spelled = numberToWords(amount.value)
  const words = spelled === null ? null : style.capital ? capitalise(spelled) : spelled
  const number = style.number === "spelled_digits"
    ? (words === null ? digits : `${words} (${digits})`)
    : style.number === "parens"
    ? `(${digits})`
    : style.number === "spelled"
    ? (words ?? digits)
    : digits
  const singular = style.joiner === "-" || amount.value === 1
  const calendar = style.calendar && amount.unit === "days" ? "calendar " : ""
  const unit = `${calendar}${unitWords[amount.unit] ?? amount.unit}${singular ? "" : "s"}`
  return `${number}${style.joiner}${casedUnit(unit, style.unitCase)}`
}

const grouped = (whole: string) => whole.replace(/\B(?=(?:\d{3})+$)/g, ",")

const plain = (value: number, group: boolean, decimals: boolean) => {
  const cents = Math.round(value * 100)
  const whole = String(Math.floor(cents / 100))
  const fraction = String(cents % 100).padStart(2, "0")
  const showCents = decimals || fraction !== "00"
  return `${group ? grouped(whole) : whole}${showCents ? `.${fraction}` : ""}`
}

/** A sum written the way another one was: "$2 million" stays scaled when it can, "USD 1,000" keeps its code. */
export const writeMoney = (style: MoneyStyle, amount: Measured): string => {
  if (amount.unit !== style.currency) return `${amount.unit} ${plain(amount.value, true, false)}`
  if (style.scale !== null) {
    const scaled = Math.round((amount.value / style.scale.factor) * 100) / 100
    if (Math.abs(scaled * style.scale.factor - amount.value) < 0.005 && scaled > 0) {
      return `${style.before}${String(scaled)}${style.scale.text}${style.after}`
    }
  }
  return `${style.before}${plain(amount.value, style.grouped, style.decimals)}${style.after}`
}
