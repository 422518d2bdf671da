import { Effect, Option } from "effect"
import type { PinnedMark } from "./Domain/Signing/Signature.js"
import { MarksRepo } from "./Marks/Repo.js"

/** A person's signature mark: what a signature pins at the moment it is made. */
export class Marks extends Effect.Service<Marks>()("Marks", {
  effect: Effect.gen(function*() {
    const repo = yield* MarksRepo
    const pinnedFor = (person: string | undefined) =>
      person === undefined
        ? Effect.succeed(null)
        : Effect.map(
          repo.find(person),
          Option.match({ onNone: (): PinnedMark | null => null, onSome: (m) => ({ kind: m.kind, checksum: m.checksum, text: m.text }) })
        )
    return { pinnedFor } as const
  })
}) {}
