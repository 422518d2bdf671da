import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { errorAnchor } from "./Envelope.js"
import { allErrorCodes, errorCodes, type ErrorCode } from "../Domain/Api/ErrorCodes.js"

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll("\"", "&quot;").replaceAll("'", "&#39;")

/** Escapes first, then marks `backticked` spans as code: the spans hold only escaped text. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>")

const section = (code: ErrorCode) => {
  const [status, type, fires, recovery] = errorCodes[code]
  return `<section id="${escapeHtml(errorAnchor(code))}">
<h2><code>${escapeHtml(code)}</code></h2>
<p><strong>${status}</strong> · <code>${escapeHtml(type)}</code></p>
<dl><dt>Fires when</dt><dd>${prose(fires)}</dd><dt>Recovery</dt><dd>${prose(recovery)}</dd></dl>
</section>`
}

/** The page every envelope's `doc_url` points into: one section per row of the error table. */
export const errorDocsPage = (): string =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Errors · Contract Negotiation Service</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ddd}dt{font-weight:600}</style>
</head>
<body>
<h1>Errors</h1>
<p>${
    prose(
      "Every error answers `{ \"error\": { \"type\", \"code\", \"message\", \"param\"?, \"doc_url\" } }`, with any extra fields beside `error`, never instead of it. Branch on `code`, never on `message`: messages are for people and may change. `param` names the field or header at fault. `doc_url` links to the code's section below."
    )
  }</p>
<p>${prose("The API reference is at `/docs`; the OpenAPI document at `/openapi.json`.")}</p>
${allErrorCodes.map(section).join("\n")}
</body>
</html>
`

/** `GET /docs/errors`, public like the API reference beside it: the page never changes while the process runs. */
export const ErrorDocsRoutes = HttpApiBuilder.Router.use((router) => {
  const page = errorDocsPage()
  return router.get("/docs/errors", Effect.succeed(HttpServerResponse.text(page, { contentType: "text/html; charset=utf-8" })))
})
