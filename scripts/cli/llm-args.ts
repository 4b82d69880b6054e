// The LLM flags of `sim` and `sim resume` (docs/LLM.md), and their checks: all of them
// are validated (and the price file read) before any file is opened or any model asked.
// This file loads no SDK: the LLM run itself (llm-run.ts) is imported only by runs that
// seat a model, so bot runs start as fast as before.

import type { Argv } from 'yargs';
import type { Limits } from '../../agents/llm/limiter.js';
import { loadPrices, type PriceTable } from '../../agents/llm/prices.js';
import { maskUrl } from '../../agents/llm/secrets.js';
import { checkBaseUrl, type LlmSpec, type Provider } from '../../agents/llm/spec.js';
import { visible } from '../../narrate/escape.js';
import type { CallPolicy } from '../../agents/llm/transport.js';
import { inspectDbFile } from '../../runs/db-file.js';
import { count, NUMBER, seconds } from './args.js';
import { fail, unwrap } from './errors.js';

const GROUP = 'LLM agents (docs/LLM.md):';

/** Flags of a run (the default command and `resume`). `dry-run` is the run command's only. */
export function llmOptions<T>(y: Argv<T>, dryRun: boolean) {
  const y2 = y
    .option('max-cost', { ...NUMBER, group: GROUP, describe: 'stop the run before it spends more than USD in all (a resumed run counts what it spent; none = no limit)' })
    .option('llm-cache', { type: 'string', group: GROUP, describe: 'the file that records every LLM call (default: the results database, --db)' })
    .option('llm-replay', { type: 'boolean', group: GROUP, describe: 'answer every call from the record, never the network (no key needed)' })
    .option('llm-concurrency', { ...NUMBER, group: GROUP, describe: 'requests in flight per model (default 8)' })
    .option('llm-rpm', { ...NUMBER, group: GROUP, describe: 'requests per minute per model (default: no limit)' })
    .option('llm-tpm', { ...NUMBER, group: GROUP, describe: 'tokens per minute per model (default: no limit)' })
    .option('llm-timeout', { ...NUMBER, group: GROUP, describe: 'seconds per attempt of a call (default 120)' })
    .option('llm-attempts', { ...NUMBER, group: GROUP, describe: 'attempts per call, the first included (default 4)' })
    .option('llm-retry-after-cap', { ...NUMBER, group: GROUP, describe: "the longest wait in seconds for a 429's retry-after, and the backoff's cap (default 60)" })
    .option('llm-retries', { ...NUMBER, group: GROUP, describe: 'times a wrong answer is asked again before the fallback (default 2)' })
    .option('llm-retry-failed', { type: 'boolean', group: GROUP, describe: 'ask again the calls the record holds as failed (default: replay the failure)' })
    .option('llm-prices', { type: 'string', group: GROUP, describe: 'a JSON price file over the built-in table: {"openai:MODEL": {"input": USD/1M, "output": USD/1M}}' })
    .option('openai-base-url', { type: 'string', group: GROUP, describe: 'OpenAI base URL, with /v1 (default OPENAI_BASE_URL or https://api.openai.com/v1)' })
    .option('anthropic-base-url', { type: 'string', group: GROUP, describe: 'Anthropic base URL, the host only (default ANTHROPIC_BASE_URL or https://api.anthropic.com)' })
    .option('compatible-base-url', { type: 'string', group: GROUP, describe: 'base URL of an OpenAI-compatible server, with /v1 (default COMPATIBLE_BASE_URL)' })
    .option('openai-api-key', { type: 'string', group: GROUP, describe: 'OpenAI key (better: OPENAI_API_KEY; flags show in ps)' })
    .option('anthropic-api-key', { type: 'string', group: GROUP, describe: 'Anthropic key (better: ANTHROPIC_API_KEY)' })
    .option('compatible-api-key', { type: 'string', group: GROUP, describe: 'key of a compatible server, if it needs one (better: COMPATIBLE_API_KEY)' });
  return dryRun ? y2.option('dry-run', { type: 'boolean', group: GROUP, describe: 'print the estimated tokens and cost of the run; call nothing, write nothing' }) : y2;
}

