import { createWriteStream, existsSync } from "node:fs"
import { open, readdir, rename, rm } from "node:fs/promises"
import { dirname } from "node:path"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { Option, Schema } from "effect"
import * as Tar from "tar"
import { backupFormat, BackupManifest, manifestName } from "./BackupManifest.js"

// The command line's side of backups: plain promises, each failure an Error whose message is the
// one line the operator reads.

export const syncPath = async (path: string) => {
  const handle = await open(path, "r")
  await handle.sync()
  await handle.close()
}

/** A manifest's text as `backup` wrote it, or none: not JSON, or not a manifest of this format. */
const readManifestText = Schema.decodeUnknownOption(Schema.parseJson(BackupManifest))

/** The message of the service's error envelope, when the answer is one. */
const readRefusal = Schema.decodeUnknownOption(Schema.parseJson(Schema.Struct({ error: Schema.Struct({ message: Schema.String }) })))

/** Reads the whole archive (a cut-off download fails here) and returns its manifest. */
export const readManifest = async (file: string): Promise<BackupManifest> => {
  let text: string | undefined
  await Tar.list({
    file,
    strict: true,
    onReadEntry: (entry) => {
      if (entry.path !== manifestName) return
      let read = ""
      entry.on("data", (chunk: Buffer) => (read += chunk.toString("utf8")))
      entry.on("end", () => (text = read))
    }
  }).catch((error: Error) => {
    throw new Error(`${file} is not a whole backup archive (${error.message})`)
  })
  const manifest = text === undefined ? Option.none() : readManifestText(text)
  if (Option.isNone(manifest)) throw new Error(`${file} is not a backup archive of this service: no ${backupFormat} manifest`)
  return manifest.value
}

const refusal = async (response: Response) => {
  const text = await response.text()
  return Option.getOrElse(Option.map(readRefusal(text), (refused) => refused.error.message), () => text)
}

/**
 * `backup --to FILE`: the running node streams its backup; it lands in a file beside FILE, is
 * synced and read back whole, and only then takes FILE's name.
 */
export const downloadBackup = async (base: string, token: string, to: string): Promise<BackupManifest> => {
  if (existsSync(to)) throw new Error(`${to} already exists: name a new file`)
  const response = await fetch(`${base}/admin/backup`, { method: "POST", headers: { authorization: `Bearer ${token}` } }).catch((error: Error) => {
    throw new Error(`Cannot reach ${base}: ${error.message}`)
  })
  if (!response.ok || response.body === null) throw new Error(await refusal(response))
  const partial = `${to}.partial-${process.pid}`
  try {
    await pipeline(Readable.fromWeb(response.body), createWriteStream(partial, { flags: "wx" }))
    await syncPath(partial)
    const manifest = await readManifest(partial)
    await rename(partial, to)
    await syncPath(dirname(to))
    return manifest
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}

/** A directory a restore may fill: absent, or present and empty. */
export const isEmptyOrAbsent = async (dir: string) => {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return []
    throw new Error(`cannot read ${dir}: ${error.message}`)
  })
  return entries.length === 0
}
