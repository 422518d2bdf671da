import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { storedFiles } from "./support/imports.js"
import { type Running, sharedService } from "./support/service.js"
import { expectSound } from "./torture/checks.js"

const boundary = "zz"
const multipart = (field: string, before = "") =>
  Buffer.from(
    before +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n` +
      `This Agreement is made between Acme Ltd and Beta GmbH (${field}).\r\n--${boundary}--\r\n`,
    "latin1"
  )

// A body cut anywhere before its closing delimiter is not a whole form, whatever HTTP says of its length.
const closedAt = (body: Buffer) => body.indexOf(`--${boundary}--`) + `--${boundary}--`.length

for (const database of databases) {
  describe(`an upload cut off at any byte is refused and the server keeps serving (${database.name})`, () => {
    let service: Running
    let org: Org
    let contract: string
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "Truncated Ltd")
      contract = (await seat(service.url, org).draft()).body.id
    })
    afterAll(() => service.stop())

    const post = (path: string, body: Buffer, key: string) =>
      fetch(`${service.url}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${org.keys.live}`,
          "contracts-acting-person": org.people[0]!.id,
          "idempotency-key": key,
          "content-type": `multipart/form-data; boundary=${boundary}`
        },
        body
      }).then(async (response) => ({ status: response.status, text: await response.text() }))

    for (const [path, field] of [["/imports", "files[]"], ["/assets", "file"]] as const) {
      it(`POST ${path}: every prefix before the closing boundary answers 400 naming '${field}', and nothing is stored`, async () => {
        // An asset names its contract first, so the cut falls in a field part as well as in the file.
        const body = path === "/imports"
          ? multipart(field)
          : multipart(field, `--${boundary}\r\nContent-Disposition: form-data; name="contract_id"\r\n\r\n${contract}\r\n`)
        const before = storedFiles(service.assetDir!)
        const imports = (await call(service.url, "GET", "/contracts?limit=100", { key: org.keys.live })).body.data.length
        for (let cut = 0; cut < closedAt(body); cut++) {
          const answer = await post(path, body.subarray(0, cut), `${path}-cut-${cut}`)
          expectSound(answer, `${path} cut at ${cut}`)
          expect({ cut, status: answer.status, error: JSON.parse(answer.text).error.code }).toEqual({ cut, status: 400, error: "invalid_request" })
          expect(JSON.parse(answer.text).error.param, `cut at ${cut}`).toBe(field)
        }
        expect(storedFiles(service.assetDir!)).toEqual(before)
        expect((await call(service.url, "GET", "/contracts?limit=100", { key: org.keys.live })).body.data.length).toBe(imports)
        // The refusal kept nothing of the key: the whole body under the same key is served.
        const whole = await post(path, body, `${path}-cut-${closedAt(body) - 1}`)
        expect(whole.status, whole.text).toBeLessThan(300)
        expect(storedFiles(service.assetDir!).length).toBe(before.length + 1)
      }, 120_000)
    }
  })
}
