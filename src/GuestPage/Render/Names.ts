import type { SeatView } from "../SeatView.js"

/** How the page names people and clauses: by name and number, never by id. */
export const namesOf = (view: SeatView) => {
  const byParty = new Map(view.parties.map((p) => [p.id, p]))
  const byBlock = new Map(view.blocks.map((b) => [b.id, b]))
  const party = (id: string | null) => {
    if (id === null) return "someone"
    if (id === view.you.party) return "you"
    return byParty.get(id)?.name ?? "a former party"
  }
  const block = (id: string) => {
    const found = byBlock.get(id)
    return found === undefined ? "a clause" : `clause ${found.number}`
  }
  const list = (ids: ReadonlyArray<string>) => (ids.length === 0 ? "nobody" : ids.map(party).join(", "))
  return { party, block, list, blockOf: (id: string) => byBlock.get(id) }
}

export type Names = ReturnType<typeof namesOf>

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export const dateOf = (iso: string | null) => (iso === null ? "" : new Date(iso).toUTCString().replace(/:\d\d GMT$/, " UTC"))

/** A reply can be made while a contract is out for negotiation, agreed included (a new question reopens it). */
export const replyable = (view: SeatView) =>
  view.you.capacity.includes("negotiator") && (view.state === "sent" || view.state === "negotiating" || view.state === "agreed")
