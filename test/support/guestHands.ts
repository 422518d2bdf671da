import { expect } from "@effect/vitest"
import type { Page } from "playwright-core"
import { call, idempotencyKey } from "./client.js"

/** What the guest does in the flow, by clause number: the same script through the page and through the API. */
export interface GuestHand {
  readonly accept: (clause: number) => Promise<void>
  readonly counter: (clause: number, text: string, why: string) => Promise<void>
  readonly decline: (clause: number, why: string) => Promise<void>
  readonly send: (note: string) => Promise<void>
  readonly sign: (mark: string) => Promise<void>
}

/** The guest at the page, in a browser: each step the buttons and fields a person uses, and the page's own confirmation. */
export const pageHand = (page: Page, afterEachStep: (step: string) => Promise<void> = async () => {}): GuestHand => {
  const card = (clause: number) => page.getByRole("article", { name: new RegExp(`^Clause ${clause}: proposed by`) })
  const staged = async (clause: number, step: string) => {
    await expect.poll(() => card(clause).getByText("Your staged decision").count()).toBe(1)
    await afterEachStep(step)
  }
  return {
    accept: async (clause) => {
      await card(clause).getByRole("button", { name: "Accept" }).click()
      await staged(clause, `accepted-${clause}`)
    },
    counter: async (clause, text, why) => {
      const box = card(clause).locator("details", { hasText: "Counter with other words" })
      await box.locator("summary").click()
      await box.getByLabel("Your words").fill(text)
      await box.getByLabel("Why (the other side reads this)").fill(why)
      await box.getByRole("button", { name: "Stage counter" }).click()
      await staged(clause, `countered-${clause}`)
    },
    decline: async (clause, why) => {
      const box = card(clause).locator("details", { hasText: "Decline" })
      await box.locator("summary").click()
      await box.getByLabel("Why (the other side reads this)").fill(why)
      await box.getByRole("button", { name: "Stage decline" }).click()
      await staged(clause, `declined-${clause}`)
    },
    send: async (note) => {
      // The preview, as the guest reads it before pressing the button.
      await page.locator("#reply-h").scrollIntoViewIfNeeded()
      await afterEachStep("preview")
      await page.getByLabel("Covering note (optional)").fill(note)
      await page.getByRole("button", { name: "Send reply" }).click()
      await expect.poll(() => page.getByRole("status").textContent()).toContain("Your reply was sent.")
      await afterEachStep("sent")
    },
    sign: async (mark) => {
      await page.getByLabel("Your mark: type your name as you sign it (optional)").fill(mark)
      await page.getByLabel("I have read these words and agree to be bound by them.").check()
      await page.getByRole("button", { name: "Sign", exact: true }).click()
      await expect.poll(() => page.getByRole("status").textContent()).toContain("You signed these words.")
      await afterEachStep("signed")
    }
  }
}

/** The same guest through the API with its token, as an API client would do it. */
export const apiHand = (base: string, contract: string, token: string): GuestHand => {
  const as = { authorization: `Token ${token}` }
  const read = async (path: string) => (await call(base, "GET", path, { headers: as })).body
  const askOn = async (clause: number) => {
    const sheet = await read(`/contracts/${contract}`)
    const block = sheet.blocks.find((b: { number: number }) => b.number === clause).id
    const asks = await read(`/contracts/${contract}/asks`)
    return { ask: asks.data.find((a: { block: string }) => a.block === block).id as string, hash: sheet.words_hash as string }
  }
  const decide = async (clause: number, body: Record<string, unknown>) => {
    const { ask, hash } = await askOn(clause)
    const staged = await call(base, "POST", `/contracts/${contract}/decisions`, { headers: { ...as, "if-match": hash }, body: { ask_id: ask, ...body } })
    expect(staged.status, staged.text).toBe(201)
  }
  return {
    accept: (clause) => decide(clause, { type: "accept" }),
    counter: (clause, text, why) => decide(clause, { type: "counter", text, why }),
    decline: (clause, why) => decide(clause, { type: "decline", why }),
    send: async (note) => {
      const hash = (await read(`/contracts/${contract}`)).words_hash
      const sent = await call(base, "POST", `/contracts/${contract}/replies`, {
        headers: { ...as, "if-match": hash, "idempotency-key": idempotencyKey() },
        body: { note }
      })
      expect(sent.status, sent.text).toBe(200)
    },
    sign: async (mark) => {
      const me = await read("/me")
      expect((await call(base, "PUT", `/people/${me.person_id}/mark`, { headers: as, body: { kind: "typed", text: mark } })).status).toBe(200)
      const hash = (await read(`/contracts/${contract}`)).words_hash
      const signed = await call(base, "POST", `/contracts/${contract}/signatures`, {
        headers: { ...as, "idempotency-key": idempotencyKey() },
        body: { text_hash: hash }
      })
      expect(signed.status, signed.text).toBe(201)
    }
  }
}

/** From the contract's page: opens a clause's own page and stages new words for it, back on the contract's page. */
export const proposeOnPage = async (page: Page, clause: number, text: string, why: string) => {
  await page.getByRole("link", { name: `Clause ${clause}: history and propose a change` }).click()
  await page.getByLabel("New words").fill(text)
  await page.getByLabel("Why (the other side reads this)").fill(why)
  await page.getByRole("button", { name: "Stage this change" }).click()
  await expect.poll(() => page.getByRole("status").textContent()).toContain("Your change is staged")
}
