import { OpenApi } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { Api } from "../src/Api.js"

describe("the interface document", () => {
  it("matches the checked-in docs/openapi.json (run `npm run openapi:write` after a deliberate change)", () => {
    const checkedIn = JSON.parse(readFileSync(new URL("../docs/openapi.json", import.meta.url), "utf8"))
    expect(JSON.parse(JSON.stringify(OpenApi.fromApi(Api)))).toEqual(checkedIn)
  })
})
