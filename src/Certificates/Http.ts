import { HttpApiBuilder, HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Option } from "effect"
import { Api } from "../Api.js"
import { ServerConfig } from "../Config.js"
import { loadVisible } from "../Contracts/Access.js"
import { ContractsRepo } from "../Contracts/Repo.js"
import { certificateDocument } from "../Domain/Signing/Certificate.js"
import type { Contract } from "../Domain/Contract/Contract.js"
import { notFound, reject } from "../Domain/Contract/Rejection.js"
import { sha256 } from "../Domain/Words/Blocks.js"
import { SigningKey } from "./SigningKey.js"

const noCertificate = (contract: Contract) =>
  contract.state === "executed" ? undefined : notFound("certificate", contract.id)

export const CertificatesHttp = HttpApiBuilder.group(Api, "certificates", (handlers) =>
  Effect.gen(function*() {
    const contracts = yield* ContractsRepo
    const key = yield* SigningKey
    const config = yield* ServerConfig
    return handlers.handle("certificate", ({ path }) =>
      Effect.gen(function*() {
        const { contract } = yield* Effect.provideService(loadVisible(path.id), ContractsRepo, contracts)
        const missing = noCertificate(contract)
        if (missing !== undefined) return yield* missing
        const { expires, token } = yield* key.link(contract.id)
        const query = `expires=${expires}&token=${token}`
        const base = `${config.publicUrl}/certificates/${contract.id}`
        const url = `${base}/certificate.json?${query}`
        const signatureUrl = `${base}/certificate.sig?${query}`
        const publicKeyUrl = `${config.publicUrl}/certificates/signing-key.pem`
        return {
          object: "certificate" as const,
          contract: contract.id,
          url,
          signature_url: signatureUrl,
          expires_at: new Date(expires * 1000).toISOString(),
          algorithm: "Ed25519" as const,
          key_id: key.keyId,
          public_key: key.publicPem,
          public_key_url: publicKeyUrl,
          document_sha256: sha256(certificateDocument(contract, key.keyId)),
          recipe: [
            `curl -o certificate.json '${url}'`,
            `curl -o certificate.sig '${signatureUrl}'`,
            `curl -o signing-key.pem '${publicKeyUrl}'   # or save public_key from this answer; compare key_id`,
            "openssl pkeyutl -verify -pubin -inkey signing-key.pem -rawin -in certificate.json -sigfile certificate.sig",
            "npm run verify -- certificate.json certificate.sig signing-key.pem   # also re-checks words_hash and the letter chain"
          ]
        }
      }))
  }))

/**
 * The documents behind signed links, outside the authenticated API: whoever holds a link that
 * has not expired may fetch them, and the public key is for everyone.
 */
export const CertificateRoutes = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const contracts = yield* ContractsRepo
    const key = yield* SigningKey
    const document = Effect.gen(function*() {
      const params = yield* HttpRouter.params
      const request = yield* HttpServerRequest.HttpServerRequest
      const query = new URL(request.url, "http://x").searchParams
      const id = params["id"] ?? ""
      if (!(yield* key.linkOpen(id, Number(query.get("expires")), query.get("token") ?? ""))) {
        return yield* reject("unauthorized", "This certificate link is not valid or has expired: ask GET /contracts/{id}/certificate for a new one.")
      }
      const contract = yield* contracts.read(id)
      if (Option.isNone(contract) || noCertificate(contract.value) !== undefined) return yield* notFound("certificate", id)
      return Buffer.from(certificateDocument(contract.value, key.keyId))
    })
    yield* router.get("/certificates/signing-key.pem", Effect.succeed(HttpServerResponse.text(key.publicPem, { contentType: "application/x-pem-file" })))
    yield* router.get(
      "/certificates/:id/certificate.json",
      Effect.map(document, (bytes) => HttpServerResponse.uint8Array(bytes, { contentType: "application/json" }))
    )
    yield* router.get(
      "/certificates/:id/certificate.sig",
      Effect.map(document, (bytes) => HttpServerResponse.uint8Array(key.sign(bytes), { contentType: "application/octet-stream" }))
    )
  }))
