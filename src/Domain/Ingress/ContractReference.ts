/** A contract id stands alone: `msg_….con_…@host` and `/contracts/con_…` qualify, `xcon_…` or a 21st character do not. */
const contractId = /(?<![0-9A-Za-z_])con_[0-9A-Za-z]{20}(?![0-9A-Za-z_])/g

export const maxContractIds = 10

/** The distinct contract ids the sources name, in the sources' order (most trusted first), at most `maxContractIds`. */
export const contractIdsIn = (sources: ReadonlyArray<string>): ReadonlyArray<string> => {
  const found = new Set<string>()
  for (const source of sources) {
    for (const match of source.matchAll(contractId)) {
      found.add(match[0])
      if (found.size === maxContractIds) return [...found]
    }
  }
  return [...found]
}
