import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DRAFT_FIELDS, type DraftField } from '../extraction/types.ts';

/**
 * The evaluation corpus (eval/corpus/<site>/): real product sites copied unedited from public
 * repositories, each with a hand-checked answer key of what the site states and what it does not.
 * The drafting pipeline is scored against these keys by `npm run eval` (score.ts).
 */

export const KINDS = ['saas', 'developer-tool', 'mobile-app', 'local-service', 'physical-goods', 'agency', 'open-source'] as const;

const siteSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  root: z.string(),
  original_url: z.string().nullable().optional(),
  kind: z.enum(KINDS),
  language: z.string().min(2).max(5),
  pages: z.array(z.string()).min(1),
  notes: z.string().optional(),
});

const answerSchema = z.union([
  z.object({ stated: z.literal(false) }).passthrough(),
  z
    .object({
      stated: z.literal(true),
      accept: z.array(z.string().min(1)).min(1),
      quote: z.string().optional(),
      page: z.string().optional(),
    })
    .passthrough(),
]);

const answersSchema = z.object({
  fields: z.record(z.string(), answerSchema).refine((f) => DRAFT_FIELDS.every((d) => d in f), { message: `every one of the ${DRAFT_FIELDS.length} draft fields needs an entry` }),
});

export type CorpusSite = z.infer<typeof siteSchema> & {
  dir: string;
  answers: Record<DraftField, Answer>;
  /** The draft's FAQ and founder lists, keyed like the fields; absent where a key does not judge them. */
  sections: Partial<Record<Section, Answer>>;
};

/** Parts of a draft besides the 18 fields that the keys also judge: FAQ questions and founders' names. */
export const SECTIONS = ['faqs', 'founders'] as const;
export type Section = (typeof SECTIONS)[number];
export type Answer = { stated: false } | { stated: true; accept: string[] };

export const CORPUS_DIR = path.resolve(import.meta.dirname, '../../eval/corpus');

/**
 * Every site of the corpus, by id; a malformed site.json or answers.json is an error naming the file.
 * `only`: the ids to read (a site being keyed is a folder no part lists yet: `npm run eval` leaves it).
 */
export function loadCorpus(dir = CORPUS_DIR, only?: ReadonlySet<string>): CorpusSite[] {
  if (!existsSync(dir)) return [];
  const sites: CorpusSite[] = [];
  for (const id of readdirSync(dir).sort()) {
    if (only && !only.has(id)) continue;
    const siteDir = path.join(dir, id);
    if (!existsSync(path.join(siteDir, 'site.json'))) continue;
    const site = parse(siteSchema, path.join(siteDir, 'site.json'));
    const answers = parse(answersSchema, path.join(siteDir, 'answers.json'), (raw) => (raw && typeof raw === 'object' && !('fields' in raw) ? { fields: raw } : raw));
    if (!site.pages.includes('index.html')) throw new Error(`${siteDir}: pages must include index.html (the home page)`);
    const keyed = {} as Record<DraftField, Answer>;
    for (const f of DRAFT_FIELDS) keyed[f] = plain(answers.fields[f]);
    const sections: Partial<Record<Section, Answer>> = {};
    for (const s of SECTIONS) if (answers.fields[s]) sections[s] = plain(answers.fields[s]);
    sites.push({ ...site, dir: siteDir, answers: keyed, sections });
  }
  return sites;
}

const plain = (a: z.infer<typeof answerSchema>): Answer => (a.stated ? { stated: true, accept: a.accept } : { stated: false });

/** `shape` lets a key be written as the fields alone, without the { "fields": … } wrapper. */
function parse<T>(schema: z.ZodType<T>, file: string, shape: (raw: unknown) => unknown = (raw) => raw): T {
  const parsed = schema.safeParse(shape(JSON.parse(readFileSync(file, 'utf8'))));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/**
 * The corpus split once into a development part (the sites rules may be tuned against) and a
 * held-out part (never looked at while tuning, measured apart): eval/corpus/SPLIT.json. The
 * held-out sites were drawn at random, with a recorded seed, from the sites added after the
 * extractor had been tuned on the first ones (drawHeldOut reproduces the draw).
 */
export interface CorpusSplit {
  seed: number;
  method: string;
  /** The sites the held-out part was drawn from. */
  drawn_from: string[];
  /**
   * Sites added to the development part after the draw (never candidates: the held-out part is
   * drawn once and not redrawn), with the day they came.
   */
  added_after_draw: { date: string; sites: string[] }[];
  development: string[];
  held_out: string[];
}

const splitSchema = z.object({
  seed: z.number().int(),
  method: z.string().min(1),
  drawn_from: z.array(z.string()),
  added_after_draw: z.array(z.object({ date: z.string(), sites: z.array(z.string()) })).default([]),
  development: z.array(z.string()),
  held_out: z.array(z.string()).min(1),
});

/** The sites SPLIT.json puts in either part. */
export function splitSites(dir = CORPUS_DIR): Set<string> {
  const split = parse(splitSchema, path.join(dir, 'SPLIT.json'));
  return new Set([...split.development, ...split.held_out]);
}

/** SPLIT.json, checked against the corpus: every site in exactly one part, held-out sites drawn from `drawn_from`. */
export function loadSplit(sites: readonly CorpusSite[], dir = CORPUS_DIR): CorpusSplit {
  const file = path.join(dir, 'SPLIT.json');
  const split = parse(splitSchema, file);
  const ids = new Set(sites.map((s) => s.id));
  const parts = [...split.development, ...split.held_out];
  const problems = [
    ...[...ids].filter((id) => !parts.includes(id)).map((id) => `${id} is in neither part`),
    ...parts.filter((id) => !ids.has(id)).map((id) => `${id} is not a corpus site`),
    ...parts.filter((id, i) => parts.indexOf(id) !== i).map((id) => `${id} is listed twice`),
    ...split.held_out.filter((id) => !split.drawn_from.includes(id)).map((id) => `${id} is held out but was not a candidate`),
    ...split.added_after_draw
      .flatMap((a) => a.sites)
      .filter((id) => !split.development.includes(id) || split.drawn_from.includes(id))
      .map((id) => `${id} came after the draw: development only, never a candidate`),
  ];
  if (problems.length) throw new Error(`${file}: ${problems.join('; ')}`);
  return split;
}

/**
 * `count` of `candidates`, drawn at random with `seed`: a Fisher–Yates shuffle of the sorted ids
 * driven by mulberry32, the first `count` taken, returned sorted. Deterministic, so the recorded
 * split can be checked against its seed.
 */
export function drawHeldOut(candidates: readonly string[], seed: number, count: number): string[] {
  const ids = [...candidates].sort();
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids.slice(0, count).sort();
}
