import { HttpApiBuilder, HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Certificates } from "../Certificates.js"
import { SigningKey } from "./SigningKey.js"
import { requestTarget } from "../Http/RouteTable.js"

export const CertificatesHttp = HttpApiBuilder.group(
  Api,
  "certificates",
  (handlers) =>
    Effect.map(
      Certificates,
      (certificates) => handlers.handle("certificate", ({ path }) => certificates.link(path.id)).handle("pdf", ({ path }) => certificates.pdfLink(path.id))
    )
)

/**
 * The documents behind signed links, outside the authenticated API: whoever holds a link that
 * has not expired may fetch them, and the public key is for everyone.
 */
export const CertificateRoutes = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const certificates = yield* Certificates
    const key = yield* SigningKey
    const linked = <A, E>(read: (id: string, expires: number, token: string) => Effect.Effect<A, E>) =>
      Effect.gen(function*() {
        const params = yield* HttpRouter.params
        const request = yield* HttpServerRequest.HttpServerRequest
        const query = requestTarget(request.url)?.searchParams ?? new URLSearchParams()
        return yield* read(params["id"] ?? "", Number(query.get("expires")), query.get("token") ?? "")
      })
    const document = linked(certificates.document)
    yield* router.get("/certificates/signing-key.pem", Effect.succeed(HttpServerResponse.text(key.publicPem, { contentType: "application/x-pem-file" })))
    yield* router.get(
      "/certificates/:id/certificate.json",
      Effect.map(document, (bytes) => HttpServerResponse.uint8Array(bytes, { contentType: "application/json" }))
    )
    yield* router.get(
      "/certificates/:id/certificate.sig",
      Effect.map(document, (bytes) => HttpServerResponse.uint8Array(key.sign(bytes), { contentType: "application/octet-stream" }))
    )
    yield* router.get(
      "/certificates/:id/contract.pdf",
      Effect.map(linked(certificates.pdf), (bytes) => HttpServerResponse.uint8Array(bytes, { contentType: "application/pdf" }))
    )
  })
)
