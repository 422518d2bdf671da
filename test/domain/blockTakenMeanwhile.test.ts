import { describe, expect, it } from "@effect/vitest"
import { errorCodes } from "../../src/Domain/Api/ErrorCodes.js"
import { stageDecision } from "../../src/Domain/Negotiation/Staging.js"
import { ada, at, bea, clause, commit, counter, refusal, sent, world } from "./fixtures.js"

describe("two writers racing on one block", () => {
  it("refuses a counter on a block that a round committed meanwhile opened an ask on as a 409 conflict, not malformed input", () => {
    const w = world()
    const contract = sent(w)
    // Ada reads the block free; Beta's round opens an ask on it before Ada's counter arrives.
    const read = contract.words_hash
    const meanwhile = commit(counter(contract, bea, at(w, 1), "Beta's words.", "Shorter.").contract, bea, at(w, 2)).contract
    // An ask opened moves no words: Ada's If-Match is still current, so only the block's state conflicts.
    expect(meanwhile.words_hash).toBe(read)
    const refused = refusal(
      stageDecision(meanwhile, ada, { ...at(w, 3), blockId: clause(meanwhile).id, type: "counter", text: "Acme's words.", why: "Ours.", ifMatch: read })
    )
    expect(refused).toMatchObject({ code: "ask_voided_by_counter", param: "block_id" })
    expect(errorCodes[refused.code][0]).toBe(409)
    // The recovery the code names works: Ada decides the live ask on that block.
    const live = meanwhile.asks.find((ask) => ask.state === "open" && ask.changes.some((c) => c.block === clause(meanwhile).id))!
    const decided = stageDecision(meanwhile, ada, { ...at(w, 3), askId: live.id, type: "counter", text: "Acme's words.", why: "Ours.", ifMatch: read })
    expect(decided).not.toHaveProperty("code")
  })
})
