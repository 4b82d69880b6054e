// Keys never stored or shown. A provider, or a proxy in front of it, may echo the
// credentials it was sent in an error body ("Incorrect API key provided: Bearer sk-…"),
// and an SDK puts that body in its error's message; a compatible server may echo them in
// an answer, whole or in part, upper-cased or base64-encoded. So every configured key
// (at least MIN_SECRET_LENGTH characters) is masked by its name (`[OPENAI_API_KEY]`) in
// error texts and response bodies as they leave the transport, before anything is
// recorded, counted or printed: any run of SECRET_RUN or more consecutive characters of
// the key (the whole key when it is shorter), case-insensitively, and the same of its
// base64 (at each of the three byte alignments, standard and URL-safe alphabets). In error
// texts, whatever follows `Bearer`, `x-api-key:` or `Authorization:` is masked too (a key
// we were not told of, sent by a proxy), and so are a URL's user and password and its
// credential-like query values (`maskUrl`).
//
// The limits: a key shorter than MIN_SECRET_LENGTH is not masked (masking "none" would
// mangle every answer that says it), nor is a piece of a key shorter than SECRET_RUN, nor
// a key transformed otherwise (reversed, hex, split by other characters).

import type { TransportError } from './providers/types.js';

/** Shorter values are not keys (masking "none" would mangle every answer that says it). */
export const MIN_SECRET_LENGTH = 8;

/** Any run of this many consecutive characters of a key is masked (the whole key if it is shorter). */
export const SECRET_RUN = 12;

export interface NamedSecret {
  /** How it is shown instead: the environment variable or flag that holds it. */
  readonly name: string;
  readonly value: string | undefined;
}

const HEADER_VALUE = /\b(bearer|basic)(\s+)(?!\[)[^\s"',;)}\]]{8,}/gi;
const HEADER_FIELD = /\b(x-api-key|api[-_]?key|authorization)(["']?\s*[:=]\s*["']?(?:(?:bearer|basic)\s+)?)(?!\[)[^\s"',;)}\]]{8,}/gi;

/** Query parameters whose values are credentials (`?api-key=…`, `&token=…`). */
const SECRET_QUERY_NAMES = 'api[-_]?key|apikey|key|token|access[-_]?token|auth|secret|client[-_]?secret|password|passwd|pwd|sig|signature|code';
/** `?api-key=VALUE` and the like, in any text (made per use: a module keeps no regex state). */
const queryValue = () => new RegExp(`([?&;](?:${SECRET_QUERY_NAMES})=)(?!\\[masked\\])[^&#\\s"'<>]+`, 'gi');
const isSecretQuery = (name: string) => new RegExp(`^(?:${SECRET_QUERY_NAMES})$`, 'i').test(name);
/** `scheme://user:password@` → `scheme://[masked]@`. */
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)(?!\[masked\]@)[^/?#\s@"'<>]+@/gi;

/** A URL (or any text holding URLs) with its user and password and its credential-like query values masked: for printing a base URL. */
export function maskUrl(text: string): string {
  return text.replace(USERINFO, '$1[masked]@').replace(queryValue(), '$1[masked]');
}

/**
 * The credentials a base URL carries (its user and password, its credential-like query
 * values), named after where the URL came from: masked like keys wherever they appear.
 */
export function urlSecrets(url: string | undefined, source: string): NamedSecret[] {
  if (url === undefined) return [];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [];
  }
  const out: NamedSecret[] = [];
  const both = (name: string, raw: string) => {
    out.push({ name, value: raw });
    try {
      out.push({ name, value: decodeURIComponent(raw) });
    } catch {
      // not percent-encoded text: the raw form is enough
    }
  };
  if (u.username !== '') both(`user in ${source}`, u.username);
  if (u.password !== '') both(`password in ${source}`, u.password);
  for (const [k, v] of u.searchParams) if (isSecretQuery(k)) out.push({ name: `${k} in ${source}`, value: v });
  return out;
}

/** ASCII letters lower-cased, nothing else touched: the text keeps its length, so indices match. */
const fold = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** The base64 of `key`'s bytes as it appears inside a longer encoded text: at each of the three alignments, the characters fixed by the key alone. */
/**
 * JSON's escapes of the characters keys are written with (letters, digits, + / = _ - .)
 * decoded; any other escape is left as it is, so JSON inside the text stays JSON.
 */
function decodeKeyEscapes(text: string): string {
  return text.replace(/\\u([0-9a-fA-F]{4})|\\\//g, (m: string, hex: string | undefined) => {
    if (hex === undefined) return '/';
    const c = String.fromCharCode(parseInt(hex, 16));
    return /^[A-Za-z0-9+/=_.-]$/.test(c) ? c : m;
  });
}

