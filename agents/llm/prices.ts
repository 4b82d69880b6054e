// Prices in US dollars per million tokens, by model. The built-in table holds public
// list prices (standard tier, no batch or cache discounts) as the providers' pricing
// pages gave them in early 2026: check them before trusting a cost, and extend or
// override them with a JSON file (--llm-prices FILE):
//
//   { "openai:gpt-4o-mini": { "input": 0.15, "output": 0.6 },
//     "compatible:meta-llama/llama-3.1-8b-instruct": { "input": 0.02, "output": 0.05 } }
//
// A key is `provider:model` or a bare model name. It prices that model and its dated
// snapshots (`gpt-4o-mini-2024-07-18`, `claude-haiku-4-5-20251001`, `…-latest`), and
// nothing else: `gpt-5.4` is not `gpt-5`, so a model the table does not know has no
// price (and --max-cost refuses it) rather than a wrong one.

import { readFileSync } from 'node:fs';
import { err, ok, type Result } from '../../engine/index.js';
import { PROVIDERS, type Provider } from './spec.js';

export interface Price {
  /** USD per million input tokens. */
  readonly input: number;
  /** USD per million output tokens. */
  readonly output: number;
}

export type PriceTable = ReadonlyMap<string, Price>;

export const BUILTIN_PRICES: Readonly<Record<string, Price>> = {
  'openai:gpt-4o-mini': { input: 0.15, output: 0.6 },
  'openai:gpt-4o': { input: 2.5, output: 10 },
  'openai:gpt-4.1': { input: 2, output: 8 },
  'openai:gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'openai:gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'openai:gpt-5': { input: 1.25, output: 10 },
  'openai:gpt-5-mini': { input: 0.25, output: 2 },
  'openai:gpt-5-nano': { input: 0.05, output: 0.4 },
  'openai:o3': { input: 2, output: 8 },
  'openai:o4-mini': { input: 1.1, output: 4.4 },
  'anthropic:claude-3-5-haiku': { input: 0.8, output: 4 },
  'anthropic:claude-haiku-4-5': { input: 1, output: 5 },
  'anthropic:claude-sonnet-4': { input: 3, output: 15 },
  'anthropic:claude-sonnet-4-5': { input: 3, output: 15 },
  'anthropic:claude-opus-4-1': { input: 15, output: 75 },
  'anthropic:claude-opus-4-5': { input: 5, output: 25 },
};

export function builtinPrices(): Map<string, Price> {
  return new Map(Object.entries(BUILTIN_PRICES));
}

function isPrice(x: unknown): x is Price {
  const p = x as Price;
  return typeof x === 'object' && x !== null && typeof p.input === 'number' && typeof p.output === 'number' && p.input >= 0 && p.output >= 0;
}

/** Reads a price file over the built-in table (its entries override). */
export function loadPrices(path: string | undefined, base: PriceTable = builtinPrices()): Result<PriceTable, string> {
  const table = new Map(base);
  if (path === undefined) return ok(table);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return err(`cannot read the price file ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return err(`the price file ${path} must be a JSON object like {"openai:gpt-4o-mini": {"input": 0.15, "output": 0.6}} (USD per million tokens)`);
  for (const [k, v] of Object.entries(data)) {
    if (!isPrice(v)) return err(`price file ${path}: '${k}' needs {"input": USD per 1M tokens, "output": USD per 1M tokens}, both numbers ≥ 0`);
    table.set(k, { input: v.input, output: v.output });
  }
  return ok(table);
}

const SNAPSHOT = /^-(\d{4}-?\d{2}-?\d{2}|latest)$/;

/** The price of a model: its key, or its snapshot's; a provider-qualified key before a bare one. */
export function priceOf(table: PriceTable, provider: Provider, model: string): Price | undefined {
  let bare: Price | undefined;
  for (const [key, price] of table) {
    const colon = key.indexOf(':');
    const qualified = colon > 0 && (PROVIDERS as readonly string[]).includes(key.slice(0, colon));
    const keyModel = qualified ? key.slice(colon + 1) : key;
    if (qualified && key.slice(0, colon) !== provider) continue;
    if (model !== keyModel && !(model.startsWith(keyModel) && SNAPSHOT.test(model.slice(keyModel.length)))) continue;
    if (qualified) return price;
    bare ??= price;
  }
  return bare;
}

export function costOf(price: Price, inputTokens: number, outputTokens: number): number {
  return (inputTokens * price.input + outputTokens * price.output) / 1e6;
}

/** A server on this machine (Ollama, llama.cpp, vLLM on localhost): free unless priced. */
export function isLoopback(url: string | undefined): boolean {
  if (url === undefined) return false;
  try {
    const h = new URL(url).hostname;
    return h === '127.0.0.1' || h === 'localhost' || h === '[::1]' || h === '::1';
  } catch {
    return false;
  }
}

export const FREE: Price = { input: 0, output: 0 };

/** The price of a model at a base URL: the table's, or free on this machine, or unknown. */
export function priceAt(table: PriceTable, provider: Provider, model: string, baseURL: string | undefined): Price | undefined {
  return priceOf(table, provider, model) ?? (provider === 'compatible' && isLoopback(baseURL) ? FREE : undefined);
}

/** A cost in US dollars for people: four decimals under 10 cents, else two; `null` (a model with no price) said so. */
export function usd(x: number | null): string {
  return x === null ? 'unknown (no price)' : `$${x < 0.1 ? x.toFixed(4) : x.toFixed(2)}`;
}
