// An LLM agent's spec: `PROVIDER:MODEL[@BASE_URL][,key=value...]`.
//
//   openai:gpt-4o-mini                         OpenAI (OPENAI_API_KEY, OPENAI_BASE_URL)
//   anthropic:claude-haiku-4-5,temperature=1   Anthropic (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL)
//   compatible:llama3.1:8b@http://127.0.0.1:8080/v1,format=json
//                                              any OpenAI-compatible server (vLLM, llama.cpp,
//                                              LM Studio, OpenRouter; COMPATIBLE_BASE_URL,
//                                              COMPATIBLE_API_KEY)
//   ollama:qwen2.5:7b                          = compatible at http://127.0.0.1:11434/v1
//
// The model may contain ':' and '/' (Ollama tags, OpenRouter names); the base URL starts
// at the '@' before `http://` or `https://`. Parameters never carry secrets: the spec is
// stored with every result, so a key is named by the environment variable holding it
// (`keyEnv=OPENROUTER_API_KEY`), never written out.

import { err, ok, type Result } from '../../engine/index.js';

export const PROVIDERS = ['openai', 'anthropic', 'compatible'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** How the answer's structure is asked for. */
export const FORMATS = ['schema', 'json', 'text'] as const;
export type AnswerFormat = (typeof FORMATS)[number];

export const OLLAMA_BASE_URL = 'http://127.0.0.1:11434/v1';

export interface LlmSpec {
  readonly provider: Provider;
  readonly model: string;
  /** Set for `compatible` (or `ollama`) when given in the spec; otherwise from flags or env. */
  readonly baseURL: string | undefined;
  /**
   * schema: JSON schema (OpenAI `response_format`, Anthropic forced tool use);
   * json: JSON mode (`response_format: json_object`) with the format described in the prompt;
   * text: no constraint at all, the JSON is read out of the reply (any local server).
   */
  readonly format: AnswerFormat;
  readonly temperature: number | undefined;
  readonly maxTokens: number;
  readonly concurrency: number | undefined;
  readonly rpm: number | undefined;
  readonly tpm: number | undefined;
  /** The environment variable holding the API key, when not the provider's usual one. */
  readonly keyEnv: string | undefined;
  /** Canonical text (stored with results). */
  readonly text: string;
}

export const DEFAULT_MAX_TOKENS = 1000;

const PARAMS = ['format', 'temperature', 'maxTokens', 'concurrency', 'rpm', 'tpm', 'keyEnv'] as const;
type Param = (typeof PARAMS)[number];

function positiveInt(name: string, v: string, max: number): Result<number, string> {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > max) return err(`${name} takes a whole number from 1 to ${max}, not '${v}'`);
  return ok(n);
}

function splitUrl(s: string): { model: string; url: string | undefined } {
  const m = /@(https?:\/\/.*)$/.exec(s);
  if (m === null) return { model: s, url: undefined };
  return { model: s.slice(0, m.index), url: m[1] };
}

/** Parses the argument of an LLM kind (the text after `provider:`). `ollama` is `compatible` with Ollama's URL. */
export function parseLlmSpec(kind: string, argument: string | undefined): Result<LlmSpec, string> {
  const provider: Provider | undefined = kind === 'ollama' ? 'compatible' : (PROVIDERS as readonly string[]).includes(kind) ? (kind as Provider) : undefined;
  if (provider === undefined) return err(`unknown LLM provider '${kind}'; providers are ${[...PROVIDERS, 'ollama'].join(', ')}`);
  const example = kind === 'anthropic' ? 'anthropic:claude-haiku-4-5' : kind === 'openai' ? 'openai:gpt-4o-mini' : `${kind}:qwen2.5:7b`;
  if (argument === undefined || argument.trim() === '') return err(`name the model: ${example}`);
  const [head = '', ...rest] = argument.trim().split(',');
  const { model, url } = splitUrl(head.trim());
  if (model === '') return err(`name the model before the URL: ${example}@http://127.0.0.1:8000/v1`);
  if (url !== undefined && provider !== 'compatible')
    return err(`a base URL in the spec is for compatible servers; for ${provider} use --${provider}-base-url or ${provider.toUpperCase()}_BASE_URL`);
  if (url !== undefined) {
    try {
      new URL(url);
    } catch {
      return err(`'${url}' is not a URL (e.g. http://127.0.0.1:11434/v1)`);
    }
  }
  const values: Partial<Record<Param, string>> = {};
  for (const raw of rest) {
    const eq = raw.indexOf('=');
    const key = (eq < 0 ? raw : raw.slice(0, eq)).trim();
    if (!(PARAMS as readonly string[]).includes(key))
      return err(`unknown parameter '${key}'; parameters are ${PARAMS.join(', ')} (key=value, after the model, comma-separated)`);
    if (eq < 0) return err(`parameter ${key} needs a value: ${key}=...`);
    values[key as Param] = raw.slice(eq + 1).trim();
  }
  let format: AnswerFormat = 'schema';
  if (values.format !== undefined) {
    if (!(FORMATS as readonly string[]).includes(values.format))
      return err(`format is one of ${FORMATS.join(', ')} (schema: JSON schema / tool use; json: JSON mode; text: JSON read from plain text), not '${values.format}'`);
    format = values.format as AnswerFormat;
  }
  let temperature: number | undefined;
  if (values.temperature !== undefined) {
    temperature = Number(values.temperature);
    if (values.temperature === '' || !Number.isFinite(temperature) || temperature < 0 || temperature > 2)
      return err(`temperature takes a number from 0 to 2, not '${values.temperature}'`);
  }
  const ints: Partial<Record<'maxTokens' | 'concurrency' | 'rpm' | 'tpm', number>> = {};
  for (const [key, max] of [['maxTokens', 200_000], ['concurrency', 10_000], ['rpm', 1_000_000], ['tpm', 1_000_000_000]] as const) {
    const v = values[key];
    if (v === undefined) continue;
    const n = positiveInt(key, v, max);
    if (!n.ok) return n;
    ints[key] = n.value;
  }
  if (values.keyEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(values.keyEnv))
    return err(`keyEnv names an environment variable (e.g. keyEnv=OPENROUTER_API_KEY), not '${values.keyEnv}'`);
  const baseURL = url ?? (kind === 'ollama' ? OLLAMA_BASE_URL : undefined);
  const params = PARAMS.filter((p) => values[p] !== undefined).map((p) => `${p}=${p === 'format' ? format : p === 'temperature' ? temperature : p === 'keyEnv' ? values.keyEnv : ints[p as keyof typeof ints]}`);
  const text = `${provider}:${model}${baseURL === undefined ? '' : `@${baseURL}`}${params.map((p) => `,${p}`).join('')}`;
  return ok({
    provider,
    model,
    baseURL,
    format,
    temperature,
    maxTokens: ints.maxTokens ?? DEFAULT_MAX_TOKENS,
    concurrency: ints.concurrency,
    rpm: ints.rpm,
    tpm: ints.tpm,
    keyEnv: values.keyEnv,
    text,
  });
}

/** The limiter and price key of a spec: provider and model (and the server, for compatible). */
export function modelKey(spec: Pick<LlmSpec, 'provider' | 'model'>): string {
  return `${spec.provider}:${spec.model}`;
}
