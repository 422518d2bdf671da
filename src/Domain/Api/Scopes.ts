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

export const isScope = (value: string): value is Scope => (scopes as ReadonlyArray<string>).includes(value)
