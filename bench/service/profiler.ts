// Loaded into the service with --import when the bench runs with --profile. SIGUSR2 starts the
// V8 CPU profiler; the next SIGUSR2 stops it, writes the profile and names the file to the bench.
// Profiling one flow's window, not the whole process, keeps start-up and set-up out of the picture.
import { Session } from "node:inspector/promises"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { probeLine } from "../lib/probeLine.js"

const dir = process.env.BENCH_PROFILE_DIR ?? "."
const session = new Session()
session.connect()
let running = false
let count = 0

process.on("SIGUSR2", async () => {
  if (!running) {
    running = true
    await session.post("Profiler.enable")
    await session.post("Profiler.start")
    probeLine("BENCH_PROFILE started")
    return
  }
  running = false
  const { profile } = await session.post("Profiler.stop")
  const file = join(dir, `profile-${++count}.cpuprofile`)
  writeFileSync(file, JSON.stringify(profile))
  probeLine(`BENCH_PROFILE ${file}`)
})
