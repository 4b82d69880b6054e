// OpenAI chat completions, for OpenAI itself and for OpenAI-compatible servers (Ollama,
// vLLM, llama.cpp's server, LM Studio, OpenRouter). The structured answer is asked with
// `response_format: json_schema` (strict), or JSON mode, or nothing (format=text).
// OpenAI takes `max_completion_tokens` (its reasoning models refuse `max_tokens`);
// compatible servers mostly know only `max_tokens`.

import type OpenAI from 'openai';
import { openaiSdk } from './sdk.js';
import { AGAIN, classifyByStatus, type LlmRequest, type ProviderAdapter, type Reply } from './types.js';

interface ChatReply {
  choices?: { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

function replyText(raw: unknown): string {
  const m = (raw as ChatReply).choices?.[0]?.message;
  return m?.content ?? m?.refusal ?? '';
}

export function openaiBody(req: LlmRequest, flavour: 'openai' | 'compatible'): Record<string, unknown> {
  const messages: Record<string, unknown>[] = [
    { role: 'system', content: req.system },
    { role: 'user', content: req.user },
  ];
  for (const r of req.rejections) {
    messages.push({ role: 'assistant', content: replyText(r.raw) || '(empty reply)' });
    messages.push({ role: 'user', content: `Your answer was rejected: ${r.error}\n${AGAIN}` });
  }
  const body: Record<string, unknown> = { model: req.model, messages };
  body[flavour === 'openai' ? 'max_completion_tokens' : 'max_tokens'] = req.maxTokens;
  if (req.temperature !== undefined) body.temperature = req.temperature;
  if (req.seed !== undefined) body.seed = req.seed;
  if (req.format === 'schema') body.response_format = { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema: req.schema } };
  else if (req.format === 'json') body.response_format = { type: 'json_object' };
  return body;
}

/** `client` is called on the first send only: replaying from the record needs no key. */
export function openaiAdapter(flavour: 'openai' | 'compatible', client: () => OpenAI): ProviderAdapter {
  return {
    name: flavour,
    body: (req) => openaiBody(req, flavour),
    send(body, timeoutMs) {
      return client().chat.completions.create(body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, { timeout: timeoutMs, maxRetries: 0 });
    },
    read(raw): Reply | string {
      const r = raw as ChatReply;
      if (typeof raw !== 'object' || raw === null || !Array.isArray(r.choices) || r.choices.length === 0)
        return 'the response has no choices (not a chat completion)';
      const c = r.choices[0]!;
      const m = c.message;
      if (m === undefined) return 'the response has no message';
      const text = m.content ?? '';
      const refusal = m.refusal ? `refused: ${m.refusal}` : '';
      return {
        structured: undefined,
        text: text === '' ? refusal : text,
        inputTokens: r.usage?.prompt_tokens ?? 0,
        outputTokens: r.usage?.completion_tokens ?? 0,
        stop: c.finish_reason ?? '',
      };
    },
    classify: (e) => {
      const { APIConnectionError, APIConnectionTimeoutError, APIError } = openaiSdk();
      return classifyByStatus(e, {
        provider: flavour,
        timeout: e instanceof APIConnectionTimeoutError,
        connection: e instanceof APIConnectionError && !(e instanceof APIConnectionTimeoutError),
        sdk: e instanceof APIError,
      });
    },
  };
}
