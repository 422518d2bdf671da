import type { HttpApp, HttpRouter } from "@effect/platform"
import type { RouteTable } from "../Http/RouteTable.js"

/** Placeholder, replaced by its owner: the identity. */
export const requestLog = (_routes: RouteTable) => <E, R>(app: HttpApp.Default<E, R | HttpRouter.HttpRouter.DefaultServices>) => app
