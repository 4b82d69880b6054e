// The prompt: the rules come from the options in force; the legal choices are the
// engine's; and a prompt never holds what its seat may not know — checked for every
// decision of every seat, across seeded games with every role in play, under each preset.

import { describe, expect, it } from 'vitest';
import { check } from '../../helpers/check.js';
import { menuOf } from '../../../agents/llm/choices.js';
import { buildPrompt } from '../../../agents/llm/prompt.js';
import { historyText, HistoryLines } from '../../../agents/llm/history.js';
import { rulesText } from '../../../agents/llm/rules.js';
import { playSync } from '../../../agents/play.js';
import { randomAgent } from '../../../agents/random.js';
import type { Agent } from '../../../agents/types.js';
import { legalAnswers, Rng } from '../../../engine/index.js';
import { Game } from '../../../engine/index.js';
import { OPTION_KEYS, type OptionKey } from '../../../engine/index.js';
import { gameSeed } from '../../../engine/index.js';
import { ROLES, type Role } from '../../../engine/index.js';
import { describe as describeEvent } from '../../../narrate/transcript.js';
import { setupOf } from '../../helpers/llm.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExecHost } from '../../../agents/exec/host.js';
import { endMessage, seatEvents, seatSeed } from '../../../agents/exec/protocol.js';
import { observe, type Decision, type Event } from '../../../engine/index.js';
import { playWatched, protocolProblems, ROOT, type WatchedGame } from '../exec/helpers.js';

const RECORDER = join(ROOT, 'test', 'agents', 'exec', 'agents', 'recorder.py');

const ALL_ROLES = 'werewolf=3,villager,seer,witch,hunter,cupid,guard,thief,little-girl,elder,idiot,scapegoat,piper';

