import { readdirSync, readFileSync, existsSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { loopbackServer } from '../crawler/loopback-server.ts';

/**
 * Recorded model answers (eval/llm-recordings/<site>.json) and a loopback server speaking the
 * OpenAI chat-completions protocol that replays them, so the eval can run the model path end to
 * end without a model: LLM_BASE_URL points at this server, the service asks it exactly as it
 * would ask a real model, and the verifier decides what of the answer reaches the draft.
 *
 * A recording is keyed by site id, not by a hash of the prompt: the prompt changes with every
 * change to its wording, the page text, the category tree or the text budget, and a hash miss
 * would silently turn the eval back into the built-in extractor alone. The server tells the site
 * by the address of the first page in the prompt (each corpus site has its own loopback origin,
 * registered by the eval); "{origin}" in a recording stands for that address. A recording gone
 * stale (a quote no longer on its page) shows as a refused value the test names.
 */

export const RECORDINGS_DIR = path.resolve(import.meta.dirname, '../../eval/llm-recordings');

/** What kind of mistake a trap is: each must be refused by the verifier. */
export const TRAP_KINDS = ['invented', 'misquote', 'paraphrase', 'wrong_page', 'unsupported'] as const;

const recordingSchema = z.strictObject({
  site: z.string().regex(/^[a-z0-9-]+$/),
  /** How and from what the answer was written. */
  written: z.string().min(1),
  /** The model's answer as the chat completion's content would carry it (a JSON object). */
  answer: z.record(z.string(), z.unknown()),
  /**
   * Proposals of the answer that are deliberately wrong, each to be refused: "<field>" for a
   * field's value, "<field>: <item>" for an item of a list field, "faq: <question>",
   * "founder: <name>", "social: <platform>" (the keys proposalKey gives).
   */
  traps: z.array(z.strictObject({ target: z.string().min(1), kind: z.enum(TRAP_KINDS), why: z.string().min(1) })),
});

export type Recording = z.infer<typeof recordingSchema>;
export type Trap = Recording['traps'][number];

/** Every recording in `dir`, by site id; a malformed file is an error naming it. */
export function loadRecordings(dir = RECORDINGS_DIR): Map<string, Recording> {
  const out = new Map<string, Recording>();
  if (!existsSync(dir)) throw new Error(`no recordings directory: ${dir}`);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const full = path.join(dir, file);
    const parsed = recordingSchema.safeParse(JSON.parse(readFileSync(full, 'utf8')));
    if (!parsed.success) throw new Error(`${full}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    if (`${parsed.data.site}.json` !== file) throw new Error(`${full}: "site" must be the file's name (${file.replace(/\.json$/, '')})`);
    out.set(parsed.data.site, parsed.data);
  }
  return out;
}

/** The answer's text for a site served at `origin`: what the model would have sent. */
export function answerText(recording: Recording, origin: string): string {
  return JSON.stringify(recording.answer).replaceAll('{origin}', origin);
}

export interface ReplayRequest {
  /** The site the prompt's first page belongs to, when registered. */
  site: string | null;
  origin: string | null;
  /** Whether a recording answered (otherwise HTTP 404: the service drafts with its built-in extractor alone). */
  answered: boolean;
  /** The user message: the page texts the model was given. */
  prompt: string;
}

export interface ReplayModel {
  /** For LLM_BASE_URL. */
  baseUrl: string;
  /** The site served at `origin` (a prompt citing it gets that site's recording). */
  register(origin: string, site: string): void;
  requests: ReplayRequest[];
  close(): Promise<void>;
}

const MAX_REQUEST_BYTES = 8 * 1024 * 1024;
const PAGE_MARK = '=== PAGE url=';

/** The origin of the first page a prompt carries (llm-prompt.ts writes "=== PAGE url=<url> …"). */
export function promptOrigin(prompt: string): string | null {
  const at = prompt.indexOf(PAGE_MARK);
  if (at === -1) return null;
  const from = at + PAGE_MARK.length;
  let end = from;
  while (end < prompt.length && prompt[end] !== ' ' && prompt[end] !== '\n') end++;
  return URL.parse(prompt.slice(from, end))?.origin ?? null;
}

export async function startReplayModel(recordings: ReadonlyMap<string, Recording>): Promise<ReplayModel> {
  const sites = new Map<string, string>();
  const requests: ReplayRequest[] = [];
  const fail = (res: http.ServerResponse, status: number, message: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message } }));
  const server = await loopbackServer((req, res) => {
    if (req.method !== 'POST' || !(req.url ?? '').endsWith('/chat/completions')) return fail(res, 404, 'only POST …/chat/completions');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      let prompt = '';
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages?: Array<{ role?: string; content?: unknown }> };
        const user = body.messages?.find((m) => m.role === 'user')?.content;
        prompt = typeof user === 'string' ? user : '';
      } catch {
        return fail(res, 400, 'the body is not JSON');
      }
      const origin = promptOrigin(prompt);
      const site = origin ? (sites.get(origin) ?? null) : null;
      const recording = site ? recordings.get(site) : undefined;
      requests.push({ site, origin, answered: recording !== undefined, prompt });
      if (!recording || !origin) return fail(res, 404, `no recorded answer for ${site ?? origin ?? 'a prompt without pages'}`);
      const completion = {
        id: `replay-${requests.length}`,
        object: 'chat.completion',
        model: 'replay',
        choices: [{ index: 0, message: { role: 'assistant', content: answerText(recording, origin) }, finish_reason: 'stop' }],
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
    });
  });
  return {
    baseUrl: `${server.origin}/v1`,
    register: (origin, site) => void sites.set(origin, site),
    requests,
    close: () => server.close(),
  };
}
