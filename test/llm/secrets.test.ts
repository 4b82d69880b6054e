// agents/llm/secrets.ts: the keys a run was given are masked by name in error texts and
// response bodies; credentials after Bearer, x-api-key or Authorization are masked in
// error texts even when nobody told us the key; short values are not keys.

import { describe, expect, test } from 'vitest';
import { Secrets } from '../../agents/llm/secrets.js';

const secrets = new Secrets([
  { name: 'OPENAI_API_KEY', value: 'sk-proj-abcdefghijklmnop' },
  { name: 'OPENROUTER_API_KEY', value: 'sk-or-v1-0123456789' },
  { name: 'COMPATIBLE_API_KEY', value: 'none' },
  { name: '--anthropic-api-key', value: undefined },
]);

describe('Secrets.text (error texts)', () => {
  test.each([
    ['Incorrect API key provided: sk-proj-abcdefghijklmnop.', 'Incorrect API key provided: [OPENAI_API_KEY].'],
    ['401 {"error":"bad key Bearer sk-or-v1-0123456789"}', '401 {"error":"bad key Bearer [OPENROUTER_API_KEY]"}'],
    ['proxy sent Authorization: Bearer zzzzzzzzzzzzzzzz upstream', 'proxy sent Authorization: Bearer [masked] upstream'],
    ['{"x-api-key": "unknown-key-123456"}', '{"x-api-key": "[masked]"}'],
    ['api_key=qwertyuiop12 in the URL', 'api_key=[masked] in the URL'],
    ['twice: sk-proj-abcdefghijklmnop sk-proj-abcdefghijklmnop', 'twice: [OPENAI_API_KEY] [OPENAI_API_KEY]'],
    ['"none" is a legal choice; bearer tokens', '"none" is a legal choice; bearer tokens'],
  ])('%j', (text, masked) => {
    expect(secrets.text(text)).toBe(masked);
  });
});

describe('Secrets.value (response bodies)', () => {
  test('masks configured keys in every string and property name, leaves the rest (a "none" choice) alone', () => {
    const body = { choices: [{ message: { content: '{"choice":"none","speech":"my key is sk-proj-abcdefghijklmnop"}' } }], 'sk-or-v1-0123456789': 1, n: 3 };
    expect(secrets.value(body)).toEqual({ choices: [{ message: { content: '{"choice":"none","speech":"my key is [OPENAI_API_KEY]"}' } }], '[OPENROUTER_API_KEY]': 1, n: 3 });
    expect(Secrets.none.value(body)).toBe(body);
  });
});
