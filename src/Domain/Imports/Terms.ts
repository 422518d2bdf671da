import type { Block } from "./FactScan.js"
import { findNotice } from "./NoticePeriod.js"
import { findRenewalTerm } from "./RenewalTerm.js"

/**
 * How a contract renews: the renewal term (the renewal, never the initial term, RenewalTerm.ts), and
 * the notice that stops a renewal (never a notice to exercise an option to renew, nor a cure period,
 * NoticePeriod.ts).
 */
export const findRenewal = (blocks: ReadonlyArray<Block>) => {
  const renewal = findRenewalTerm(blocks)
  return { renewal, notice: findNotice(blocks, renewal !== undefined) }
}
