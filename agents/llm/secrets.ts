// Keys never stored or shown. A provider, or a proxy in front of it, may echo the
// credentials it was sent in an error body ("Incorrect API key provided: Bearer sk-…"),
// and an SDK puts that body in its error's message; a compatible server may echo them in
// an answer. Every configured key value is replaced by its name (`[OPENAI_API_KEY]`) in
// error texts and response bodies as they leave the transport, before anything is
// recorded, counted or printed; in error texts, whatever follows `Bearer`, `x-api-key:`
// or `Authorization:` is masked too (a key we were not told of, sent by a proxy).

import type { TransportError } from './providers/types.js';

/** Shorter values are not keys (masking "none" would mangle every answer that says it). */
export const MIN_SECRET_LENGTH = 8;

export interface NamedSecret {
  /** How it is shown instead: the environment variable or flag that holds it. */
  readonly name: string;
  readonly value: string | undefined;
}

const HEADER_VALUE = /\b(bearer|basic)(\s+)(?!\[)[^\s"',;)}\]]{8,}/gi;
const HEADER_FIELD = /\b(x-api-key|api[-_]?key|authorization)(["']?\s*[:=]\s*["']?(?:(?:bearer|basic)\s+)?)(?!\[)[^\s"',;)}\]]{8,}/gi;

export class Secrets {
  private readonly known: readonly { readonly name: string; readonly value: string }[];

  constructor(secrets: readonly NamedSecret[]) {
    const seen = new Map<string, string>();
    for (const s of secrets) if (s.value !== undefined && s.value.length >= MIN_SECRET_LENGTH && !seen.has(s.value)) seen.set(s.value, s.name);
    // Longest first: a key that holds another is masked whole.
    this.known = [...seen].map(([value, name]) => ({ name, value })).sort((a, b) => b.value.length - a.value.length);
  }

  static readonly none = new Secrets([]);

  /** The configured keys replaced by their names (a model's words: nothing else is touched). */
  exact(text: string): string {
    let out = text;
    for (const k of this.known) if (out.includes(k.value)) out = out.replaceAll(k.value, `[${k.name}]`);
    return out;
  }

  /** An error text (a provider's, an SDK's): the keys, and any credential after Bearer, x-api-key or Authorization, masked. */
  text(text: string): string {
    return this.exact(text).replace(HEADER_VALUE, '$1$2[masked]').replace(HEADER_FIELD, '$1$2[masked]');
  }

  /** A transport error with its message masked. */
  error(e: TransportError): TransportError {
    return { ...e, message: this.text(e.message) };
  }

  /** A response body (JSON data) with every string's configured keys masked (property names too). */
  value<T>(v: T): T {
    return this.known.length === 0 ? v : (this.walk(v) as T);
  }

  private walk(x: unknown): unknown {
    if (typeof x === 'string') return this.exact(x);
    if (Array.isArray(x)) return x.map((y) => this.walk(y));
    if (typeof x === 'object' && x !== null) return Object.fromEntries(Object.entries(x).map(([k, y]) => [this.exact(k), this.walk(y)]));
    return x;
  }
}
