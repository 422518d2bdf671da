import openapi from "../../docs/openapi.json" with { type: "json" }

/** A JSON Schema node of the OpenAPI document, as loosely typed as the document itself. */
export type JsonSchema = { readonly [keyword: string]: any }

export interface Operation {
  /** `POST /contracts/{id}/send`: how recipes and reports name it. */
  readonly key: string
  readonly method: string
  readonly template: string
  readonly pathParams: ReadonlyArray<string>
  readonly queryParams: ReadonlyArray<string>
  /** The JSON request body's schema, or undefined for a call without a body. */
  readonly body: JsonSchema | undefined
  /** Guarded by the admin token rather than an org key. */
  readonly admin: boolean
}

const document = openapi as unknown as { paths: Record<string, Record<string, JsonSchema>>; components: { schemas: Record<string, JsonSchema> } }

/** Follows `$ref` into components until it reaches a real schema. */
export const resolve = (schema: JsonSchema): JsonSchema => {
  let node = schema
  while (typeof node["$ref"] === "string") node = document.components.schemas[node["$ref"].split("/").pop()!]!
  return node
}

const methods = ["get", "post", "put", "patch", "delete"]

/** Every operation of the checked-in document, so a new endpoint is fuzzed the day it is declared. */
export const operations: ReadonlyArray<Operation> = Object.entries(document.paths).flatMap(([template, item]) =>
  Object.entries(item).filter(([method]) => methods.includes(method)).map(([method, op]) => {
    const parameters: ReadonlyArray<JsonSchema> = (op["parameters"] ?? []).map(resolve)
    const security: ReadonlyArray<Record<string, unknown>> = op["security"] ?? []
    return {
      key: `${method.toUpperCase()} ${template}`,
      method: method.toUpperCase(),
      template,
      pathParams: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
      queryParams: parameters.filter((p) => p["in"] === "query").map((p) => p["name"] as string),
      body: op["requestBody"]?.content?.["application/json"]?.schema,
      admin: template.startsWith("/admin/") || security.some((s) => "AdminToken" in s)
    }
  })
)

/** Where one value sits in a body, as a dotted decode-error path names it (`recipients.0.email`). */
export type Path = ReadonlyArray<string | number>
export const dotted = (path: Path): string => path.map(String).join(".")

export interface Site {
  readonly path: Path
  readonly kind: "string" | "number" | "object"
  /** The schema says the server trims it: what is read back is the trimmed string. */
  readonly trimmed: boolean
}

const isNullSchema = (schema: JsonSchema) => schema["type"] === "null"

/** The variant of an `anyOf` that a given value belongs to, so walks follow the right branch. */
const branch = (schema: JsonSchema, value: unknown): JsonSchema => {
  const node = resolve(schema)
  if (!Array.isArray(node["anyOf"])) return node
  const variants = (node["anyOf"] as ReadonlyArray<JsonSchema>).map(resolve)
  const fits = (variant: JsonSchema) => {
    if (value === null) return isNullSchema(variant)
    if (typeof value === "string") return variant["type"] === "string"
    if (typeof value === "number") return variant["type"] === "number" || variant["type"] === "integer"
    if (typeof value !== "object" || variant["type"] !== "object") return false
    // Object variants are told apart by their enum-valued fields (a mark's `kind`).
    const properties = (variant["properties"] ?? {}) as Record<string, JsonSchema>
    return Object.entries(value as Record<string, unknown>).every(([k, v]) => {
      const property = properties[k]
      if (property === undefined) return false
      const enumeration = resolve(property)["enum"] as ReadonlyArray<unknown> | undefined
      return enumeration === undefined || enumeration.includes(v)
    })
  }
  return variants.find(fits) ?? variants.find((v) => !isNullSchema(v)) ?? node
}

/** A valid value for a schema no recipe filled in: enums from their values, lengths and counts in range. */
export const example = (schema: JsonSchema): unknown => {
  const node = branch(schema, undefined)
  if (Array.isArray(node["enum"])) return node["enum"][0]
  switch (node["type"]) {
    case "string":
      return "v".repeat(Math.max(1, node["minLength"] ?? 1))
    case "number":
    case "integer":
      return node["minimum"] ?? 1
    case "boolean":
      return true
    case "array":
      return Array.from({ length: node["minItems"] ?? 1 }, () => example(node["items"] ?? {}))
    case "object":
      return Object.fromEntries(((node["required"] ?? []) as ReadonlyArray<string>).map((k) => [k, example(node["properties"][k])]))
    default:
      return "v"
  }
}

/**
 * The body a recipe gives, checked against the schema and completed by it: every field the
 * recipe names must be declared (so a recipe cannot drift from the document unnoticed), and every
 * required field it leaves out is generated.
 */
export const validBody = (schema: JsonSchema, given: unknown, path: Path = []): unknown => {
  const node = branch(schema, given)
  if (given === undefined) return example(node)
  if (node["type"] === "array" && Array.isArray(given)) return given.map((item, i) => validBody(node["items"] ?? {}, item, [...path, i]))
  if (node["type"] !== "object" || typeof given !== "object" || given === null) return given
  const properties = (node["properties"] ?? {}) as Record<string, JsonSchema>
  const extra = node["additionalProperties"]
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(given)) {
    const property = properties[k] ?? (typeof extra === "object" ? extra : undefined)
    if (property === undefined) throw new Error(`recipe body names '${dotted([...path, k])}', which the document does not declare`)
    out[k] = validBody(property, v, [...path, k])
  }
  for (const k of (node["required"] ?? []) as ReadonlyArray<string>) if (!(k in out)) out[k] = example(properties[k]!)
  return out
}

/** Every place in a valid body where a hostile value can go: its strings, numbers and objects (for keys). */
export const sites = (schema: JsonSchema, value: unknown, path: Path = []): ReadonlyArray<Site> => {
  const node = branch(schema, value)
  if (typeof value === "string") return [{ path, kind: "string", trimmed: /trimmed/.test(node["description"] ?? "") }]
  if (typeof value === "number") return [{ path, kind: "number", trimmed: false }]
  if (Array.isArray(value)) return value.flatMap((item, i) => sites(node["items"] ?? {}, item, [...path, i]))
  if (typeof value !== "object" || value === null) return []
  const properties = (node["properties"] ?? {}) as Record<string, JsonSchema>
  const extra = typeof node["additionalProperties"] === "object" ? node["additionalProperties"] : {}
  return [
    { path, kind: "object", trimmed: false },
    ...Object.entries(value).flatMap(([k, v]) => sites(properties[k] ?? extra, v, [...path, k]))
  ]
}
