// The model's answer: its JSON schema (per decision: only the fields that decision
// uses), and a strict reader that turns the JSON into an engine Answer or says exactly
// what is wrong, so the model can be asked again with that message.
//
// Fields: `reasoning` (private, never shown to players; kept in the run's store),
// `choice` (a label from the menu, or a list of players), `say` (the pack's night chat),
// `speech` (said aloud) and `claims` (the engine's Claim format, players written "P3");
// at a day vote, `beliefs`: the probability the model gives each other player of being a
// werewolf, or null — optional (a reply without it is read as null), private, and scored
// by the behaviour metrics (docs/metrics.md), never by the game.

import { CLAIM_ACTIONS, CLAIM_FIELDS, CLAIM_TYPES, MAX_CLAIMS, MAX_TEXT, SEEN_TEAMS, type Claim, type SeenResult } from '../../engine/index.js';
import type { Answer, Decision } from '../../engine/index.js';
import { err, ok, type Result } from '../../engine/index.js';
import { ROLES, isRole } from '../../engine/index.js';
import { P } from '../../narrate/transcript.js';
import type { Menu } from './choices.js';
import { capped, json, quote } from './quote.js';
import { readBeliefs, seatOfLabel } from '../beliefs.js';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The fields asked for a decision, in order. */
export function answerFields(d: Decision): readonly string[] {
  if (d.kind === 'speech') return ['reasoning', 'speech', 'claims'];
  if (d.kind === 'pack') return ['reasoning', 'say', 'choice'];
  if (d.kind === 'vote') return ['reasoning', 'choice', 'beliefs'];
  return ['reasoning', 'choice'];
}

/** Fields a reply may leave out (read as null). */
const OPTIONAL_FIELDS: ReadonlySet<string> = new Set(['beliefs']);

const str = (description: string): Json => ({ type: 'string', description });
const players = (n: number): string[] => Array.from({ length: n }, (_, i) => P(i));

/** Claims about another player name anyone but the speaker; an action claim may name himself ("I protected myself"). */
function claimSchema(playerLabels: readonly string[], speaker: number): Json {
  const target = { type: 'string', enum: playerLabels.filter((_, i) => i !== speaker) };
  const anyone = { type: 'string', enum: [...playerLabels] };
  const variant = (type: string, props: Record<string, Json>): Json => ({
    type: 'object',
    additionalProperties: false,
    required: ['type', ...Object.keys(props)],
    properties: { type: { type: 'string', enum: [type] }, ...props },
  });
  return {
    anyOf: [
      variant('role', { role: { type: 'string', enum: [...ROLES] } }),
      variant('seen', { target, result: { type: 'string', enum: [...ROLES, ...SEEN_TEAMS] } }),
      variant('suspect', { target }),
      variant('trust', { target }),
      variant('action', { action: { type: 'string', enum: [...CLAIM_ACTIONS] }, target: anyone }),
      variant('vote-intent', { target }),
    ],
  };
}

/** The JSON schema of the answer to `d` (strict: every field required, nothing else allowed). */
export function answerSchema(d: Decision, menu: Menu, playerCount: number): Json {
  const props: Record<string, Json> = {
    reasoning: str('your private reasoning: never shown to the other players'),
  };
  if (d.kind === 'speech') {
    props.speech = str(`what you say aloud to the table (may be empty; at most ${MAX_TEXT} characters)`);
    props.claims = { type: 'array', description: `your claims, heard by everyone (at most ${MAX_CLAIMS})`, items: claimSchema(players(playerCount), d.seat) };
  }
  if (d.kind === 'pack') props.say = str(`your words to the pack (only the werewolves hear them; at most ${MAX_TEXT} characters)`);
  if (d.kind === 'vote') {
    // Strict schemas list every property as required: each player's probability may be null.
    const others = players(playerCount).filter((_, i) => i !== d.seat);
    const prob: Json = { anyOf: [{ type: 'number' }, { type: 'null' }] };
    props.beliefs = {
      anyOf: [
        { type: 'null' },
        { type: 'object', additionalProperties: false, required: others, properties: Object.fromEntries(others.map((p) => [p, prob])) },
      ],
      description: 'optional: your probability (0 to 1) that each other player is a werewolf, null where you give none; private, never shown to the players',
    };
  }
  switch (menu.kind) {
    case 'one':
      props.choice = { type: 'string', enum: menu.options.map((o) => o.label), description: 'one of the legal choices' };
      break;
    case 'many':
      props.choice = { type: 'array', items: { type: 'string', enum: menu.candidates.map(P) }, description: 'the players you name' };
      break;
    case 'speech':
      break;
  }
  return { type: 'object', additionalProperties: false, required: [...answerFields(d)], properties: props };
}

