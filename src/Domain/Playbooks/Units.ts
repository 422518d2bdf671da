/** The units a playbook measures in, and how amounts in them compare. */

export const quantityKinds = ["duration", "money", "prose"] as const
export type QuantityKind = (typeof quantityKinds)[number]

export const durationUnits = ["days", "weeks", "months", "years", "business_days"] as const
export type DurationUnit = (typeof durationUnits)[number]

/** The ISO 4217 codes a rule may name; a closed list, so a typo is refused rather than never matching. */
export const currencies = [
  "USD",
  "GBP",
  "EUR",
  "CAD",
  "AUD",
  "NZD",
  "CHF",
  "JPY",
  "CNY",
  "HKD",
  "SGD",
  "INR",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "ZAR",
  "BRL",
  "MXN",
  "AED",
  "ILS",
  "KRW"
] as const

// Calendar units compare in days at these lengths; business days count only against business days.
const daysIn: Readonly<Record<string, number>> = { days: 1, weeks: 7, months: 30, years: 365 }

const durationSpellings: Readonly<Record<string, DurationUnit>> = {
  day: "days",
  days: "days",
  calendar_day: "days",
  calendar_days: "days",
  week: "weeks",
  weeks: "weeks",
  month: "months",
  months: "months",
  year: "years",
  years: "years",
  business_day: "business_days",
  business_days: "business_days",
  working_day: "business_days",
  working_days: "business_days"
}

const currencySymbols: Readonly<Record<string, string>> = { "$": "USD", "US$": "USD", "£": "GBP", "€": "EUR", "¥": "JPY" }

/** The unit as we store it ("Days" → "days", "usd" → "USD", "£" → "GBP"), or null if the kind has no such unit. */
export const normaliseUnit = (kind: QuantityKind, unit: string): string | null => {
  if (unit.length > 40) return null
  if (kind === "duration") return durationSpellings[unit.trim().toLowerCase().replace(/[\s-]+/g, "_")] ?? null
  if (kind === "money") {
    const code = unit.trim().toUpperCase()
    const named = currencySymbols[code] ?? code
    return currencies.some((currency) => currency === named) ? named : null
  }
  return null
}

export interface Measured {
  readonly value: number
  readonly unit: string
}

/** The scale an amount is measured on (calendar days, business days, or its currency) and its size there. */
const scaleOf = (amount: Measured): { readonly scale: string; readonly size: number } => {
  const days = daysIn[amount.unit]
  return days === undefined ? { scale: amount.unit, size: amount.value } : { scale: "days", size: amount.value * days }
}

/** Negative when a is less than b; null when they are on different scales. */
export const compareAmounts = (a: Measured, b: Measured): number | null => {
  const x = scaleOf(a)
  const y = scaleOf(b)
  if (x.scale !== y.scale) return null
  // Conversions multiply by whole numbers, so a tolerance only absorbs decimal noise.
  const difference = x.size - y.size
  return Math.abs(difference) < 1e-9 * Math.max(1, Math.abs(x.size)) ? 0 : difference
}
