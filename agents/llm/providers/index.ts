// The request body for a provider (what is sent, hashed and stored), without a client.

import type { Provider } from '../spec.js';
import { anthropicBody } from './anthropic.js';
import { openaiBody } from './openai.js';
import type { LlmRequest } from './types.js';

export function requestBody(provider: Provider, req: LlmRequest): Record<string, unknown> {
  switch (provider) {
    case 'openai':
    case 'compatible':
      return openaiBody(req, provider);
    case 'anthropic':
      return anthropicBody(req);
  }
}

/**
 * Tokens a provider adds to a request beyond its text: Anthropic's system prompt for a
 * forced tool call (its documentation gives 313 tokens for `tool_choice: tool`).
 */
export function hiddenPromptTokens(provider: Provider, format: string): number {
  return provider === 'anthropic' && format === 'schema' ? 313 : 0;
}

/** A prompt's size in tokens, estimated as characters / 4 (no tokenizer: an estimate, ±25%). */
export function estimateTokens(body: unknown): number {
  return Math.ceil(JSON.stringify(body).length / 4);
}
