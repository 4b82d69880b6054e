// The one change a fork makes at its decision: a speech silenced, another speech or other
// claims in its place, or another answer to any other decision. Edits are data, read from
// the command line's words here (`--silence`, `--say TEXT`, `--claim SPEC`, `--answer
// VALUE`) and checked against the decision they replace: a speech edit on a vote, or an
// answer the rules do not allow there, is refused with what would fit.
//
// `--answer VALUE` is read the way the decision's choices are labelled for a model
// (agents/llm/choices.ts): `P3` (or `3`) for a player, `none` to pass, `keep` / `take card
// 1`, `peek` / `sleep`, `heal P3`, `poison P5`, `no potion`, `P1+P4` for several players,
// `vouch`, `refuse`… or the answer as JSON (`{"kind":"vote","target":2}`, seats 0-based).
// `--claim SPEC`: `seer` (a role), `seen=P4:werewolf`, `suspect=P3`, `trust=P3`,
// `vote=P3`, `action=healed:P2` — seats as transcripts show them (P1 is the first).

import { answerLabel } from '../agents/llm/choices.js';
import { CLAIM_ACTIONS, SEEN_TEAMS, isRole, legalAnswers, parseRole, validateAnswer, type Answer, type Claim, type ClaimAction, type Decision, type SeenResult } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import { P } from '../narrate/transcript.js';

export type Edit =
  /** No change: the agent's own answer (a fork that must reproduce the stored game). */
  | { readonly kind: 'none' }
  /** The speech says nothing: no text, no claims. */
  | { readonly kind: 'silence' }
  /** Another speech: these claims and words. */
  | { readonly kind: 'speech'; readonly claims: readonly Claim[]; readonly text: string | undefined }
  /** Another answer, as written (read against the decision by `editAnswer`). */
  | { readonly kind: 'answer'; readonly value: string };

/** The edit in words, for headers and JSON. */
export function editText(e: Edit): string {
  switch (e.kind) {
    case 'none':
      return 'no edit';
    case 'silence':
      return 'silenced';
    case 'speech': {
      const parts = [...e.claims.map(claimSpec), ...(e.text === undefined ? [] : [JSON.stringify(e.text)])];
      return `said instead: ${parts.join(' ') || '(nothing)'}`;
    }
    case 'answer':
      return `answered instead: ${e.value}`;
  }
}

/** `P3` or `3` → seat 2 (0-based); anything else → undefined. */
function seatOf(text: string, players: number): number | undefined {
  const m = /^\s*[Pp]?(\d+)\s*$/.exec(text);
  if (m === null) return undefined;
  const n = Number(m[1]);
  return n >= 1 && n <= players ? n - 1 : undefined;
}

const CLAIM_FORMS = 'a role (seer), seen=P4:werewolf, suspect=P3, trust=P3, vote=P3 or action=healed:P2';

/** A claim as `--claim` writes it. */
export function claimSpec(c: Claim): string {
  switch (c.type) {
    case 'role':
      return c.role;
    case 'seen':
      return `seen=${P(c.target)}:${c.result}`;
    case 'suspect':
    case 'trust':
      return `${c.type}=${P(c.target)}`;
    case 'vote-intent':
      return `vote=${P(c.target)}`;
    case 'action':
      return `action=${c.action}:${P(c.target)}`;
  }
}

