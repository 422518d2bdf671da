import { SqlClient } from "@effect/sql"
import { Clock, Duration, Effect, Option } from "effect"
import { PassTime } from "../Engine/Entity.js"
import { ContractStore } from "../Engine/ContractStore.js"
import type { Mode } from "../Domain/Contract/Mode.js"
import { DeadlineClock } from "./DeadlineClock.js"
import { DatesMoved } from "../Doorbells/DatesMoved.js"
import { SandboxClocks } from "../Sandbox/SandboxClocks.js"

interface Due {
  readonly contract_id: string
  readonly org_id: string
  readonly mode: Mode
  /** The org's window when it set one (none: the default, which every row was counted with). */
  readonly window_days: number | null
  readonly amended_by: string | null
  readonly settles: boolean
}

/** Contracts told that time passed per look; a full batch looks again at once. */
const batch = 100
/** Contracts told at once. */
const concurrency = 8
/**
 * A look at least this often in real time, whatever the scheduler's clock says: a save on another
 * runner (whose ring this process does not hear) or a ring lost is noticed within it. Kept on the
 * real clock so that a TestClock moved a year on wakes the scheduler once per moment due, not once
 * per look.
 */
const idleLook = Duration.minutes(10)
const retryPause = Duration.seconds(1)

/**
 * The deadline scheduler: one supervised fiber per process that sleeps on its clock until the
 * next key date of any live contract falls due (`contract_deadlines.next_due`), then tells each
 * contract due that time passed. The contract's own writer decides what is due and keeps what it
 * acted on, so a moment fires once however many runners ask, and a process that was down acts on
 * start-up on everything that fell due meanwhile, each event carrying the moment it was due.
 */
export class DeadlineScheduler extends Effect.Service<DeadlineScheduler>()("Deadlines/Scheduler", {
  dependencies: [ContractStore.Default, SandboxClocks.Default, DatesMoved.Default],
  scoped: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const store = yield* ContractStore
    const clock = yield* DeadlineClock
    const realClock = yield* Effect.clock
    const moved = yield* DatesMoved
    const clocks = yield* SandboxClocks
    const realSleep = (duration: Duration.Duration) => Effect.withClock(Effect.sleep(duration), realClock)

    // What is due: a moment (in test mode on the org's sandbox clock, `offset_ms` ahead), and a live
    // contract not yet told of an executed amendment or of its org's window changed since its row was counted.
    const due = (now: number) => {
      const at = new Date(now)
      return sql<Due>`
        SELECT d.contract_id, d.org_id, d.mode, o.deadline_window_days AS window_days, a.amendment_id AS amended_by,
          (a.amendment_id IS NOT NULL OR d.window_days <> coalesce(o.deadline_window_days, d.window_days)) AS settles
        FROM (
          (SELECT contract_id, next_due FROM contract_deadlines WHERE next_due <= ${at} ORDER BY next_due LIMIT ${batch})
          UNION
          (SELECT d.contract_id, d.next_due FROM sandbox_clocks s JOIN contract_deadlines d
            ON d.org_id = s.org_id AND d.mode = 'test' AND d.next_due <= ${at}::timestamptz + s.offset_ms * interval '1 millisecond'
            ORDER BY d.next_due LIMIT ${batch})
          UNION
          (SELECT d.contract_id, d.next_due FROM contract_amendments a JOIN contract_deadlines d
            ON d.contract_id = a.parent_id AND d.next_due IS NOT NULL LIMIT ${batch})
          UNION
          (SELECT d.contract_id, d.next_due FROM org_settings o JOIN contract_deadlines d
            ON d.org_id = o.org_id AND d.next_due IS NOT NULL AND d.notice_deadline IS NOT NULL AND d.window_days <> o.deadline_window_days
            LIMIT ${batch})
        ) due
        JOIN contract_deadlines d ON d.contract_id = due.contract_id
        LEFT JOIN org_settings o ON o.org_id = d.org_id
        LEFT JOIN contract_amendments a ON a.parent_id = d.contract_id
        ORDER BY due.next_due, due.contract_id LIMIT ${batch}`
    }
    /** When the next moment falls due on the scheduler's clock: the earliest of every row, a sandbox's counted back by its offset. */
    const nextDue = Effect.map(
      sql<{ next_due: Date | string | null }>`
        SELECT min(at) AS next_due FROM (
          SELECT min(next_due) AS at FROM contract_deadlines WHERE next_due IS NOT NULL
          UNION ALL
          SELECT min(d.next_due - s.offset_ms * interval '1 millisecond') FROM sandbox_clocks s
            JOIN contract_deadlines d ON d.org_id = s.org_id AND d.mode = 'test' AND d.next_due IS NOT NULL
        ) earliest`,
      (rows) => Option.map(Option.fromNullable(rows[0]?.next_due), (at) => new Date(at).getTime())
    )

    // The message keeps real time (its timeout, the cluster's own timers): only `now` is the scheduler's.
    // A write that only settled the contract (a window, an amendment) counts as one thing moved.
    const tell = (now: number) => (row: Due) =>
      Effect.flatMap(clocks.offsetOf(row.org_id, row.mode), (offset) =>
        store.write(
          row.contract_id,
          PassTime,
          (entity) =>
            entity.PassTime({
              actor: { mode: row.mode, org: null, person: null, guest: null },
              now: new Date(now + offset).toISOString(),
              ...(row.window_days === null ? {} : { window_days: row.window_days }),
              ...(row.amended_by === null ? {} : { amended_by: row.amended_by })
            })
        )).pipe(
          Effect.withClock(realClock),
          Effect.map((result) => result.acted.length + (row.settles ? 1 : 0)),
          Effect.catchAllCause((cause) =>
            Effect.as(Effect.logWarning("deadline not acted on", cause).pipe(Effect.annotateLogs({ contract: row.contract_id })), 0)
          )
        )

    // Until the next moment on the scheduler's clock (read in the same step as the sleep starts, see
    // Webhooks/Engine.ts), a ring, or the idle look on the real clock, whichever comes first.
    // A moment already due that was not acted on (its contract's runner did not answer) is tried again after a real pause.
    const untilNext = Effect.flatMap(nextDue, (next) =>
      Option.match(next, {
        onNone: () => Effect.never,
        onSome: (at) => Effect.flatMap(Clock.currentTimeMillis, (now) => at <= now ? realSleep(retryPause) : Effect.sleep(Duration.millis(at - now)))
      }))
    const idle = realSleep(idleLook)
    const sleepUntilNext = Effect.raceAll([untilNext, moved.heard, idle])

    const cycle: Effect.Effect<void> = Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const rows = yield* due(now)
      const acted = yield* Effect.forEach(rows, tell(now), { concurrency })
      // A full batch that moved something may have more behind it; one that moved nothing waits, so it never spins.
      if (rows.length === batch && acted.some((n) => n > 0)) return
      yield* sleepUntilNext
    }).pipe(
      Effect.catchAllCause((cause) => Effect.zipRight(Effect.logError("deadline scheduler cycle failed", cause), realSleep(Duration.seconds(5))))
    )
    yield* Effect.forkScoped(Effect.withClock(Effect.forever(cycle), clock))
    return {} as const
  })
}) {}