describe('the rules in the prompt: only what bears on this table, in plain words', () => {
  const TABLES: [string, number, string | undefined, string[]][] = [
    ['standard', 8, undefined, []],
    ['classic', 12, undefined, []],
    ['thiercelieux', 10, undefined, []],
    ['introduction', 10, 'werewolf=2,villager=4,seer,witch,hunter,cupid', []],
    ['classic', 13, ALL_ROLES, []],
    ['standard', 13, ALL_ROLES, ['harvestFestival=true', 'newMoon=all']],
  ];
  it.each(TABLES)('%s %d %s %j: no option name, no document code', (preset, players, roles, rules) => {
    const text = rulesText(setupOf({ preset, players, roles, rules }));
    // Option keys that are not plain words (sheriff, tie are words too).
    for (const key of OPTION_KEYS.filter((k) => /[A-Z]/.test(k))) expect(text).not.toContain(key);
    expect(text).not.toMatch(/\b00[0-4]\b|see [a-z]+[A-Z]/);
    expect(text).not.toMatch(/ = (true|false|none)\b/);
  });

  it('names only the cards dealt and the variants in force', () => {
    const text = rulesText(setupOf({ preset: 'standard', players: 8 }));
    expect(text).toContain('Cards: 2 werewolves, 5 villagers, 1 seer.');
    for (const word of ['witch', 'guard', 'hunter', 'cupid', 'lover', 'Harvest', 'event card', 'Miracle', 'piper', 'thief']) expect(text).not.toContain(word);
  });

  // Each option, another value, and a deck where it bears on the game and one where it does
  // not: the text must change in the first and stay the same in the second. (Mutation: drop
  // an option from rules.ts and its "bears" row fails; show an option whatever the deck and
  // its "does not bear" row fails.)
  const WITH_ALL = { roles: ALL_ROLES, players: 13 };
  const PLAIN = { roles: 'werewolf=2,villager=5,seer', players: 8 };
  const OPTION_CASES: [OptionKey, string, Record<string, unknown>, Record<string, unknown> | null][] = [
    ['wolvesWin', 'parity', PLAIN, null],
    ['packTargets', 'anyone', PLAIN, null],
    ['packMayAbstain', 'true', PLAIN, null],
    ['packRounds', '5', PLAIN, null],
    ['packStarves', 'true', { ...PLAIN, rules: ['packMayAbstain=true'] }, { ...PLAIN, rules: ['packMayAbstain=false'] }],
    ['seerSees', 'team', PLAIN, { roles: 'werewolf=2,villager=6', players: 8 }],
    ['witchPotionsPerNight', '1', WITH_ALL, PLAIN],
    ['witchSelfHeal', 'false', WITH_ALL, PLAIN],
    ['witchSelfPoison', 'true', WITH_ALL, PLAIN],
    ['hunterShootsOn', 'wolves,vote', WITH_ALL, PLAIN],
    ['guardRepeat', 'lethal', WITH_ALL, PLAIN],
    ['guardBlocks', 'wolves', WITH_ALL, PLAIN],
    ['loversMayVoteEachOther', 'true', WITH_ALL, PLAIN],
    ['loversMayKillEachOther', 'false', WITH_ALL, PLAIN],
    ['loversLearn', 'role', WITH_ALL, PLAIN],
    ['tie', 'revote', PLAIN, null],
    ['maxRevotes', '4', { ...PLAIN, rules: ['tie=revote'] }, { ...PLAIN, rules: ['tie=none'] }],
    ['lastTie', 'draw', { ...PLAIN, rules: ['tie=revote'] }, { ...PLAIN, rules: ['tie=none'] }],
    ['sheriffTieBreak', 'vote', { ...PLAIN, rules: ['tie=sheriff-then-revote'] }, { ...PLAIN, rules: ['tie=none'] }],
    ['sheriffMayVoidTie', 'true', { ...PLAIN, rules: ['tie=sheriff-then-revote'] }, { ...PLAIN, rules: ['tie=none'] }],
    ['sheriff', 'false', PLAIN, null],
    ['speakingOrder', 'after-victim', PLAIN, null],
    ['littleGirlCaught', '0.5', WITH_ALL, PLAIN],
    ['caughtGirl', 'pack-chooses', WITH_ALL, PLAIN],
    ['witchSavesCaughtGirl', 'true', WITH_ALL, { roles: 'werewolf=2,villager=4,seer,witch', players: 8 }],
    ['littleGirlNamesHalf', 'true', PLAIN, null],
    ['guardMayPass', 'true', WITH_ALL, PLAIN],
    ['guardLittleGirl', 'refused', WITH_ALL, { roles: 'werewolf=2,villager=4,seer,guard', players: 8 }],
    ['dayVoteMayAbstain', 'true', PLAIN, null],
    ['nightCausePublic', 'true', PLAIN, null],
    ['successorMayPass', 'false', PLAIN, { ...PLAIN, rules: ['sheriff=false'] }],
    ['victoryAt', 'chain-end', WITH_ALL, PLAIN],
    ['harvestFestival', 'true', PLAIN, null],
    ['newMoon', 'miracle', PLAIN, null],
  ];
  it('covers every option', () => expect(OPTION_CASES.map((c) => c[0]).sort()).toEqual([...OPTION_KEYS].sort()));
  it.each(OPTION_CASES)('%s=%s changes the text where it bears on the game, and only there', (key, value, bears, inert) => {
    const text = (t: Record<string, unknown>, extra: string[]) =>
      rulesText(setupOf({ preset: 'standard', players: t.players as number, roles: t.roles as string, rules: [...((t.rules as string[]) ?? []), ...extra] }));
    expect(text(bears, [`${key}=${value}`])).not.toBe(text(bears, []));
    if (inert !== null && inert.sameTable !== false) expect(text(inert, [`${key}=${value}`])).toBe(text(inert, []));
  });
});

/** Role words a line may hold about player j, given what seat s saw (independent of the code under test). */
function knownOf(game: Game, s: number, j: number, upTo: number): Set<string> {
  const known = new Set<string>();
  const bit = 1 << s;
  for (const e of game.log.slice(0, upTo)) {
    if ((e.vis & bit) === 0) continue;
    switch (e.type) {
      case 'death':
        if (e.seat === j) known.add(e.role);
        break;
      case 'pack':
        if (e.wolves.includes(j) && e.wolves.includes(s)) known.add('werewolf');
        break;
      case 'seer':
        if (e.seat === s && e.target === j) known.add(e.result);
        break;
      case 'lover':
        if (e.seat === s && e.partner === j && e.partnerIs !== null) known.add(e.partnerIs);
        break;
      case 'peek':
        if (e.seat === s && e.wolves.includes(j)) known.add('werewolf');
        break;
      case 'idiot-revealed':
        if (e.seat === j) known.add('idiot');
        break;
      default:
        break;
    }
  }
  return known;
}

