import { OpenApi } from "@effect/platform"
import { writeFileSync } from "node:fs"
import { Api } from "../src/Api.js"

// Regenerates the checked-in interface document after a deliberate change to the API declaration.
writeFileSync(new URL("../docs/openapi.json", import.meta.url), JSON.stringify(OpenApi.fromApi(Api), null, 2) + "\n")