/** Reads `--claim SPEC` for a game of `players` seats. */
export function parseClaim(spec: string, players: number): Result<Claim, string> {
  const t = spec.trim();
  const eq = t.indexOf('=');
  const bad = (why: string) => err(`--claim '${spec}': ${why}; a claim is ${CLAIM_FORMS}`);
  const seat = (text: string) => {
    const s = seatOf(text, players);
    return s === undefined ? bad(`'${text}' is not a player of this game (P1 to P${players})`) : ok(s);
  };
  if (eq < 0) {
    const role = parseRole(t);
    return role === undefined ? bad(`'${t}' is not a role`) : ok({ type: 'role', role });
  }
  const key = t.slice(0, eq).trim().toLowerCase();
  const value = t.slice(eq + 1).trim();
  switch (key) {
    case 'role': {
      const role = parseRole(value);
      return role === undefined ? bad(`'${value}' is not a role`) : ok({ type: 'role', role });
    }
    case 'seen': {
      const colon = value.indexOf(':');
      if (colon < 0) return bad('seen names a player and what was seen, e.g. seen=P4:werewolf');
      const s = seat(value.slice(0, colon));
      if (!s.ok) return s;
      const raw = value.slice(colon + 1).trim().toLowerCase();
      const result = (SEEN_TEAMS as readonly string[]).includes(raw) ? (raw as SeenResult) : parseRole(raw);
      if (result === undefined || !(isRole(result) || (SEEN_TEAMS as readonly string[]).includes(result)))
        return bad(`'${raw}' is not a role, werewolf or not-werewolf`);
      return ok({ type: 'seen', target: s.value, result });
    }
    case 'suspect':
    case 'trust': {
      const s = seat(value);
      return s.ok ? ok({ type: key, target: s.value }) : s;
    }
    case 'vote':
    case 'vote-intent': {
      const s = seat(value);
      return s.ok ? ok({ type: 'vote-intent', target: s.value }) : s;
    }
    case 'action': {
      const colon = value.indexOf(':');
      const action = (colon < 0 ? '' : value.slice(0, colon).trim().toLowerCase()) as ClaimAction;
      if (!CLAIM_ACTIONS.includes(action)) return bad(`an action is one of ${CLAIM_ACTIONS.join(', ')}, with a player (action=healed:P2)`);
      const s = seat(value.slice(colon + 1));
      return s.ok ? ok({ type: 'action', action, target: s.value }) : s;
    }
    default:
      return bad(`unknown claim '${key}'`);
  }
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Reads `--answer VALUE` against a decision's legal choices (labels as a model sees them, or JSON). */
function readAnswer(d: Decision, value: string, players: number): Result<Answer, string> {
  const what = `decision #${d.id} (${P(d.seat)}'s ${d.kind})`;
  if (value.trim().startsWith('{')) {
    let raw: unknown;
    try {
      raw = JSON.parse(value);
    } catch (e) {
      return err(`--answer '${value}' is not valid JSON (${(e as Error).message})`);
    }
    const withKind = typeof raw === 'object' && raw !== null && !('kind' in raw) ? { ...raw, kind: d.kind } : raw;
    const v = validateAnswer(d, withKind);
    return v.ok ? v : err(`--answer does not fit ${what}: ${v.error.message}`);
  }
  const many = severalPlayers(d, value, players);
  if (many !== undefined) {
    const v = validateAnswer(d, many);
    return v.ok ? v : err(`--answer does not fit ${what}: ${v.error.message}`);
  }
  const all = legalAnswers(d) ?? [];
  const labels = all.map((a) => answerLabel(d, a));
  const want = norm(value);
  // A bare number names a player, as P3 does; an empty set of players is `none`.
  const seat = seatOf(value, players);
  const wanted = seat !== undefined ? norm(P(seat)) : want;
  let i = labels.findIndex((l) => norm(l) === wanted || (l === '' && wanted === 'none'));
  // `take card 1` for `take card 1 (werewolf)`.
  if (i < 0) i = labels.findIndex((l) => norm(l).startsWith(`${wanted} (`));
  if (i >= 0) return ok(all[i]!);
  const shown = labels.map((l) => (l === '' ? 'none' : l));
  const list = shown.length > 24 ? `${shown.slice(0, 24).join(', ')}, … (${shown.length} in all)` : shown.join(', ');
  return err(`--answer '${value}' is not a legal choice at ${what}; its choices are: ${list}`);
}

/**
 * The decisions that name several players (`P1+P4`, in any order: the order given is the
 * order played), and the medium's question with the players it names (`same-side P1+P4`).
 */
function severalPlayers(d: Decision, value: string, players: number): Answer | undefined {
  const t = value.trim();
  const list = (text: string): number[] | undefined => {
    if (text.trim() === '' || norm(text) === 'none') return [];
    const seats = text.split(/\s*[+,]\s*/).map((x) => seatOf(x, players));
    return seats.every((x) => x !== undefined) ? (seats as number[]) : undefined;
  };
  switch (d.kind) {
    case 'cupid': {
      const l = list(t);
      return l === undefined || l.length !== 2 ? undefined : { kind: 'cupid', lovers: [l[0]!, l[1]!] };
    }
    case 'piper': {
      const l = list(t);
      return l === undefined ? undefined : { kind: 'piper', targets: l };
    }
    case 'friends': {
      const l = list(t);
      return l === undefined ? undefined : { kind: 'friends', friends: l };
    }
    case 'scapegoat': {
      const l = list(t);
      return l === undefined ? undefined : { kind: 'scapegoat', voters: l };
    }
    case 'medium': {
      const m = /^(\S+)(?:\s+(.+))?$/.exec(t);
      const question = d.questions.find((q) => q === m?.[1]);
      const about = list(m?.[2] ?? '');
      return question === undefined || about === undefined ? undefined : { kind: 'medium', question, about };
    }
    default:
      return undefined;
  }
}

/** Describes a decision for messages: `decision #24 (P3's speech, day 1)`. */
export function decisionText(d: Decision): string {
  return `decision #${d.id} (${P(d.seat)}'s ${d.kind}${d.kind === 'speech' ? `, day ${d.day}` : ''})`;
}

/**
 * The answer a fork plays at decision `d` in place of the agent's, or why the edit does
 * not fit it. `none` plays `own` (the stored answer).
 */
export function editAnswer(d: Decision, edit: Edit, own: Answer, players: number): Result<Answer, string> {
  const what = decisionText(d);
  switch (edit.kind) {
    case 'none':
      return ok(own);
    case 'silence':
    case 'speech': {
      if (d.kind !== 'speech')
        return err(`${what} is not a speech: --silence, --say and --claim change a speech; give --answer VALUE for this one (sim show lists the decisions)`);
      const answer = edit.kind === 'silence' ? { kind: 'speech' as const, claims: [] } : { kind: 'speech' as const, claims: edit.claims, ...(edit.text === undefined ? {} : { text: edit.text }) };
      const v = validateAnswer(d, answer);
      return v.ok ? v : err(`that speech does not fit ${what}: ${v.error.message}`);
    }
    case 'answer':
      if (d.kind === 'speech') return err(`${what} is a speech: change it with --silence, --say TEXT or --claim SPEC, not --answer`);
      return readAnswer(d, edit.value, players);
  }
}
