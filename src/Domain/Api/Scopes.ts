export const scopes = [
  "contracts:read",
  "contracts:write",
  "decisions:write",
  "send",
  "sign",
  "assets:write",
  "imports:write",
  "ask:read",
  "webhooks:manage"
] as const
export type Scope = (typeof scopes)[number]

/**
 * What a person token may hold: every scope but `webhooks:manage`, since a webhook endpoint
 * belongs to an org key (Events, "Delivery boundary").
 */
export const personScopes = scopes.filter((scope): scope is Exclude<Scope, "webhooks:manage"> => scope !== "webhooks:manage")

export const isScope = (value: unknown): value is Scope => scopes.some((scope) => scope === value)

/** A key's scopes as stored (a JSON array): only the ones this version knows. */
export const scopesIn = (stored: unknown): ReadonlyArray<Scope> => {
  const value: unknown = typeof stored === "string" ? JSON.parse(stored) : stored
  return Array.isArray(value) ? value.filter(isScope) : []
}
