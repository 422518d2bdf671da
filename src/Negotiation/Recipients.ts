import { Effect, Option } from "effect"
import { hashSecret } from "../Auth/Secrets.js"
import type { Capacity } from "../Domain/Contract/Contract.js"
import { makeId, randomToken } from "../RandomIds.js"
import type { Mode } from "../Domain/Contract/Mode.js"
import type { Recipient } from "../Domain/Contract/Recipient.js"
import type { NegotiationRepo } from "./Repo.js"

/**
 * A person named by email: someone of an org on this server acts through their org's key; anyone
 * else becomes an outside person with a guest link token, shown once (in the mail) and kept hashed.
 */
export const resolveRecipient = (
  repo: NegotiationRepo,
  mode: Mode,
  input: { readonly email: string; readonly name: string; readonly capacity: ReadonlyArray<Capacity> }
) =>
  Effect.map(repo.findRecipient(input.email, mode), (found): Recipient => {
    const person = Option.getOrElse(found, () => ({ id: makeId("per"), name: input.name, email: input.email, org: null }))
    const token = person.org === null ? `gtk_${randomToken(32)}` : null
    return { person, capacity: [...new Set(input.capacity)], guest: token === null ? null : { token, hash: hashSecret(token) } }
  })
