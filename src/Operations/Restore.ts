import { mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises"
import { basename, dirname, join, resolve } from "node:path"
import * as Tar from "tar"
import { fsyncPath, fsyncTree } from "../Sql/DurableFiles.js"
import { assetsFolder, type BackupManifest, codeMigrationLevel, databaseFolder } from "./BackupManifest.js"
import { isEmptyOrAbsent, readManifest } from "./BackupFiles.js"

const notEmpty = (dir: string, setting: string) =>
  new Error(`${dir} is not empty (or is in use): restore ${setting} into a new or empty directory on a stopped node, with the old one moved aside`)

/** A temporary directory beside `target`, on its file system, so the last step is one rename. */
const besideOf = async (target: string) => {
  await mkdir(dirname(target), { recursive: true })
  return mkdtemp(join(dirname(target), `.${basename(target)}.restoring-`))
}

/** Synced, then renamed onto `target` (absent or empty: rename replaces an empty directory and refuses any other). */
const place = async (from: string, target: string, setting: string) => {
  fsyncTree(from)
  await rename(from, target).catch((error: NodeJS.ErrnoException) => {
    throw error.code === "ENOTEMPTY" || error.code === "EEXIST" ? notEmpty(target, setting) : error
  })
  fsyncPath(dirname(target))
}

const exists = (path: string) => stat(path).then(() => true, () => false)

/** One folder of the archive onto `target`; with `withAssets`, the assets inside it, where the node looks without ASSET_DIR. */
const unpack = async (from: string, folder: string, target: string, setting: string, withAssets = false) => {
  const staging = await besideOf(target)
  const wanted = withAssets ? [folder, assetsFolder] : [folder]
  try {
    await Tar.extract({ file: from, cwd: staging, strict: true, filter: (path) => wanted.some((name) => path.startsWith(`${name}/`)) })
    if (!(await exists(join(staging, folder)))) await mkdir(join(staging, folder))
    if (withAssets && (await exists(join(staging, assetsFolder)))) await rename(join(staging, assetsFolder), join(staging, folder, assetsFolder))
    await place(join(staging, folder), target, setting)
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/**
 * `restore --from FILE --data-dir DIR [--asset-dir DIR]`, on a stopped node: the archive is read
 * whole first, then unpacked beside its targets and renamed into place, so a target is either
 * untouched or complete. The asset bytes go first, so a restored database never names missing bytes.
 */
export const restoreBackup = async (from: string, dataDir: string, assetDir: string | undefined): Promise<BackupManifest> => {
  const manifest = await readManifest(from)
  if (manifest.migration > codeMigrationLevel) {
    throw new Error(
      `the backup's database is at migration ${manifest.migration}, this code knows up to ${codeMigrationLevel}: restore with version ${manifest.service_version} or later`
    )
  }
  const target = resolve(dataDir)
  const assetTarget = assetDir === undefined ? undefined : resolve(assetDir)
  if (!(await isEmptyOrAbsent(target))) throw notEmpty(target, "DATA_DIR")
  if (assetTarget !== undefined && !(await isEmptyOrAbsent(assetTarget))) throw notEmpty(assetTarget, "ASSET_DIR")
  // A separate ASSET_DIR may be on another file system: its bytes are unpacked beside it.
  if (assetTarget !== undefined) await unpack(from, assetsFolder, assetTarget, "ASSET_DIR")
  await unpack(from, databaseFolder, target, "DATA_DIR", assetTarget === undefined)
  return manifest
}
