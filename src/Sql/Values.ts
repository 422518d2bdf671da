/*
 * Column values as the two drivers answer them: PGlite and node-postgres differ in whether a
 * jsonb comes back parsed and a timestamptz as a Date or a string. A repository decodes its rows
 * with the schemas of src/Sql/Rows.ts; this reads single values where no row schema is used yet.
 */

const asDate = (value: unknown) => value instanceof Date ? value : new Date(typeof value === "number" ? value : String(value))

/** A timestamptz column (or epoch milliseconds) as ISO 8601. */
export const iso = (value: unknown) => asDate(value).toISOString()
