import { HttpApi } from "@effect/platform"
import { Api } from "../../src/Api.js"
import { routeTable } from "../../src/Http/RouteTable.js"

export interface WriteRoute {
  /** `POST /contracts/{id}/send`, as the OpenAPI document and the torture recipes name it. */
  readonly key: string
  readonly method: string
  readonly template: string
  readonly idempotent: boolean
}

const table = routeTable(Api)

/**
 * Every route the gateway treats as a caller's write, read from the route table: each declared
 * endpoint is looked up as a request would find it, and kept when its policy writes. The admin
 * API writes with the operator's token, never a key of a mode, so its policy says it does not.
 */
export const writeRoutes: ReadonlyArray<WriteRoute> = (() => {
  const routes: Array<WriteRoute> = []
  HttpApi.reflect(Api as unknown as HttpApi.HttpApi.AnyWithProps, {
    onGroup() {},
    onEndpoint({ endpoint }) {
      const route = table.find(endpoint.method, endpoint.path.replace(/:\w+/g, "x"))
      if (route === undefined || route.segments.join("/") !== endpoint.path.split("/").filter(Boolean).join("/")) {
        throw new Error(`the route table does not find ${endpoint.method} ${endpoint.path}`)
      }
      if (!route.policy.writes || route.policy.credential !== "caller") return
      const template = endpoint.path.replace(/:(\w+)/g, "{$1}")
      routes.push({ key: `${endpoint.method} ${template}`, method: endpoint.method, template, idempotent: route.policy.idempotent })
    }
  })
  return routes
})()
