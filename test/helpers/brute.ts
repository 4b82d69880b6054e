// Games replayed through the engine with a stacked deck, for brute forces written apart
// from the ideal observer (observer-brute.test.ts, observer-truth.test.ts): every deal of a
// tiny deck is played again with the recorded game's public answers (speeches, votes, the
// medium's question) and every possible private one, keeping the plays that reproduce the
// recorded public log, event for event, up to a day vote.

import { ALL, Game, legalAnswers, type Answer, type Decision, type Event, type GameSetup, type Role } from '../../engine/index.js';
import { IdealObserver } from '../../metrics/observer/observer.js';

/** The recorded game's public answers, keyed by day (and round, seat). */
export interface Script {
  readonly speeches: Map<string, Answer>;
  readonly votes: Map<string, number | null>;
  readonly mediums: Map<number, Answer>;
}

export function scriptOf(log: readonly Event[]): Script {
  const speeches = new Map<string, Answer>();
  const votes = new Map<string, number | null>();
  const mediums = new Map<number, Answer>();
  let day = 0;
  for (const e of log) {
    if (e.type === 'day') day = e.day;
    if (e.type === 'speech') speeches.set(`${day}:${e.seat}`, { kind: 'speech', claims: e.claims, text: e.text });
    if (e.type === 'votes') for (const v of e.votes) votes.set(`${day}:${e.round}:${v.voter}`, v.target);
    if (e.type === 'seance') mediums.set(day, { kind: 'medium', question: e.question, about: e.about });
  }
  return { speeches, votes, mediums };
}

/** Every distinct ordering of a multiset of cards. */
export function deals(deck: readonly Role[]): Role[][] {
  const out: Role[][] = [];
  const counts = new Map<Role, number>();
  for (const r of deck) counts.set(r, (counts.get(r) ?? 0) + 1);
  const go = (acc: Role[]) => {
    if (acc.length === deck.length) return void out.push([...acc]);
    for (const [r, c] of counts) {
      if (c === 0) continue;
      counts.set(r, c - 1);
      acc.push(r);
      go(acc);
      acc.pop();
      counts.set(r, c);
    }
  };
  go([]);
  return out;
}

type Replay = { readonly kind: 'mismatch' } | { readonly kind: 'done'; readonly roles: Role[] } | { readonly kind: 'branch'; readonly decision: Decision };

/** Plays `deal` with the script's public answers and `privates` for the rest, as far as it matches `recorded`. */
function replay(setup: GameSetup, seed: string, deal: readonly Role[], recorded: readonly string[], script: Script, privates: readonly Answer[]): Replay {
  const g = new Game(setup, seed, { stackedDeck: deal });
  let cursor = 0;
  let pub = 0;
  const matches = (): boolean => {
    for (; cursor < g.log.length; cursor++) {
      const e = g.log[cursor]!;
      if (e.vis !== ALL) continue;
      if (pub >= recorded.length || JSON.stringify(e) !== recorded[pub]) return false;
      pub++;
    }
    return true;
  };
  let used = 0;
  if (!matches()) return { kind: 'mismatch' };
  while (!g.over) {
    const pending = g.pending();
    if (pub === recorded.length && pending.every((d) => d.kind === 'vote')) return { kind: 'done', roles: g.state.seats.map((s) => s.role) };
    for (const d of pending) {
      const day = g.state.day;
      let a: Answer | null | undefined;
      if (d.kind === 'speech') a = script.speeches.get(`${day}:${d.seat}`);
      else if (d.kind === 'vote') {
        const key = `${day}:${d.round}:${d.seat}`;
        a = script.votes.has(key) ? { kind: 'vote', target: script.votes.get(key)! } : undefined;
      } else if (d.kind === 'medium') a = script.mediums.get(day);
      else {
        a = privates[used++];
        if (a === undefined) return { kind: 'branch', decision: d };
      }
      if (a === undefined || a === null) return { kind: 'mismatch' };
      if (!g.submit(d.seat, a, d.id).ok) return { kind: 'mismatch' };
    }
    if (!matches()) return { kind: 'mismatch' };
  }
  return { kind: 'mismatch' };
}

/**
 * Calls `visit` with the cards at the vote of every private play of `deal` that reproduces
 * the record (in a fixed order), until `visit` returns true; returns whether one did.
 */
export function explain(
  setup: GameSetup,
  seed: string,
  deal: readonly Role[],
  recorded: readonly string[],
  script: Script,
  visit: (roles: Role[]) => boolean,
): boolean {
  const explore = (privates: Answer[]): boolean => {
    const r = replay(setup, seed, deal, recorded, script, privates);
    if (r.kind === 'mismatch') return false;
    if (r.kind === 'done') return visit(r.roles);
    for (const a of legalAnswers(r.decision) ?? []) if (explore([...privates, a])) return true;
    return false;
  };
  return explore([]);
}

/**
 * Walks a recorded game's public log with the ideal observer, calling `atVote` at the first
 * round of each day vote with the observer and the public log before it (JSON lines).
 */
export function atEachVote(setup: GameSetup, log: readonly Event[], atVote: (observer: IdealObserver, recorded: readonly string[]) => void): void {
  const observer = new IdealObserver(setup);
  const recorded: string[] = [];
  for (const e of log) {
    if (e.vis !== ALL) continue;
    if (e.type === 'votes' && e.round === 1) atVote(observer, recorded);
    observer.see(e);
    recorded.push(JSON.stringify(e));
  }
}
