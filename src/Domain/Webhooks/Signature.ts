import { createHmac, timingSafeEqual } from "node:crypto"

/** How far a receiver should trust a signature's timestamp from its own clock. */
export const toleranceSeconds = 300

const hmac = (secret: string, timestamp: number, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex")

/**
 * `Contracts-Signature`: `t=<unix seconds>,v1=<hex>` with one `v1` per secret the endpoint holds
 * (two during a rotation's overlap). Stripe's layout, so Stripe's verifiers accept it.
 */
export const signatureHeader = (secrets: ReadonlyArray<string>, timestamp: number, body: string) =>
  [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmac(secret, timestamp, body)}`)].join(",")

/** The receiver's side, as docs/webhooks.md tells it: any `v1` made with the secret, within the tolerance. */
export const verifySignature = (header: string, body: string, secret: string, nowSeconds: number): boolean => {
  const pairs = header.split(",").map((part): readonly [string, string | undefined] => {
    const [key = "", value] = part.split("=", 2)
    return [key, value]
  })
  const timestamp = Number(pairs.find(([key]) => key === "t")?.[1])
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex")
  return pairs.some(([key, value]) => {
    if (key !== "v1" || value === undefined || !/^[0-9a-f]{64}$/.test(value)) return false
    return timingSafeEqual(Buffer.from(value, "hex"), expected)
  })
}
