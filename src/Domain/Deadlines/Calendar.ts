/**
 * Calendar arithmetic on ISO dates (`YYYY-MM-DD`, UTC) with ISO 8601 periods (`P1Y`, `P6M`,
 * `P90D`, `P2W`): a month or year on the 31st lands on the shorter month's last day, as the
 * contracts' "anniversary" counting does (src/Domain/Words/FactReading.ts `addPeriod`).
 */

const pad = (n: number) => String(n).padStart(2, "0")
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

export const isDay = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value)

/** Year, month and day of a date `isDay` accepted. */
const parts = (date: string): readonly [number, number, number] => [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))]

/** `date` moved by `period` forward (`times` > 0) or back (`times` < 0); null when either is not one of the forms above. */
export const shiftDate = (date: string, period: string, times = 1): string | null => {
  const length = /^P(\d{1,4})([YMWD])$/.exec(period)
  if (!isDay(date) || length === null) return null
  const [year, month, day] = parts(date)
  const n = Number(length[1]) * times
  if (length[2] === "Y" || length[2] === "M") {
    const months = year * 12 + (month - 1) + (length[2] === "Y" ? n * 12 : n)
    const [toYear, toMonth] = [Math.floor(months / 12), (months % 12) + 1]
    return `${toYear}-${pad(toMonth)}-${pad(Math.min(day, daysIn(toYear, toMonth)))}`
  }
  const moved = new Date(Date.UTC(year, month - 1, day + n * (length[2] === "W" ? 7 : 1)))
  return moved.toISOString().slice(0, 10)
}

export const addDays = (date: string, days: number): string => shiftDate(date, `P${Math.abs(days)}D`, Math.sign(days) || 1)!

/** The first instant of a day, in epoch milliseconds: when something due that day falls due. */
export const startOfDay = (date: string): number => Date.parse(`${date}T00:00:00.000Z`)

export const dayOf = (millis: number): string => new Date(millis).toISOString().slice(0, 10)

/** Whether a period is long enough to roll: a period of zero would renew forever at one instant. */
export const isPositive = (period: string): boolean => /^P0*[1-9]\d{0,3}[YMWD]$/.test(period)
