/*
 * Column values as the two drivers answer them: PGlite and node-postgres differ in whether a
 * jsonb comes back parsed and a timestamptz as a Date or a string. A repository decodes its rows
 * with the schemas of src/Sql/Rows.ts; these read single values where no row schema is used yet.
 */

/**
 * A jsonb column parsed whichever way the driver answered it, UNCHECKED: it trusts that the column
 * holds an `A`. Only for documents this service wrote whole and has no schema of (the stored
 * contract aggregate, an import's summary, a mail's reading, attention rows); anything with a
 * schema is decoded through `JsonColumn` instead.
 */
export const parseJson = <A>(value: unknown): A =>
  // The one unchecked read left: these documents are the service's own writes, and no schema of them exists to decode with.
  (typeof value === "string" ? JSON.parse(value) : value) as A

const asDate = (value: unknown) => value instanceof Date ? value : new Date(typeof value === "number" ? value : String(value))

/** A timestamptz column (or epoch milliseconds) as ISO 8601. */
export const iso = (value: unknown) => asDate(value).toISOString()