const ROLE_WORDS = new Set<string>([...ROLES, 'human', 'not-werewolf']);

function checkPrompt(game: Game, seat: number, prompt: string): void {
  const bit = 1 << seat;
  const visible = new Set<string>();
  for (const e of game.log) if ((e.vis & bit) !== 0) visible.add(describeEvent(e) ?? '');
  // (a) no event the seat did not see, in any form the transcript would write it.
  for (const e of game.log) {
    if ((e.vis & bit) !== 0) continue;
    const text = describeEvent(e);
    if (text === null || visible.has(text)) continue;
    check(!prompt.includes(text), () => `P${seat + 1} sees "${text}"`);
  }
  // (b) what it is told of each other player is what it saw.
  const players = prompt.slice(prompt.indexOf('# Players\n'), prompt.indexOf('# Game log'));
  for (const line of players.split('\n')) {
    const m = /^- P(\d+)(.*)$/.exec(line);
    if (m === null) continue;
    const j = Number(m[1]) - 1;
    if (j === seat) {
      check(line.includes(`(you, ${game.state.seats[seat]!.role})`), () => `P${seat + 1}'s own line does not give its card: ${line}`);
      continue;
    }
    const known = knownOf(game, seat, j, game.log.length);
    for (const word of m[2]!.split(/[^a-z-]+/)) if (ROLE_WORDS.has(word)) check(known.has(word), () => `P${seat + 1}'s prompt says P${j + 1} is ${word}: ${line}`);
  }
}

/** A random agent that builds each decision's prompt, checks it against what the seat may know, and reports the seat. */
function spyOn(game: Game, seen: (seat: number) => void): Agent {
  return {
    name: 'spy',
    decide(ctx) {
      const d = ctx.decision;
      const p = buildPrompt(ctx.observe(), d, [], 'text');
      checkPrompt(game, d.seat, `${p.system}\n${p.user}\n${JSON.stringify(p.schema)}`);
      seen(d.seat);
      return randomAgent.decide(ctx);
    },
  };
}

describe('a prompt never holds what its seat may not know', () => {
  it('for every decision of every seat, every role, under every preset', () => {
    const roles = new Set<Role>();
    let prompts = 0;
    for (const preset of ['thiercelieux', 'classic', 'introduction', 'standard']) {
      const setup = setupOf({ preset, players: 13, roles: ALL_ROLES });
      for (let i = 0; i < 6; i++) {
        const game = new Game(setup, gameSeed(`leak-${preset}`, i));
        playSync(game, Array(13).fill(spyOn(game, (seat) => {
          roles.add(game.state.seats[seat]!.role);
          prompts++;
        })));
      }
    }
    expect([...roles].sort()).toEqual([...ROLES].sort());
    expect(prompts).toBeGreaterThan(1000);
  });
});

describe('a prompt never holds what its seat may not know, under the variants', () => {
  it('Harvest Festival and New Moon (every event): every decision of every seat', () => {
    let prompts = 0;
    for (const rules of [['harvestFestival=true'], ['newMoon=all'], ['harvestFestival=true', 'newMoon=all']]) {
      const setup = setupOf({ preset: 'standard', players: 13, roles: ALL_ROLES, rules });
      for (let i = 0; i < 6; i++) {
        const game = new Game(setup, gameSeed(`leak-${rules.join('+')}`, i));
        playSync(game, Array(13).fill(spyOn(game, () => prompts++)));
      }
    }
    expect(prompts).toBeGreaterThan(1000);
  });
});

