import { requestTarget, type RouteTable } from "../Http/RouteTable.js"

/** What a request no route answers is named: unknown paths are unbounded, so they share one name. */
export const unmatched = "unmatched"

/** The probes and the scrape: asked every few seconds by machines. */
export const probePaths: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"])

// Served outside the HttpApi (probes, docs, MCP, certificates' files, the guest's pages): known
// templates too, so what an operator sees of them is as bounded as the API's routes.
const otherTemplates = [
  ...probePaths,
  "/docs",
  "/docs/errors",
  "/openapi.json",
  "/mcp",
  "/guest/page.css",
  "/certificates/signing-key.pem",
  "/certificates/:id/certificate.json",
  "/certificates/:id/certificate.sig",
  "/contracts/:id/page/blocks/:block",
  "/contracts/:id/page/:action",
  "/admin/backup"
].map((template) => template.split("/").filter((segment) => segment !== ""))

const template = (segments: ReadonlyArray<string>) => `/${segments.join("/")}`

/** Every name `routeTemplate` can give: a bounded set, whatever clients send. */
export const routeTemplates = (routes: RouteTable): ReadonlySet<string> =>
  new Set([...routes.all.map((route) => template(route.segments)), ...otherTemplates.map(template), unmatched])

/**
 * The route a request reached, as declared (`/contracts/:id/replies`), never its path: a path holds
 * ids, and a query string may hold a guest's token. What metrics label and the access line names.
 */
export const routeTemplate = (routes: RouteTable, method: string, target: string): string => {
  const url = requestTarget(target)
  if (url === null) return unmatched
  // HEAD meets GET's route, as the gateway has it.
  const route = routes.find(method === "HEAD" ? "GET" : method, url.pathname)
  if (route !== undefined) return template(route.segments)
  const segments = url.pathname.split("/").filter((segment) => segment !== "")
  const other = otherTemplates.find((known) =>
    known.length === segments.length && known.every((segment, i) => segment.startsWith(":") || segment === segments[i])
  )
  return other === undefined ? unmatched : template(other)
}
