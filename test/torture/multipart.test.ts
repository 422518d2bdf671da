import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { createOrg, type Org, seat } from "../support/client.js"
import { databases } from "../support/databases.js"
import { storedFiles } from "../support/imports.js"
import { type Running, sharedService } from "../support/service.js"
import { expectSound } from "./checks.js"
import { multipartCase } from "./multipart.js"
import { scale } from "./scale.js"

const runs = scale(60, 3_000)

for (const database of databases) {
  describe(`torture: hostile multipart bodies to both upload routes (${database.name})`, () => {
    let service: Running
    let org: Org
    let contract: string
    const families = new Map<string, number>()
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "Multipart Ltd")
      contract = (await seat(service.url, org).draft()).body.id
    })
    afterAll(() => service.stop())

    for (const path of ["/imports", "/assets"]) {
      it(`answers ${runs} generated bodies to POST ${path} in the envelope, never 5xx, storing nothing when it refuses`, async () => {
        let sent = 0
        await fc.assert(
          fc.asyncProperty(multipartCase, async (c) => {
            families.set(c.family, (families.get(c.family) ?? 0) + 1)
            const before = storedFiles(service.assetDir!).length
            // An asset names its contract in a part of its own, first, as a form would.
            const named = Buffer.from(`--${c.boundary}\r\nContent-Disposition: form-data; name="contract_id"\r\n\r\n${contract}\r\n`)
            const response = await fetch(`${service.url}${path}`, {
              method: "POST",
              headers: {
                authorization: `Bearer ${org.keys.test}`,
                "contracts-acting-person": org.people[0]!.id,
                "idempotency-key": `multipart-${path}-${sent++}`,
                "content-type": c.contentType
              },
              body: path === "/assets" ? Buffer.concat([named, c.body]) : c.body
            })
            const answer = { status: response.status, text: await response.text() }
            expectSound(answer, `${c.family} to ${path}`)
            if (answer.status >= 400) expect(storedFiles(service.assetDir!).length, `${c.family} refused ${answer.status} but stored a file`).toBe(before)
          }),
          { numRuns: runs }
        )
        // The process that answered every case is still serving.
        expect((await fetch(`${service.url}/templates`, { headers: { authorization: `Bearer ${org.keys.test}` } })).status).toBe(200)
      }, scale(120_000, 3_600_000))
    }

    it("tried every family", () => {
      expect([...families.keys()].sort()).toEqual(
        ["empty_file", "junk", "long_part_header", "nested", "no_boundary", "no_name", "ten_thousand_empty_parts", "truncated", "well_formed"]
      )
    })
  })
}
