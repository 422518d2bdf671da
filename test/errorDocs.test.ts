import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { docUrl } from "../src/Http/Envelope.js"
import { type ErrorCode, errorCodes } from "../src/Domain/Api/ErrorCodes.js"
import { call } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, sharedService } from "./support/service.js"

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'" }

/** What a reader sees: tags dropped, entities decoded, whitespace collapsed. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!).replace(/\s+/g, " ").trim()

/** Every element carrying `id="<id>"` on the page, each as its inner HTML (nesting of its own tag respected). */
const elementsById = (html: string, id: string): Array<string> => {
  const found: Array<string> = []
  for (const open of html.matchAll(/<([a-z][a-z0-9]*)\b[^>]*\bid="([^"]*)"[^>]*>/gi)) {
    if (open[2] !== id) continue
    const tag = open[1]!.toLowerCase()
    const start = open.index + open[0].length
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi")
    tags.lastIndex = start
    let depth = 1
    for (let next = tags.exec(html); next !== null; next = tags.exec(html)) {
      depth += next[1] === "/" ? -1 : 1
      if (depth === 0) {
        found.push(html.slice(start, next.index))
        break
      }
    }
  }
  return found
}

/** Table text as the page shows it, compared without whitespace (markup between words adds some). */
const squashed = (text: string) => text.replaceAll("`", "").replace(/\s+/g, "")

// No data is involved: one database is enough.
describe("the error documentation every doc_url points into", () => {
  let service: Running
  const page = async (url: string) => {
    const target = new URL(url)
    const response = await fetch(`${service.url}${target.pathname}`)
    return { response, html: await response.text(), anchor: decodeURIComponent(target.hash.slice(1)) }
  }
  beforeAll(async () => {
    service = await sharedService(databases[0]!)
  })
  afterAll(() => service.stop())

  it("opens every code of the error table at its anchor, with its status, type, when it fires and how to recover", async () => {
    const codes = Object.keys(errorCodes) as Array<ErrorCode>
    expect(codes).toContain("api_error")
    for (const code of codes) {
      const [status, type, fires, recovery] = errorCodes[code]
      const { anchor, html, response } = await page(docUrl("http://localhost/docs", code))
      expect(response.status, code).toBe(200)
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expect(anchor).toBe(code.replaceAll("_", "-"))
      const elements = elementsById(html, anchor)
      expect(elements, code).toHaveLength(1)
      const text = textOf(elements[0]!)
      expect(text).toContain(code)
      expect(text).toContain(String(status))
      expect(text).toContain(type)
      expect(squashed(text)).toContain(squashed(fires))
      expect(squashed(text)).toContain(squashed(recovery))
    }
  })

  it("lists no code the table lacks, and needs no credential", async () => {
    const response = await fetch(`${service.url}/docs/errors`, { headers: { authorization: "Bearer sk_test_nonsense" } })
    expect(response.status).toBe(200)
    const ids = [...(await response.text()).matchAll(/\bid="([^"]*)"/g)].map((match) => match[1])
    expect(ids.sort()).toEqual(Object.keys(errorCodes).map((code) => code.replaceAll("_", "-")).sort())
  })

  it("resolves the doc_url of real error answers", async () => {
    const unknownRoute = await call(service.url, "GET", "/nowhere")
    const noKey = await call(service.url, "GET", "/contracts")
    expect([unknownRoute.status, noKey.status]).toEqual([404, 401])
    for (const reply of [unknownRoute, noKey]) {
      const { anchor, html, response } = await page(reply.body.error.doc_url)
      expect(response.status).toBe(200)
      const elements = elementsById(html, anchor)
      expect(elements).toHaveLength(1)
      expect(textOf(elements[0]!)).toContain(reply.body.error.code)
    }
  })

  it("still serves the API reference at /docs", async () => {
    const response = await fetch(`${service.url}/docs`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    const html = await response.text()
    expect(html.includes("@scalar/api-reference"), "the Scalar page").toBe(true)
  })
})
