// What every provider adapter does: build the exact request body (what is hashed and
// stored), send it through the official SDK with the SDK's own retries off, read the
// reply, and sort a failure into the kinds the harness treats differently.

import type { Json } from '../answer.js';
import type { AnswerFormat } from '../spec.js';

/** A rejected answer, replayed to the model with the reason before it answers again. */
export interface Rejection {
  /** The provider's raw reply that was rejected. */
  readonly raw: unknown;
  readonly error: string;
}

export interface LlmRequest {
  readonly model: string;
  readonly system: string;
  readonly user: string;
  readonly schema: Json;
  readonly format: AnswerFormat;
  readonly maxTokens: number;
  readonly temperature: number | undefined;
  readonly rejections: readonly Rejection[];
  /**
   * The sampling seed, where the provider takes one (OpenAI and compatible servers;
   * Anthropic has none). Set only by studies, so that both arms of a comparison draw a
   * model's answers alike (studies/persuasion.ts); runs send none.
   */
  readonly seed?: number | undefined;
}

export interface Reply {
  /** The structured answer when the provider returned one (Anthropic's tool input). */
  readonly structured: unknown;
  /** The reply's text (OpenAI's message content; text blocks otherwise). */
  readonly text: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Why generation stopped (provider's words), e.g. to tell a truncated answer. */
  readonly stop: string;
}

export type TransportError =
  /** 429: slow down (retried after `retry-after`, capped). */
  | { readonly kind: 'rate-limit'; readonly status: number; readonly retryAfterMs: number | null; readonly message: string }
  /** 5xx: the server's trouble (retried with backoff). */
  | { readonly kind: 'server'; readonly status: number; readonly retryAfterMs: number | null; readonly message: string }
  /** No answer within our timeout, or the server's own (408 Request Timeout): retried with backoff. */
  | { readonly kind: 'timeout'; readonly message: string }
  /** 409 Conflict: the server could not take the request now (retried with backoff, as the SDKs do); counted as "other". */
  | { readonly kind: 'conflict'; readonly status: number; readonly retryAfterMs: number | null; readonly message: string }
  /** The connection failed (refused, reset, DNS): the request was tried on the network; retried with backoff. */
  | { readonly kind: 'connection'; readonly message: string }
  /** The request could not even be made (an invalid URL, say): nothing was sent, so it is no HTTP request; every call would fail the same way. */
  | { readonly kind: 'unsent'; readonly message: string }
  /** A 2xx whose body is not the provider's format. */
  | { readonly kind: 'bad-response'; readonly message: string }
  /** 400, 413, 422: this request is refused (not retried: the same request would fail again). */
  | { readonly kind: 'refused'; readonly status: number; readonly message: string }
  /** 401, 403, 404: the key, permission or model is wrong: every call would fail, the run stops. */
  | { readonly kind: 'fatal'; readonly status: number; readonly message: string };

export const RETRYABLE: ReadonlySet<TransportError['kind']> = new Set(['rate-limit', 'server', 'timeout', 'conflict', 'connection', 'bad-response']);

export interface ProviderAdapter {
  readonly name: string;
  body(req: LlmRequest): Record<string, unknown>;
  send(body: Record<string, unknown>, timeoutMs: number): Promise<unknown>;
  read(raw: unknown): Reply | string;
  classify(e: unknown): TransportError;
}

export const AGAIN = 'Answer again, with a legal choice, in the same format.';

/** `retry-after-ms` (ms) or `retry-after` (seconds, or an HTTP date). */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now: number): number | null {
  if (headers === undefined) return null;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && Number.isFinite(parseFloat(ms))) return Math.max(0, parseFloat(ms));
  const ra = headers.get('retry-after');
  if (ra === null) return null;
  const s = parseFloat(ra);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const date = Date.parse(ra);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

interface SdkLike {
  readonly status?: number | undefined;
  readonly headers?: { get(name: string): string | null } | undefined;
  readonly message?: string;
}

/** What the SDK's error is, as its classes tell (each adapter asks its own SDK). */
export interface SdkErrorKind {
  readonly provider: string;
  /** Our timeout ended the attempt. */
  readonly timeout: boolean;
  /** The connection failed (the SDK's connection error, not a timeout). */
  readonly connection: boolean;
  /** The SDK's own error (an HTTP status, a connection): thrown after the request was handed to fetch. Anything else was thrown before. */
  readonly sdk: boolean;
}

/** Sorts an SDK error by status (both SDKs' APIError carry `status` and fetch `headers`). */
export function classifyByStatus(e: unknown, k: SdkErrorKind): TransportError {
  const provider = k.provider;
  const message = e instanceof Error ? e.message : String(e);
  if (k.timeout) return { kind: 'timeout', message: `${provider}: no answer within the timeout` };
  if (k.connection) return { kind: 'connection', message: `${provider}: connection failed (${message})` };
  if (e instanceof SyntaxError) return { kind: 'bad-response', message: `${provider}: the response body is not valid JSON (${message})` };
  // Not the SDK's: thrown while the request was being made (the URL, the headers), before anything went out.
  if (!k.sdk) return { kind: 'unsent', message: `${provider}: the request could not be made, nothing was sent (${message})` };
  const x = e as SdkLike;
  const status = typeof x.status === 'number' ? x.status : undefined;
  if (status === undefined) return { kind: 'bad-response', message: `${provider}: ${message}` };
  const after = retryAfterMs(x.headers, Date.now());
  if (status === 429) return { kind: 'rate-limit', status, retryAfterMs: after, message: `${provider}: rate limited (429)` };
  if (status === 408) return { kind: 'timeout', message: `${provider}: the server timed out waiting for the request (408)` };
  if (status === 409) return { kind: 'conflict', status, retryAfterMs: after, message: `${provider}: conflict (409): ${message}` };
  if (status >= 500) return { kind: 'server', status, retryAfterMs: after, message: `${provider}: server error ${status} (${message})` };
  if (status === 401 || status === 403)
    return { kind: 'fatal', status, message: `${provider} refused the API key (${status}): check the key (${message})` };
  if (status === 404) return { kind: 'fatal', status, message: `${provider}: not found (404): check the model name and the base URL (${message})` };
  return { kind: 'refused', status, message: `${provider} refused the request (${status}): ${message}` };
}