/** An example answer, for prompts that describe the format in words (json and text formats). */
export function exampleAnswer(d: Decision, menu: Menu): string {
  const ex: Record<string, Json> = { reasoning: '…your private thoughts…' };
  if (d.kind === 'speech') {
    ex.speech = '…what you say…';
    ex.claims = [{ type: 'suspect', target: P(d.seat === 0 ? 1 : 0) }];
  }
  if (d.kind === 'pack') ex.say = '…to your pack…';
  if (menu.kind === 'one') ex.choice = menu.options[0]?.label ?? null;
  if (d.kind === 'vote') ex.beliefs = { [P(d.seat === 0 ? 1 : 0)]: 0.6 };
  if (menu.kind === 'many') ex.choice = menu.candidates.slice(0, menu.count ?? 1).map(P);
  return JSON.stringify(ex);
}

/** Words longer than the engine's MAX_TEXT, cut to it (recorded as a note, shown in transcripts). */
export interface Cut {
  readonly field: 'speech' | 'say';
  /** Characters kept (MAX_TEXT, or one less not to split a surrogate pair) and dropped. */
  readonly kept: number;
  readonly dropped: number;
}

export interface ReadAnswer {
  readonly answer: Answer;
  readonly reasoning: string;
  readonly cut: Cut | null;
  /** At a day vote: the stated probability that each seat is a werewolf (NaN where none), or null. */
  readonly beliefs?: Float64Array | null;
}

/** Words cut to MAX_TEXT characters, and what was cut. */
function wordsOf(field: Cut['field'], raw: string): { text: string; cut: Cut | null } {
  const c = capped(raw.trim(), MAX_TEXT);
  return { text: c.text, cut: c.cut === 0 ? null : { field, kept: c.text.length, dropped: c.cut } };
}

function readClaim(c: unknown, i: number, playerCount: number): Result<Claim, string> {
  const where = `claims[${i}]`;
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return err(`${where} must be an object like {"type":"suspect","target":"P2"}`);
  const o = c as Record<string, unknown>;
  const type = o.type;
  if (typeof type !== 'string' || !(CLAIM_TYPES as readonly string[]).includes(type))
    return err(`${where}.type must be one of ${CLAIM_TYPES.join(', ')}`);
  const fields = CLAIM_FIELDS[type as keyof typeof CLAIM_FIELDS];
  for (const k of Object.keys(o))
    if (k !== 'type' && !fields.includes(k)) return err(`${where}: a ${type} claim has only ${['type', ...fields].join(', ')} (not '${k}')`);
  for (const f of fields) if (!(f in o)) return err(`${where}: a ${type} claim needs '${f}'`);
  let target = -1;
  if (fields.includes('target')) {
    const t = seatOfLabel(o.target, playerCount);
    if (t === null) return err(`${where}.target must be a player label P1..P${playerCount}, not ${json(o.target)}`);
    target = t;
  }
  switch (type as (typeof CLAIM_TYPES)[number]) {
    case 'role':
      if (typeof o.role !== 'string' || !isRole(o.role)) return err(`${where}.role must be one of ${ROLES.join(', ')}`);
      return ok({ type: 'role', role: o.role });
    case 'seen': {
      const r = o.result;
      if (typeof r !== 'string' || !(isRole(r) || (SEEN_TEAMS as readonly string[]).includes(r)))
        return err(`${where}.result must be a role or one of ${SEEN_TEAMS.join(', ')}`);
      return ok({ type: 'seen', target, result: r as SeenResult });
    }
    case 'suspect':
    case 'trust':
    case 'vote-intent':
      return ok({ type: type as 'suspect' | 'trust' | 'vote-intent', target });
    case 'action': {
      const a = o.action;
      if (typeof a !== 'string' || !(CLAIM_ACTIONS as readonly string[]).includes(a))
        return err(`${where}.action must be one of ${CLAIM_ACTIONS.join(', ')}`);
      return ok({ type: 'action', action: a as (typeof CLAIM_ACTIONS)[number], target });
    }
  }
}

