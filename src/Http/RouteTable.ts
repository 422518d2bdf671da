import { HttpApi, type HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Context, Either, Option, Schema } from "effect"
import { type EndpointPolicy, Policy } from "./Policy.js"

export interface Route {
  readonly method: string
  readonly segments: ReadonlyArray<string>
  readonly policy: EndpointPolicy
  readonly hasPayload: boolean
  /** Every field of the body is optional, so no body at all is read as `{}` (as Stripe does). */
  readonly emptyBodyAllowed: boolean
  /** The status a success answers with: an idempotency claim carries it for a write that finishes the claim itself. */
  readonly successStatus: number
}

const split = (path: string) => path.split("/").filter((segment) => segment !== "")

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

// Literal segments are compared decoded, as the router compares them: `/%61dmin/orgs` is the
// admin route, and must meet the admin route's checks. `segments` are the request's, decoded.
const matches = (route: Route, segments: ReadonlyArray<string>) =>
  route.segments.length === segments.length &&
  route.segments.every((segment, i) => segment.startsWith(":") || segment === segments[i])

const paramCount = (route: Route) => route.segments.filter((segment) => segment.startsWith(":")).length
const shapeOf = (method: string, length: number) => `${method} ${length}`

/**
 * The request's target as one URL, or null when it is no path: origin-form (`/me`), or
 * absolute-form (`http://host/me`), which RFC 9112 says a server must accept. The prefix keeps
 * `//admin/orgs` a path: `new URL("//admin/orgs", base)` would read `admin` as a host.
 */
export const requestTarget = (target: string): URL | null => {
  try {
    if (target.startsWith("/")) return new URL(`http://x${target}`)
    if (!/^https?:\/\//i.test(target)) return null
    const absolute = new URL(target)
    return new URL(`http://x${absolute.pathname}${absolute.search}`)
  } catch {
    return null
  }
}

/**
 * The target the router is handed: the path exactly as the gateway read it, so one reading decides
 * which route a request is. The router would end the path at a `;` (as some servers do for
 * `;jsessionid=`); encoded, it stays part of the segment it was sent in.
 */
export const routerTarget = (url: URL) => `${url.pathname.replaceAll(";", "%3B")}${url.search}`

/** The declared endpoints, read back from the HttpApi so the gateway never keeps its own copy. */
export const routeTable = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(api: HttpApi.HttpApi<Id, Groups, E, R>) => {
  const routes: Array<Route> = []
  const all: ReadonlyArray<Route> = routes
  HttpApi.reflect(api, {
    onGroup() {},
    onEndpoint({ endpoint, mergedAnnotations }) {
      const policy = Context.getOption(mergedAnnotations, Policy)
      // A route the gateway knows nothing about would skip every check: refuse to start instead.
      if (Option.isNone(policy)) throw new Error(`${endpoint.method} ${endpoint.path} declares no Policy`)
      const segments = split(endpoint.path)
      // A guest's own contract is checked against `id`: without one, the check would pass nothing.
      if (policy.value.guest === "own_contract" && !segments.includes(":id")) {
        throw new Error(`${endpoint.method} ${endpoint.path} admits a guest to its own contract but has no :id`)
      }
      routes.push({
        method: endpoint.method,
        segments,
        policy: policy.value,
        hasPayload: Option.isSome(endpoint.payloadSchema),
        emptyBodyAllowed: Option.match(endpoint.payloadSchema, {
          onNone: () => false,
          onSome: (schema) => Either.isRight(Schema.decodeUnknownEither(schema)({}))
        }),
        successStatus: HttpApiSchema.getStatusSuccess(endpoint.successSchema)
      })
    }
  })
  // Every request looks its route up: only routes of its method and length are tried, literal
  // segments before parameters (/letters/latest is not a letter id), so the first match wins.
  const byShape = new Map<string, Array<Route>>()
  for (const route of [...routes].sort((a, b) => paramCount(a) - paramCount(b))) {
    const shape = shapeOf(route.method, route.segments.length)
    byShape.set(shape, [...(byShape.get(shape) ?? []), route])
  }
  return {
    /** Every declared route, for what is generated from them (the OpenAPI document's rules, tests over every route). */
    all,
    find: (method: string, path: string): Route | undefined => {
      const segments = split(path).map(decoded)
      return byShape.get(shapeOf(method, segments.length))?.find((route) => matches(route, segments))
    },
    methodsAt: (path: string): ReadonlyArray<string> => {
      const segments = split(path).map(decoded)
      return routes.filter((route) => matches(route, segments)).map((route) => route.method)
    }
  }
}

export type RouteTable = ReturnType<typeof routeTable>

/** The path parameters of a request to `route`, by name, decoded; null if one is not valid percent-encoding. */
export const pathParams = (route: Route, path: string): ReadonlyArray<readonly [name: string, value: string]> | null => {
  const segments = split(path)
  const params: Array<readonly [string, string]> = []
  for (const [i, segment] of route.segments.entries()) {
    if (!segment.startsWith(":")) continue
    try {
      params.push([segment.slice(1), decodeURIComponent(segments[i]!)])
    } catch {
      return null
    }
  }
  return params
}

/** One path parameter of a request to `route`, decoded as the handler will read it. */
export const pathParam = (route: Route, path: string, name: string): string | undefined => pathParams(route, path)?.find(([param]) => param === name)?.[1]
