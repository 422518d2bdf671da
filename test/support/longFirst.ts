import { relative } from "node:path"
import { BaseSequencer, type TestSpecification } from "vitest/node"

/**
 * Seconds each long file took in a clean-clone run of `.ci/run` (at 1c2ba72, from its JSON
 * report, rounded). Kept by hand: a clean clone has no vitest cache, so without this list the
 * files go out largest first by bytes, and the longest of all (the hostile sweep, 86 lines) went
 * out last, 877 s into a 1,127 s run, where the run could end no sooner than it did.
 */
const measuredSeconds: Readonly<Record<string, number>> = {
  "test/torture/hostile.test.ts": 147,
  "test/torture/failover.test.ts": 99,
  "test/guestPage/browser.test.ts": 94,
  "test/torture/crash.test.ts": 93,
  "test/webhooks/fanout.test.ts": 83,
  "test/importCrash.test.ts": 67,
  "test/migrations.test.ts": 60,
  "test/operations/shutdown.test.ts": 59,
  "test/webhooks/schedule.test.ts": 55,
  "test/outboundMail.test.ts": 47,
  "test/severalRunners.test.ts": 46,
  "test/adminCli.test.ts": 43,
  "test/modes/writes.test.ts": 41,
  "test/importLeases.test.ts": 37,
  "test/readmeWalkthrough.test.ts": 32,
  "test/operations/backup.test.ts": 30,
  "test/listPlans.test.ts": 28,
  "test/torture/fuzz.test.ts": 27,
  "test/restart.test.ts": 24,
  "test/idempotencyExpiry.test.ts": 22
}

/**
 * The workers take files from one queue as each finishes its last, so the run ends soonest when
 * the longest go first and the short ones fill in at the end. Files not listed keep vitest's own
 * order after them.
 */
export default class LongFirst extends BaseSequencer {
  override async sort(files: Array<TestSpecification>): Promise<Array<TestSpecification>> {
    const weight = (file: TestSpecification) => measuredSeconds[relative(this.ctx.config.root, file.moduleId)] ?? 0
    return (await super.sort(files)).sort((a, b) => weight(b) - weight(a))
  }
}
