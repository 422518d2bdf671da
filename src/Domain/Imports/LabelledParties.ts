import type { Found } from "./PartyName.js"
import { entityAt } from "./PartyName.js"
import { maxParties } from "./Parsed.js"

/**
 * Parties a cover page labels one a line ("Party A: …", "Licensor: …"), read in the labels' order,
 * up to the letters a fact name can take (party_a … party_z).
 */

/** A cover page's label for one party: "Party A:", "Licensor:", "Supplier:" at a line's start or after "Party A:". */
const roleLabel =
  /(?:\bParty\s[A-F](?:\s{0,2}\([A-Za-z ]{1,30}\))?|(?:^|\n)\s{0,8}(?:Licensor|Licensee|Supplier|Customer|Distributor|Consultant|Contractor|Client|Vendor|Purchaser|Buyer|Seller|Franchisor|Franchisee|Lender|Borrower|Manufacturer|Reseller|Provider|Employer|Landlord|Tenant|Lessor|Lessee))\s{0,2}:/g

/** "Party A: Beijing Baidu Netcom Science and Technology Co., Ltd." — one name a label, in the label's order. */
export const labelledParties = (text: string): ReadonlyArray<Found> => {
  const out: Array<Found> = []
  for (const match of text.matchAll(roleLabel)) {
    const found = entityAt(text, match.index + match[0].length, { wholeLine: true })
    if (found !== null && found.suffix && out.length < maxParties) out.push(found)
  }
  return out
}
