import { expect } from "@effect/vitest"

/**
 * A guard against catastrophic backtracking or a quadratic loop on hostile input, not a speed test
 * (`npm run bench` measures speed). Each bound is about ten times what the work takes on the
 * suite's two busy workers; the regressions it guards against take minutes on these inputs.
 */
export const expectNoHang = (elapsedMs: number, boundMs: number) =>
  expect(elapsedMs, `took ${Math.round(elapsedMs)} ms: a hang on hostile input?`).toBeLessThan(boundMs)
