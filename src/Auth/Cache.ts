import { Cache, Data, Duration, Effect, Exit, Option } from "effect"
import { ClusterSignals } from "../Cluster/Signals.js"
import { AuthRepo } from "./Repo.js"

/**
 * How long a key found live is trusted without asking the database again. Revoking through the
 * admin API clears this process's cache at once and, on a cluster runner, every other runner's
 * within a NOTIFY's round trip (src/Cluster/Signals.ts). This bounds what no notice reaches: a
 * revocation by the admin CLI, or a notice lost while a runner's listen connection was down.
 */
const keyTimeToLive = Duration.seconds(5)
// People are only ever added, never changed or removed, so a person once found stays true.
const personTimeToLive = Duration.hours(1)
const capacity = 10_000

// Only a hit is kept: a key or person that is missing now may be created a moment later.
const keepHits = (ttl: Duration.Duration) => (exit: Exit.Exit<Option.Option<unknown>>) =>
  Exit.isSuccess(exit) && Option.isSome(exit.value) ? ttl : Duration.zero

/** The API keys, person tokens and acting people of recent requests, so authenticating one costs no SQL. */
export class AuthCache extends Effect.Service<AuthCache>()("Auth/AuthCache", {
  dependencies: [AuthRepo.Default],
  scoped: Effect.gen(function*() {
    const repo = yield* AuthRepo
    const signals = yield* ClusterSignals
    const keys = yield* Cache.makeWith({ capacity, lookup: repo.findLiveKey, timeToLive: keepHits(keyTimeToLive) })
    const tokens = yield* Cache.makeWith({ capacity, lookup: repo.findLiveToken, timeToLive: keepHits(keyTimeToLive) })
    const people = yield* Cache.makeWith({
      capacity,
      lookup: ([org, person]: readonly [string, string]) => repo.findPersonInOrg(org, person),
      timeToLive: keepHits(personTimeToLive)
    })
    const forgetHere = Effect.zipRight(keys.invalidateAll, tokens.invalidateAll)
    // Another runner's revocation empties this cache only: it is not told on again.
    yield* signals.credentialsRevoked.onHeard(forgetHere)
    return {
      findLiveKey: (secretHash: string) => keys.get(secretHash),
      findLiveToken: (secretHash: string) => tokens.get(secretHash),
      findPersonInOrg: (orgId: string, personId: string) => people.get(Data.tuple(orgId, personId)),
      /** After a revocation: every key and person token is looked up afresh, here and on every other runner. */
      forgetKeys: Effect.zipRight(forgetHere, signals.credentialsRevoked.publish)
    } as const
  })
}) {}