export interface LlmArgs {
  maxCost?: string | undefined;
  dryRun?: boolean | undefined;
  llmCache?: string | undefined;
  llmReplay?: boolean | undefined;
  llmConcurrency?: string | undefined;
  llmRpm?: string | undefined;
  llmTpm?: string | undefined;
  llmTimeout?: string | undefined;
  llmAttempts?: string | undefined;
  llmRetryAfterCap?: string | undefined;
  llmRetries?: string | undefined;
  llmRetryFailed?: boolean | undefined;
  llmPrices?: string | undefined;
  openaiBaseUrl?: string | undefined;
  anthropicBaseUrl?: string | undefined;
  compatibleBaseUrl?: string | undefined;
  openaiApiKey?: string | undefined;
  anthropicApiKey?: string | undefined;
  compatibleApiKey?: string | undefined;
  llmTrustFile?: boolean | undefined;
}

const FLAG_OF: Record<keyof LlmArgs, string> = {
  maxCost: '--max-cost',
  dryRun: '--dry-run',
  llmCache: '--llm-cache',
  llmReplay: '--llm-replay',
  llmTrustFile: '--llm-trust-file',
  llmConcurrency: '--llm-concurrency',
  llmRpm: '--llm-rpm',
  llmTpm: '--llm-tpm',
  llmTimeout: '--llm-timeout',
  llmAttempts: '--llm-attempts',
  llmRetryAfterCap: '--llm-retry-after-cap',
  llmRetries: '--llm-retries',
  llmRetryFailed: '--llm-retry-failed',
  llmPrices: '--llm-prices',
  openaiBaseUrl: '--openai-base-url',
  anthropicBaseUrl: '--anthropic-base-url',
  compatibleBaseUrl: '--compatible-base-url',
  openaiApiKey: '--openai-api-key',
  anthropicApiKey: '--anthropic-api-key',
  compatibleApiKey: '--compatible-api-key',
};

/** The LLM flags given (set, even to false), as they were written. */
export function llmFlagsGiven(a: LlmArgs): string[] {
  return (Object.keys(FLAG_OF) as (keyof LlmArgs)[]).filter((k) => a[k] !== undefined).map((k) => FLAG_OF[k]);
}

/** Refuses LLM flags on a seating without a model: they would silently do nothing. */
export function noLlmFlags(a: LlmArgs, seating: string): void {
  const given = llmFlagsGiven(a);
  if (given.length > 0)
    fail(
      `${given.join(', ')} appl${given.length === 1 ? 'ies' : 'y'} to runs that seat a model (--agents openai:MODEL, anthropic:MODEL, compatible:MODEL@URL or ollama:MODEL); ` +
        `this seating (${seating}) has none`,
    );
}

export interface LlmSettings {
  /** USD; null: no limit; undefined: not given (a resumed run keeps its own). */
  readonly maxCost: number | null | undefined;
  readonly dryRun: boolean;
  /** The record's file; undefined: the results database. */
  readonly cache: string | undefined;
  readonly mode: 'live' | 'replay';
  readonly limits: Partial<Limits>;
  readonly policy: Partial<CallPolicy>;
  readonly retries: number | undefined;
  readonly retryFailed: boolean;
  readonly prices: PriceTable;
  readonly providers: Partial<Record<Provider, { apiKey?: string | undefined; baseURL?: string | undefined }>>;
  /** The environment the providers' keys and base URLs are read from (the command's). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** USD: a plain decimal (`20`, `0.5`), or `none`. */
function money(text: string): number | null {
  const t = text.trim();
  if (t === 'none') return null;
  const n = /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(n)) fail(`--max-cost takes an amount in US dollars (e.g. --max-cost 20 or 0.5), or none for no limit; not '${text}'`);
  return n;
}

function baseUrl(name: string, text: string | undefined): string | undefined {
  return text === undefined ? undefined : unwrap(checkBaseUrl(text), `--${name}`);
}

function key(name: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '') fail(`--${name} is empty: give the key, or leave the flag out and set the environment variable`);
  return text.trim();
}

