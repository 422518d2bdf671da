import { execFileSync } from "node:child_process"

/**
 * Made once per run, before any test file: the service compiled as `npm start` compiles it
 * (scripts/build.mjs), so every test that starts it in a process of its own runs what `npm start`
 * runs, from this run's source, without tsx compiling each module at every start.
 */
export default function setup() {
  execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" })
}
