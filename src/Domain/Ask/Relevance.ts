/**
 * The relevance cut-off of full-text answers: a contract is cited only while its best block ranks
 * within a share of the best contract's. Ranks fall away in steps (a block about the question,
 * then blocks that merely hold its words); `limit` stays the most an answer cites, not how many it must.
 * The share was chosen by measurement (docs/drafting-playbooks-ask.md).
 */
export const relevantShare = 0.5

export const relevant = <H extends { readonly rank: number }>(hits: ReadonlyArray<H>): ReadonlyArray<H> => {
  const top = hits.reduce((best, hit) => Math.max(best, hit.rank), 0)
  return hits.filter((hit) => hit.rank >= top * relevantShare)
}
