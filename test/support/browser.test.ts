import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { existsSync } from "node:fs"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { expectAccessible, launchBrowser, openContext, screenshot, tabTo } from "./browser.js"

const good = `<!doctype html>
<html lang="en">
<head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Good page</title></head>
<body>
  <main>
    <h1>Sign in</h1>
    <form method="post" action="/good">
      <label for="email">Email</label>
      <input id="email" name="email" type="email">
      <button type="submit">Continue</button>
    </form>
  </main>
  <script>document.title = "an inline script ran"</script>
</body>
</html>`

const bad = `<!doctype html>
<html lang="en">
<head><title>Bad page</title></head>
<body><main><h1>Sign in</h1><input name="email" type="email"></main></body>
</html>`

// As strict as the service's own pages: no script at all, inline or not.
const csp = "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

let server: Server
let base: string
let browser: Browser

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": csp }).end(req.url === "/bad" ? bad : good)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  server?.closeAllConnections()
  await new Promise<void>((resolve) => server ? server.close(() => resolve()) : resolve())
})

describe("browser harness", () => {
  for (const javaScript of [false, true]) {
    it(`audits with axe under a strict CSP, with JavaScript ${javaScript ? "on" : "off"}`, async () => {
      const context = await openContext(browser, { javaScript, viewport: javaScript ? "desktop" : "phone" })
      try {
        const page = await context.newPage()
        await page.goto(`${base}/good`)
        expect(await page.title()).toBe("Good page")
        await expectAccessible(page, "good page")
        await page.goto(`${base}/bad`)
        const failure = await expectAccessible(page, "bad page").then(() => undefined, (error: Error) => error)
        expect(failure?.message).toMatch(/^bad page: 1 accessibility violation/)
        expect(failure?.message).toContain("label (critical): Form elements must have labels at input")
      } finally {
        await context.close()
      }
    })
  }

  it("tabs to the button with JavaScript off, and says what it passed when it cannot", async () => {
    const context = await openContext(browser, { javaScript: false, viewport: "desktop" })
    try {
      const page = await context.newPage()
      await page.goto(`${base}/good`)
      expect(await tabTo(page, (el) => el.tag === "button" && el.name === "Continue")).toBe(2)
      await page.goto(`${base}/good`)
      expect(await tabTo(page, (el) => el.tag === "input" && el.name === "Email")).toBe(1)
      await expect(tabTo(page, (el) => el.name === "Nowhere", 3)).rejects.toThrow(/3 presses of Tab .*: button "Continue"/)
    } finally {
      await context.close()
    }
  })

  it("writes a screenshot only when SCREENSHOTS_DIR is set", async () => {
    const saved = process.env["SCREENSHOTS_DIR"]
    const dir = await mkdtemp(join(tmpdir(), "screenshots-"))
    const context = await openContext(browser, { javaScript: false, viewport: "phone" })
    try {
      const page = await context.newPage()
      await page.goto(`${base}/good`)
      delete process.env["SCREENSHOTS_DIR"]
      await screenshot(page, "harness-self-test")
      expect(existsSync("harness-self-test.png")).toBe(false)
      process.env["SCREENSHOTS_DIR"] = dir
      await screenshot(page, "harness-self-test")
      const png = await readFile(join(dir, "harness-self-test.png"))
      expect(png.subarray(1, 4).toString()).toBe("PNG")
      // 390 CSS pixels at a device scale factor of 2 (without the viewport meta, a phone lays out 980 pixels).
      expect(png.readUInt32BE(16)).toBe(780)
    } finally {
      if (saved === undefined) delete process.env["SCREENSHOTS_DIR"]
      else process.env["SCREENSHOTS_DIR"] = saved
      await context.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
