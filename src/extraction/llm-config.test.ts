import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../config.ts';

test('LLM settings: absent by default; base URL, model, key and timeout are read', () => {
  assert.equal(loadConfig({}).llm, undefined);
  assert.deepEqual(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_MODEL: 'llama3.1' }).llm, {
    baseUrl: 'http://127.0.0.1:11434/v1',
    model: 'llama3.1',
    apiKey: undefined,
    timeoutMs: 60000,
  });
  const c = loadConfig({ LLM_BASE_URL: 'https://api.openai.com/v1', LLM_MODEL: 'gpt-4o-mini', LLM_API_KEY: 'sk-x', LLM_TIMEOUT_MS: '30000' });
  assert.deepEqual(c.llm, { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-x', timeoutMs: 30000 });
});

const bad: Array<[string, Record<string, string>, RegExp]> = [
  ['a base URL without a model', { LLM_BASE_URL: 'https://api.example/v1' }, /^config error: LLM_MODEL is required when LLM_BASE_URL is set$/],
  ['a base URL that is not http(s)', { LLM_BASE_URL: 'ftp://api.example', LLM_MODEL: 'm' }, /^config error: LLM_BASE_URL /],
  ['a timeout below a second', { LLM_TIMEOUT_MS: '10' }, /^config error: LLM_TIMEOUT_MS /],
];
for (const [name, env, message] of bad) {
  test(`a bad LLM setting is one clear line: ${name}`, () => {
    assert.throws(() => loadConfig(env), (err: Error) => err instanceof ConfigError && message.test(err.message) && !err.message.includes('\n'));
  });
}
