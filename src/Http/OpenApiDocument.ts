import { HttpApi, type HttpApiGroup } from "@effect/platform"
import { Context, Option } from "effect"
import { type ErrorCode, errorCodes } from "../Domain/Api/ErrorCodes.js"
import { guestMayCall } from "./GuestReach.js"
import { headersOf } from "./OpenApiHeaders.js"
import { type EndpointPolicy, Policy } from "./Policy.js"
import { gatewayRefusals, Refusals } from "./Refusals.js"
import { codesByStatus } from "./Schemas.js"

// The generated document knows schemas; what the gateway enforces (credentials, headers, the
// errors it answers) lives in each endpoint's policy. This folds the policies into the document,
// so the document and the enforcement come from one declaration and cannot drift.

type Json = Record<string, any>

interface Declared {
  readonly policy: EndpointPolicy | undefined
  readonly refusals: ReadonlyArray<ErrorCode>
}

const securitySchemes = {
  OrgKey: {
    type: "http",
    scheme: "bearer",
    description: "An org key, `Authorization: Bearer sk_live_…` (or `sk_test_…` for the sandbox). It acts as the person named in " +
      "`Contracts-Acting-Person`; with no one named it reads org-wide and writes nothing."
  },
  GuestToken: {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "A guest link's token, `Authorization: Token gtk_…`: one person on one contract. A guest's writes must use it."
  },
  GuestLink: {
    type: "apiKey",
    in: "query",
    name: "t",
    description: "A guest link's token in the URL, `?t=gtk_…`, for reads only: a write carrying it answers `401 unauthorized`."
  },
  AdminToken: {
    type: "http",
    scheme: "bearer",
    description: "The operator's admin token (`ADMIN_TOKEN`, else generated into `$DATA_DIR/admin-token`)."
  }
}

const errorTypes = [...new Set(Object.values(errorCodes).map(([, type]) => type))]

const errorSchema = {
  type: "object",
  description: "Every error: `{ error: { type, code, message, param?, doc_url } }`. Branch on `code`, never on `message`. " +
    "Some codes carry extra fields beside `error` (for example `current_hash` on `words_changed`).",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["type", "code", "message", "doc_url"],
      properties: {
        type: { type: "string", enum: errorTypes },
        code: { type: "string", enum: Object.keys(errorCodes) },
        message: { type: "string", description: "For people; at most 300 characters." },
        param: { type: "string", description: "The field, parameter or header at fault." },
        doc_url: { type: "string", description: "`{docs}/errors#` and the code with hyphens: what it means and how to recover." }
      },
      additionalProperties: false
    }
  },
  additionalProperties: true
}

const securityOf = (declared: Declared) => {
  const { policy } = declared
  if (policy === undefined) return []
  if (policy.credential === "admin") return [{ AdminToken: [] }]
  if (!guestMayCall(policy)) return [{ OrgKey: [] }]
  return policy.writes ? [{ OrgKey: [] }, { GuestToken: [] }] : [{ OrgKey: [] }, { GuestToken: [] }, { GuestLink: [] }]
}

const retryAfter = { "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 1 } } }

/** One response per status, its `code` an enum of exactly the codes this operation can answer with it. */
const errorResponses = (codes: ReadonlyArray<ErrorCode>) => {
  // Every operation also answers 503 api_error with Retry-After while the service starts, and 408
  // invalid_request to a request that stops arriving (CLIENT_TIMEOUT_SECONDS): see codesByStatus.
  const byStatus = codesByStatus(codes)
  const responses: Json = {}
  for (const [status, listed] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: status === 503 ? "api_error: the service is starting" : status === 408 ? "invalid_request: the request stopped arriving" : listed.join(", "),
      ...(listed.includes("rate_limited") || listed.includes("idempotency_in_flight") || status === 503 ? { headers: retryAfter } : {}),
      content: {
        "application/json": {
          schema: {
            allOf: [
              { $ref: "#/components/schemas/Error" },
              { type: "object", properties: { error: { type: "object", properties: { code: { type: "string", enum: listed } } } } }
            ]
          }
        }
      }
    }
  }
  return responses
}

const declaredOperations = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(api: HttpApi.HttpApi<Id, Groups, E, R>) => {
  const operations = new Map<string, Declared>()
  HttpApi.reflect(api, {
    onGroup() {},
    onEndpoint({ endpoint, mergedAnnotations }) {
      const path = endpoint.path.replace(/:(\w+)\??/g, "{$1}")
      operations.set(`${endpoint.method.toLowerCase()} ${path}`, {
        policy: Option.getOrUndefined(Context.getOption(mergedAnnotations, Policy)),
        refusals: Option.getOrElse(Context.getOption(mergedAnnotations, Refusals), () => [])
      })
    }
  })
  return operations
}

/** Drops component schemas nothing refers to any more (the platform's decode-error shapes). */
const pruneSchemas = (spec: Json) => {
  const schemas: Json = spec.components.schemas
  const used = new Set<string>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (value === null || typeof value !== "object") return
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string" && item.startsWith("#/components/schemas/")) {
        const name = item.slice("#/components/schemas/".length)
        if (!used.has(name)) {
          used.add(name)
          visit(schemas[name])
        }
      } else visit(item)
    }
  }
  visit(spec.paths)
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name]
}

/** The generated document with the gateway's rules folded in: security, headers and errors per operation. */
export const describeInterface =
  <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(api: HttpApi.HttpApi<Id, Groups, E, R>) => (generated: Json): Json => {
    const spec: Json = structuredClone(generated)
    const declared = declaredOperations(api)
    spec.components.securitySchemes = securitySchemes
    spec.components.schemas.Error = errorSchema
    spec.security = []
    for (const [path, operations] of Object.entries<Json>(spec.paths)) {
      for (const [method, operation] of Object.entries<Json>(operations)) {
        const endpoint = declared.get(`${method} ${path}`)
        if (endpoint === undefined) throw new Error(`OpenAPI: ${method} ${path} is not a declared endpoint`)
        operation.security = securityOf(endpoint)
        operation.parameters = [
          ...operation.parameters.filter((parameter: Json) => parameter.in !== "header"),
          ...(endpoint.policy === undefined || endpoint.policy.credential === "admin" ? [] : headersOf(endpoint.policy))
        ]
        const successes = Object.fromEntries(Object.entries<Json>(operation.responses).filter(([status]) => Number(status) < 400))
        operation.responses = { ...successes, ...errorResponses([...gatewayRefusals(endpoint.policy), ...endpoint.refusals]) }
      }
    }
    pruneSchemas(spec)
    return spec
  }
