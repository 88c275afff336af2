/**
 * The British form "Edinburgh EH6 6QN", "London, SW1A 1AA", "from Belfast BT5": the town, then its
 * postcode (or the postcode's district alone, as shops give it for collection). A postcode begins
 * with the letters of one of the Royal Mail's postcode areas; the district alone is read only with
 * a two-letter area ("BT5"), as a single letter and a digit ("M2", "B1") also names chips, paper
 * sizes and models. Read word by word, without a pattern over the line.
 */

const AREAS = new Set(
  ('AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN EX FK FY G GL GU GY HA HD HG HP ' +
    'HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE ' +
    'SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE').split(' '),
);
const OUTWARD = /^([A-Z]{1,2})\d[A-Z\d]?$/;
const INWARD = /^\d[A-Z]{2}$/;
const TOWN = /^\p{Lu}\p{Ll}[\p{L}'’-]*$/u;
/** What may follow a postcode: the end of a sentence or a list. */
const TRAILING = '.,;:)';

function bare(word: string): string {
  let end = word.length;
  while (end > 0 && TRAILING.includes(word[end - 1])) end--;
  return word.slice(0, end);
}

export interface UkAddress {
  /** The town and postcode as written ("Belfast BT5"). */
  text: string;
  city: string;
}

/** The first town written before a British postcode in `text`, or null. */
export function ukPostcodeTown(text: string): UkAddress | null {
  for (const line of text.split('\n')) {
    const words = line.split(/\s+/);
    for (let i = 1; i < words.length; i++) {
      const outward = OUTWARD.exec(bare(words[i]));
      if (!outward || !AREAS.has(outward[1])) continue;
      const full = words[i] === bare(words[i]) && INWARD.test(bare(words[i + 1] ?? ''));
      if (!full && outward[1].length < 2) continue;
      const town = words[i - 1].replace(/,$/, '');
      if (!TOWN.test(town)) continue;
      const code = full ? `${words[i]} ${bare(words[i + 1])}` : bare(words[i]);
      return { text: `${words[i - 1]} ${code}`, city: town };
    }
  }
  return null;
}
