// Agent kinds by name, and seatings: which agent plays which seat.
//
// An agent spec is `kind[:argument]`: `random`, `heuristic:fakeClaim=0.3`,
// `openai:gpt-4o-mini`. A seating is a list of assignments, each `SPEC` (everyone not
// otherwise seated) or `WHO=SPEC`, where WHO is a seat number (1-based, as transcripts
// show them), a role (the card dealt), or a side (`village`, `werewolves`, `piper`, by
// the dealt card's team). The most specific assignment wins: seat, then role, then side,
// then the default. Seats are decided when the cards are dealt, so a thief who takes a
// werewolf card keeps the agent that sat down as the thief.

import { didYouMean, err, ok, type Result } from '../engine/index.js';
import { TEAMS, parseRole, teamOf, type Role, type Team } from '../engine/index.js';
import { excerpt } from '../narrate/escape.js';
import { joinWords, splitWords } from './exec/argv.js';
import { execKind } from './exec/kind.js';
import { GameContext } from './game-context.js';
import { maskUrl } from './llm/secrets.js';
import { LLM_KINDS } from './llm/kinds.js';
import { beliefKind } from './belief/kind.js';
import { heuristicKind } from './heuristic/kind.js';
import { randomAgent } from './random.js';
import type { Agent, SeatEnv } from './types.js';

export interface AgentKind {
  readonly name: string;
  readonly summary: string;
  /** True if its answers come through Promises (the run then uses playAsync). */
  readonly async: boolean;
  /** Checks the spec's argument (the text after ':'); returns the canonical spec. */
  check(argument: string | undefined): Result<string, string>;
  /** True for LLM kinds: their agents come from the game's LLM session (`env.llm`). */
  readonly llm?: boolean;
  /**
   * An agent for one seat of one game (agents may keep per-game state). `env.game`: the
   * game's context, the same for every seat of the game (game-context.ts); without one
   * the agent shares nothing.
   */
  create(argument: string | undefined, seat: number, env?: SeatEnv): Agent;
}

const randomKind: AgentKind = {
  name: 'random',
  summary: 'uniform over the legal choices, no information (the theory baseline)',
  async: false,
  check: (arg) => (arg === undefined || arg === '' ? ok('random') : err("the random agent takes no parameters: write 'random'")),
  create: () => randomAgent,
};

const KINDS: readonly AgentKind[] = [randomKind, heuristicKind, beliefKind, ...LLM_KINDS, execKind];

export function agentKinds(): readonly AgentKind[] {
  return KINDS;
}

export interface AgentSpec {
  readonly kind: AgentKind;
  readonly argument: string | undefined;
  /** Canonical text, stored with results. */
  readonly text: string;
}

/** Options of the parsers: agent kinds of the caller's own beside the built-in ones (the TypeScript API). */
export interface KindOptions {
  /** Custom kinds (docs/api.md); their names must not be a built-in kind's. Played in the caller's thread (workers: 0). */
  readonly kinds?: readonly AgentKind[] | undefined;
}

function kindsOf(opts: KindOptions): Result<readonly AgentKind[], string> {
  const extra = opts.kinds ?? [];
  for (const k of extra) if (KINDS.some((b) => b.name === k.name)) return err(`the agent kind '${k.name}' is built in: give yours another name`);
  return ok(extra.length === 0 ? KINDS : [...KINDS, ...extra]);
}

export function parseAgentSpec(text: string, opts: KindOptions = {}): Result<AgentSpec, string> {
  const kinds = kindsOf(opts);
  if (!kinds.ok) return kinds;
  const t = text.trim();
  const colon = t.indexOf(':');
  const name = (colon < 0 ? t : t.slice(0, colon)).toLowerCase();
  const argument = colon < 0 ? undefined : t.slice(colon + 1);
  const kind = kinds.value.find((k) => k.name === name);
  if (kind === undefined) {
    const names = kinds.value.map((k) => k.name);
    if (name === 'human') return err("a person plays at `sim table` (there: --agents 3=human or --agents P3=human:alice), not in runs of bots");
    return err(`unknown agent '${excerpt(name)}'${didYouMean(name, names)}; agents are ${names.join(', ')}`);
  }
  const checked = kind.check(argument);
  // Quoted escaped, and without the credentials a URL in it may hold.
  if (!checked.ok) return err(`agent '${excerpt(maskUrl(t), 80)}': ${checked.error}`);
  return ok({ kind, argument, text: checked.value });
}

export type SeatTarget =
  | { readonly by: 'default' }
  | { readonly by: 'seat'; readonly seat: number }
  | { readonly by: 'role'; readonly role: Role }
  | { readonly by: 'side'; readonly side: Team };

export interface Seating {
  readonly assignments: readonly { readonly who: SeatTarget; readonly spec: AgentSpec }[];
  /** Canonical text of the whole seating, stored with the run. */
  readonly text: string;
  readonly async: boolean;
}

