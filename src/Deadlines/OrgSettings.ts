import { SqlClient } from "@effect/sql"
import { Clock, Effect } from "effect"
import { DatesMoved } from "../Doorbells/DatesMoved.js"
import { reject } from "../Domain/Contract/Rejection.js"
import { defaultWindowDays, reminderDays, windowDaysRange } from "../Domain/Deadlines/Schedule.js"

export interface OrgSettingsView {
  readonly object: "org_settings"
  readonly org_id: string
  readonly deadline_window_days: number
}

/**
 * An org's settings, as the admin API reads and changes them: today one, the warning window before
 * a notice deadline (`contract.deadline_approaching` and the feed's `deadline` row). An org that
 * never set it has the default. A change rings the scheduler, which tells each of the org's live
 * contracts whose window differs, so their next moments are counted with it.
 */
export class OrgSettings extends Effect.Service<OrgSettings>()("Deadlines/OrgSettings", {
  dependencies: [DatesMoved.Default],
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const moved = yield* DatesMoved

    const view = (org: string, days: number): OrgSettingsView => ({ object: "org_settings", org_id: org, deadline_window_days: days })

    const read = (org: string) =>
      Effect.map(
        sql<{ deadline_window_days: number }>`SELECT deadline_window_days FROM org_settings WHERE org_id = ${org}`,
        (rows) => view(org, rows[0]?.deadline_window_days ?? defaultWindowDays)
      ).pipe(Effect.orDie)

    /** Changes the settings given, leaving the rest; none given reads them. */
    const update = (org: string, input: { readonly deadline_window_days?: number | undefined }) =>
      Effect.gen(function*() {
        const days = input.deadline_window_days
        if (days === undefined) return yield* read(org)
        if (!Number.isInteger(days) || days < windowDaysRange.min || days > windowDaysRange.max) {
          return yield* reject(
            "invalid_request",
            `deadline_window_days is a whole number of days from ${windowDaysRange.min} to ${windowDaysRange.max}: the first warning comes before the ${reminderDays}-day reminder, and at most a year ahead.`,
            { param: "deadline_window_days" }
          )
        }
        const at = new Date(yield* Clock.currentTimeMillis)
        yield* sql`INSERT INTO org_settings (org_id, deadline_window_days, updated_at) VALUES (${org}, ${days}, ${at})
          ON CONFLICT (org_id) DO UPDATE SET deadline_window_days = excluded.deadline_window_days, updated_at = excluded.updated_at`.pipe(Effect.orDie)
        yield* moved.ring
        return view(org, days)
      })

    return { read, update } as const
  })
}) {}
