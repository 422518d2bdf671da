/** The q-quantile (0..1) of a sorted array, nearest-rank. */
export const quantile = (sorted: ArrayLike<number>, q: number): number => {
  if (sorted.length === 0) return NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank]!
}

export const median = (values: ReadonlyArray<number>): number => quantile(Float64Array.from(values).sort(), 0.5)

export const round = (value: number, digits = 1) => {
  if (!Number.isFinite(value)) return value
  const f = 10 ** digits
  return Math.round(value * f) / f
}
