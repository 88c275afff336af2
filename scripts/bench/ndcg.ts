/**
 * NDCG@k with graded gains (Järvelin & Kekäläinen; the exponential gain of Burges et al., as
 * trec_eval's ndcg and scikit-learn's ndcg_score use): the answer's discounted cumulative gain
 * over its first k results divided by that of the best order of every judged listing.
 */
export const GAIN_FORMULA = 'DCG@10 = Σ (2^gain − 1) / log2(rank + 1); NDCG = DCG / DCG of the ideal order';

/** DCG of gains in rank order (rank 1 first), first k only. */
export function dcg(gains: readonly number[], k: number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(k, gains.length); i++) sum += (2 ** gains[i] - 1) / Math.log2(i + 2);
  return sum;
}

/**
 * NDCG@k of an answer (slugs in rank order) against the judgements (slug → gain; unjudged slugs
 * gain 0). Undefined when nothing judged has a gain: the query cannot be scored.
 */
export function ndcg(answer: readonly string[], judged: ReadonlyMap<string, number>, k = 10): number | undefined {
  const ideal = dcg([...judged.values()].filter((g) => g > 0).sort((a, b) => b - a), k);
  if (ideal === 0) return undefined;
  return dcg(answer.map((slug) => judged.get(slug) ?? 0), k) / ideal;
}
