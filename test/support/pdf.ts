import { execFile } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs"
import { built } from "./builtService.js"

export const fetchBytes = async (url: string) => {
  const response = await fetch(url)
  return { status: response.status, type: response.headers.get("content-type"), bytes: Buffer.from(await response.arrayBuffer()) }
}

/** Run without blocking: the service shares this process (see test/certificate.test.ts). */
export const verifyCommand = (...args: ReadonlyArray<string>) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [built("src/Certificates/verify.ts"), ...args], { encoding: "utf8" }, (error, stdout, stderr) => {
      resolve({ status: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr })
    })
  })

/** Each page's text as a reader's copy-and-paste gives it, with runs of white space made one space. */
export const pagesText = async (bytes: Uint8Array) => {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise
  const pages: Array<string> = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/\s+/g, " "))
  }
  const attachments = Object.keys((await doc.getAttachments()) ?? {}).sort()
  await doc.destroy()
  return { pages, attachments }
}

export const squeeze = (text: string) => text.replace(/\s+/g, " ").trim()

/** Every block's text appears after the heading, each after the one before it. */
export const blocksInOrder = (pages: ReadonlyArray<string>, heading: string, blocks: ReadonlyArray<{ readonly text: string }>) => {
  const all = pages.join(" ")
  let at = all.indexOf(heading)
  const misplaced: Array<number> = []
  blocks.forEach((block, index) => {
    const found = all.indexOf(squeeze(block.text), at)
    if (found <= at) misplaced.push(index + 1)
    else at = found
  })
  return misplaced
}

/** The PDF, the key and a copy with one byte flipped, written where the verify command can read them. */
export const filesToVerify = (name: string, pdf: Uint8Array, publicPem: string) => {
  const dir = mkdtempSync(join(tmpdir(), "pdf-"))
  const flipped = Buffer.from(pdf)
  flipped[Math.floor(flipped.length / 2)]! ^= 0x01
  const paths = { pdf: join(dir, name), key: join(dir, "signing-key.pem"), flipped: join(dir, "flipped.pdf") }
  writeFileSync(paths.pdf, pdf)
  writeFileSync(paths.key, publicPem)
  writeFileSync(paths.flipped, flipped)
  return paths
}
