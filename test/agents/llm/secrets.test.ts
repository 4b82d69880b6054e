// agents/llm/secrets.ts: the keys a run was given are masked by name in error texts and
// response bodies — whole, any run of 12 of their characters (case-insensitively), and
// their base64 at any alignment; credentials after Bearer, x-api-key or Authorization and
// in a URL (user, password, credential-like query values) are masked in error texts even
// when nobody told us the key; short values are not keys.

import { describe, expect, test } from 'vitest';
import { maskUrl, SECRET_RUN, Secrets, urlSecrets } from '../../../agents/llm/secrets.js';

const KEY = 'k3Y9-QpZr7Lw2Xv8Nt5M';
const secrets = new Secrets([
  { name: 'OPENAI_API_KEY', value: 'sk-proj-abcdefghijklmnop' },
  { name: 'OPENROUTER_API_KEY', value: 'sk-or-v1-0123456789' },
  { name: 'COMPATIBLE_API_KEY', value: 'none' },
  { name: 'SHORT_KEY', value: 'Qz8-Wx1!' },
  { name: 'EXAMPLE_KEY', value: KEY },
  { name: '--anthropic-api-key', value: undefined },
]);
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('Secrets.text (error texts)', () => {
  test.each([
    ['Incorrect API key provided: sk-proj-abcdefghijklmnop.', 'Incorrect API key provided: [OPENAI_API_KEY].'],
    ['401 {"error":"bad key Bearer sk-or-v1-0123456789"}', '401 {"error":"bad key Bearer [OPENROUTER_API_KEY]"}'],
    ['proxy sent Authorization: Bearer zzzzzzzzzzzzzzzz upstream', 'proxy sent Authorization: Bearer [masked] upstream'],
    ['{"x-api-key": "unknown-key-123456"}', '{"x-api-key": "[masked]"}'],
    ['api_key=qwertyuiop12 in the URL', 'api_key=[masked] in the URL'],
    ['twice: sk-proj-abcdefghijklmnop sk-proj-abcdefghijklmnop', 'twice: [OPENAI_API_KEY] [OPENAI_API_KEY]'],
    ['"none" is a legal choice; bearer tokens', '"none" is a legal choice; bearer tokens'],
    // Pieces, case and encodings of a key.
    [`key ending ${KEY.slice(4)}.`, 'key ending [EXAMPLE_KEY].'],
    [`upper-cased ${KEY.toUpperCase()}!`, 'upper-cased [EXAMPLE_KEY]!'],
    [`lower-cased ${KEY.toLowerCase()}`, 'lower-cased [EXAMPLE_KEY]'],
    [`a run of 12 inside: xx${KEY.slice(3, 15)}yy`, 'a run of 12 inside: xx[EXAMPLE_KEY]yy'],
    [`11 characters are not a key's run: ${KEY.slice(2, 13)}`, `11 characters are not a key's run: ${KEY.slice(2, 13)}`],
    ['a key of 8 characters, whole and in another case: qZ8-wX1!', 'a key of 8 characters, whole and in another case: [SHORT_KEY]'],
    ['7 of its characters are not masked: Qz8-Wx1', '7 of its characters are not masked: Qz8-Wx1'],
    // URLs: user and password, credential-like query values.
    ['cannot reach http://bob:PASSWORD-SECRET@127.0.0.1:9/v1', 'cannot reach http://[masked]@127.0.0.1:9/v1'],
    ['GET https://h.example/v1?api-key=abc123&x=1&token=zz9', 'GET https://h.example/v1?api-key=[masked]&x=1&token=[masked]'],
  ])('%j', (text, masked) => {
    expect(secrets.text(text)).toBe(masked);
  });

  // Mutation: base64Forms returning [] (no encodings) makes every row fail.
  test.each([
    ['the key in base64', b64(KEY)],
    ['the key without its first 4 characters, in base64', b64(KEY.slice(4))],
    ['user:key in base64 (Basic auth), not after "Basic"', b64(`user:${KEY}`)],
    ['the key in URL-safe base64 at another alignment', Buffer.from(`ab${KEY}`).toString('base64url')],
  ])('%s', (_what, encoded) => {
    const out = secrets.value({ echo: `it said ${encoded} to us` }).echo;
    expect(out).toContain('[EXAMPLE_KEY]');
    const plain = [KEY, b64(KEY), b64(`x${KEY}`), b64(`xx${KEY}`)].flatMap((f) => [f, f.replaceAll('+', '-').replaceAll('/', '_')]);
    for (let i = 0; i + SECRET_RUN <= out.length; i++) {
      const piece = out.slice(i, i + SECRET_RUN).toLowerCase();
      expect(plain.some((f) => f.toLowerCase().includes(piece)), piece).toBe(false);
    }
  });
});

