import { HttpApi, HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Api } from "../src/Api.js"
import { guestReaches } from "../src/Http/GuestReach.js"
import { type GuestReach, Policy } from "../src/Http/Policy.js"
import { type Route, routeTable } from "../src/Http/RouteTable.js"

// Where a guest link reached when the rule still matched path segments ("contracts/:id",
// "asks", "signatures", "attention", or no scope): its own contract's routes, the routes that
// name an ask or a signature, its own feed, /me and its own mark. Reach is now declared on each
// endpoint; widening or narrowing one must change this table in the same commit.
const reachBefore: Record<string, GuestReach> = {
  "post /contracts/{id}/amend": "own_contract",
  "get /contracts/{id}": "own_contract",
  "get /contracts/{id}/state": "own_contract",
  "post /contracts/{id}/facts/{fact_id}": "own_contract",
  "post /contracts/{id}/facts/{fact_id}/confirm": "own_contract",
  "get /contracts/{id}/events": "own_contract",
  "post /contracts/{id}/send": "own_contract",
  "post /contracts/{id}/decisions": "own_contract",
  "post /contracts/{id}/decisions/apply-playbook": "own_contract",
  "delete /contracts/{id}/decisions/{decision_id}": "own_contract",
  "get /contracts/{id}/reply": "own_contract",
  "patch /contracts/{id}/reply": "own_contract",
  "delete /contracts/{id}/reply": "own_contract",
  "post /contracts/{id}/replies": "own_contract",
  "get /contracts/{id}/asks": "own_contract",
  "get /contracts/{id}/letters": "own_contract",
  "get /contracts/{id}/letters/latest": "own_contract",
  "get /contracts/{id}/letters/{letter_id}": "own_contract",
  "get /contracts/{id}/blocks/{block_id}/thread": "own_contract",
  "post /contracts/{id}/invite": "own_contract",
  "delete /contracts/{id}/parties/{party_id}": "own_contract",
  "post /contracts/{id}/cancel": "own_contract",
  "post /contracts/{id}/signatures": "own_contract",
  "get /contracts/{id}/signatures": "own_contract",
  "get /contracts/{id}/signatures/state": "own_contract",
  "get /contracts/{id}/receipts": "own_contract",
  "get /contracts/{id}/certificate": "own_contract",
  "get /contracts/{id}/pdf": "own_contract",
  "get /contracts/{id}/assets": "own_contract",
  "get /contracts/{id}/unverified": "own_contract",
  "post /contracts/{id}/blocks/{block_id}/confirm": "own_contract",
  "get /me": "anywhere",
  "post /asks/{ask_id}/withdraw": "anywhere",
  "post /signatures/{signature_id}/withdraw": "anywhere",
  "get /signatures/{signature_id}": "anywhere",
  "get /people/{id}/mark": "anywhere",
  "put /people/{id}/mark": "anywhere",
  "delete /people/{id}/mark": "anywhere",
  "get /attention": "anywhere",
  "post /contracts": "never",
  "get /contracts": "never",
  "get /templates": "never",
  "get /templates/{id}": "never",
  "get /sandbox/outbox": "never",
  "get /sandbox/clock": "never",
  "post /sandbox/clock": "never",
  "get /relationships/{id}": "never",
  "get /relationships/{id}/assets": "never",
  "post /imports": "never",
  "get /imports": "never",
  "get /ingress/address": "never",
  "get /ingress": "never",
  "get /ingress/{id}": "never",
  "post /ingress/{id}/accept": "never",
  "post /ingress/{id}/reject": "never",
  "get /imports/{id}": "never",
  "get /events": "never",
  "post /webhooks/endpoints": "never",
  "get /webhooks/endpoints": "never",
  "get /webhooks/endpoints/{id}": "never",
  "delete /webhooks/endpoints/{id}": "never",
  "post /webhooks/endpoints/{id}/rotate": "never",
  "post /webhooks/endpoints/{id}/verify": "never",
  "post /webhooks/endpoints/{id}/test": "never",
  "post /webhooks/endpoints/{id}/replay": "never",
  "post /assets": "never",
  "get /playbooks": "never",
  "post /ask": "never",
  "post /admin/orgs": "never",
  "post /admin/orgs/{org_id}/people": "never",
  "post /admin/orgs/{org_id}/keys": "never",
  "get /admin/orgs/{org_id}/keys": "never",
  "delete /admin/keys/{key_id}": "never",
  "post /admin/keys/revoke": "never",
  "put /admin/orgs/{org_id}/playbook": "never",
  "get /admin/orgs/{org_id}/playbook": "never",
  "put /admin/orgs/{org_id}/settings": "never",
  "get /admin/orgs/{org_id}/settings": "never",
  "post /admin/people/{person_id}/tokens": "never",
  "get /admin/people/{person_id}/tokens": "never",
  "delete /admin/tokens/{token_id}": "never"
}

const document = () => JSON.parse(JSON.stringify(OpenApi.fromApi(Api)))

const operations = () =>
  Object.entries<Record<string, { readonly security: ReadonlyArray<object> }>>(document().paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ key: `${method} ${path}`, method, path, operation }))
  )

const routes = routeTable(Api)

const routeOf = (method: string, path: string): Route => {
  const route = routes.find(method.toUpperCase(), path.replace(/\{\w+\}/g, "x"))
  if (route === undefined) throw new Error(`no route for ${method} ${path}`)
  return route
}

describe("a guest link's reach", () => {
  it("is what it was for every endpoint, as the gateway reads the policies", () => {
    const keys = operations().map(({ key }) => key)
    expect(keys.toSorted()).toEqual(Object.keys(reachBefore).toSorted())
    for (const { key, method, path } of operations()) expect(routeOf(method, path).policy.guest, key).toBe(reachBefore[key])
  })

  it("is what the document offers: the guest schemes exactly where a guest reaches", () => {
    for (const { key, operation } of operations()) {
      const schemes = operation.security.map((requirement) => Object.keys(requirement)[0])
      expect(schemes.includes("GuestToken"), key).toBe(reachBefore[key] !== "never")
    }
  })

  it("checks a guest's own contract against the id the handler will read, decoded", () => {
    const state = routeOf("get", "/contracts/{id}/state")
    expect(guestReaches(state, "/contracts/con_a/state", "con_a")).toBe(true)
    expect(guestReaches(state, "/contracts/con%5Fa/state", "con_a")).toBe(true)
    expect(guestReaches(state, "/contracts/con_b/state", "con_a")).toBe(false)
    expect(guestReaches(state, "/contracts/%ZZ/state", "con_a")).toBe(false)
    expect(guestReaches(routeOf("get", "/signatures/{signature_id}"), "/signatures/sig_1", "con_a")).toBe(true)
    expect(guestReaches(routeOf("get", "/templates/{id}"), "/templates/con_a", "con_a")).toBe(false)
    expect(guestReaches(routeOf("post", "/admin/orgs"), "/admin/orgs", "con_a")).toBe(false)
  })

  it("stops the service from starting where a guest's own contract has no id to check", () => {
    const api = HttpApi.make("t").add(
      HttpApiGroup.make("g").add(
        HttpApiEndpoint.get("thing", "/things/:thing_id").annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      )
    )
    expect(() => routeTable(api)).toThrow(/no :id/)
  })
})
