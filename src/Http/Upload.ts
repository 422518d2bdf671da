import type { HttpServerRequest } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import busboy from "busboy"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { createWriteStream, type WriteStream } from "node:fs"
import { mkdir, mkdtemp, rm } from "node:fs/promises"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { basename, join } from "node:path"
import { excerpt, reject, type Rejection } from "../Domain/Contract/Rejection.js"
import { BodyStalled, stallTimer } from "./BodyReader.js"
import { refusalOf } from "./JsonBody.js"

/** What a multipart endpoint accepts, declared on its Policy: the gateway reads the upload to it. */
export interface UploadRule {
  /** The part name files arrive under (`files[]` for imports, `file` for assets). */
  readonly fileField: string
  /** Other names accepted for the same files (`files` beside `files[]`). */
  readonly fileAliases: ReadonlyArray<string>
  readonly maxFiles: number
  readonly maxFileBytes: number
  /** Refusal for one file too many: `too_many_files` on imports, `invalid_request` where one file is the rule. */
  readonly tooMany: "too_many_files" | "invalid_request"
  /** Text parts the endpoint reads; any other part is refused, named. */
  readonly fields: ReadonlyArray<string>
}

export interface UploadedFile {
  readonly filename: string
  /** The client's declared type: advice only; the bytes are judged on their own. */
  readonly declaredType: string
  /** A temporary file holding the bytes, removed when the request ends unless moved away. */
  readonly path: string
  readonly bytes: number
  /** Hex SHA-256 of the bytes, counted as they streamed in. */
  readonly sha256: string
}

export interface Upload {
  readonly files: ReadonlyArray<UploadedFile>
  readonly fields: ReadonlyMap<string, string>
}

const maxFieldBytes = 1024
const maxFields = 16
const maxFilename = 255

/** A client's file name, made safe to show and store: no directories, no control characters, bounded. */
export const cleanFilename = (raw: string | undefined): string => {
  const name = basename((raw ?? "").replaceAll("\\", "/"))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .toWellFormed()
    .trim()
    .slice(0, maxFilename)
  return name === "" || name === "." || name === ".." ? "upload" : name
}

/**
 * Streams a multipart body to temporary files, hashing and counting as it goes, and refuses as
 * soon as a rule breaks: a file over the size limit is refused at the byte that crosses it, never
 * buffered; one file too many is refused when it starts. Memory stays at a few chunks whatever
 * the upload's size. The directory is removed when the scope closes.
 */
export const readUpload = (request: HttpServerRequest.HttpServerRequest, rule: UploadRule, tmpRoot: string, stallSeconds: number) =>
  Effect.gen(function*() {
    const contentType = request.headers["content-type"] ?? ""
    if (!/^multipart\/form-data\s*;/i.test(contentType)) {
      return yield* reject("invalid_request", "This call takes multipart/form-data.", { param: "Content-Type" })
    }
    const dir = yield* Effect.acquireRelease(
      Effect.promise(async () => {
        await mkdir(tmpRoot, { recursive: true })
        return mkdtemp(join(tmpRoot, "upload-"))
      }),
      (made) => Effect.promise(() => rm(made, { recursive: true, force: true }))
    )
    return yield* streamParts(request, rule, dir, stallSeconds)
  })

const fileFieldNames = (rule: UploadRule) => [rule.fileField, ...rule.fileAliases]

const unnamed = (rule: UploadRule) =>
  reject("invalid_request", `Every part names itself: Content-Disposition: form-data; name="${rule.fileField}".`, { param: rule.fileField })

/** busboy's own words name what broke ("Malformed part header", "Unexpected end of form"). */
const unreadable = (rule: UploadRule, error: Error) =>
  reject("invalid_request", `The multipart body could not be read: ${excerpt(error.message)}.`, { param: rule.fileField })

