import axe from "axe-core"
import { mkdir } from "node:fs/promises"
import { dirname, join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"

/**
 * Debian's chromium, headless. This machine's closed network refuses Chromium's background
 * connections (updates, sync, QUIC probes), so they are switched off rather than left to time out;
 * `--no-sandbox` because the suite runs as root, `--disable-dev-shm-usage` for small containers.
 */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage"
    ]
  })

export interface ContextOptions {
  /** Off is how the pages must work: server-rendered, no script of theirs is needed. */
  readonly javaScript: boolean
  readonly viewport: "phone" | "desktop"
}

const viewports = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } }
} as const

/** A fresh context, so fresh cookies: one per test. */
export const openContext = (browser: Browser, options: ContextOptions): Promise<BrowserContext> =>
  browser.newContext({ ...viewports[options.viewport], javaScriptEnabled: options.javaScript })

/**
 * axe-core's source, wrapped so that its own `setTimeout(fn, 0)` runs `fn` as a microtask.
 *
 * axe is injected and run with `page.evaluate` (CDP Runtime.evaluate). That ignores the page's
 * Content-Security-Policy (even `default-src 'none'` with no 'unsafe-inline' and no
 * 'unsafe-eval'), and it still runs in a context with `javaScriptEnabled: false`, where promise
 * callbacks run too. But there timers never fire (nor `queueMicrotask`), and axe yields between
 * rules with `setTimeout(resolve, 0)`, so `axe.run` hangs for ever.
 * `bypassCSP: true` does not help (CSP is not what stops it) and would let the page's own inline
 * scripts run, hiding the very CSP mistakes the tests should catch. Re-enabling script over CDP
 * (Emulation.setScriptExecutionDisabled) once the page has loaded does not revive its timers.
 * Auditing in a second JS-enabled context would request the URL again (a page shown after a POST
 * cannot be fetched again) and see the scripted page, not the one a user without JavaScript sees.
 *
 * So axe gets its own `setTimeout` and `clearTimeout` as function parameters that shadow the
 * globals: zero delays become promise callbacks; longer ones, only deadlines for something that
 * already stalled (asset preload, legacy mode's frame ping), go to the real timer, which with
 * JavaScript off never fires. The page's globals are untouched, and the same code runs with
 * JavaScript on, where it was checked to give the same results.
 */
const axeSource = `(function (setTimeout, clearTimeout) {
${axe.source}
})(
  function (fn, ms) {
    if (ms > 0) return window.setTimeout.apply(window, arguments)
    var args = Array.prototype.slice.call(arguments, 2), timer = { cancelled: false }
    Promise.resolve().then(function () { if (!timer.cancelled) fn.apply(null, args) })
    return timer
  },
  function (timer) {
    if (timer !== null && typeof timer === "object") timer.cancelled = true
    else window.clearTimeout(timer)
  }
)`

const wcag22aa = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

interface Violation {
  readonly id: string
  readonly impact?: string | null
  readonly help: string
  readonly nodes: ReadonlyArray<{ readonly target: ReadonlyArray<unknown> }>
}

/**
 * Fails, naming every WCAG 2.2 AA violation axe finds on the page as it is now, with `label` saying
 * which page. axe is injected once per document (it stays until the page navigates) and run in the
 * page itself: @axe-core/playwright's builder injected its 500 kB twice per check and finished
 * each run in a new blank page, 1.3 s a check against 0.5 s here for the same rules and results.
 */
export const expectAccessible = async (page: Page, label: string): Promise<void> => {
  if (!(await page.evaluate("typeof window.axe?.run === 'function'"))) await page.evaluate(axeSource)
  // Runs in the page, whose DOM types this Node project does not load.
  const violations: ReadonlyArray<Violation> = await page.evaluate(
    (values) =>
      (globalThis as any).axe.run((globalThis as any).document, { runOnly: { type: "tag", values }, resultTypes: ["violations"] })
        .then((results: { violations: ReadonlyArray<Violation> }) => results.violations),
    wcag22aa
  )
  if (violations.length === 0) return
  const lines = violations.map((violation) => {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(" "))
    return `  ${violation.id} (${violation.impact ?? "no impact"}): ${violation.help} at ${targets.join(", ")}`
  })
  throw new Error(`${label}: ${violations.length} accessibility violation(s) at ${page.url()}\n${lines.join("\n")}`)
}

/**
 * What the person sees, as a PNG at `$SCREENSHOTS_DIR/<name>.png`, only when that is set: the
 * suite writes nothing by default. The viewport, not the whole page: after a form the page
 * stands at the section the action concerns (the redirect's `#anchor`), as it does for the person.
 */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  const dir = process.env["SCREENSHOTS_DIR"]
  if (dir === undefined || dir === "") return
  const path = join(dir, `${name}.png`)
  await mkdir(dirname(path), { recursive: true })
  await page.screenshot({ path })
}

export interface Focused {
  /** Lower case, "body" when nothing is focused. */
  readonly tag: string
  /** A plain accessible name: aria-label, aria-labelledby, a <label>, the text, the value or the title. */
  readonly name: string
  readonly text: string
}

/**
 * Presses Tab, as a keyboard-only user would, until the focused element satisfies `predicate`;
 * returns how many presses it took. `page.evaluate` works with JavaScript disabled (see above),
 * so the focused element is read there; throws listing everything focused on the way.
 */
export const tabTo = async (page: Page, predicate: (focused: Focused) => boolean, maxTabs = 200): Promise<number> => {
  const visited: Array<string> = []
  for (let tabs = 1; tabs <= maxTabs; tabs++) {
    await page.keyboard.press("Tab")
    // Runs in the page, whose DOM types this Node project does not load.
    const focused = await page.evaluate((): Focused => {
      const document = (globalThis as any).document
      const el = document.activeElement
      if (el === null || el === document.body) return { tag: "body", name: "", text: "" }
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim()
      const byIds = (el.getAttribute("aria-labelledby") ?? "").split(/\s+/)
        .map((id: string) => el.ownerDocument.getElementById(id)?.textContent ?? "")
        .join(" ")
      const byLabels = Array.from(el.labels ?? [], (label: any) => label.textContent ?? "").join(" ")
      const name = [el.getAttribute("aria-label"), byIds, byLabels, text, el.value, el.getAttribute("title")]
        .map((candidate) => (candidate ?? "").replace(/\s+/g, " ").trim())
        .find((candidate) => candidate !== "") ?? ""
      return { tag: el.tagName.toLowerCase(), name, text }
    })
    if (predicate(focused)) return tabs
    visited.push(`${focused.tag} "${focused.name}"`)
  }
  throw new Error(`${maxTabs} presses of Tab never focused the element wanted; focused in turn: ${visited.join(", ")}`)
}
