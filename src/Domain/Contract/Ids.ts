export const idPrefixes = [
  "con", "blk", "fct", "q", "ask", "dec", "let", "sig", "ast", "imp", "imb", "pbk", "tpl",
  "rel", "per", "pty", "org", "thr", "atn", "evt", "gtk", "key"
] as const
export type IdPrefix = (typeof idPrefixes)[number]

/**
 * Where a write's new ids come from, passed in as `now` is: the shell passes a random source
 * (src/RandomIds.ts), a test a counter, so the core stays a function of its input.
 */
export type NewId = <P extends IdPrefix>(prefix: P) => `${P}_${string}`

export const hasPrefix = (prefix: IdPrefix, value: string): boolean =>
  value.startsWith(`${prefix}_`) && /^[0-9A-Za-z_]+$/.test(value) && value.length <= 64
