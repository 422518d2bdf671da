import type { Block, Hit } from "./FactScan.js"
import { scan, sentenceAround } from "./FactScan.js"
import { duration } from "./Patterns.js"

/** How a contract renews: the renewal term, and the notice that stops a renewal. */

export const renewalPattern = new RegExp(
  `\\b(?:renew|renewed|renewal|renews|extend|extended|extends|extension|extendable)\\b[^.;]{0,120}?\\bfor\\s(?:an?\\s)?(?:additional\\s)?(?:period\\sof\\s)?(${duration})`,
  "gi"
)

/** The notice that stops a renewal, in a sentence about renewal or expiry. */
export const noticePatterns: ReadonlyArray<RegExp> = [
  new RegExp(
    `\\b(?:at\\sleast|not\\sless\\sthan|no\\sless\\sthan|minimum\\sof|within|upon)\\s(${duration})['’]?\\s(?:prior\\s|advance\\s)?(?:written\\s)?`,
    "gi"
  ),
  new RegExp(`\\b(${duration})['’]?\\s(?:prior\\s|advance\\s)?(?:written\\s)?(?:notice|notification)`, "gi"),
  new RegExp(`\\b(${duration})\\s(?:before|prior\\sto)\\s(?:the\\s)?(?:end|expiration|expiry|conclusion|termination|natural)`, "gi")
]

export const renewalContext = /\b(?:renew\w{0,5}|non-\s?renewal|extend\w{0,3}|extension|expiration|expiry|conclusion of)\b/i

export const findRenewal = (blocks: ReadonlyArray<Block>) => {
  const renewal = scan(blocks, renewalPattern, 0, blocks.length, 1)[0]
  let notice: Hit | undefined
  const candidates: Array<Hit> = []
  for (const pattern of noticePatterns) for (const hit of scan(blocks, pattern, 0, blocks.length, 1)) candidates.push(hit)
  candidates.sort((a, b) => a.block - b.block || a.start - b.start)
  for (const hit of candidates) {
    const [start, end] = sentenceAround(blocks[hit.block].text, hit.start)
    if (renewalContext.test(blocks[hit.block].text.slice(start, end))) {
      notice = hit
      break
    }
  }
  return { renewal, notice }
}
