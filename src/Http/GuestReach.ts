import type { EndpointPolicy } from "./Policy.js"

/**
 * The routes a guest link reaches at all: its own contract's (the gateway checks the id), the
 * routes that name only an ask or a signature (the contract checks the seat), its own feed,
 * and the routes any working credential may call (GET /me, its own mark). For anything else
 * a guest gets `404`, as if the route did not exist.
 */
export const guestReaches = (segments: ReadonlyArray<string>, policy: EndpointPolicy): boolean =>
  policy.credential === "caller" && (policy.scope === null ||
  segments[0] === "attention" ||
  segments[0] === "asks" ||
  segments[0] === "signatures" ||
  (segments[0] === "contracts" && segments[1] === ":id"))
