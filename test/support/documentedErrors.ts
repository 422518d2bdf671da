import openapi from "../../docs/openapi.json" with { type: "json" }

interface Operation {
  readonly pattern: RegExp
  readonly method: string
  readonly codes: ReadonlyMap<number, ReadonlyArray<string>>
}

const operations: ReadonlyArray<Operation> = Object.entries(openapi.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`),
    method: method.toUpperCase(),
    codes: new Map(
      Object.entries<any>(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, response]) => [Number(status), response.content["application/json"].schema.allOf[1].properties.error.properties.code.enum])
    )
  }))
)

/**
 * Every error a test meets must be one the OpenAPI document lists for that operation and status,
 * so the document cannot claim less (or other) than the service answers. Routes the document does
 * not describe (unknown paths, wrong methods) are not checked here.
 */
export const checkDocumentedError = (method: string, url: string, status: number, code: unknown) => {
  if (status < 400 || typeof code !== "string") return
  const path = new URL(url).pathname
  const operation = operations.find((op) => op.method === method && op.pattern.test(path))
  if (operation === undefined) return
  const listed = operation.codes.get(status) ?? []
  if (!listed.includes(code)) {
    throw new Error(
      `${method} ${path} answered ${status} ${code}, which its OpenAPI operation does not list (it lists ${listed.join(", ") || "nothing"} for ${status})`
    )
  }
}
