import fc from "fast-check"

/** One part as a client might write it, any of its headers missing or odd. */
interface Part {
  readonly headers: ReadonlyArray<string>
  readonly body: Buffer
}

export interface MultipartCase {
  readonly family: string
  readonly boundary: string
  readonly contentType: string
  readonly body: Buffer
}

const crlf = "\r\n"

export const serialise = (boundary: string, parts: ReadonlyArray<Part>, close = true) =>
  Buffer.concat([
    ...parts.flatMap((part) => [Buffer.from(`--${boundary}${crlf}${part.headers.join(crlf)}${crlf}${crlf}`, "latin1"), part.body, Buffer.from(crlf)]),
    Buffer.from(close ? `--${boundary}--${crlf}` : "", "latin1")
  ])

const fileHeaders = (name: string, filename: string, type = "text/plain") => [
  `Content-Disposition: form-data; name="${name}"; filename="${filename}"`,
  `Content-Type: ${type}`
]

const text = fc.oneof(
  fc.constant("This Agreement is made between Acme Ltd and Beta GmbH. The Supplier shall deliver the goods."),
  fc.string({ maxLength: 200 }),
  fc.constant("")
)
const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,.-]{1,40}$/)
const fileField = fc.constantFrom("files[]", "files", "file", "other", "")

const filePart = fc.record({ field: fileField, body: text, filename: fc.constantFrom("a.txt", "b.md", "", "../../etc/passwd", "ü.txt") })
  .map(({ body, field, filename }): Part => ({ headers: fileHeaders(field, filename), body: Buffer.from(body, "utf8") }))

const whole = (family: string, bound: string, parts: ReadonlyArray<Part>, close = true): MultipartCase => ({
  family,
  boundary: bound,
  contentType: `multipart/form-data; boundary=${bound}`,
  body: serialise(bound, parts, close)
})

/**
 * Multipart bodies of every family a client or an attacker sends: well-formed ones (empty files
 * included), bodies cut off at any byte, no boundary or the wrong one, multipart nested in a part,
 * a part header of 100 KB, parts without a name, ten thousand empty parts, and bytes between
 * boundaries that are no part at all.
 */
export const multipartCase: fc.Arbitrary<MultipartCase> = fc.oneof(
  fc.tuple(boundary, fc.array(filePart, { minLength: 1, maxLength: 3 })).map(([b, parts]) => whole("well_formed", b, parts)),
  fc.tuple(boundary, fc.array(filePart, { minLength: 1, maxLength: 2 }), fc.double({ min: 0, max: 1, noNaN: true })).map(([b, parts, at]) => {
    const full = whole("truncated", b, parts)
    return { ...full, body: full.body.subarray(0, Math.floor(full.body.length * at)) }
  }),
  fc.tuple(
    boundary,
    fc.array(filePart, { minLength: 1, maxLength: 2 }),
    fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=other")
  )
    .map(([b, parts, contentType]) => ({ ...whole("no_boundary", b, parts), contentType })),
  fc.tuple(boundary, boundary, fc.array(filePart, { minLength: 1, maxLength: 2 })).map(([outer, inner, parts]) =>
    whole("nested", outer, [{
      headers: [`Content-Disposition: form-data; name="files[]"`, `Content-Type: multipart/mixed; boundary=${inner}x`],
      body: serialise(`${inner}x`, parts)
    }])
  ),
  fc.tuple(boundary, fc.constantFrom("filename", "header", "name")).map(([b, where]) => {
    const long = "h".repeat(100 * 1024)
    const headers = where === "filename"
      ? fileHeaders("files[]", long)
      : where === "name"
      ? fileHeaders(long, "a.txt")
      : [...fileHeaders("files[]", "a.txt"), `X-Long: ${long}`]
    return whole("long_part_header", b, [{ headers, body: Buffer.from("This Agreement.") }])
  }),
  fc.tuple(boundary, text).map(([b, body]) =>
    whole("no_name", b, [{ headers: [`Content-Disposition: form-data; filename="a.txt"`, "Content-Type: text/plain"], body: Buffer.from(body) }])
  ),
  boundary.map((b) =>
    whole(
      "ten_thousand_empty_parts",
      b,
      Array.from({ length: 10_000 }, () => ({ headers: [`Content-Disposition: form-data; name="x"`], body: Buffer.alloc(0) }))
    )
  ),
  boundary.map((b) => whole("empty_file", b, [{ headers: fileHeaders("files[]", "empty.txt"), body: Buffer.alloc(0) }])),
  fc.tuple(boundary, fc.uint8Array({ maxLength: 300 })).map(([b, junk]) => ({
    family: "junk",
    boundary: b,
    contentType: `multipart/form-data; boundary=${b}`,
    body: Buffer.concat([Buffer.from(junk), Buffer.from(`${crlf}--${b}${crlf}`), Buffer.from(junk), Buffer.from(`${crlf}--${b}--`)])
  }))
)
