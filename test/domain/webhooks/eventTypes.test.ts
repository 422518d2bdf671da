import { describe, expect, it } from "@effect/vitest"
import { controlTypes, deliverableTypes, isDeliverableType, subscribes, typeOnSide } from "../../../src/Domain/Webhooks/EventTypes.js"

const specTypes = [
  "contract.drafted",
  "contract.parsed",
  "contract.agreed",
  "contract.executed",
  "contract.cancelled",
  "letter.received",
  "letter.imported",
  "reply.sent",
  "words.changed",
  "signature.held",
  "signature.bound",
  "signature.void",
  "signature.withdrawn",
  "ask.withdrawn",
  "party.changed",
  "ingress.detected",
  "import.completed",
  "import.failed"
]

describe("typeOnSide", () => {
  it("a letter is reply.sent to the side that sent it and letter.received to the other", () => {
    expect(typeOnSide("letter.sent", { from_side: "drafter" }, "drafter")).toBe("reply.sent")
    expect(typeOnSide("letter.sent", { from_side: "drafter" }, "counterparty")).toBe("letter.received")
    expect(typeOnSide("letter.sent", { from_side: "counterparty" }, "counterparty")).toBe("reply.sent")
    expect(typeOnSide("letter.sent", { from_side: "counterparty" }, "drafter")).toBe("letter.received")
  })

  it("a letter of no known side is letter.received to both", () => {
    expect(typeOnSide("letter.sent", {}, "drafter")).toBe("letter.received")
    expect(typeOnSide("letter.sent", { from_side: null }, "counterparty")).toBe("letter.received")
  })

  it.each([...deliverableTypes, ...controlTypes, "letter.sent.other", "Letter.sent", ""])("leaves %j as it is on both sides", (type) => {
    expect(typeOnSide(type, { from_side: "drafter" }, "drafter")).toBe(type)
    expect(typeOnSide(type, { from_side: "drafter" }, "counterparty")).toBe(type)
  })
})

describe("subscribes", () => {
  it("* subscribes to everything", () => {
    for (const type of [...deliverableTypes, "anything", ""]) expect(subscribes(["*"], type)).toBe(true)
    expect(subscribes(["contract.drafted", "*"], "import.failed")).toBe(true)
  })

  it("otherwise only to the types listed", () => {
    expect(subscribes(["contract.drafted"], "contract.drafted")).toBe(true)
    expect(subscribes(["contract.drafted", "reply.sent"], "reply.sent")).toBe(true)
    expect(subscribes(["contract.drafted"], "contract.agreed")).toBe(false)
    expect(subscribes(["contract.*"], "contract.agreed")).toBe(false)
    expect(subscribes([], "contract.drafted")).toBe(false)
  })
})

describe("deliverableTypes", () => {
  it("has twenty-three distinct types: the spec's eighteen, two confirmations and three of the life after signing", () => {
    expect(deliverableTypes).toHaveLength(23)
    expect(new Set(deliverableTypes).size).toBe(23)
    expect(specTypes).toHaveLength(18)
    for (const type of [...specTypes, "fact.confirmed", "block.confirmed", "contract.deadline_approaching", "contract.renewed", "contract.expired"]) {
      expect(deliverableTypes).toContain(type)
    }
  })

  it("isDeliverableType knows them and nothing else", () => {
    for (const type of deliverableTypes) expect(isDeliverableType(type)).toBe(true)
    for (const type of ["letter.sent", "*", "", "CONTRACT.DRAFTED", ...controlTypes]) expect(isDeliverableType(type)).toBe(false)
  })
})