describe('the leak check itself', () => {
  it('fails on a prompt built from the moderator log instead of the observation', () => {
    const setup = setupOf({ preset: 'classic', players: 13, roles: ALL_ROLES });
    const game = new Game(setup, gameSeed('leak-check', 0));
    let caught = 0;
    const leaky: Agent = {
      name: 'leaky',
      decide(ctx) {
        const d = ctx.decision;
        if (d.kind === 'vote') {
          const p = buildPrompt({ ...ctx.observe(), events: game.log }, d, [], 'text');
          try {
            checkPrompt(game, d.seat, p.user);
          } catch {
            caught++;
          }
        }
        return randomAgent.decide(ctx);
      },
    };
    playSync(game, Array(13).fill(leaky));
    expect(caught).toBeGreaterThan(0);
  });
});

describe('the legal choices in the prompt', () => {
  it('are exactly the engine legal answers, for every kind of decision met', () => {
    const kinds = new Set<string>();
    const setup = setupOf({ preset: 'classic', players: 13, roles: ALL_ROLES });
    for (let i = 0; i < 4; i++) {
      const game = new Game(setup, gameSeed('menu', i));
      const spy: Agent = {
        name: 'spy',
        decide(ctx) {
          const d = ctx.decision;
          const menu = menuOf(d);
          kinds.add(d.kind);
          if (menu.kind === 'one') {
            expect(menu.options.map((o) => o.answer)).toEqual(legalAnswers(d));
            expect(new Set(menu.options.map((o) => o.label)).size).toBe(menu.options.length);
            const p = buildPrompt(ctx.observe(), d, [], 'schema');
            for (const o of menu.options) expect(p.user).toContain(`"${o.label}"`);
          }
          return randomAgent.decide(ctx);
        },
      };
      playSync(game, Array(13).fill(spy));
    }
    expect(kinds.size).toBeGreaterThanOrEqual(12);
  });
});

// The same guarantee for process agents (agents/exec, docs/protocol.md): a recorder agent
// in every seat writes down every line the host sends it, and each seat's messages are
// checked against the engine: its events are exactly its observation (nothing it did not
// see, nothing twice, nothing left out), with `public` for `vis`; its decisions are the
// engine's with its legal answers; the setup is the public one and the seed its own.
describe('the process protocol never gives a seat more than its observation', () => {
  const tables: [string, Parameters<typeof setupOf>[0]][] = [
    ...['thiercelieux', 'classic', 'introduction', 'standard'].map((preset): [string, Parameters<typeof setupOf>[0]] => [preset, { preset, players: 13, roles: ALL_ROLES }]),
    ['Harvest Festival + New Moon', { preset: 'standard', players: 13, roles: ALL_ROLES, rules: ['harvestFestival=true', 'newMoon=all'] }],
  ];

  it('for every message to every seat, every role, under every preset and the variants', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'leak-exec-'));
    const record = join(dir, 'record.jsonl');
    const command = { text: `exec:python3 ${RECORDER} ${record}`, argv: ['python3', RECORDER, record] };
    const host = await ExecHost.start([command]);
    if (!host.ok) throw new Error(host.error);
    const games = new Map<number, WatchedGame>();
    try {
      for (const [label, req] of tables) for (const [k, v] of await playWatched(host.value, command, setupOf(req), `leak-exec-${label}`, 3)) games.set(k, v);
    } finally {
      await host.value.close();
    }
    const lines = readFileSync(record, 'utf8').split('\n');
    rmSync(dir, { recursive: true, force: true });
    const roles = new Set<Role>();
    for (const w of games.values()) for (const seat of w.asked.keys()) roles.add(w.game.state.seats[seat]!.role);
    expect([...roles].sort()).toEqual([...ROLES].sort());
    expect(lines.filter((l) => l.includes('"type":"decide"')).length).toBeGreaterThan(1000);
    expect(protocolProblems(lines, games)).toEqual([]);
  });

  // The check itself can fail: each of these messages says more (or less) than the seat saw.
  it.each([
    ['an event of the log the seat did not see', 'unseen'],
    ['an event twice', 'twice'],
    ['an event dropped', 'dropped'],
    ['vis sent', 'vis'],
    ['a field the protocol does not have', 'field'],
    ['another seat\'s seed', 'seed'],
  ])('sees %s', async (_what, how) => {
    const setup = setupOf({ preset: 'classic', players: 13, roles: ALL_ROLES });
    const game = new Game(setup, gameSeed('leak-exec-check', 0));
    const asked = new Map<number, Decision[]>();
    const messages: Record<string, unknown>[] = [];
    const sent = new Array<number>(13).fill(0);
    const greet = (s: number) => {
      if (asked.has(s)) return;
      asked.set(s, []);
      messages.push({ type: 'game', game: 1, seat: s, seed: seatSeed(game.seed, how === 'seed' && s === 0 ? 1 : s), players: 13, deck: setup.deck, options: setup.options });
    };
    const seatOf = (s: number): Agent => ({
      name: 'fake-host',
      decide(ctx) {
        const d = ctx.decision;
        greet(s);
        asked.get(s)!.push(d);
        const obs = ctx.observe();
        messages.push({ type: 'decide', id: messages.length, game: 1, seat: s, events: seatEvents(obs.events, sent[s]!), decision: d, deadline_ms: 1 });
        sent[s] = obs.events.length;
        return randomAgent.decide(ctx);
      },
    });
    const played = playSync(game, Array.from({ length: 13 }, (_, s) => seatOf(s)));
    expect(played.outcome).toBeDefined();
    for (let s = 0; s < 13; s++) {
      greet(s);
      messages.push(endMessage(1, observe(game, s), sent[s]!) as unknown as Record<string, unknown>);
    }
    const honest = () => protocolProblems(messages.map((m) => JSON.stringify(m)), new Map([[1, { game, asked }]]));
    if (how !== 'seed') expect(honest()).toEqual([]);
    // Corrupt one decide message of seat 0 (or the seed above) and look again.
    const m = messages.find((x) => x.type === 'decide' && x.seat === 0 && (x.events as unknown[]).length > 1)!;
    const events = m.events as Record<string, unknown>[];
    if (how === 'unseen') events.push({ ...game.log.find((e) => (e.vis & 1) === 0)!, vis: undefined, public: false });
    if (how === 'twice') events.push(events[0]!);
    if (how === 'dropped') events.pop();
    if (how === 'vis') events[0] = { ...events[0], vis: -1 };
    if (how === 'field') m.role = 'werewolf';
    expect(honest().length).toBeGreaterThan(0);
  });
});

