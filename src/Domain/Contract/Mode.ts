export const modes = ["live", "test"] as const
export type Mode = (typeof modes)[number]
