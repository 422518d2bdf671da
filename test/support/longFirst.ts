import { relative } from "node:path"
import { BaseSequencer, type TestSpecification } from "vitest/node"

/**
 * Seconds each long file took in a clean-clone run of `.ci/run` (the slowest-files reporter's
 * figures, rounded). Kept by hand: a clean clone has no vitest cache, so without this list the
 * files go out largest first by bytes, and a short file holding the longest sweep once started
 * last and ran alone for minutes while the other worker sat idle.
 */
const measuredSeconds: Readonly<Record<string, number>> = {
  "test/torture/hostile.test.ts": 250,
  "test/guestPage/browser.test.ts": 185,
  "test/webhooks/fanout.test.ts": 156,
  "test/adminCli.test.ts": 83,
  "test/torture/crash.test.ts": 74,
  "test/torture/failover.test.ts": 69,
  "test/operations/shutdown.test.ts": 61,
  "test/webhooks/schedule.test.ts": 59,
  "test/migrations.test.ts": 58,
  "test/certificate.test.ts": 58,
  "test/importCrash.test.ts": 53,
  "test/importLeases.test.ts": 48,
  "test/severalRunners.test.ts": 44,
  "test/outboundMail.test.ts": 40,
  "test/operations/backup.test.ts": 39,
  "test/torture/fuzz.test.ts": 37,
  "test/modes/writes.test.ts": 35,
  "test/executedPdf.test.ts": 32,
  "test/listPlans.test.ts": 30
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
