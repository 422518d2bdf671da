import { dotted, type Path, type Site } from "./operations.js"

/**
 * Hostile values, each class made on purpose so none is left to chance, and what the service must
 * answer to each: `refused` is `400 invalid_request` with exactly this `param` (undefined: none);
 * `ordinary` is valid text whose field's own rules decide, and which a read returns as sent.
 */
export type Expectation =
  | { readonly refused: true; readonly param: string | undefined }
  | { readonly refused: false }

export interface Made {
  /** The raw JSON text (or bytes) that takes the site's place in the body. */
  readonly raw: Buffer
  readonly expect: Expectation
  readonly label: string
  /** What a read must return for this field after a successful write, when it can be told. */
  readonly echo?: { readonly value: unknown }
}

/** Lengths or depths: the sweep tries `everywhere` at every site and rotates `sweep`; random runs draw from [min, max]. */
export interface Sizes {
  readonly everywhere?: ReadonlyArray<number>
  readonly sweep: ReadonlyArray<number>
  readonly min: number
  readonly max: number
}

export interface BodyClass {
  readonly name: string
  /** `string`: a string site; `value`: a string or number site; `object`: a new key in an object; `body`: the whole body. */
  readonly on: "string" | "value" | "object" | "body"
  readonly variants: number
  readonly sizes?: Sizes
  readonly make: (valid: unknown, site: Site, variant: number, size: number) => Made
}

