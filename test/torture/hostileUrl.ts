import type { Expectation, Sizes } from "./hostile.js"

/** A hostile query or path parameter: the percent-encoded text that replaces a valid value. */
export interface UrlClass {
  readonly name: string
  readonly variants: number
  readonly sizes?: Sizes
  /** `param` is the parameter's name: a query name, or the path template's (`id`, `fact_id`). */
  readonly make: (
    valid: string,
    param: string,
    variant: number,
    size: number
  ) => { readonly encoded: string; readonly expect: Expectation; readonly label: string }
}

const placed = (valid: string, insert: string, where: number) => {
  const encoded = encodeURIComponent(valid)
  const mid = Math.floor(valid.length / 2)
  return [insert + encoded, encodeURIComponent(valid.slice(0, mid)) + insert + encodeURIComponent(valid.slice(mid)), encoded + insert, insert][where % 4]!
}

export const nulParam: UrlClass = {
  name: "nul",
  variants: 4,
  make: (valid, param, variant) => ({ encoded: placed(valid, "%00", variant), expect: { refused: true, param }, label: `nul at ${variant % 4}` })
}

/** 10 KB to 900 KB: past Node's 16 KB header limit too, where the HTTP parser answers before the service. */
export const longParam: UrlClass = {
  name: "long",
  variants: 2,
  sizes: { everywhere: [10_240], sweep: [15_000, 65_536, 900_000], min: 10_240, max: 900_000 },
  make: (valid, _param, variant, size) => ({
    encoded: encodeURIComponent(valid) + (variant % 2 === 0 ? "x".repeat(size) : "%C3%A9".repeat(Math.floor(size / 6))),
    expect: { refused: false },
    label: `long ${size}`
  })
}

// Text that is valid but unusual, and percent-escapes that decode to no valid UTF-8 at all.
const odd = ["%E2%80%AE", "%E2%80%8F", "%E2%80%8B", "%EF%BB%BF", "%CC%81", "%ED%A0%80", "%C0%AF", "%FF", "%E2%82", "%", "%ZZ"]

export const oddParam: UrlClass = {
  name: "odd",
  variants: odd.length * 4,
  make: (valid, _param, variant) => ({
    encoded: placed(valid, odd[variant % odd.length]!, Math.floor(variant / odd.length)),
    expect: { refused: false },
    label: `odd ${odd[variant % odd.length]}`
  })
}

export const urlClasses: ReadonlyArray<UrlClass> = [nulParam, longParam, oddParam]
