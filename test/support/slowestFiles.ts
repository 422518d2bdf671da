import { relative } from "node:path"
import type { Reporter, TestModule } from "vitest/node"

const shown = 15

/**
 * A reporter that ends every run with its slowest test files (importing them, their hooks and
 * tests), so the suite's cost stays in view as it grows (issue 33). Time is wall time in the
 * worker that ran the file; workers run side by side, so the figures add up to more than the run.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const timed = modules.map((module) => {
      const diagnostic = module.diagnostic()
      return { file: relative(process.cwd(), module.moduleId), ms: diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration }
    }).sort((a, b) => b.ms - a.ms)
    if (timed.length === 0) return
    const total = timed.reduce((sum, { ms }) => sum + ms, 0)
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7)
    const lines = timed.slice(0, shown).map(({ file, ms }) => `${seconds(ms)} s  ${(100 * ms / total).toFixed(1).padStart(5)}%  ${file}`)
    console.log(
      `\nThe ${Math.min(shown, timed.length)} slowest of ${timed.length} test files (${seconds(total).trim()} s in all, across workers):\n${lines.join("\n")}\n`
    )
  }
}
