// npm run receiver: a webhook receiver on 127.0.0.1:4400 (RECEIVER_PORT) for trying the service.
// It answers the handshake by echoing its nonce and prints every delivery. Once the endpoint's
// secret is in ./webhook-secret (WEBHOOK_SECRET_FILE), it checks each signature as docs/webhooks.md
// tells a receiver to (src/Domain/Webhooks/Signature.ts, verifySignature).
import { existsSync, readFileSync } from "node:fs"
import { createServer } from "node:http"
import { verifySignature } from "../src/Domain/Webhooks/Signature.js"

const port = Number(process.env.RECEIVER_PORT ?? 4400)
const secretFile = process.env.WEBHOOK_SECRET_FILE ?? "webhook-secret"

createServer((request, response) => {
  const chunks: Array<Buffer> = []
  request.on("data", (chunk: Buffer) => chunks.push(chunk))
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8")
    const event = JSON.parse(body)
    const secret = existsSync(secretFile) ? readFileSync(secretFile, "utf8").trim() : undefined
    const signature = secret === undefined
      ? "unchecked"
      : verifySignature(String(request.headers["contracts-signature"]), body, secret, Date.now() / 1000)
      ? "verified"
      : "BAD SIGNATURE"
    console.log(`${event.type} ${event.id}${event.sequence === undefined ? "" : ` #${event.sequence}`} ${event.data?.contract ?? ""} [${signature}]`)
    if (event.type === "endpoint.verification") return response.writeHead(200).end(JSON.stringify({ nonce: event.data.nonce }))
    response.writeHead(204).end()
  })
}).listen(port, "127.0.0.1", () => console.log(`receiving on http://127.0.0.1:${port}/hooks`))
