/** The drafter reads no further than this; the HTTP layer refuses longer prompts anyway. */
export const maxPromptLength = 5000

// With the `u` flag a surrogate pair is one code point, so this matches only halves left alone.
const loneSurrogate = /[\uD800-\uDFFF]/gu
const control = /\p{Cc}/gu
const invisible = /\p{Cf}/gu

/**
 * The prompt as the readers see it: at most `maxPromptLength` characters, no control or format
 * characters, no lone surrogates, typographic quotes and dashes made plain, whitespace collapsed.
 * Every fact value is cut from this text, so whatever it cannot contain no value can either.
 */
export const cleanPrompt = (prompt: string): string =>
  prompt
    .slice(0, maxPromptLength)
    .replace(loneSurrogate, " ")
    .replace(control, " ")
    .replace(invisible, "")
    .replace(/[‘’‛′`]/g, "'")
    .replace(/[“”„″]/g, "\"")
    .replace(/[‐‑]/g, "-")
    .replace(/[‒–—―]/g, " - ")
    .replace(/\s+/g, " ")
    .trim()

/** A value fit to stand in the words: non-empty, well formed, free of control characters, not too long. */
export const isCleanValue = (value: string, maxLength: number): boolean =>
  value.trim().length > 0 && value.length <= maxLength && value.isWellFormed() && !/\p{Cc}/u.test(value)
