// The models of an LLM run: where each is (base URL), its key, its price, its limiter and
// its provider adapter, resolved from the specs, the run's settings and the environment.
// SDK clients are made on the first call that needs one (a replay needs none), with the
// SDKs' retries off and our timeout.

import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { DEFAULT_LIMITS, Limiter, type Limits } from '../../agents/llm/limiter.js';
import { builtinPrices, priceAt, type Price, type PriceTable } from '../../agents/llm/prices.js';
import { anthropicAdapter } from '../../agents/llm/providers/anthropic.js';
import { openaiAdapter } from '../../agents/llm/providers/openai.js';
import { anthropicSdk, openaiSdk } from '../../agents/llm/providers/sdk.js';
import type { ProviderAdapter } from '../../agents/llm/providers/types.js';
import { Secrets, urlSecrets, type NamedSecret } from '../../agents/llm/secrets.js';
import { checkBaseUrl, type LlmSpec, type Provider } from '../../agents/llm/spec.js';
import { DEFAULT_POLICY, type CallPolicy } from '../../agents/llm/transport.js';
import { err, ok, type Result } from '../../engine/index.js';

export interface ProviderSettings {
  readonly apiKey?: string | undefined;
  readonly baseURL?: string | undefined;
}

export interface ModelsInput {
  /** The LLM specs the run seats (`llmSpecsOf(seating)`): keys, URLs and prices are checked up front. */
  readonly specs: readonly LlmSpec[];
  /** replay: answers only from the record, never the network (no key needed). */
  readonly mode?: 'live' | 'replay' | undefined;
  /** USD for the whole run, earlier sessions of the same runId included; null: no limit. */
  readonly maxCost?: number | null | undefined;
  /** Default: the built-in table (prices.ts); `loadPrices(file)` adds a user's. */
  readonly prices?: PriceTable | undefined;
  /** Limits per provider and model (a spec's own `concurrency=`, `rpm=`, `tpm=` are tighter if smaller). */
  readonly limits?: Partial<Limits> | undefined;
  readonly policy?: Partial<CallPolicy> | undefined;
  /** Keys and base URLs given as flags (over the environment; a spec's own URL and keyEnv come first). */
  readonly providers?: Partial<Record<Provider, ProviderSettings>> | undefined;
  /** Environment variables: the keys and base URLs named there (the CLI passes its own; a replay, none). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

const DEFAULT_URL: Record<Provider, string | undefined> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  compatible: undefined,
};
const ENV_PREFIX: Record<Provider, string> = { openai: 'OPENAI', anthropic: 'ANTHROPIC', compatible: 'COMPATIBLE' };

/** A model as the run uses it: where it is, its key, price, limiter and adapter. */
export interface ModelHandle {
  readonly spec: LlmSpec;
  readonly baseURL: string | undefined;
  /** undefined: unknown (the cost is not counted). */
  readonly price: Price | undefined;
  readonly limiter: Limiter;
  readonly adapter: ProviderAdapter;
}

/**
 * Every key the run was given (flags, the providers' environment variables, each spec's
 * keyEnv), and the credentials in its base URLs (a user, a password, a `?api-key=`),
 * named by where they came from: masked in whatever the run records or prints.
 */
export function secretsOf(o: ModelsInput): Secrets {
  const env = o.env;
  const named: NamedSecret[] = [];
  for (const p of ['openai', 'anthropic', 'compatible'] as const) {
    named.push({ name: `--${p}-api-key`, value: o.providers?.[p]?.apiKey });
    named.push({ name: `${ENV_PREFIX[p]}_API_KEY`, value: env[`${ENV_PREFIX[p]}_API_KEY`] });
  }
  for (const s of o.specs) {
    if (s.keyEnv !== undefined) named.push({ name: s.keyEnv, value: env[s.keyEnv] });
    const at = baseUrlOf(s, o);
    named.push(...urlSecrets(at.url, at.source));
  }
  return new Secrets(named);
}

/** A spec's base URL and where it came from: the spec, then the flag, then the environment, then the provider's default. */
function baseUrlOf(spec: LlmSpec, o: ModelsInput): { readonly url: string | undefined; readonly source: string } {
  const env = o.env;
  const p = spec.provider;
  const name = `${ENV_PREFIX[p]}_BASE_URL`;
  if (spec.baseURL !== undefined) return { url: spec.baseURL, source: `the spec ${spec.text}` };
  const flag = o.providers?.[p]?.baseURL;
  if (flag !== undefined) return { url: flag, source: `--${p}-base-url` };
  const fromEnv = env[name];
  if (fromEnv !== undefined) return { url: fromEnv, source: name };
  return { url: DEFAULT_URL[p], source: `${p}'s default URL` };
}

/**
 * Each spec's model: its base URL and key (spec, then settings, then environment), its
 * price, its limiter (one per provider, model and server) and its adapter. In live mode a
 * missing key or URL, and under a budget a missing price, is an error for the user.
 */
export function resolveModels(o: ModelsInput, limiterFor: (key: string, limits: Limits) => Limiter): Result<{ handles: ModelHandle[]; warnings: string[] }, string> {
  const env = o.env;
  const live = (o.mode ?? 'live') === 'live';
  const prices = o.prices ?? builtinPrices();
  const warnings: string[] = [];
  const handles: ModelHandle[] = [];
  const clients = new Map<string, OpenAI | Anthropic>();
  for (const spec of o.specs) {
    const p = spec.provider;
    const settings = o.providers?.[p] ?? {};
    const prefix = ENV_PREFIX[p];
    const at = baseUrlOf(spec, o);
    const baseURL = at.url;
    const keyName = spec.keyEnv ?? `${prefix}_API_KEY`;
    const apiKey = spec.keyEnv !== undefined ? env[spec.keyEnv] : (settings.apiKey ?? env[keyName]);
    if (live) {
      if (baseURL === undefined)
        return err(`${spec.text} needs the server's base URL: write compatible:${spec.model}@http://HOST:PORT/v1, or set COMPATIBLE_BASE_URL (or --compatible-base-url)`);
      // A URL the SDK cannot even build a request from would fail every call without sending one.
      const checked = checkBaseUrl(baseURL);
      if (!checked.ok)
        return err(`the base URL of ${spec.text} (from ${at.source}): ${checked.error}; fix it and run the command again`);
      if ((apiKey === undefined || apiKey === '') && (p !== 'compatible' || spec.keyEnv !== undefined))
        return err(`${spec.text} needs an API key: set ${keyName}${spec.keyEnv === undefined ? ` (or --${p}-api-key)` : ''}`);
    }
    const price = priceAt(prices, p, spec.model, baseURL);
    if (price === undefined) {
      if (o.maxCost !== undefined && o.maxCost !== null)
        return err(`no price for ${spec.provider}:${spec.model}, so --max-cost cannot hold it: add it to a price file ({"${spec.provider}:${spec.model}": {"input": USD per 1M tokens, "output": USD per 1M tokens}}, --llm-prices FILE)`);
      warnings.push(`no price for ${spec.provider}:${spec.model}: its cost is not counted (add it with --llm-prices FILE)`);
    }
    const limiterKey = `${p}:${spec.model}@${baseURL ?? ''}`;
    const same = o.specs.filter((s) => `${s.provider}:${s.model}@${s.baseURL ?? ''}` === `${p}:${spec.model}@${spec.baseURL ?? ''}`);
    const tightest = (pick: (s: LlmSpec) => number | undefined, base: number | null): number | null => {
      const given = same.map(pick).filter((x): x is number => x !== undefined);
      return given.length === 0 ? base : Math.min(...given, base ?? Infinity);
    };
    const defaults: Limits = { ...DEFAULT_LIMITS, ...o.limits };
    const limits: Limits = {
      concurrency: tightest((s) => s.concurrency, defaults.concurrency) ?? defaults.concurrency,
      rpm: tightest((s) => s.rpm, defaults.rpm),
      tpm: tightest((s) => s.tpm, defaults.tpm),
    };
    const clientKey = `${p}|${baseURL}|${keyName}`;
    const timeout = { ...DEFAULT_POLICY, ...o.policy }.timeoutMs;
    const client = <T extends OpenAI | Anthropic>(make: () => T) => (): T => {
      let c = clients.get(clientKey) as T | undefined;
      if (c === undefined) {
        c = make();
        clients.set(clientKey, c);
      }
      return c;
    };
    const adapter =
      p === 'anthropic'
        ? anthropicAdapter(client(() => new (anthropicSdk().default)({ apiKey: apiKey ?? '', baseURL, maxRetries: 0, timeout })))
        : openaiAdapter(p, client(() => new (openaiSdk().default)({ apiKey: apiKey || 'none', baseURL, maxRetries: 0, timeout })));
    let limiter: Limiter | undefined;
    handles.push({
      spec,
      baseURL,
      price,
      get limiter() {
        return (limiter ??= limiterFor(limiterKey, limits));
      },
      adapter,
    });
  }
  return ok({ handles, warnings });
}

