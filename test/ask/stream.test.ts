import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Layer, Stream } from "effect"
import { Answerer, GenerationFailed } from "../../src/Ask/Answerer.js"
import { composeAnswer } from "../../src/Domain/Ask/Compose.js"
import { createOrg, seat } from "../support/client.js"
import { databases } from "../support/databases.js"
import { readEvents } from "../support/serverSentEvents.js"
import { type Running, startService } from "../support/service.js"

/** How the test's answerer behaves for the next question: as the real one, stopping partway, or citing what it was not given. */
let behaviour: "extractive" | "stops" | "strays" = "extractive"

const testAnswerer = Layer.succeed(Answerer, {
  identity: { model: "test-answerer", prompt_hash: "sha256:test" },
  answer: (question, passages) => {
    const real = Stream.fromIterable(composeAnswer(question.terms, passages))
    if (behaviour === "stops") return Stream.concat(Stream.take(real, 2), Stream.fail(new GenerationFailed({ reason: "the model went away" })))
    if (behaviour === "strays") {
      const stray = { index: 9, contract: "con_elsewhere", title: "Elsewhere", block: "blk_elsewhere", quote: "words it was never given" }
      return Stream.concat(Stream.take(real, 1), Stream.make({ type: "citation" as const, citation: stray }))
    }
    return real
  }
})

for (const database of databases) {
  describe(`POST /ask as Server-Sent Events (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await startService(database, { answerer: testAnswerer })
    })
    afterAll(() => service.stop())

    const asking = async () => {
      const acme = await createOrg(service.url)
      const ada = seat(service.url, acme, acme.people[0]!.id, acme.keys.test)
      for (const customer of ["Globex", "Initech", "Hooli"]) {
        await ada.draft("tpl_saas_subscription", { provider: "Acme Ltd", customer, annual_fee: "$9,000" })
      }
      const stream = (question: string) =>
        fetch(`${service.url}/ask`, {
          method: "POST",
          headers: { authorization: `Bearer ${acme.keys.test}`, "content-type": "application/json" },
          body: JSON.stringify({ question })
        })
      return { ada, stream }
    }

    it("streams citations before the words that cite them, answer deltas, then done with the whole answer", async () => {
      behaviour = "extractive"
      const { ada, stream } = await asking()
      const response = await stream("What is the sole remedy for a service level failure?")
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/)
      const { events, rest } = await readEvents(response)
      expect(rest).toBe("")
      expect(events.at(-1)!.event).toBe("done")
      expect(events.filter((e) => e.event === "done")).toHaveLength(1)
      const done = events.at(-1)!.data
      const deltas = events.filter((e) => e.event === "answer").map((e) => e.data.delta)
      const citations = events.filter((e) => e.event === "citation").map((e) => e.data)
      expect(citations).toHaveLength(3)
      expect(deltas.join("")).toBe(done.answer)
      expect(done.citations).toEqual(citations)
      expect(done.model).toEqual({ model: "test-answerer", prompt_hash: "sha256:test" })
      // Each citation arrives before the delta that carries its marker.
      for (const citation of citations) {
        const at = events.findIndex((e) => e.event === "citation" && e.data.index === citation.index)
        const marker = events.findIndex((e) => e.event === "answer" && e.data.delta.includes(`[${citation.index}]`))
        expect(at).toBeLessThan(marker)
      }
      const whole = await ada.post("/ask", { question: "What is the sole remedy for a service level failure?", stream: false })
      expect(whole.body).toEqual({ ...done, object: "answer" })
    })

    it("ends an answer that stops partway with an error event carrying generation_failed, and no done", async () => {
      behaviour = "stops"
      const { ada, stream } = await asking()
      const response = await stream("What is the sole remedy for a service level failure?")
      expect(response.status).toBe(200)
      const { events } = await readEvents(response)
      expect(events.map((e) => e.event)).toEqual(["answer", "citation", "error"])
      expect(events[2]!.data.error).toMatchObject({ type: "api_error", code: "generation_failed", doc_url: "http://localhost/docs/errors#generation-failed" })
      const whole = await ada.post("/ask", { question: "What is the sole remedy for a service level failure?", stream: false })
      expect(whole.status).toBe(500)
      expect(whole.body.error).toMatchObject({ type: "api_error", code: "generation_failed" })
      behaviour = "extractive"
    })

    it("stops an answer that cites anything it was not given, before the citation reaches the asker", async () => {
      behaviour = "strays"
      const { stream } = await asking()
      const { events } = await readEvents(await stream("What is the sole remedy for a service level failure?"))
      expect(events.map((e) => e.event)).toEqual(["answer", "error"])
      expect(JSON.stringify(events)).not.toContain("words it was never given")
      behaviour = "extractive"
    })
  })
}
