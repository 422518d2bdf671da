/**
 * A pure reading of an immutable value, made once and kept while the value lives. A write makes a
 * new contract and a changed fact a new list, so a snapshot read once reads the same ever after:
 * the sheet on every GET, and each save, which reads the previous snapshot the last save kept.
 */
export const keptPerSnapshot = <K extends object, V>(read: (snapshot: K) => V): (snapshot: K) => V => {
  const kept = new WeakMap<K, { readonly value: V }>()
  return (snapshot) => {
    const known = kept.get(snapshot)
    if (known !== undefined) return known.value
    const value = read(snapshot)
    kept.set(snapshot, { value })
    return value
  }
}