// The `choices` invariance control (#23): a model's legal choices listed in another order.
// It must change nothing but that order: the same system text, the same user text but for
// the choices line, the same labels and answers, the same schema's set of labels.
describe('the choices control', () => {
  it('reorders the legal choices and nothing else, for every decision of a game with every role', () => {
    const setup = setupOf({ preset: 'classic', players: 13, roles: ALL_ROLES });
    let moved = 0;
    let menus = 0;
    const game = new Game(setup, gameSeed('order', 0));
    const spy: Agent = {
      name: 'spy',
      decide(ctx) {
        const d = ctx.decision;
        const obs = ctx.observe();
        const rng = new Rng('order', `/${d.id}`);
        const plain = buildPrompt(obs, d, [], 'schema');
        const shuffled = buildPrompt(obs, d, [], 'schema', { shuffle: (xs) => void rng.shuffle(xs) });
        expect(shuffled.system).toBe(plain.system);
        const a = plain.user.split('\n');
        const b = shuffled.user.split('\n');
        expect(b.length).toBe(a.length);
        const differ = a.flatMap((line, i) => (line === b[i] ? [] : [line]));
        for (const line of differ) expect(line).toMatch(/^(Legal choices|Players you may name)/);
        const labels = (m: typeof plain.menu) => (m.kind === 'one' ? m.options.map((o) => `${o.label}=${JSON.stringify(o.answer)}`) : m.kind === 'many' ? m.candidates.map(String) : []);
        expect([...labels(shuffled.menu)].sort()).toEqual([...labels(plain.menu)].sort());
        expect(JSON.stringify(shuffled.schema).length).toBe(JSON.stringify(plain.schema).length);
        if (labels(plain.menu).length > 2) menus++;
        if (differ.length > 0) moved++;
        return randomAgent.decide(ctx);
      },
    };
    playSync(game, Array(13).fill(spy));
    expect(menus).toBeGreaterThan(20);
    // Most menus of three choices or more come out in another order.
    expect(moved).toBeGreaterThan(menus / 2);
  });
});

