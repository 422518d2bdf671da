import { readFileSync, writeFileSync } from "node:fs"
import { scanBytes } from "../../test/support/scans.js"

/** A scan of the PDF at `from` written to `path` (the tests' scanner: pages drawn, no text layer); returns its size. */
export const makeScan = async (from: string, path: string, dpi = 200): Promise<number> => {
  const bytes = await scanBytes(new Uint8Array(readFileSync(from)), dpi)
  writeFileSync(path, bytes)
  return bytes.length
}
