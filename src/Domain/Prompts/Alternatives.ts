/**
 * "$2m or $3m", "two years or three years", "1 March or 1 April": a value offered beside another
 * leaves the choice open. The second value takes the first one's purpose, so the blank sees two
 * different values and stays empty.
 */

interface Placed<R> {
  readonly start: number
  readonly end: number
  readonly role: R
}

export const shareAlternatives = <R, A extends Placed<R>>(
  text: string,
  items: ReadonlyArray<A>,
  isWeak: (role: R) => boolean,
  joiner = /^,?\s(?:or|to|-)\s$/i
): ReadonlyArray<A> => {
  const sorted = [...items].sort((a, b) => a.start - b.start)
  for (let index = 1; index < sorted.length; index++) {
    const [previous, item] = [sorted[index - 1]!, sorted[index]!]
    if (isWeak(item.role) && previous.end <= item.start && joiner.test(text.slice(previous.end, item.start))) {
      sorted[index] = { ...item, role: previous.role }
    }
  }
  return sorted
}
