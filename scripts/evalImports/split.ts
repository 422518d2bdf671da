/**
 * The corpus split once, at random with a fixed seed (issue 30): 50 contracts to develop the
 * parser on, and the rest, never read or tuned to, to tell how it does on contracts nobody here
 * has seen. The draw is over the sorted file names, so it stays the same as long as the corpus does.
 */
export const splitSeed = 30
export const developCount = 50

/** mulberry32: a small seeded generator, so the draw needs no dependency and never changes. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6D2B79F5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

export interface Split {
  readonly develop: ReadonlySet<string>
  readonly unseen: ReadonlySet<string>
}

export const splitCorpus = (files: ReadonlyArray<string>): Split => {
  const drawn = [...files].sort()
  const random = seeded(splitSeed)
  // Fisher–Yates.
  for (let i = drawn.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[drawn[i], drawn[j]] = [drawn[j]!, drawn[i]!]
  }
  return { develop: new Set(drawn.slice(0, developCount)), unseen: new Set(drawn.slice(developCount)) }
}