const streamParts = (request: HttpServerRequest.HttpServerRequest, rule: UploadRule, dir: string, stallSeconds: number) =>
  Effect.async<Upload, Rejection | BodyStalled>((resume) => {
    const source = NodeHttpServerRequest.toIncomingMessage(request)
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: source.headers,
        defParamCharset: "utf8",
        limits: { fileSize: rule.maxFileBytes, files: rule.maxFiles, fields: maxFields, fieldSize: maxFieldBytes, parts: rule.maxFiles + maxFields }
      })
    } catch {
      resume(reject("invalid_request", "The multipart Content-Type has no boundary.", { param: "Content-Type" }))
      return
    }
    const files: Array<UploadedFile> = []
    const fields = new Map<string, string>()
    const writing: Array<Promise<void>> = []
    const outs: Array<WriteStream> = []
    let started = 0
    let settled = false
    // A file cut off by a refusal or a departed client never ends: its descriptor is closed here.
    const closeFiles = () => outs.forEach((out) => out.destroy())

    const stall = stallTimer(stallSeconds, () => stop(new BodyStalled({ seconds: stallSeconds })))
    source.on("data", stall.touch)
    const settle = () => {
      settled = true
      stall.stop()
      source.off("data", stall.touch)
    }
    const stop = (refusal: Rejection | BodyStalled | { readonly defect: unknown }) => {
      if (settled) return
      settle()
      closeFiles()
      source.unpipe(parser)
      parser.removeAllListeners()
      parser.on("error", () => {})
      // The rest of the body is read and dropped so the client, still sending, gets the answer.
      source.resume()
      resume("defect" in refusal ? Effect.die(refusal.defect) : Effect.fail(refusal))
    }
    // A listener that throws would be an uncaught exception, which stops the process: our defect
    // is this request's `500` instead.
    const guarded = <A extends ReadonlyArray<any>>(listener: (...args: A) => void) => (...args: A) => {
      try {
        listener(...args)
      } catch (defect) {
        stop({ defect })
      }
    }

    parser.on(
      "file",
      guarded((name: string | undefined, stream: Readable, info: busboy.FileInfo) => {
        if (name === undefined) {
          stream.resume()
          return stop(unnamed(rule))
        }
        if (!fileFieldNames(rule).includes(name)) {
          stream.resume()
          return stop(reject("invalid_request", `This call takes files as '${rule.fileField}', not '${excerpt(name)}'.`, { param: excerpt(name) }))
        }
        const filename = cleanFilename(info.filename)
        const path = join(dir, String(started++))
        const hash = createHash("sha256")
        let bytes = 0
        const out = createWriteStream(path)
        outs.push(out)
        stream.on("data", (chunk: Buffer) => {
          hash.update(chunk)
          bytes += chunk.length
        })
        stream.on("limit", () => {
          out.destroy()
          stop(reject("file_too_large", `'${excerpt(filename)}' is over ${rule.maxFileBytes / (1024 * 1024)} MB.`, { param: rule.fileField }))
        })
        // The pipeline owns both streams' errors: busboy destroys a file's stream with its own error
        // when the body ends inside that file ("Unexpected end of form"), and an 'error' nobody
        // listens to stops the process. Whatever ends the pipeline early, the request is refused.
        const written = pipeline(stream, out).then(() => {
          files.push({ filename, declaredType: info.mimeType, path, bytes, sha256: hash.digest("hex") })
        })
        written.catch((error: Error) => stop(unreadable(rule, error)))
        writing.push(written)
      })
    )
    parser.on(
      "field",
      guarded((name: string | undefined, value: string, info: busboy.FieldInfo) => {
        if (name === undefined) {
          return stop(unnamed(rule))
        }
        if (!rule.fields.includes(name)) {
          return stop(reject("invalid_request", `This call takes no part named '${excerpt(name)}'.`, { param: excerpt(name) }))
        }
        const problem = info.valueTruncated ? `is over ${maxFieldBytes} bytes` : refusalOf(value)
        if (problem !== undefined) return stop(reject("invalid_request", `${name} ${problem}.`, { param: name }))
        fields.set(name, value)
      })
    )
    parser.on("filesLimit", () =>
      stop(
        rule.tooMany === "too_many_files"
          ? reject("too_many_files", `At most ${rule.maxFiles} files go in one call.`, { param: rule.fileField })
          : reject("invalid_request", `This call takes one file in '${rule.fileField}'.`, { param: rule.fileField })
      ))
    parser.on("partsLimit", () => stop(reject("invalid_request", "The multipart body has too many parts.")))
    parser.on("fieldsLimit", () => stop(reject("invalid_request", "The multipart body has too many fields.")))
    parser.on("error", (error: Error) => stop(unreadable(rule, error)))
    parser.on("close", () => {
      if (settled) return
      Promise.all(writing).then(
        () => {
          if (settled) return
          settle()
          resume(Effect.succeed({ files: [...files].sort((a, b) => Number(basename(a.path)) - Number(basename(b.path))), fields }))
        },
        () => stop(reject("invalid_request", "The upload could not be stored."))
      )
    })
    source.on("aborted", () => {
      if (settled) return
      settle()
      closeFiles()
      resume(Effect.interrupt)
    })
    source.pipe(parser)
    return Effect.sync(() => {
      settle()
      closeFiles()
      source.unpipe(parser)
    })
  })
