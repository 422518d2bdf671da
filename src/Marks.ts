import { Clock, Effect, Option } from "effect"
import { Actor } from "./Auth/Actor.js"
import { notFound, reject, Rejection } from "./Domain/Contract/Rejection.js"
import type { Mode } from "./Domain/Contract/Mode.js"
import type { PinnedMark } from "./Domain/Signing/Signature.js"
import { sha256 } from "./Domain/Words/Blocks.js"
import type { MarkRequest } from "./Marks/Api.js"
import { type Mark, MarksRepo } from "./Marks/Repo.js"

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

/**
 * A person's signature mark: what a signature pins at the moment it is made. Like every row a key
 * writes it belongs to the key's mode, so a sandbox key never changes what live signatures pin.
 */
export class Marks extends Effect.Service<Marks>()("Marks", {
  dependencies: [MarksRepo.Default],
  effect: Effect.gen(function*() {
    const repo = yield* MarksRepo

    /** A mark is its person's own: anyone else finds nothing there. Answers the caller's mode. */
    const own = (id: string) =>
      Effect.flatMap(Actor, (caller) => (caller.person?.id === id ? Effect.succeed(caller.mode) : Effect.fail(notFound("person", id))))

    const get = Effect.fnUntraced(function*(person: string) {
      const mark = yield* repo.find(person, yield* own(person))
      return Option.isNone(mark) ? yield* notFound("mark", person) : render(mark.value)
    })

    const put = Effect.fnUntraced(function*(person: string, request: typeof MarkRequest.Type) {
      const mode = yield* own(person)
      const updated_at = new Date(yield* Clock.currentTimeMillis).toISOString()
      let mark: Mark
      if (request.kind === "typed") {
        mark = { person, kind: "typed", text: request.text, content_type: null, data: null, checksum: sha256(request.text), updated_at }
      } else {
        const bytes = imageBytes(request.data, request.content_type)
        if (bytes instanceof Rejection) return yield* bytes
        mark = { person, kind: "image", text: null, content_type: request.content_type, data: request.data, checksum: sha256(bytes), updated_at }
      }
      yield* repo.put(mark, mode)
      return render(mark)
    })

    const remove = Effect.fnUntraced(function*(person: string) {
      if (!(yield* repo.remove(person, yield* own(person)))) return yield* notFound("mark", person)
      return { object: "mark" as const, person, deleted: true as const }
    })

    /** The mark a signature made in `mode` pins: the confirming person's mark of that mode, or none. */
    const pinnedFor = (person: string | undefined, mode: Mode) =>
      person === undefined
        ? Effect.succeed(null)
        : Effect.map(
          repo.find(person, mode),
          Option.match({ onNone: (): PinnedMark | null => null, onSome: (m) => ({ kind: m.kind, checksum: m.checksum, text: m.text }) })
        )

    return { get, put, remove, pinnedFor } as const
  })
}) {}
