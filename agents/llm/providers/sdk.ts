// The providers' SDKs, loaded on their first use rather than when sim starts: together
// they cost about 360 ms of start-up (measured: `import('@anthropic-ai/sdk')` 265 ms,
// `import('openai')` 96 ms), which every command would pay though only a live model call
// needs them (a replay from the record makes no client). Loaded through `require` (both
// ship a CommonJS build) so the adapters stay synchronous; every client and error class
// of ours comes from here, so `instanceof` sees one copy of each class.

import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

export type OpenAiSdk = typeof import('openai');
export type AnthropicSdk = typeof import('@anthropic-ai/sdk');

// No cache of ours (agents/ keeps no state in its modules): `require` keeps each package
// after its first load, and a call costs a lookup.

/** The `openai` package (loaded on the first call). */
export function openaiSdk(): OpenAiSdk {
  return load('openai') as OpenAiSdk;
}

/** The `@anthropic-ai/sdk` package (loaded on the first call). */
export function anthropicSdk(): AnthropicSdk {
  return load('@anthropic-ai/sdk') as AnthropicSdk;
}
