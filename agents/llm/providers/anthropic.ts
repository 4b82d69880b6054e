// Anthropic messages. The structured answer is a forced tool call (`tool_choice` names
// the one tool, `answer`, whose input schema is the answer's schema); format=json/text
// describe the JSON in the prompt instead. A rejected tool call is answered with a
// `tool_result` marked as an error, as the API requires before the next turn.

import type Anthropic from '@anthropic-ai/sdk';
import { anthropicSdk } from './sdk.js';
import { AGAIN, classifyByStatus, type LlmRequest, type ProviderAdapter, type Reply } from './types.js';

const TOOL = 'answer';

interface Block {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
}

interface MessageReply {
  content?: Block[];
  stop_reason?: string | null;
  usage?: { input_tokens?: number; output_tokens?: number; cache_creation_input_tokens?: number | null; cache_read_input_tokens?: number | null };
}

function blocks(raw: unknown): Block[] {
  const c = (raw as MessageReply | null)?.content;
  return Array.isArray(c) ? c : [];
}

export function anthropicBody(req: LlmRequest): Record<string, unknown> {
  const messages: Record<string, unknown>[] = [{ role: 'user', content: req.user }];
  for (const r of req.rejections) {
    const use = blocks(r.raw).find((b) => b.type === 'tool_use');
    if (use !== undefined) {
      messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: use.id, name: use.name, input: use.input }] });
      messages.push({
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: use.id, is_error: true, content: `Rejected: ${r.error}` },
          { type: 'text', text: AGAIN },
        ],
      });
    } else {
      const text = blocks(r.raw).filter((b) => b.type === 'text').map((b) => b.text ?? '').join('');
      messages.push({ role: 'assistant', content: text.trim() === '' ? '(empty reply)' : text });
      messages.push({ role: 'user', content: `Your answer was rejected: ${r.error}\n${AGAIN}` });
    }
  }
  const body: Record<string, unknown> = { model: req.model, max_tokens: req.maxTokens, system: req.system, messages };
  if (req.temperature !== undefined) body.temperature = req.temperature;
  if (req.format === 'schema') {
    body.tools = [{ name: TOOL, description: 'Give your answer to the question.', input_schema: req.schema }];
    body.tool_choice = { type: 'tool', name: TOOL };
  }
  return body;
}

/** `client` is called on the first send only: replaying from the record needs no key. */
export function anthropicAdapter(client: () => Anthropic): ProviderAdapter {
  return {
    name: 'anthropic',
    body: anthropicBody,
    send(body, timeoutMs) {
      return client().messages.create(body as unknown as Anthropic.MessageCreateParamsNonStreaming, { timeout: timeoutMs, maxRetries: 0 });
    },
    read(raw): Reply | string {
      if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as MessageReply).content)) return 'the response has no content (not a message)';
      const r = raw as MessageReply;
      const use = blocks(raw).find((b) => b.type === 'tool_use' && b.name === TOOL);
      const u = r.usage ?? {};
      return {
        structured: use?.input,
        text: blocks(raw).filter((b) => b.type === 'text').map((b) => b.text ?? '').join(''),
        // Cache writes and reads are input too (priced here as plain input: an overestimate).
        inputTokens: (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0),
        outputTokens: u.output_tokens ?? 0,
        stop: r.stop_reason ?? '',
      };
    },
    classify: (e) => {
      const { APIConnectionError, APIConnectionTimeoutError, APIError } = anthropicSdk();
      return classifyByStatus(e, {
        provider: 'anthropic',
        timeout: e instanceof APIConnectionTimeoutError,
        connection: e instanceof APIConnectionError && !(e instanceof APIConnectionTimeoutError),
        sdk: e instanceof APIError,
      });
    },
  };
}
