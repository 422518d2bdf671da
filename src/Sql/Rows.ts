/*
 * Schemas for rows as SQL answers them, so a repository decodes a row instead of casting it: a row
 * that does not match is a defect at the repository's edge, not a wrong value further in. They
 * accept either driver's answer: PGlite and node-postgres differ in whether a jsonb comes back
 * parsed, a timestamptz as a Date or as text (always text inside `to_jsonb`), and a number as text.
 * Rows are written by SQL, never encoded through these, so encoding is refused.
 */
import { Effect, ParseResult, Schema, type SchemaAST } from "effect"

const notEncoded = (ast: SchemaAST.AST, actual: unknown) => ParseResult.fail(new ParseResult.Forbidden(ast, actual, "rows are written by SQL, not encoded"))

const asDate = (value: Date | string, ast: SchemaAST.AST) => {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? ParseResult.fail(new ParseResult.Type(ast, value, "not a timestamp")) : ParseResult.succeed(date)
}

const TimestampColumn = Schema.Union(Schema.DateFromSelf, Schema.String)

/** A timestamptz as ISO 8601. */
export const Timestamp = Schema.transformOrFail(TimestampColumn, Schema.String, {
  strict: true,
  decode: (value, _, ast) => ParseResult.map(asDate(value, ast), (date) => date.toISOString()),
  encode: (value, _, ast) => notEncoded(ast, value)
})

/** A timestamptz as epoch milliseconds. */
export const TimestampMillis = Schema.transformOrFail(TimestampColumn, Schema.Number, {
  strict: true,
  decode: (value, _, ast) => ParseResult.map(asDate(value, ast), (date) => date.getTime()),
  encode: (value, _, ast) => notEncoded(ast, value)
})

/** An integer or bigint column as a number: node-postgres answers a bigint (and `count(*)`) as text. */
export const SqlNumber = Schema.transformOrFail(Schema.Union(Schema.Number, Schema.String, Schema.BigIntFromSelf), Schema.Number, {
  strict: true,
  decode: (value, _, ast) => {
    const number = Number(value)
    return typeof value === "string" && (value.trim() === "" || Number.isNaN(number))
      ? ParseResult.fail(new ParseResult.Type(ast, value, "not a number"))
      : ParseResult.succeed(number)
  },
  encode: (value, _, ast) => notEncoded(ast, value)
})

/** Any JSON as a jsonb column holds it: parsed already, or the text of it. */
const JsonValue = Schema.transformOrFail(Schema.Unknown, Schema.Unknown, {
  strict: true,
  decode: (value, _, ast) =>
    typeof value === "string"
      ? ParseResult.try({ try: (): unknown => JSON.parse(value), catch: () => new ParseResult.Type(ast, value, "not JSON") })
      : ParseResult.succeed(value),
  encode: (value, _, ast) => notEncoded(ast, value)
})

/** A jsonb column decoded with `schema`, whichever way the driver answered it. */
export const JsonColumn = <A, I>(schema: Schema.Schema<A, I>) => Schema.compose(JsonValue, schema, { strict: false })

/** A column a query leaves out of some of its rows (a UNION's other arm): missing reads as null. */
export const Missing = <A, I>(schema: Schema.Schema<A, I>) => Schema.optionalWith(Schema.NullOr(schema), { default: () => null })

/** Decodes every row with `schema`; a row that does not match is a defect, a broken promise of the database's. */
export const decodeRows = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknown(Schema.Array(schema))
  return (rows: ReadonlyArray<unknown>) => Effect.orDie(decode(rows))
}

/** The first row decoded with `schema`, if there is one. */
export const decodeFirst = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = decodeRows(schema)
  return (rows: ReadonlyArray<unknown>) => Effect.map(decode(rows.slice(0, 1)), (decoded) => decoded[0])
}
