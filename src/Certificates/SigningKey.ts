import { SqlClient } from "@effect/sql"
import { Clock, Effect } from "effect"
import { createHash, createHmac, createPrivateKey, generateKeyPairSync, type KeyObject, sign, timingSafeEqual } from "node:crypto"
import { keyIdOf } from "./KeyId.js"

const slot = "certificates"

/** How long a certificate link works (the spec's Limits table). */
export const linkLifetimeSeconds = 15 * 60

const nowSeconds = Effect.map(Clock.currentTimeMillis, (ms) => Math.floor(ms / 1000))

/**
 * The service's Ed25519 key: made once, on the first start of any node, and kept in the
 * database so every node and every restart signs with the same key. The public half is
 * published; the private half never leaves the database.
 */
export class SigningKey extends Effect.Service<SigningKey>()("Certificates/SigningKey", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const read = sql<{ private_pem: string; public_pem: string }>`SELECT private_pem, public_pem FROM service_keys WHERE id = ${slot}`
    let rows = yield* read
    if (rows.length === 0) {
      const pair = generateKeyPairSync("ed25519")
      const now = new Date(yield* Clock.currentTimeMillis).toISOString()
      // Two nodes starting at once: the first insert wins and both read it back.
      yield* sql`
        INSERT INTO service_keys (id, algorithm, private_pem, public_pem, created_at)
        VALUES (${slot}, 'Ed25519', ${pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString()},
                ${pair.publicKey.export({ type: "spki", format: "pem" }).toString()}, ${now})
        ON CONFLICT (id) DO NOTHING`
      rows = yield* read
    }
    const privateKey: KeyObject = createPrivateKey(rows[0]!.private_pem)
    const publicPem = rows[0]!.public_pem
    const keyId = keyIdOf(publicPem)
    // Download links are signed with a key derived from the private key, so they need no table.
    const linkSecret = createHash("sha256").update(`certificate links\n${rows[0]!.private_pem}`).digest()
    const linkToken = (contract: string, expires: number) => createHmac("sha256", linkSecret).update(`${contract}\n${expires}`).digest("hex")
    return {
      keyId,
      publicPem,
      /** A detached Ed25519 signature over exactly these bytes. */
      sign: (bytes: Uint8Array) => sign(null, bytes, privateKey),
      /** A download link for one contract's certificate, good for 15 minutes from now. */
      link: (contract: string) =>
        Effect.map(nowSeconds, (now) => {
          const expires = now + linkLifetimeSeconds
          return { expires, token: linkToken(contract, expires) }
        }),
      /** The link was made by this service for this contract and has not expired. */
      linkOpen: (contract: string, expires: number, token: string) =>
        Effect.map(nowSeconds, (now) => {
          const expected = Buffer.from(linkToken(contract, expires))
          const given = Buffer.from(token)
          return Number.isInteger(expires) && now <= expires && expected.length === given.length && timingSafeEqual(expected, given)
        })
    } as const
  }).pipe(Effect.orDie)
}) {}
