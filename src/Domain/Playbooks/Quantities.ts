import type { Quantity } from "./Quantity.js"
import { readDurations } from "./ReadDurations.js"
import { readMoney } from "./ReadMoney.js"
import type { Measured, QuantityKind } from "./Units.js"
import { writeDuration, writeMoney } from "./WriteQuantity.js"

export type { Quantity } from "./Quantity.js"

/** Every amount of this kind in the words, in order; prose has none. */
export const quantitiesIn = (text: string, kind: QuantityKind): ReadonlyArray<Quantity> =>
  kind === "duration" ? readDurations(text) : kind === "money" ? readMoney(text) : []

/** The amount written in the style of the quantity it replaces. */
export const writeLike = (quantity: Quantity, amount: Measured): string =>
  quantity.style.kind === "duration" ? writeDuration(quantity.style, amount) : writeMoney(quantity.style, amount)

/** The text with each of these quantities rewritten as the amount, each in its own style. */
export const rewrite = (text: string, quantities: ReadonlyArray<Quantity>, amount: Measured): string =>
  [...quantities].sort((a, b) => b.start - a.start).reduce((out, q) => out.slice(0, q.start) + writeLike(q, amount) + out.slice(q.end), text)
