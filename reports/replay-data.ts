// The data of a replay page (replay-page.ts), made once on the Node side from a replayed
// game: every event narrated (narrate/transcript.ts `describe`) and shown visibly
// (narrate/escape.ts `visible`: a model's ESC or U+202E never reaches the page raw), the
// timeline of nights and days, and for each pair of eyes — the moderator's, or one
// seat's — the events it sees and the table as it knows it after each step. A seat's
// events are the engine's own filter (`observe`: the log by the seat's visibility bit,
// what its agent was given), and what it knows of the table is folded from those events
// alone, so the page's script only renders and never decides what a seat may see.
// LLM seats add their notes (private reasoning, refused answers, failed calls,
// fallbacks), placed as the transcript places them, and each call's prompt and answer.

import { ALL, ELDER_LIVES, MODERATOR, observe, seatsOf, seenIndices, type Event, type GameSetup, type Outcome, type Vote } from '../engine/index.js';
import type { LlmNote } from '../agents/llm/notes.js';
import { visible } from '../narrate/escape.js';
import type { KeptCall } from '../runs/llm/game.js';
import { audience, describe, P } from '../narrate/transcript.js';

/** A note of an LLM seat (private reasoning, a refused answer, a failed call, a fallback). */
export type ReplayNote = LlmNote;

/** One call of an LLM seat as replayed from the record: what it was sent and what it answered. */
export type ReplayCall = KeptCall;

export interface ReplayInput {
  readonly title: string;
  /** Lines under the title (preset, deck, rules, agents). */
  readonly lines: readonly string[];
  /** Whether the replay matches what was stored (null: nothing to check against). */
  readonly verdict: string;
  readonly matches: boolean | null;
  readonly setup: GameSetup;
  readonly log: readonly Event[];
  /** The agent spec of each seat. */
  readonly specs: readonly string[];
  readonly notes?: readonly ReplayNote[];
  readonly calls?: readonly ReplayCall[];
  /** A link back (the report's index), or none. */
  readonly back?: string | undefined;
  /** The pages written with it (a report's games, in order): the one before and the one after. */
  readonly previous?: PageLink | undefined;
  readonly next?: PageLink | undefined;
}

/** A link to another page: where, and its words. */
export interface PageLink {
  readonly href: string;
  readonly text: string;
}

/** A seat as one pair of eyes knows it after a step. */
export interface SeatState {
  readonly alive: boolean;
  /** The card known to be in play ('werewolf' for a wolf seen as one; a seer's 'not-werewolf'), or '' when unknown. */
  readonly role: string;
  readonly sheriff: boolean;
  readonly lover: boolean;
  readonly charmed: boolean;
  /** The Elder's lives (moderator's eyes only), or null. */
  readonly lives: number | null;
}

export interface ReplayEvent {
  readonly i: number;
  readonly type: string;
  /** The narration, shown visibly (never null: events the transcript folds into its header are narrated here). */
  readonly text: string;
  /** Who saw it: '' everybody, else "moderator" or the seats ("P2 only", "wolves", "P1, P4"). */
  readonly who: string;
  readonly step: number;
  /** Seats the event is about (highlighted on the table). */
  readonly seats: readonly number[];
  /** Votes as [voter, target or -1, weight] (drawn as arrows), and the tally text. */
  readonly votes?: readonly (readonly [number, number, number])[];
  readonly tally?: string;
  readonly death?: { readonly seat: number; readonly cause: string };
}

export interface ReplayView {
  /** Index into `events` of every event these eyes see, in order. */
  readonly events: readonly number[];
  /** The table after each step, one SeatState per seat. */
  readonly tables: readonly (readonly SeatState[])[];
}

export interface ReplayNoteRow {
  readonly seat: number;
  readonly kind: string;
  readonly text: string;
  /** Shown before this event (index into `events`; events.length: at the end). */
  readonly at: number;
  /** Index into `calls` of the call it came from, or -1 (a fallback). */
  readonly call: number;
}

export interface ReplayData {
  readonly version: 1;
  readonly title: string;
  readonly lines: readonly string[];
  readonly verdict: string;
  readonly matches: boolean | null;
  readonly back: string | null;
  readonly previous: PageLink | null;
  readonly next: PageLink | null;
  readonly players: number;
  readonly seats: readonly { readonly seat: number; readonly name: string; readonly spec: string }[];
  readonly steps: readonly { readonly label: string; readonly first: number; readonly stop: number }[];
  readonly events: readonly ReplayEvent[];
  readonly moderator: ReplayView;
  readonly views: readonly ReplayView[];
  readonly notes: readonly ReplayNoteRow[];
  /** Calls without their prompts (those are in the page's compressed block). */
  readonly calls: readonly { readonly seat: number; readonly decision: number; readonly attempt: number; readonly answer: string; readonly ok: boolean }[];
}

const votesOf = (votes: readonly Vote[]) => votes.map((v) => [v.voter, v.target ?? -1, v.weight] as const);

function tallyOf(votes: readonly Vote[]): string {
  const t = new Map<number, number>();
  for (const v of votes) if (v.target !== null) t.set(v.target, (t.get(v.target) ?? 0) + v.weight);
  return [...t.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([s, n]) => `${P(s)} ${n}`).join(', ') || 'no votes';
}

