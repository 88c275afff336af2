// npm run regex:verdicts: checks every regular expression of src/ with recheck (about 100 s of CPU)
// and, when none is super-linear, writes the keys of the safe ones to src/regex-safety.verdicts.json,
// so the test checks only new and changed patterns (and a daily sample of the kept).
import { collect, distinct, problems, VERDICTS_FILE, writeVerdicts } from '../src/testing/regex-check.ts';

const started = performance.now();
const { patterns, unaccounted } = await collect();
const groups = distinct(patterns);
const { found, safe } = await problems(groups);
if (unaccounted.length || found.length) {
  console.error([...unaccounted, ...found].join('\n'));
  console.error('regex:verdicts: nothing written; fix the patterns above first');
  process.exit(1);
}
writeVerdicts(safe);
console.log(`regex:verdicts: ${safe.length} patterns safe, written to ${VERDICTS_FILE.pathname} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
