import { asId, type IdPrefix, type NewId } from "../../src/Domain/Contract/Ids.js"

/** A deterministic id source: one counter across prefixes, so ids are unique and predictable. */
export const sequentialIds = (): NewId => {
  let next = 0
  return <P extends IdPrefix>(prefix: P) => asId(prefix, `${prefix}_${++next}`)
}
