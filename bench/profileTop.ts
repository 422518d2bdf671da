// Top self-time functions of a V8 CPU profile (node --cpu-prof), as a table:
//   npx tsx bench/profileTop.ts <file.cpuprofile> [how many, default 25]
import { readFileSync } from "node:fs"
import { relative } from "node:path"

interface Node {
  readonly id: number
  readonly children?: ReadonlyArray<number>
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly hitCount?: number
}
interface Profile {
  readonly nodes: ReadonlyArray<Node>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

const [file, howMany = "25"] = process.argv.slice(2)
if (file === undefined) {
  console.error("usage: npx tsx bench/profileTop.ts <file.cpuprofile> [n]")
  process.exit(2)
}
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parentOf = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id)
const inclusiveMs = new Map<string, number>()
const inclusiveByFile = new Map<string, number>()
const selfMs = new Map<string, number>()
const byPackage = new Map<string, number>()
let total = 0
const where = (url: string) => url === "" ? "(native)" : relative(process.cwd(), url.replace(/^file:\/\//, ""))
const frameKey = (node: Node) => `${node.callFrame.functionName || "(anonymous)"}  ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`
const stackOf = (id: number) => {
  const frames: Array<Node> = []
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) frames.push(byId.get(at)!)
  return frames
}
profile.samples.forEach((id, i) => {
  const node = byId.get(id)!
  const stack = stackOf(id)
  // The bench's own profiler (stopping and serialising the profile) is not the service's work.
  if (stack.some((frame) => frame.callFrame.url.includes("bench/service/profiler.ts"))) return
  const ms = (profile.timeDeltas[i] ?? 0) / 1000
  total += ms
  const { functionName, url } = node.callFrame
  const file = where(url)
  const key = frameKey(node)
  selfMs.set(key, (selfMs.get(key) ?? 0) + ms)
  // Inclusive time: every distinct frame on the sampled stack (Effect's fiber loop flattens stacks, so
  // this is most telling for our own src/ functions and for library entry points).
  const seen = new Set(stack.map(frameKey))
  for (const k of seen) inclusiveMs.set(k, (inclusiveMs.get(k) ?? 0) + ms)
  // tsx compiles our files to a few long lines, so our functions read as "(anonymous) file:1": count by file instead.
  const files = new Set([...seen].map((k) => /\s(src\/\S+):\d+$/.exec(k)?.[1]).filter((f) => f !== undefined))
  for (const f of files) inclusiveByFile.set(f!, (inclusiveByFile.get(f!) ?? 0) + ms)
  // Group by package (node_modules/<pkg>), our src/, node internals, or V8's own buckets.
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
    (file.startsWith("src/") ? "src/" : file.startsWith("node:") ? "node internals" : functionName.startsWith("(") ? functionName : file)
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms)
})
const top = (map: Map<string, number>, n: number) =>
  [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) =>
    `${(100 * ms / total).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(7)} ms  ${k}`
  )
console.log(`total ${total.toFixed(0)} ms sampled\n\nby package:`)
console.log(top(byPackage, 15).join("\n"))
console.log(`\ntop ${howMany} functions by self time:`)
console.log(top(selfMs, Number(howMany)).join("\n"))
console.log(`\nour own files (src/) by inclusive time (on the stack; Effect's fiber loop cuts stacks, so this undercounts):`)
console.log(top(inclusiveByFile, Number(howMany)).join("\n"))
