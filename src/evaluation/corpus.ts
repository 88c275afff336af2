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
};
export type Answer = { stated: false } | { stated: true; accept: string[] };

export const CORPUS_DIR = path.resolve(import.meta.dirname, '../../eval/corpus');

/** Every site of the corpus, by id; a malformed site.json or answers.json is an error naming the file. */
export function loadCorpus(dir = CORPUS_DIR): CorpusSite[] {
  if (!existsSync(dir)) return [];
  const sites: CorpusSite[] = [];
  for (const id of readdirSync(dir).sort()) {
    const siteDir = path.join(dir, id);
    if (!existsSync(path.join(siteDir, 'site.json'))) continue;
    const site = parse(siteSchema, path.join(siteDir, 'site.json'));
    const answers = parse(answersSchema, path.join(siteDir, 'answers.json'), (raw) => (raw && typeof raw === 'object' && !('fields' in raw) ? { fields: raw } : raw));
    if (!site.pages.includes('index.html')) throw new Error(`${siteDir}: pages must include index.html (the home page)`);
    const keyed = {} as Record<DraftField, Answer>;
    for (const f of DRAFT_FIELDS) {
      const a = answers.fields[f];
      keyed[f] = a.stated ? { stated: true, accept: a.accept } : { stated: false };
    }
    sites.push({ ...site, dir: siteDir, answers: keyed });
  }
  return sites;
}

/** `shape` lets a key be written as the fields alone, without the { "fields": … } wrapper. */
function parse<T>(schema: z.ZodType<T>, file: string, shape: (raw: unknown) => unknown = (raw) => raw): T {
  const parsed = schema.safeParse(shape(JSON.parse(readFileSync(file, 'utf8'))));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
