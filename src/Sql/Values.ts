/*
 * Column values as the two drivers answer them: PGlite and node-postgres differ in whether a
 * jsonb comes back parsed and a timestamptz as a Date or a string. A repository decodes its rows
 * with the schemas of src/Sql/Rows.ts; these read single values where no row schema is used yet.
 */

/**
 * A jsonb column parsed whichever way the driver answered it, UNCHECKED: it trusts that the column
 * holds an `A`. Only the migrations read with it (0021, 0022: they move documents of their own
 * time, which today's schemas do not describe); src/ decodes every jsonb through `JsonColumn`.
 */
export const parseJson = <A>(value: unknown): A =>
  // cast: the migrations' unchecked read (above); nothing in src/ calls it.
  (typeof value === "string" ? JSON.parse(value) : value) as A

const asDate = (value: unknown) => value instanceof Date ? value : new Date(typeof value === "number" ? value : String(value))

/** A timestamptz column (or epoch milliseconds) as ISO 8601. */
export const iso = (value: unknown) => asDate(value).toISOString()