/** The narration of the events the transcript shows in its header instead. */
function headerEventText(e: Event): string {
  switch (e.type) {
    case 'start':
      return `The game begins: ${e.players} players; the deck: ${e.deck.join(', ')}`;
    case 'deal':
      return `${P(e.seat)} is dealt the ${e.role} card`;
    case 'attributes':
      return `the players: ${e.male.map((m, i) => `${P(i)} ${m ? 'man' : 'woman'}`).join(', ')}; by age: ${e.seniority.map((_, i) => i).sort((a, b) => e.seniority[a]! - e.seniority[b]!).map(P).join(' ')}`;
    default:
      return e.type;
  }
}

/** The seats an event is about. */
function seatsIn(e: Event): number[] {
  const out: number[] = [];
  const r = e as unknown as Record<string, unknown>;
  for (const k of ['seat', 'target', 'victim', 'heal', 'poison', 'partner', 'voter', 'elder', 'sheriff', 'medium', 'ghost', 'accused', 'unfaithful', 'secret', 'scapegoat', 'witch']) {
    const v = r[k];
    if (typeof v === 'number' && v >= 0 && !out.includes(v)) out.push(v);
  }
  return out;
}

/** The table as the events given (all of them, or one seat's observation) tell it, after each step. */
function tablesOf(events: readonly Event[], stepOf: (e: Event) => number, steps: number, players: number, moderator: boolean): SeatState[][] {
  const alive = new Array<boolean>(players).fill(true);
  const role = new Array<string>(players).fill('');
  const lover = new Array<boolean>(players).fill(false);
  const charmed = new Array<boolean>(players).fill(false);
  const lives = new Array<number | null>(players).fill(null);
  let sheriff = -1;
  const know = (seat: number, r: string) => {
    role[seat] = r;
    if (moderator) lives[seat] = r === 'elder' ? (lives[seat] ?? ELDER_LIVES) : null;
  };
  const out: SeatState[][] = [];
  const snapshot = () => out.push(alive.map((a, s) => ({ alive: a, role: role[s]!, sheriff: sheriff === s, lover: lover[s]!, charmed: charmed[s]!, lives: lives[s]! })));
  let k = 0;
  for (let step = 0; step < steps; step++) {
    for (; k < events.length && stepOf(events[k]!) === step; k++) {
      const e = events[k]!;
      switch (e.type) {
        case 'deal':
        case 'role-change':
          know(e.seat, e.role);
          break;
        case 'thief-swap':
        case 'thief-steal':
          if (e.took !== null) know(e.seat, e.took);
          break;
        case 'miracle':
          know(e.seat, 'villager');
          break;
        case 'pack':
          for (const w of e.wolves) if (role[w] === '') know(w, 'werewolf');
          break;
        case 'peek':
          for (const w of e.wolves) if (role[w] === '') know(w, 'werewolf');
          break;
        case 'seer':
          if (role[e.target] === '' || role[e.target] === 'werewolf' || role[e.target] === 'not-werewolf') know(e.target, e.result);
          break;
        case 'cupid':
          for (const s of e.lovers) lover[s] = true;
          break;
        case 'lover':
          lover[e.seat] = true;
          lover[e.partner] = true;
          if (e.partnerIs !== null && role[e.partner] === '' && e.partnerIs !== 'human') know(e.partner, e.partnerIs);
          break;
        case 'secret-lover':
          lover[e.secret] = true;
          break;
        case 'lovers-parted':
          lover[e.seat] = false;
          for (const s of e.freed) lover[s] = false;
          break;
        case 'charm':
          for (const s of e.targets) charmed[s] = true;
          break;
        case 'charmed':
          for (const s of e.charmed) charmed[s] = true;
          break;
        case 'attack': {
          const l = lives[e.target];
          if (l === null || l === undefined || e.result === 'protected') break;
          lives[e.target] = e.result === 'healed' ? Math.min(l, 1) : Math.max(0, l - 1);
          break;
        }
        case 'death':
          alive[e.seat] = false;
          know(e.seat, e.role);
          break;
        case 'idiot-revealed':
          know(e.seat, 'idiot');
          break;
        case 'sheriff':
          sheriff = e.seat;
          break;
        case 'no-successor':
          sheriff = -1;
          break;
        default:
          break;
      }
    }
    snapshot();
  }
  return out;
}

