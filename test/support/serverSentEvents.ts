export interface ServerSentEvent {
  readonly event: string
  readonly data: any
}

/**
 * Reads a response's Server-Sent Events as they arrive, as a browser's EventSource would: blocks
 * separated by a blank line, `event:` and `data:` fields. Each event is parsed on arrival; the
 * chunks seen show the answer really streamed rather than arriving as one body.
 */
export const readEvents = async (response: Response) => {
  const events: Array<ServerSentEvent> = []
  let chunks = 0
  let buffer = ""
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks++
    buffer += value
    let end: number
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const fields = new Map(block.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trimStart()]))
      events.push({ event: fields.get("event") ?? "message", data: JSON.parse(fields.get("data") ?? "null") })
    }
  }
  return { events, chunks, rest: buffer }
}
