import { HttpApiBuilder } from "@effect/platform"
import { Clock, Effect, Option } from "effect"
import { Api } from "../Api.js"
import { Actor } from "../Auth/Actor.js"
import { notFound, reject, Rejection } from "../Domain/Contract/Rejection.js"
import { sha256 } from "../Domain/Words/Blocks.js"
import { type Mark, MarksRepo } from "./Repo.js"

const render = (mark: Mark) => ({ object: "mark" as const, ...mark })

// The first bytes each accepted image format starts with.
const magic: Record<string, ReadonlyArray<number>> = { "image/png": [0x89, 0x50, 0x4e, 0x47], "image/jpeg": [0xff, 0xd8, 0xff] }

const imageBytes = (data: string, contentType: string) => {
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(data) ? Buffer.from(data, "base64") : null
  const head = magic[contentType]!
  return bytes !== null && head.every((byte, i) => bytes[i] === byte)
    ? bytes
    : reject("invalid_request", `data must be a base64-encoded ${contentType} image.`, { param: "data" })
}

export const MarksHttp = HttpApiBuilder.group(Api, "marks", (handlers) =>
  Effect.gen(function*() {
    const repo = yield* MarksRepo
    /** A mark is its person's own: anyone else finds nothing there. */
    const own = (id: string) =>
      Effect.flatMap(Actor, (caller) => (caller.person?.id === id ? Effect.succeed(caller.person) : Effect.fail(notFound("person", id))))
    return handlers
      .handle("get", ({ path }) =>
        Effect.gen(function*() {
          yield* own(path.id)
          const mark = yield* repo.find(path.id)
          return Option.isNone(mark) ? yield* notFound("mark", path.id) : render(mark.value)
        }))
      .handle("put", ({ path, payload }) =>
        Effect.gen(function*() {
          yield* own(path.id)
          const updated_at = new Date(yield* Clock.currentTimeMillis).toISOString()
          if (payload.kind === "typed") {
            const mark: Mark = {
              person: path.id,
              kind: "typed",
              text: payload.text,
              content_type: null,
              data: null,
              checksum: sha256(payload.text),
              updated_at
            }
            yield* repo.put(mark)
            return render(mark)
          }
          const bytes = imageBytes(payload.data, payload.content_type)
          if (bytes instanceof Rejection) return yield* bytes
          const mark: Mark = {
            person: path.id,
            kind: "image",
            text: null,
            content_type: payload.content_type,
            data: payload.data,
            checksum: sha256(bytes),
            updated_at
          }
          yield* repo.put(mark)
          return render(mark)
        }))
      .handle("remove", ({ path }) =>
        Effect.gen(function*() {
          yield* own(path.id)
          if (!(yield* repo.remove(path.id))) return yield* notFound("mark", path.id)
          return { object: "mark" as const, person: path.id, deleted: true as const }
        }))
  }))
