import { PGlite, type PGliteOptions } from "@electric-sql/pglite"
import { NodeFS } from "@electric-sql/pglite/nodefs"
import { fsyncSync, mkdirSync, readdirSync } from "node:fs"
import { fsyncTree } from "./DurableFiles.js"

/** The part of emscripten's NODEFS a durable commit needs: a file stream's Node descriptor, and the fsync it lacks. */
interface NodeFsStreams {
  stream_ops: { fsync?: (stream: { readonly nfd: number }) => number }
}

type Init = NodeFS["init"]

/**
 * PGlite's data directory on disk, where PostgreSQL's fsync reaches the disk. Emscripten's NODEFS
 * has no `fsync` among its stream operations, so every `fsync()` PostgreSQL makes (the WAL at
 * commit, a data file at a checkpoint, a directory after a file is created or renamed into it)
 * returns at once and the bytes stay in the page cache. Each PGlite has its own emscripten module,
 * so the operation added here is this database's alone.
 */
export class DurableNodeFs extends NodeFS {
  override async init(...[pg, options]: Parameters<Init>): ReturnType<Init> {
    const { emscriptenOpts } = await super.init(pg, options)
    const addFsync = (mod: { FS: { filesystems: { NODEFS: unknown } } }) => {
      // cast: PGlite's Emscripten module is untyped; NodeFsStreams names the two stream hooks it has
      const streams = mod.FS.filesystems.NODEFS as NodeFsStreams
      // Directories too: NODEFS opens them with a descriptor, and Linux fsyncs a directory's entries.
      streams.stream_ops.fsync = (stream) => {
        fsyncSync(stream.nfd)
        return 0
      }
    }
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } }
  }
}

/**
 * PGlite's own start parameters with PostgreSQL's fsync back on: without `-F`, and with the WAL
 * flushed by `fsync()` (its `fdatasync()` is a no-op in this build, while `fsync()` reaches the
 * stream operation above).
 */
export const durableStartParams = [...PGlite.defaultStartParams.filter((param) => param !== "-F"), "-c", "wal_sync_method=fsync"]

/** A fresh data directory comes from PGlite's initdb copied into place without a sync of its own. */
const isInitialized = (dataDir: string) => readdirSync(dataDir).includes("PG_VERSION")

/**
 * Opens the embedded database in `dataDir` with every commit on disk before it is acknowledged.
 * A directory PGlite has just initialised is synced once, whole: its catalog files were written
 * past PostgreSQL's fsync, and the WAL of later commits replays onto them after a power cut.
 */
export const openDurable = async (dataDir: string, options: PGliteOptions = {}) => {
  mkdirSync(dataDir, { recursive: true })
  const fresh = !isInitialized(dataDir)
  const db = await PGlite.create({ ...options, fs: new DurableNodeFs(dataDir), startParams: durableStartParams })
  if (fresh) fsyncTree(dataDir)
  return db
}
