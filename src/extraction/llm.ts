import type { Extraction, ExtractionInput, Extractor } from './types.ts';
import { DRAFT_FIELDS } from './types.ts';
import { extractionFromAnswer } from './llm-answer.ts';
import { DEFAULT_MAX_PROMPT_CHARS, systemPrompt, userPrompt } from './llm-prompt.ts';

export const DEFAULT_LLM_TIMEOUT_MS = 60_000;
/** An answer larger than this is not a profile draft. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/**
 * The model could not be asked: unreachable, timed out, or it refused the request (HTTP error,
 * e.g. a bad key or model name). Distinct from a garbled answer, which is an empty extraction.
 * The pipeline decides what to do with it (see docs/decisions.md: fall back to the built-in
 * extractor and record the reason).
 */
export class LlmExtractionError extends Error {
  readonly code: 'llm_unreachable' | 'llm_timeout' | 'llm_http_error';
  readonly status?: number;
  constructor(code: LlmExtractionError['code'], message: string, status?: number) {
    super(message);
    this.name = 'LlmExtractionError';
    this.code = code;
    this.status = status;
  }
}

export interface LlmExtractorOptions {
  /** An OpenAI-compatible API root, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Page text sent per request, all pages together. */
  maxPromptChars?: number;
  fetch?: typeof fetch;
}

/** Asks the model; what it answers is read into proposals elsewhere (in a worker: it is untrusted text). */
export interface ModelClient {
  answer(input: ExtractionInput, opts?: { signal?: AbortSignal }): Promise<string>;
}

/**
 * An extractor backed by any OpenAI-compatible chat completions endpoint. The model is asked for
 * values with verbatim quotes; what it answers is only a proposal for verifyExtraction. The
 * pipeline uses `answer` (the HTTP call, on the event loop) and reads the answer in the worker pool.
 */
export function createLlmExtractor(opts: LlmExtractorOptions): Extractor & ModelClient {
  // From the first slash of a run only: searched for from every slash, a run costs its length squared.
  const endpoint = `${opts.baseUrl.replace(/(?<!\/)\/+$/, '')}/chat/completions`;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  async function answer(input: ExtractionInput, callOpts: { signal?: AbortSignal } = {}): Promise<string> {
    const fields = input.only?.length ? input.only : DRAFT_FIELDS;
    const body = {
      model: opts.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: systemPrompt(fields) },
        { role: 'user', content: userPrompt(input.pages, input.categoryNames ?? [], opts.maxPromptChars ?? DEFAULT_MAX_PROMPT_CHARS) },
      ],
    };
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callOpts.signal ? AbortSignal.any([callOpts.signal, timeout]) : timeout;
    try {
      const res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal,
      });
      const raw = await res.text();
      if (!res.ok) throw new LlmExtractionError('llm_http_error', `The language model answered HTTP ${res.status}: ${raw.slice(0, 200)}`, res.status);
      return raw.length > MAX_ANSWER_BYTES ? '' : messageContent(raw);
    } catch (err) {
      if (err instanceof LlmExtractionError) throw err;
      // The caller's own cancellation is not a model failure: pass it on as is.
      if (callOpts.signal?.aborted) throw callOpts.signal.reason;
      if (timeout.aborted) throw new LlmExtractionError('llm_timeout', `The language model did not answer within ${timeoutMs} ms.`);
      throw new LlmExtractionError('llm_unreachable', `The language model at ${endpoint} could not be reached: ${(err as Error).message}`);
    }
  }
  return {
    name: 'llm',
    answer,
    async extract(input, callOpts = {}): Promise<Extraction> {
      return extractionFromAnswer(await answer(input, callOpts), input.pages.map((p) => p.finalUrl), input.only);
    },
  };
}

/** choices[0].message.content of a chat completion; '' for anything else. */
function messageContent(raw: string): string {
  try {
    const parsed = JSON.parse(raw) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = parsed?.choices?.[0]?.message?.content;
    return typeof content === 'string' ? content : '';
  } catch {
    return '';
  }
}
