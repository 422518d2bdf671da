// The registry this project is built against lacks some other-platform optional packages
// (darwin/win32 builds of msgpackr-extract, rollup, esbuild…), so `npm install` leaves them out
// of package-lock.json and `npm ci` then refuses the lock as out of sync. This adds the missing
// optional entries by name and version; npm skips them on platforms they do not fit.
// Run after any `npm install` that changes the lock: node scripts/lock-optional-platforms.cjs
const fs = require("node:fs")
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"))
let added = 0
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = path === "" ? `node_modules/${name}` : `${path}/node_modules/${name}`
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue
    lock.packages[`node_modules/${name}`] = { version, optional: true, ...(pkg.dev ? { dev: true } : {}) }
    added++
  }
}
fs.writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n")
console.log(`added ${added} optional platform entries`)