function parseTarget(who: string): Result<SeatTarget, string> {
  const w = who.trim().toLowerCase();
  if (/^\d+$/.test(w)) {
    const n = Number(w);
    if (n < 1) return err(`seats are numbered from 1, not ${w}`);
    return ok({ by: 'seat', seat: n - 1 });
  }
  if ((TEAMS as readonly string[]).includes(w)) return ok({ by: 'side', side: w as Team });
  if (w === 'wolves') return ok({ by: 'side', side: 'werewolves' });
  const role = parseRole(w);
  if (role !== undefined) return ok({ by: 'role', role });
  return err(`'${who}' is not a seat number, a role or a side (village, werewolves, piper)`);
}

function targetText(t: SeatTarget): string {
  switch (t.by) {
    case 'default':
      return '';
    case 'seat':
      return `${t.seat + 1}=`;
    case 'role':
      return `${t.role}=`;
    case 'side':
      return `${t.side}=`;
  }
}

/** Parses `--agents` values (default `random` for everyone). */
export function parseSeating(values: readonly string[], opts: KindOptions = {}): Result<Seating, string> {
  const assignments: { who: SeatTarget; spec: AgentSpec }[] = [];
  const list = values.length === 0 ? ['random'] : values;
  for (const v of list) {
    const eq = v.indexOf('=');
    const colon = v.indexOf(':');
    // `heuristic:fakeClaim=0.3` has '=' after ':' — that is a parameter, not a seat target.
    const hasTarget = eq > 0 && (colon < 0 || eq < colon);
    const who: Result<SeatTarget, string> = hasTarget ? parseTarget(v.slice(0, eq)) : ok({ by: 'default' });
    if (!who.ok) return who;
    const spec = parseAgentSpec(hasTarget ? v.slice(eq + 1) : v, opts);
    if (!spec.ok) return spec;
    assignments.push({ who: who.value, spec: spec.value });
  }
  if (!assignments.some((a) => a.who.by === 'default'))
    assignments.unshift({ who: { by: 'default' }, spec: { kind: randomKind, argument: undefined, text: 'random' } });
  return ok({
    assignments,
    text: joinWords(assignments.map((a) => targetText(a.who) + a.spec.text)),
    async: assignments.some((a) => a.spec.kind.async),
  });
}

/** A seating's canonical text read back into its assignments (the `--agents` values it was made from). */
export function seatingWords(text: string): Result<string[], string> {
  return text === '' ? ok([]) : splitWords(text);
}

/** True when every agent of the seating is of a built-in kind (worker threads rebuild seatings from text, and know only those). */
export function builtInOnly(seating: Seating): boolean {
  return seating.assignments.every((a) => KINDS.includes(a.spec.kind));
}

const RANK: Readonly<Record<SeatTarget['by'], number>> = { default: 0, side: 1, role: 2, seat: 3 };

/** The spec that sits at `seat`, given the card dealt to it. */
export function specForSeat(seating: Seating, seat: number, dealt: Role): AgentSpec {
  let best: AgentSpec | undefined;
  let rank = -1;
  for (const a of seating.assignments) {
    const w = a.who;
    const fits =
      w.by === 'default' ||
      (w.by === 'seat' && w.seat === seat) ||
      (w.by === 'role' && w.role === dealt) ||
      (w.by === 'side' && w.side === teamOf(dealt));
    // Later assignments of equal rank override earlier ones.
    if (fits && RANK[w.by] >= rank) {
      best = a.spec;
      rank = RANK[w.by];
    }
  }
  return best!;
}

/**
 * The agents of one game (one per seat), and the spec text each sits as. `env.llm`: the
 * game's LLM session, if it seats LLMs. `env.game`: the game's context (game-context.ts);
 * one call seats one game, so without one it makes a new one for the game's seats.
 */
export function seatAgents(seating: Seating, dealt: readonly Role[], env: SeatEnv = {}, o: { readonly origin?: readonly number[] } = {}): { agents: Agent[]; specs: string[] } {
  const agents: Agent[] = [];
  const specs: string[] = [];
  const seatEnv: SeatEnv = env.game === undefined ? withGame(env) : env;
  for (let seat = 0; seat < dealt.length; seat++) {
    // Under the seat shuffle (`origin[seat]`: the seat whose card this one holds), an agent seated by number moves with its card.
    const spec = specForSeat(seating, o.origin?.[seat] ?? seat, dealt[seat]!);
    agents.push(spec.kind.create(spec.argument, seat, seatEnv));
    specs.push(spec.text);
  }
  return { agents, specs };
}

/**
 * The environment with a new game's context. Its fields copied, not spread: spreading an
 * object whose fields are undefined (a run's seats without processes or people) takes V8's
 * slow path, ~1.5 µs a game; a field added to SeatEnv and not copied here does not compile.
 */
function withGame(env: SeatEnv): SeatEnv {
  return { llm: env.llm, exec: env.exec, human: env.human, game: new GameContext() } satisfies Record<keyof SeatEnv, unknown>;
}

/** Checks that seat assignments fit the number of players. */
export function checkSeating(seating: Seating, players: number): Result<void, string> {
  for (const a of seating.assignments)
    if (a.who.by === 'seat' && a.who.seat >= players)
      return err(`seat ${a.who.seat + 1} does not exist in a ${players}-player game`);
  return ok(undefined);
}
