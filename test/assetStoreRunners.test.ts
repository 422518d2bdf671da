import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { AssetStore } from "../src/Assets/AssetStore.js"
import { ServerConfig } from "../src/Config.js"
import { testSettings } from "./support/service.js"

// Not a database test: the store is a directory, whatever the database.
describe("uploads in flight on runners sharing ASSET_DIR", () => {
  /** Starts a store on `assetDir` as a process with these settings would, and writes one upload in flight. */
  const startWithUpload = (assetDir: string, runnerAddress: string | undefined, name: string) =>
    Effect.scoped(
      Effect.map(
        Effect.provide(AssetStore, AssetStore.Default.pipe(Layer.provide(Layer.succeed(ServerConfig, testSettings({ assetDir, runnerAddress }))))),
        (store) => {
          const path = join(store.tmpDir, name)
          writeFileSync(path, "half an upload")
          return path
        }
      )
    )

  it.effect("a starting runner clears its own earlier uploads only, and a process alone clears them all", () =>
    Effect.gen(function*() {
      const assetDir = mkdtempSync(join(tmpdir(), "cns-asset-runners-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(assetDir, { recursive: true, force: true })))
      const onA = yield* startWithUpload(assetDir, "localhost:34431", "a")
      const onB = yield* startWithUpload(assetDir, "localhost:34432", "b")
      // B started while A was receiving: A's upload is still there.
      expect(existsSync(onA)).toBe(true)
      expect(onA).not.toBe(onB)
      // A restarts: what its previous life was receiving goes, B's stays.
      yield* startWithUpload(assetDir, "localhost:34431", "a2")
      expect(existsSync(onA)).toBe(false)
      expect(existsSync(onB)).toBe(true)
      // A process serving alone is the only one: nothing anyone left is in flight.
      yield* startWithUpload(assetDir, undefined, "alone")
      expect(existsSync(onB)).toBe(false)
    }).pipe(Effect.scoped))
})
