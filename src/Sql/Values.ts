/*
 * Column values as the two drivers answer them: PGlite and node-postgres differ in whether a
 * jsonb comes back parsed and a timestamptz as a Date or a string, so every repository reads
 * them through these.
 */

/** A jsonb column, parsed whichever way the driver answered it. */
export const parseJson = <A>(value: unknown): A => (typeof value === "string" ? JSON.parse(value) : value) as A

/** A timestamptz column (or epoch milliseconds) as ISO 8601. */
export const iso = (value: unknown) => new Date(value as string | number | Date).toISOString()

/** A nullable timestamptz column as epoch milliseconds. */
export const millis = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).getTime())