/**
 * Reads a parsed JSON value as the answer to `d`: exactly the fields asked, of the right
 * types, and a choice from the menu. Legality beyond the menu (e.g. a claim about
 * oneself) is the engine's `validateAnswer`, which the agent runs next.
 */
export function readAnswer(value: unknown, d: Decision, menu: Menu, playerCount: number): Result<ReadAnswer, string> {
  const fields = answerFields(d);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return err(`the answer must be a JSON object with the fields ${fields.join(', ')}`);
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!fields.includes(k)) return err(`unexpected field '${k}': the answer has exactly the fields ${fields.join(', ')}`);
  for (const f of fields) if (!(f in o) && !OPTIONAL_FIELDS.has(f)) return err(`missing field '${f}': the answer has exactly the fields ${fields.join(', ')}`);
  if (typeof o.reasoning !== 'string') return err('reasoning must be a string');
  const reasoning = o.reasoning;
  let beliefs: Float64Array | null = null;
  if (d.kind === 'vote') {
    const b = readBeliefs(o.beliefs, d.seat, playerCount);
    if (!b.ok) return b;
    beliefs = b.value;
  }
  switch (menu.kind) {
    case 'speech': {
      if (typeof o.speech !== 'string') return err('speech must be a string (it may be empty)');
      if (!Array.isArray(o.claims)) return err('claims must be a list (it may be empty)');
      const claims: Claim[] = [];
      for (let i = 0; i < o.claims.length; i++) {
        const c = readClaim(o.claims[i], i, playerCount);
        if (!c.ok) return c;
        claims.push(c.value);
      }
      const { text, cut } = wordsOf('speech', o.speech);
      return ok({ reasoning, cut, answer: text === '' ? { kind: 'speech', claims } : { kind: 'speech', claims, text } });
    }
    case 'one': {
      if (typeof o.choice !== 'string') return err('choice must be a string: one of the legal choices');
      const opt = menu.options.find((x) => x.label === o.choice);
      if (opt === undefined)
        return err(`${quote(o.choice)} is not a legal choice; legal choices: ${menu.options.map((x) => `"${x.label}"`).join(', ')}`);
      if (d.kind === 'pack') {
        if (typeof o.say !== 'string') return err('say must be a string (it may be empty)');
        const { text: say, cut } = wordsOf('say', o.say);
        return ok({ reasoning, cut, answer: say === '' ? opt.answer : { ...(opt.answer as Answer & { kind: 'pack' }), say } });
      }
      return ok({ reasoning, cut: null, answer: opt.answer, beliefs });
    }
    case 'many': {
      if (!Array.isArray(o.choice)) return err('choice must be a list of player labels like ["P1","P4"]');
      const seats: number[] = [];
      for (const x of o.choice) {
        const s = seatOfLabel(x, playerCount);
        if (s === null || !menu.candidates.includes(s))
          return err(`${json(x)} is not a player you may name; you may name ${menu.candidates.map((c) => `"${P(c)}"`).join(', ')}`);
        seats.push(s);
      }
      switch (d.kind) {
        case 'cupid':
          return ok({ reasoning, cut: null, answer: { kind: 'cupid', lovers: seats as unknown as readonly [number, number] } });
        case 'piper':
          return ok({ reasoning, cut: null, answer: { kind: 'piper', targets: seats } });
        case 'scapegoat':
          return ok({ reasoning, cut: null, answer: { kind: 'scapegoat', voters: seats } });
        case 'friends':
          return ok({ reasoning, cut: null, answer: { kind: 'friends', friends: seats } });
        default:
          return err(`internal: a '${d.kind}' decision has no list choice`);
      }
    }
  }
}

/**
 * The JSON object in a reply's text: the whole text, or the first {...} block in it
 * (local models wrap JSON in prose or ``` fences). Errors say what was found.
 */
export function extractJson(text: string): Result<unknown, string> {
  const t = text.trim();
  if (t === '') return err('the reply was empty: answer with one JSON object');
  try {
    return ok(JSON.parse(t));
  } catch {
    // fall through: look for an object inside the text
  }
  const start = t.indexOf('{');
  const end = t.lastIndexOf('}');
  if (start < 0 || end <= start) return err(`no JSON object in the reply (it began: ${quote(t.slice(0, 80))})`);
  try {
    return ok(JSON.parse(t.slice(start, end + 1)));
  } catch (e) {
    return err(`the JSON in the reply does not parse (${e instanceof Error ? e.message : String(e)})`);
  }
}