/** The page's data for one replayed game. */
export function replayData(input: ReplayInput): ReplayData {
  const { log, setup } = input;
  const players = setup.players;
  // The timeline: what happens before the first night, then each night and each day.
  const steps: { label: string; first: number; stop: number }[] = [];
  const stepAt: number[] = [];
  log.forEach((e, i) => {
    if (e.type === 'night' || e.type === 'day' || steps.length === 0) {
      if (steps.length > 0) steps[steps.length - 1]!.stop = i;
      steps.push({ label: e.type === 'night' ? `Night ${e.night}` : e.type === 'day' ? `Day ${e.day}` : 'Setup', first: i, stop: log.length });
    }
    stepAt.push(steps.length - 1);
  });
  const index = new Map<Event, number>(log.map((e, i) => [e, i]));
  const stepOf = (e: Event) => stepAt[index.get(e)!]!;
  // What each card in play is as the moderator knows it (for "wolves" in the audience).
  const current: string[] = new Array<string>(players).fill('?');
  const events: ReplayEvent[] = log.map((e, i) => {
    if (e.type === 'deal' || e.type === 'role-change') current[e.seat] = e.role;
    if ((e.type === 'thief-swap' || e.type === 'thief-steal') && e.took !== null) current[e.seat] = e.took;
    if (e.type === 'miracle') current[e.seat] = 'villager';
    const text = visible(describe(e) ?? headerEventText(e));
    const who = e.vis === ALL ? '' : e.vis === MODERATOR ? 'moderator' : audience(e, players, current).trim().replace(/^\[|\]$/g, '');
    const base = { i, type: e.type, text, who, step: stepAt[i]!, seats: seatsIn(e) };
    if (e.type === 'votes' || e.type === 'election' || e.type === 'sacrifice') return { ...base, votes: votesOf(e.votes), tally: tallyOf(e.votes) };
    if (e.type === 'death') return { ...base, death: { seat: e.seat, cause: e.cause } };
    return base;
  });
  const moderator: ReplayView = { events: log.map((_, i) => i), tables: tablesOf(log, stepOf, steps.length, players, true) };
  const source = { log, setup };
  const views: ReplayView[] = [];
  for (let s = 0; s < players; s++) {
    // The seat's events are copies where private (they name only the seat as audience): their log positions come from the engine too.
    const seen = observe(source, s).events;
    const at = seenIndices(source, s);
    const position = new Map<Event, number>(seen.map((e, k) => [e, at[k]!]));
    views.push({ events: at, tables: tablesOf(seen, (e) => stepAt[position.get(e)!]!, steps.length, players, false) });
  }
  const calls = input.calls ?? [];
  const callIndex = new Map(calls.map((c, k) => [`${c.seat}/${c.decision}/${c.attempt}`, k]));
  const notes: ReplayNoteRow[] = (input.notes ?? []).map((n) => ({
    seat: n.seat,
    kind: n.kind,
    text: visible(n.text),
    // As the transcript places it: before the next event the seat saw after it was asked.
    at: views[n.seat]?.events[n.seatEvents] ?? log.length,
    call: n.kind === 'fallback' ? -1 : (callIndex.get(`${n.seat}/${n.decision}/${n.attempt}`) ?? -1),
  }));
  return {
    version: 1,
    title: visible(input.title),
    lines: input.lines.map(visible),
    verdict: visible(input.verdict),
    matches: input.matches,
    back: input.back ?? null,
    previous: input.previous === undefined ? null : { href: input.previous.href, text: visible(input.previous.text) },
    next: input.next === undefined ? null : { href: input.next.href, text: visible(input.next.text) },
    players,
    seats: input.specs.map((spec, seat) => ({ seat, name: P(seat), spec: visible(spec) })),
    steps,
    events,
    moderator,
    views,
    notes,
    calls: calls.map((c) => ({ seat: c.seat, decision: c.decision, attempt: c.attempt, answer: visible(c.answer), ok: c.ok })),
  };
}

/** Each call's prompt as shown: the system and user messages and any refused earlier answers (visible). */
export function promptTexts(calls: readonly ReplayCall[]): string[] {
  return calls.map((c) =>
    visible(
      [`— system —`, c.system, `— user —`, c.user, ...c.rejections.map((r, k) => `— refused answer ${k + 1} —\n${r}`)].join('\n'),
    ),
  );
}

/** Visibility as data: "all", "moderator", or the seats (0-based, as in every seat field) that see an event. */
export function visibilityOf(e: Event, players: number): 'all' | 'moderator' | number[] {
  return e.vis === ALL ? 'all' : e.vis === MODERATOR ? 'moderator' : seatsOf(e.vis, players);
}

/**
 * A game as data (`sim show --json`): its setup, seats (dealt card, agent, fate), every
 * event with who saw it, the result, and the LLM seats' notes. Seats are 0-based as in the
 * engine (P1 is seat 0); texts are as the agents wrote them (JSON escapes control characters).
 */
export function gameJson(g: Omit<ReplayInput, 'back' | 'calls' | 'previous' | 'next'> & { readonly outcome: Outcome; readonly seed: string; readonly index: number }): Record<string, unknown> {
  const players = g.setup.players;
  return {
    title: g.title,
    index: g.index,
    gameSeed: g.seed,
    setup: { preset: g.setup.preset, players, deck: g.setup.deck, options: g.setup.options },
    seats: g.outcome.seats.map((s) => ({ ...s, agent: g.specs[s.seat] ?? null })),
    events: g.log.map(({ vis, ...body }) => ({ ...body, vis: visibilityOf({ vis } as Event, players) })),
    result: { winner: g.outcome.winner, winners: g.outcome.winners, days: g.outcome.days },
    notes: g.notes ?? [],
    verdict: g.verdict,
    matches: g.matches,
  };
}
