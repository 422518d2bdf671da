export const skipReasons = ["no_rule", "below_floor", "above_ceiling", "already_decided", "needs_a_human", "not_a_negotiator"] as const
export type SkipReason = (typeof skipReasons)[number]

/** A decision the playbook staged. `why` quotes the rule and goes to the caller only, never into the reply. */
export interface PlaybookStaged {
  readonly decision: string
  readonly ask: string
  readonly type: "accept" | "counter"
  readonly rule: string
  readonly why: string
}

export interface PlaybookSkipped {
  readonly ask: string
  readonly reason: SkipReason
  readonly rule: string | null
}

export interface PlaybookOutcome {
  readonly staged: ReadonlyArray<PlaybookStaged>
  readonly skipped: ReadonlyArray<PlaybookSkipped>
  readonly words_hash: string
}