describe('Secrets.value (response bodies)', () => {
  test('masks configured keys in every string and property name, leaves the rest (a "none" choice) alone', () => {
    const body = { choices: [{ message: { content: '{"choice":"none","speech":"my key is sk-proj-abcdefghijklmnop"}' } }], 'sk-or-v1-0123456789': 1, n: 3 };
    expect(secrets.value(body)).toEqual({ choices: [{ message: { content: '{"choice":"none","speech":"my key is [OPENAI_API_KEY]"}' } }], '[OPENROUTER_API_KEY]': 1, n: 3 });
    expect(Secrets.none.value(body)).toBe(body);
  });
});

describe('URLs', () => {
  test.each([
    ['http://bob:PASSWORD-SECRET@127.0.0.1:9/v1', 'http://[masked]@127.0.0.1:9/v1'],
    ['https://TOKEN123456@host.example/v1', 'https://[masked]@host.example/v1'],
    ['https://x.example/v1?key=K1&api_key=K2&apikey=K3&access_token=K4&sig=K5&keep=me', 'https://x.example/v1?key=[masked]&api_key=[masked]&apikey=[masked]&access_token=[masked]&sig=[masked]&keep=me'],
    ['http://[bad/v1?token=x', 'http://[bad/v1?token=[masked]'],
    ['http://127.0.0.1:8000/v1', 'http://127.0.0.1:8000/v1'],
  ])('maskUrl(%j)', (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
    expect(maskUrl(masked)).toBe(masked);
  });

  test("a base URL's credentials are secrets of the run, named by where the URL came from", () => {
    const named = urlSecrets('http://bob:PASSWORD%2DSECRET@127.0.0.1:9/v1?api-key=QUERY-SECRET-1&x=1', 'OPENAI_BASE_URL');
    const s = new Secrets(named);
    expect(s.exact('a model saying PASSWORD-SECRET and QUERY-SECRET-1')).toBe('a model saying [password in OPENAI_BASE_URL] and [api-key in OPENAI_BASE_URL]');
  });
});

describe("a key spelled with JSON's escapes inside a model's JSON answer", () => {
  // The model's answer is JSON inside the response; its parser decodes \uXXXX and \/.
  // Mutation: drop the decoded reading in Secrets.exact and every row keeps the key.
  const hex = (c: string, upper: boolean) => {
    const h = c.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${upper ? h.toUpperCase() : h}`;
  };
  const spell = (key: string, pick: (i: number) => boolean, upper = false) => [...key].map((c, i) => (pick(i) ? hex(c, upper) : c)).join('');
  const slashy = b64(`u:${KEY}`).replace(/\//g, '\\/');
  test.each([
    ['every character, lower-case hex', spell(KEY, () => true)],
    ['every character, upper-case hex', spell(KEY, () => true, true)],
    ['every third character', spell(KEY, (i) => i % 3 === 0)],
    ['one character', spell(KEY, (i) => i === 5)],
    ['upper-cased, every other character', spell(KEY.toUpperCase(), (i) => i % 2 === 1)],
    ['its base64 with escaped slashes', slashy],
    ['its base64, a character escaped', spell(b64(KEY), (i) => i === 2)],
  ])('%s: masked, and the answer is still the same JSON', (_name, spelled) => {
    const content = `{"speech":"my key is ${spelled} \\"quoted\\" \\u00e9t\\u00e9","reasoning":"x"}`;
    expect(JSON.parse(content).speech).toMatch(/my key is/);
    const out = secrets.exact(content);
    const speech = (JSON.parse(out) as { speech: string }).speech;
    expect(speech.toLowerCase()).not.toContain(KEY.toLowerCase().slice(0, 12));
    expect(speech).toContain('[EXAMPLE_KEY]');
    expect(speech).toContain('"quoted" été');
  });

  test('a text whose escapes hide no key is returned as it is', () => {
    const text = '{"speech":"\\u00e9t\\u00e9 \\/ \\"P3\\" \\u0041BC is no key"}';
    expect(secrets.exact(text)).toBe(text);
  });
});
