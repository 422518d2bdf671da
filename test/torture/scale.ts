/**
 * The torture suites run short inside `npm test` (and so in CI) and long under `npm run torture`
 * (TORTURE=full). Each suite picks its size here, so the two runs differ only in how hard they push.
 */
export const full = process.env["TORTURE"] === "full"

export const scale = <A>(short: A, long: A): A => (full ? long : short)
