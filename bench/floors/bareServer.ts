// The physical floor for HTTP: node:http answering a small JSON body, nothing else.
// Run as a child process, like the service, so the load crosses the same loopback.
import http from "node:http"

const body = JSON.stringify({ id: "con_floor", state: "agreed", words_hash: "sha256:0000", head_sequence: 1 })
const port = Number(process.env.PORT ?? 0)

http
  .createServer((req, res) => {
    req.resume()
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
    res.end(body)
  })
  .listen(port, "127.0.0.1")
