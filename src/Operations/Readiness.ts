import { Effect, Ref } from "effect"

/** Where the service is in its life: `/readyz` answers 200 only while `ready`. */
export type Phase = "starting" | "ready" | "draining"

/**
 * The service's phase and the requests it is answering. It starts `starting`, turns `ready` once
 * every layer is built (src/Operations/Shutdown.ts) and `draining` at the first moment of a
 * shutdown, never back. A request counts from its arrival until its response is closed, body
 * streamed included, so a drain waits for the last byte of a slow upload or download.
 */
export class Readiness extends Effect.Service<Readiness>()("Operations/Readiness", {
  effect: Effect.gen(function*() {
    const phase = yield* Ref.make<Phase>("starting")
    let inFlight = 0
    // Open while nothing is in flight: what a drain waits on.
    const idle = yield* Effect.makeLatch(true)
    /** Counts a request in; the function it returns counts it out, once however often it is called. */
    const enter = Effect.sync(() => {
      inFlight++
      idle.unsafeClose()
      let left = false
      return () => {
        if (left) return
        left = true
        if (--inFlight === 0) idle.unsafeOpen()
      }
    })

    return {
      phase: Ref.get(phase),
      markReady: Ref.update(phase, (now) => (now === "starting" ? "ready" : now)),
      markDraining: Ref.set(phase, "draining"),
      enter,
      inFlight: Effect.sync(() => inFlight),
      /** Done when no request is in flight (at once if none is). */
      settled: idle.await
    } as const
  })
}) {}