export function llmSettingsFrom(a: LlmArgs, env: Readonly<Record<string, string | undefined>>): LlmSettings {
  if (a.llmReplay === true && a.llmRetryFailed === true)
    fail('--llm-retry-failed asks failed calls again over the network, and --llm-replay forbids the network: give one of them');
  if (a.llmCache !== undefined && a.llmCache.trim() === '') fail('--llm-cache needs a file path');
  // Checked before any file is opened: a refused record path leaves no results file behind.
  if (a.llmCache !== undefined) unwrap(inspectDbFile(a.llmCache.trim(), '--llm-cache'), '--llm-cache');
  const limits: { -readonly [K in keyof Limits]?: Limits[K] } = {};
  if (a.llmConcurrency !== undefined) limits.concurrency = count('llm-concurrency', a.llmConcurrency, 1, 10_000);
  if (a.llmRpm !== undefined) limits.rpm = count('llm-rpm', a.llmRpm, 1, 1_000_000);
  if (a.llmTpm !== undefined) limits.tpm = count('llm-tpm', a.llmTpm, 1, 1_000_000_000);
  const policy: { -readonly [K in keyof CallPolicy]?: CallPolicy[K] } = {};
  if (a.llmTimeout !== undefined) policy.timeoutMs = seconds('llm-timeout', a.llmTimeout);
  if (a.llmAttempts !== undefined) policy.maxAttempts = count('llm-attempts', a.llmAttempts, 1, 100);
  if (a.llmRetryAfterCap !== undefined) policy.retryAfterCapMs = seconds('llm-retry-after-cap', a.llmRetryAfterCap);
  return {
    env,
    maxCost: a.maxCost === undefined ? undefined : money(a.maxCost),
    dryRun: a.dryRun === true,
    cache: a.llmCache?.trim(),
    mode: a.llmReplay === true ? 'replay' : 'live',
    limits,
    policy,
    retries: a.llmRetries === undefined ? undefined : count('llm-retries', a.llmRetries, 0, 20),
    retryFailed: a.llmRetryFailed === true,
    prices: unwrap(loadPrices(a.llmPrices), '--llm-prices'),
    providers: {
      openai: { baseURL: baseUrl('openai-base-url', a.openaiBaseUrl), apiKey: key('openai-api-key', a.openaiApiKey) },
      anthropic: { baseURL: baseUrl('anthropic-base-url', a.anthropicBaseUrl), apiKey: key('anthropic-api-key', a.anthropicApiKey) },
      compatible: { baseURL: baseUrl('compatible-base-url', a.compatibleBaseUrl), apiKey: key('compatible-api-key', a.compatibleApiKey) },
    },
  };
}

/** --llm-trust-file: for the commands that call the models of stored games (resume, fork, persuasion). */
export const TRUST_FILE = {
  type: 'boolean',
  group: GROUP,
  describe: "call the servers a results file's model specs name (their URL and keyEnv): a file can name any server to receive your keys, so give it only for a file you trust",
} as const;

/**
 * A results file is untrusted input: a stored spec's URL chooses where a request goes, and
 * its keyEnv which of the user's variables it carries. Such specs are called only with
 * --llm-trust-file (or not at all: --llm-replay answers from the record); otherwise the
 * command stops before any request, saying what the file asks for (URLs masked, escaped).
 */
export function checkStoredEndpoints(specs: readonly LlmSpec[], a: LlmArgs, what: string): void {
  if (a.llmReplay === true || a.llmTrustFile === true) return;
  const named = [...new Set(specs.filter((s) => s.baseURL !== undefined || s.keyEnv !== undefined).map((s) => visible(maskUrl(s.text))))];
  if (named.length === 0) return;
  fail(
    `${what} seat${named.length === 1 ? 's a model' : 's models'} at a server the results file names: ${named.join(', ')}. A results file can name any ` +
      'server to receive your keys, and keyEnv any environment variable to send, so nothing was sent. Give --llm-trust-file if you trust this file ' +
      '(those servers and variables are then used as stored), or --llm-replay to answer from the record alone',
  );
}
