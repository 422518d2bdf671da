import type { Path, Site } from "./operations.js"

// A marker no recipe writes: the valid body is serialised with it, then the raw hostile text
// replaces it byte for byte, so the rest of the body stays exactly as valid as it was.
const marker = "@@hostile-site-7f3a@@"
const markerKey = "@@hostile-key-7f3a@@"

const clone = (value: unknown): any => JSON.parse(JSON.stringify(value))

const holderAt = (root: any, path: Path) => path.reduce((node, step) => node[step], root)

const replaceMarker = (json: string, quoted: string, raw: Buffer) => {
  const at = json.indexOf(quoted)
  if (at < 0) throw new Error("marker lost while serialising the body")
  return Buffer.concat([Buffer.from(json.slice(0, at), "utf8"), raw, Buffer.from(json.slice(at + quoted.length), "utf8")])
}

/** The valid body with one site's value replaced by raw text, or one new member keyed by raw text. */
export const splice = (body: unknown, site: Site, raw: Buffer): Buffer => {
  const copy = clone(body)
  if (site.kind === "object") {
    holderAt(copy, site.path)[markerKey] = "x"
    return replaceMarker(JSON.stringify(copy), JSON.stringify(markerKey), raw)
  }
  if (site.path.length === 0) return raw
  holderAt(copy, site.path.slice(0, -1))[site.path[site.path.length - 1]!] = marker
  return replaceMarker(JSON.stringify(copy), JSON.stringify(marker), raw)
}

/** The value a site holds in the valid body. */
export const valueAt = (body: unknown, path: Path): unknown => holderAt(body, path)