function base64Forms(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  const forms: string[] = [];
  for (const lead of [0, 1, 2]) {
    // Encoded between zero bytes and between 0xff bytes: the characters that agree depend on the key only.
    const a = Buffer.concat([Buffer.alloc(lead, 0), bytes, Buffer.alloc(2, 0)]).toString('base64');
    const b = Buffer.concat([Buffer.alloc(lead, 0xff), bytes, Buffer.alloc(2, 0xff)]).toString('base64');
    let start = 0;
    while (start < a.length && a[start] !== b[start]) start++;
    let end = Math.min(a.length, b.length);
    while (end > start && a[end - 1] !== b[end - 1]) end--;
    const fixed = a.slice(start, end);
    forms.push(fixed, fixed.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return forms;
}

interface Form {
  readonly name: string;
  /** Every run of `run` characters of the form, folded. */
  readonly grams: ReadonlySet<string>;
  readonly run: number;
}

export class Secrets {
  private readonly forms: readonly Form[];
  private readonly runs: readonly number[];

  constructor(secrets: readonly NamedSecret[]) {
    const seen = new Map<string, string>();
    for (const s of secrets) if (s.value !== undefined && s.value.length >= MIN_SECRET_LENGTH && !seen.has(s.value)) seen.set(s.value, s.name);
    const forms: Form[] = [];
    for (const [value, name] of seen)
      for (const form of new Set([value, ...base64Forms(value)].map(fold))) {
        if (form.length < MIN_SECRET_LENGTH) continue;
        const run = Math.min(SECRET_RUN, form.length);
        const grams = new Set<string>();
        for (let i = 0; i + run <= form.length; i++) grams.add(form.slice(i, i + run));
        forms.push({ name, grams, run });
      }
    this.forms = forms;
    this.runs = [...new Set(forms.map((f) => f.run))];
  }

  static readonly none = new Secrets([]);

  /**
   * The configured keys (and their pieces, case-insensitively, and their base64) replaced
   * by their names; nothing else is touched (a model's words). A model's answer is JSON
   * inside the response: it may spell a key's characters as JSON escapes (`\u0041`, `\/`),
   * which the answer's parser then decodes. So the text is read with those escapes decoded
   * too, and where that reveals a key, the decoded text is returned, masked.
   */
  exact(text: string): string {
    if (this.forms.length === 0 || text.length < MIN_SECRET_LENGTH) return text;
    const masked = this.plain(text);
    if (!masked.includes('\\')) return masked;
    const decoded = decodeKeyEscapes(masked);
    const again = this.plain(decoded);
    return again === decoded ? masked : again;
  }

  private plain(text: string): string {
    const folded = fold(text);
    // Each character of the text that a key's run covers, with the key's name.
    const covered: (string | undefined)[] = [];
    let any = false;
    for (const run of this.runs)
      for (let i = 0; i + run <= folded.length; i++) {
        const gram = folded.slice(i, i + run);
        const f = this.forms.find((x) => x.run === run && x.grams.has(gram));
        if (f === undefined) continue;
        any = true;
        for (let j = i; j < i + run; j++) covered[j] ??= f.name;
      }
    if (!any) return text;
    let out = '';
    for (let i = 0; i < text.length; ) {
      const name = covered[i];
      if (name === undefined) {
        out += text[i];
        i++;
        continue;
      }
      while (i < text.length && covered[i] !== undefined) i++;
      out += `[${name}]`;
    }
    return out;
  }

  /** An error text (a provider's, an SDK's): the keys, any credential after Bearer, x-api-key or Authorization, and a URL's credentials, masked. */
  text(text: string): string {
    return maskUrl(this.exact(text)).replace(HEADER_VALUE, '$1$2[masked]').replace(HEADER_FIELD, '$1$2[masked]');
  }

  /** A transport error with its message masked. */
  error(e: TransportError): TransportError {
    return { ...e, message: this.text(e.message) };
  }

  /** A response body (JSON data) with every string's configured keys masked (property names too). */
  value<T>(v: T): T {
    return this.forms.length === 0 ? v : (this.walk(v) as T);
  }

  private walk(x: unknown): unknown {
    if (typeof x === 'string') return this.exact(x);
    if (Array.isArray(x)) return x.map((y) => this.walk(y));
    if (typeof x === 'object' && x !== null) return Object.fromEntries(Object.entries(x).map(([k, y]) => [this.exact(k), this.walk(y)]));
    return x;
  }
}
