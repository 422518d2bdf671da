import type { DurationUnit } from "./Units.js"

/** How a duration was written, so a counter can write another one the same way. */
export interface DurationStyle {
  readonly kind: "duration"
  /** "thirty (30) days", "(30) days", "30 days", "thirty days", "net 30". */
  readonly number: "spelled_digits" | "parens" | "digits" | "spelled" | "net"
  readonly capital: boolean
  /** " " in "thirty days", "-" in "one-year". */
  readonly joiner: " " | "-"
  readonly unitCase: "lower" | "title" | "upper"
  readonly calendar: boolean
}

/** How a sum was written: "$2 million", "USD 1,000", "250,000 EUR", "£1000.00". */
export interface MoneyStyle {
  readonly kind: "money"
  readonly currency: string
  readonly before: string
  readonly after: string
  readonly grouped: boolean
  readonly decimals: boolean
  /** The scale word with its leading space as written (" million", "m"), and what it multiplies by. */
  readonly scale: { readonly text: string; readonly factor: number } | null
}

/** An amount found in words: its value in a stored unit, and where and how it was written. */
export interface Quantity {
  readonly value: number
  readonly unit: DurationUnit | string
  readonly start: number
  readonly end: number
  readonly style: DurationStyle | MoneyStyle
}

/** Words stating more amounts than this are not read at all: no clause does, and a hostile one stays cheap. */
export const maxQuantities = 500
