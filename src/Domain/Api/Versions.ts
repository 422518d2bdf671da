// Dated versions, oldest first. The newest is what a new key is pinned to.
export const versions = ["2026-08-24"] as const
export type Version = (typeof versions)[number]

export const latestVersion: Version = versions[versions.length - 1]!

export const isVersion = (value: string): value is Version => versions.some((version) => version === value)
