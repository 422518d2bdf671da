import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Sandbox } from "../Sandbox.js"

export const SandboxHttp = HttpApiBuilder.group(Api, "sandbox", (handlers) =>
  Effect.map(Sandbox, (sandbox) =>
    handlers
      .handle("clock", () => sandbox.read)
      .handle("advanceClock", ({ payload }) => sandbox.advance(payload))))