// The `wording` invariance control (#23): the system text and the section titles said
// otherwise; the facts, the question, the choices and the answer format word for word.
describe('the wording control', () => {
  it('rewords the system text and the titles, and nothing else, for every decision of a game with every role', () => {
    const setup = setupOf({ preset: 'classic', players: 13, roles: ALL_ROLES });
    const game = new Game(setup, gameSeed('wording', 0));
    let asked = 0;
    const notes = [{ when: 'Day 1', text: 'a note' }];
    const spy: Agent = {
      name: 'spy',
      decide(ctx) {
        const d = ctx.decision;
        const obs = ctx.observe();
        const plain = buildPrompt(obs, d, notes, 'text');
        const alt = buildPrompt(obs, d, notes, 'text', { wording: 'alt' });
        expect(alt.system).not.toBe(plain.system);
        // The rules of the table are the same text.
        expect(alt.system.endsWith(rulesText(obs))).toBe(true);
        expect(plain.system.endsWith(rulesText(obs))).toBe(true);
        expect(alt.schema).toEqual(plain.schema);
        const a = plain.user.split('\n');
        const b = alt.user.split('\n');
        expect(b.length).toBe(a.length);
        const titles = a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!]]));
        expect(titles.length).toBe(6);
        for (const [x, y] of titles) {
          expect(x).toMatch(/^# /);
          expect(y).toMatch(/^# /);
          // Each title the alt system text announces is one its user text uses.
          expect(alt.system).toContain(y!.slice(2));
        }
        asked++;
        return randomAgent.decide(ctx);
      },
    };
    playSync(game, Array(13).fill(spy));
    expect(asked).toBeGreaterThan(50);
  });
});

describe("the game log kept from one prompt to the next (history.ts HistoryLines)", () => {
  // Each seat's log is kept and only its new events' lines added: the prompt must be the
  // one made from every event, byte for byte (a call's key is a hash of it, so a replay
  // depends on it). Mutation: check only the count of events read, not which they were —
  // an edited copy then gets the unedited log, and the second case fails.
  it.each([
    ['004 standard, 8 players', { preset: 'standard', players: 8 }],
    ['001 classic, 12 players, Harvest Festival and New Moon', { preset: 'classic', players: 12, rules: ['harvestFestival=true', 'newMoon=all'] }],
  ] as const)('%s: at every decision of every seat, the text made from every event', (_label, req) => {
    const setup = setupOf(req);
    for (let i = 0; i < 6; i++) {
      const kept = Array.from({ length: setup.players }, () => new HistoryLines());
      let compared = 0;
      const watching: Agent = {
        name: 'watching',
        decide: (ctx) => {
          const events = ctx.observe().events;
          expect(kept[ctx.decision.seat]!.text(events)).toBe(historyText(events));
          compared++;
          return randomAgent.decide(ctx);
        },
      };
      playSync(new Game(setup, gameSeed('history-lines', i)), Array(setup.players).fill(watching));
      expect(compared).toBeGreaterThan(20);
    }
  });

  it('reads again an observation that is shorter, or does not begin with the events it read', () => {
    const setup = setupOf({ preset: 'standard', players: 8 });
    const game = new Game(setup, gameSeed('history-lines', 9));
    playSync(game, Array(8).fill(randomAgent));
    const events = observe(game, 0).events;
    const lines = new HistoryLines();
    expect(lines.text(events.slice(0, 30))).toBe(historyText(events.slice(0, 30)));
    expect(lines.text(events)).toBe(historyText(events));
    expect(lines.text(events.slice(0, 10))).toBe(historyText(events.slice(0, 10)));
    // An event read before replaced (a fork's edited speech), in a copy and then in place.
    const edited = [...events];
    expect(lines.text(edited)).toBe(historyText(edited));
    const at = edited.findIndex((e) => e.type === 'speech');
    edited[at] = { ...(edited[at] as Extract<Event, { type: 'speech' }>), claims: [{ type: 'suspect', target: 3 }] };
    edited.push(edited[edited.length - 1]!);
    expect(lines.text(edited)).toBe(historyText(edited));
  });
});
