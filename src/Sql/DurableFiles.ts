import { closeSync, fsyncSync, openSync, readdirSync } from "node:fs"
import { dirname, join } from "node:path"

/** Flushes one file, or one directory's entries, to the disk. */
export const fsyncPath = (path: string) => {
  const fd = openSync(path, "r")
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Every file and directory under `root`, then the entry naming `root` in its parent. */
export const fsyncTree = (root: string) => {
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) fsyncPath(path)
    }
    fsyncPath(dir)
  }
  walk(root)
  fsyncPath(dirname(root))
}