const text = (s: string) => Buffer.from(s, "utf8")
const json = (s: string) => text(JSON.stringify(s))
const refusedAt = (path: Path): Expectation => ({ refused: true, param: path.length === 0 ? undefined : dotted(path) })
const refusedWhole: Expectation = { refused: true, param: undefined }
const ordinary: Expectation = { refused: false }
const hex = (s: string) => [...s].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`).join(" ")
const asText = (valid: unknown) => (typeof valid === "string" ? valid : String(valid))

/** Puts `insert` at one of four places in a valid string: before, inside, after, or instead of it. */
const placed = (valid: string, insert: string, where: number) => {
  const mid = Math.floor(valid.length / 2)
  return [insert + valid, valid.slice(0, mid) + insert + valid.slice(mid), valid + insert, insert][where % 4]!
}

const refusedString = (name: string, chars: ReadonlyArray<string>): BodyClass => ({
  name,
  on: "string",
  variants: chars.length * 4,
  make: (valid, site, variant) => {
    const value = placed(asText(valid), chars[variant % chars.length]!, Math.floor(variant / chars.length))
    return { raw: json(value), expect: refusedAt(site.path), label: `${name} ${hex(chars[variant % chars.length]!)}` }
  }
})

const echoed = (value: string, site: Site) => ({ value: site.trimmed ? value.trim() : value })

const ordinaryString = (name: string, chars: ReadonlyArray<string>): BodyClass => ({
  name,
  on: "string",
  variants: chars.length * 4,
  make: (valid, site, variant) => {
    const value = placed(asText(valid), chars[variant % chars.length]!, Math.floor(variant / chars.length))
    return { raw: json(value), expect: ordinary, label: `${name} ${hex(chars[variant % chars.length]!)}`, echo: echoed(value, site) }
  }
})

// Fills whose length divides evenly, so a long string never ends in half a surrogate pair.
const fills = ["x", "ab cd ", "é", "💥", "漢字", "a\u0301", "\u202e\u200b"]

/** 10 KB to 900 KB: within some fields' limits (a counter's 20,000 characters), past others, near the 1 MiB body cap. */
export const long: BodyClass = {
  name: "long_string",
  on: "string",
  variants: fills.length,
  sizes: { everywhere: [10_240], sweep: [19_998, 65_536, 300_000, 900_000], min: 10_240, max: 900_000 },
  make: (_valid, site, variant, size) => {
    const fill = fills[variant % fills.length]!
    const value = fill.repeat(Math.max(1, Math.floor(size / fill.length)))
    return { raw: json(value), expect: ordinary, label: `long_string ${value.length} × ${hex(fill)}`, echo: echoed(value, site) }
  }
}

const refusedKey = (name: string, keys: ReadonlyArray<string>): BodyClass => ({
  name,
  on: "object",
  variants: keys.length,
  make: (_valid, site, variant) => ({
    raw: json(keys[variant % keys.length]!),
    expect: refusedAt(site.path),
    label: `${name} ${hex(keys[variant % keys.length]!)}`
  })
})

/**
 * A key sent twice in one object (JSON.parse would let the second win silently): one the valid
 * object already holds, or, for variant 2 or an empty object, a new key written twice.
 */
export const duplicateKey: BodyClass = {
  name: "duplicate_key",
  on: "object",
  variants: 3,
  make: (valid, site, variant) => {
    const held = valid !== null && typeof valid === "object" && !Array.isArray(valid) ? Object.keys(valid) : []
    const key = held.length > 0 && variant % 3 !== 2 ? held[variant % held.length]! : "dup"
    const raw = held.includes(key) ? json(key) : text(`${JSON.stringify(key)}:"x",${JSON.stringify(key)}`)
    return { raw, expect: refusedAt([...site.path, key]), label: `duplicate_key ${key}` }
  }
}

const oddKeys = ["\u202eabc", "a\u200bb", "\ufeff", "\u0301", "k".repeat(20_000)]

// Numbers written into the raw text: JSON.stringify could never write 1e400, -0 or 2^53+1 exactly.
const unsafeNumbers = ["9007199254740992", "9007199254740993", "-9007199254740993", "1e308", "-1e308", "1e400", "-1e400", "1E400", "1e-400", "-2.5E-999"]
const edgeNumbers = ["9007199254740991", "-9007199254740991", "-0"]

const numbers = (name: string, tokens: ReadonlyArray<string>, refused: boolean): BodyClass => ({
  name,
  on: "value",
  variants: tokens.length,
  make: (_valid, site, variant) => {
    const token = tokens[variant % tokens.length]!
    return {
      raw: text(token),
      expect: refused ? refusedAt(site.path) : ordinary,
      label: `${name} ${token}`,
      ...(refused ? {} : { echo: { value: JSON.parse(token) } })
    }
  }
})

const nested = (depth: number, variant: number) => variant % 2 === 0 ? "[".repeat(depth) + "]".repeat(depth) : "{\"a\":".repeat(depth) + "1" + "}".repeat(depth)

const depths = { sweep: [100, 5_000, 100_000], min: 100, max: 100_000 }

export const deepField: BodyClass = {
  name: "deep_field",
  on: "value",
  variants: 2,
  sizes: depths,
  make: (_valid, _site, variant, depth) => ({
    raw: text(nested(depth, variant)),
    expect: refusedWhole,
    label: `deep_field ${depth} ${variant % 2 === 0 ? "arrays" : "objects"}`
  })
}

export const deepBody: BodyClass = {
  name: "deep_body",
  on: "body",
  variants: 2,
  sizes: depths,
  make: (_valid, _site, variant, depth) => ({
    raw: text(nested(depth, variant)),
    expect: refusedWhole,
    label: `deep_body ${depth} ${variant % 2 === 0 ? "arrays" : "objects"}`
  })
}

export const badUtf8: ReadonlyArray<readonly [string, ReadonlyArray<number>]> = [
  ["lone continuation 80", [0x80]],
  ["lone continuation BF", [0xbf]],
  ["overlong C0 AF", [0xc0, 0xaf]],
  ["overlong C1 BF", [0xc1, 0xbf]],
  ["overlong E0 80 AF", [0xe0, 0x80, 0xaf]],
  ["overlong F0 80 80 AF", [0xf0, 0x80, 0x80, 0xaf]],
  ["truncated C3", [0xc3]],
  ["truncated E2 82", [0xe2, 0x82]],
  ["truncated F0 9F 92", [0xf0, 0x9f, 0x92]],
  ["encoded surrogate ED A0 80", [0xed, 0xa0, 0x80]],
  ["encoded surrogate ED BF BF", [0xed, 0xbf, 0xbf]],
  ["FF", [0xff]],
  ["FE", [0xfe]],
  ["past U+10FFFF F4 90 80 80", [0xf4, 0x90, 0x80, 0x80]],
  ["five bytes F8 88 80 80 80", [0xf8, 0x88, 0x80, 0x80, 0x80]]
]

/** Bad bytes inside a string's raw bytes, at its start, middle or end. */
export const invalidUtf8: BodyClass = {
  name: "invalid_utf8",
  on: "string",
  variants: badUtf8.length * 3,
  make: (valid, _site, variant) => {
    const [label, bytes] = badUtf8[variant % badUtf8.length]!
    const inner = JSON.stringify(asText(valid)).slice(1, -1)
    const at = [0, Math.floor(inner.length / 2), inner.length][Math.floor(variant / badUtf8.length) % 3]!
    const raw = Buffer.concat([text(`"${inner.slice(0, at)}`), Buffer.from(bytes), text(`${inner.slice(at)}"`)])
    return { raw, expect: refusedWhole, label: `invalid_utf8 ${label}` }
  }
}

export const invalidUtf8Key: BodyClass = {
  name: "invalid_utf8_key",
  on: "object",
  variants: badUtf8.length,
  make: (_valid, _site, variant) => {
    const [label, bytes] = badUtf8[variant % badUtf8.length]!
    return { raw: Buffer.concat([text("\"k"), Buffer.from(bytes), text("\"")]), expect: refusedWhole, label: `invalid_utf8_key ${label}` }
  }
}

export const bodyClasses: ReadonlyArray<BodyClass> = [
  refusedString("nul", ["\u0000"]),
  refusedString("lone_high_surrogate", ["\ud800", "\udbff", "\ud83d"]),
  refusedString("lone_low_surrogate", ["\udc00", "\udfff", "\udc00\ud800"]),
  ordinaryString("combining_mark", ["\u0301", "\u0301\u0301\u0301", "\u20dd", "\u0338"]),
  ordinaryString("rtl", ["\u202e", "\u200f", "\u202b", "\u2067", "\u061c"]),
  ordinaryString("zero_width", ["\u200b", "\ufeff", "\u200c", "\u200d", "\u2060"]),
  long,
  refusedKey("nul_key", ["\u0000", "a\u0000b"]),
  refusedKey("surrogate_key", ["\ud800", "k\udfff"]),
  duplicateKey,
  {
    ...refusedKey("odd_key", oddKeys),
    make: (_v, _s, variant) => ({ raw: json(oddKeys[variant % oddKeys.length]!), expect: ordinary, label: `odd_key ${variant}` })
  },
  numbers("unsafe_number", unsafeNumbers, true),
  numbers("edge_number", edgeNumbers, false),
  deepField,
  deepBody,
  invalidUtf8,
  invalidUtf8Key
]
