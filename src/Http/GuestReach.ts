import type { EndpointPolicy } from "./Policy.js"
import { pathParam, type Route } from "./RouteTable.js"

/** Whether a guest link may call an endpoint at all: the document lists the guest schemes exactly there. */
export const guestMayCall = (policy: EndpointPolicy): boolean => policy.credential === "caller" && policy.guest !== "never"

/**
 * Whether a guest link on `contract` reaches this request, as the endpoint's policy declares
 * (`GuestReach`). Its own contract is the `id` the handler will read, decoded, so the check and
 * the handler can never disagree about which contract a path names.
 */
export const guestReaches = (route: Route, path: string, contract: string): boolean =>
  guestMayCall(route.policy) && (route.policy.guest !== "own_contract" || pathParam(route, path, "id") === contract)
