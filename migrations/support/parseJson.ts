/**
 * A jsonb column parsed whichever way the driver answered it (PGlite parses jsonb, node-postgres
 * may answer it as text), UNCHECKED: it trusts that the column holds an `A`. Migrations 0021 and
 * 0022 read with it: they move stored documents of their own time, which today's schemas in
 * src/ do not describe, and src/ decodes every jsonb through `JsonColumn` (src/Sql/Rows.ts).
 */
export const parseJson = <A>(value: unknown): A =>
  // cast: a migration's unchecked read of the documents of its own time (above)
  (typeof value === "string" ? JSON.parse(value) : value) as A
