// One logical call to a provider: through the model's limiter, with a timeout per
// attempt and a bounded number of attempts (the SDKs' own retries are off: they obey
// `retry-after` without bound). A 429 pauses the model's queue for `retry-after`, capped;
// a 5xx, timeout or broken response waits an exponential backoff (capped the same way).
// Refusals (400, 422) and configuration errors (401, 403, 404) are not retried.
// Every attempt that reached the network is an HTTP request (a refused connection
// included; a request that could not even be made, `unsent`, is not): a call's result says
// how many it took and how each failed one failed (for the run's honest count of requests).
// Keys are masked (secrets.ts) in every error and response before they leave this function.

import type { Clock, Limiter } from './limiter.js';
import { RETRYABLE, type ProviderAdapter, type Reply, type TransportError } from './providers/types.js';
import { Secrets } from './secrets.js';
import { grouped } from '../../narrate/numbers.js';

export interface CallPolicy {
  /** Per attempt. */
  readonly timeoutMs: number;
  /** Attempts per call, the first included. */
  readonly maxAttempts: number;
  /** The longest wait honoured for a `retry-after` (and the backoff's ceiling). */
  readonly retryAfterCapMs: number;
  /** The first backoff; doubles each attempt. */
  readonly backoffMs: number;
}

export const DEFAULT_POLICY: CallPolicy = { timeoutMs: 120_000, maxAttempts: 4, retryAfterCapMs: 60_000, backoffMs: 1_000 };

/** Failed attempts of a call, by how they failed. */
export type FailedAttempts = Partial<Record<TransportError['kind'], number>>;

interface Attempts {
  /** HTTP requests sent for the call (every attempt that reached the network, the last included). */
  readonly attempts: number;
  /** The attempts that failed, by kind (all of them when the call failed). */
  readonly failed: FailedAttempts;
  readonly latencyMs: number;
}

export type Sent = ({ readonly ok: true; readonly raw: unknown; readonly reply: Reply } | { readonly ok: false; readonly error: TransportError }) & Attempts;

export interface SendInput {
  readonly adapter: ProviderAdapter;
  readonly body: Record<string, unknown>;
  readonly limiter: Limiter;
  /** Tokens reserved against tokens-per-minute: the prompt's estimate plus the answer's max. */
  readonly estimatedTokens: number;
  readonly policy: CallPolicy;
  readonly clock: Clock;
  /** Called inside the limiter just before the first attempt goes out (the budget check; it may throw). */
  readonly beforeFirstSend: () => void;
  /** Each wait, with its reason (for logs and tests). */
  readonly onWait?: ((ms: number, error: TransportError) => void) | undefined;
  /** The run's keys: masked in errors and responses (default: none known). */
  readonly secrets?: Secrets | undefined;
}

/** Malformed bodies surface as a string from `read`: a retryable bad response. */
class BadBody extends Error {}

/**
 * The largest response a call keeps, in characters of its JSON: 16 times what a model
 * writes at the default limit of 1,000 tokens, reasoning included. A server that sends
 * more (a hostile one: 2 games once made a 114 MB file) gets a bad response, not a record.
 */
export const MAX_RESPONSE_CHARS = 65_536;

export async function sendWithRetries(x: SendInput): Promise<Sent> {
  const start = x.clock.now();
  const secrets = x.secrets ?? Secrets.none;
  const failed: FailedAttempts = {};
  let first = true;
  let requests = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const { raw, reply } = await x.limiter.run(
        x.estimatedTokens,
        async () => {
          if (first) {
            x.beforeFirstSend();
            first = false;
          }
          const raw = secrets.value(await x.adapter.send(x.body, x.policy.timeoutMs));
          // A response is recorded whole: one past the cap is a bad response, never stored.
          const size = JSON.stringify(raw)?.length ?? 0;
          if (size > MAX_RESPONSE_CHARS) throw new BadBody(`${x.adapter.name}: a response of ${grouped(size)} characters, more than the ${grouped(MAX_RESPONSE_CHARS)} a call may keep`);
          const reply = x.adapter.read(raw);
          if (typeof reply === 'string') throw new BadBody(`${x.adapter.name}: ${reply}`);
          return { raw, reply };
        },
        (r) => r.reply.inputTokens + r.reply.outputTokens,
      );
      return { ok: true, raw, reply, attempts: requests + 1, failed, latencyMs: x.clock.now() - start };
    } catch (e) {
      if (first) throw e; // refused before sending (the budget): not a transport failure
      const error = secrets.error(e instanceof BadBody ? { kind: 'bad-response', message: e.message } : x.adapter.classify(e));
      // A request that could not be made never reached the network: no HTTP request, no failed one.
      if (error.kind !== 'unsent') {
        requests++;
        failed[error.kind] = (failed[error.kind] ?? 0) + 1;
      }
      if (!RETRYABLE.has(error.kind) || attempt >= x.policy.maxAttempts)
        return { ok: false, error, attempts: requests, failed, latencyMs: x.clock.now() - start };
      const backoff = x.policy.backoffMs * 2 ** (attempt - 1);
      const asked = 'retryAfterMs' in error && error.retryAfterMs !== null ? error.retryAfterMs : backoff;
      const wait = Math.min(asked, x.policy.retryAfterCapMs);
      if (error.kind === 'rate-limit') x.limiter.pauseFor(wait);
      x.onWait?.(wait, error);
      await x.clock.sleep(wait);
    }
  }
}
