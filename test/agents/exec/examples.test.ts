// The example process agents (examples/agents/) play through the real processes: the
// Python bots without a protocol error, the same games again whatever the games in flight
// and the number of processes; the heuristic bot reads the claims it hears; and the
// TypeScript server plays exactly as the heuristic agent does in-process when that agent is
// given what the protocol gives (its observation with `public` for `vis`, and its seed) —
// which shows that the protocol leaves out nothing an agent may use.
//
// Mutations that fail: a bot seeding one generator for all its seats (the runs differ
// between 1 and 4 games in flight); an event dropped or reordered in protocol.ts (the
// served heuristic plays other games); the claim reading removed from heuristic_bot.py.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, test } from 'vitest';
import { ExecHost, protocolErrors } from '../../../agents/exec/host.js';
import { seatSeed } from '../../../agents/exec/protocol.js';
import { heuristicKind } from '../../../agents/heuristic/kind.js';
import { playAsync } from '../../../agents/play.js';
import { parseSeating, seatAgents } from '../../../agents/registry.js';
import type { Agent } from '../../../agents/types.js';
import { ALL, Game, gameSeed, resolveSetup, Rng, type Event, type Observation } from '../../../engine/index.js';
import { execRun, HEURISTIC_BOT, leftBehind, RANDOM_BOT, SERVE_AGENT } from './helpers.js';

describe.each([
  ['random_bot.py', RANDOM_BOT],
  ['heuristic_bot.py', HEURISTIC_BOT],
])('%s', (_name, bot) => {
  test.each(['werewolves', 'village'])('plays the %s without a protocol error, and the same games with 1 or 4 games in flight and 1 or 2 processes', async (side) => {
    const agents = ['heuristic', `${side}=exec:python3 ${bot}`];
    const a = await execRun({ agents, games: 60, concurrency: 1 });
    const b = await execRun({ agents, games: 60, concurrency: 4, host: { processes: 2 } });
    for (const r of [a, b]) {
      expect(r.stored).toBe(60);
      expect(protocolErrors(r.counts[0]!)).toBe(0);
      expect(r.counts[0]!.fallbacks).toBe(0);
      expect(r.counts[0]!.asked).toBeGreaterThan(60);
    }
    expect(b.counts[0]!.started).toBe(2);
    expect(b.games).toBe(a.games);
    expect(await leftBehind([...a.pids, ...b.pids])).toEqual([]);
  });
});

describe('heuristic_bot.py reads the claims it hears', () => {
  /** Sends the bot a game and one decision; returns its answer. */
  async function ask(game: Record<string, unknown>, decide: Record<string, unknown>): Promise<Record<string, unknown>> {
    const child = spawn('python3', [HEURISTIC_BOT], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n');
    send({ type: 'hello', id: 0, protocol: 1, deadline_ms: 1000 });
    expect(JSON.parse((await lines.next()).value as string)).toMatchObject({ id: 0, protocol: 1, name: 'heuristic_bot' });
    send({ type: 'game', game: 1, seed: 5, players: 8, deck: [], options: {}, ...game });
    send({ type: 'decide', id: 1, game: 1, deadline_ms: 1000, ...decide });
    const reply = JSON.parse((await lines.next()).value as string) as { id: number; answer: Record<string, unknown> };
    send({ type: 'quit' });
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
    expect(reply.id).toBe(1);
    return reply.answer;
  }
  const ev = (e: Record<string, unknown>) => ({ public: true, ...e });
  const vote = (seat: number) => ({ kind: 'vote', id: 9, seat, targets: [1, 2, 3, 4, 5, 6, 7].filter((t) => t !== seat), mayPass: false, round: 1, weight: 1 });

  test('a villager votes for the player the only Seer claimant saw as a werewolf', async () => {
    const events = [
      ev({ type: 'deal', seat: 0, role: 'villager', public: false }),
      ev({ type: 'speech', seat: 2, claims: [{ type: 'role', role: 'seer' }, { type: 'seen', target: 5, result: 'werewolf' }] }),
      ev({ type: 'speech', seat: 3, claims: [{ type: 'suspect', target: 6 }] }),
    ];
    expect(await ask({ seat: 0 }, { seat: 0, events, decision: vote(0) })).toEqual({ kind: 'vote', target: 5 });
  });

  test('a werewolf never votes for its packmate, even one the Seer claimant named, and its pack goes for the Seer claimant', async () => {
    const events = [
      ev({ type: 'deal', seat: 1, role: 'werewolf', public: false }),
      ev({ type: 'pack', wolves: [1, 5], public: false }),
      ev({ type: 'speech', seat: 2, claims: [{ type: 'role', role: 'seer' }, { type: 'seen', target: 5, result: 'werewolf' }] }),
    ];
    const answer = await ask({ seat: 1 }, { seat: 1, events, decision: { ...vote(1), targets: [0, 2, 3, 4, 5, 6, 7] } });
    expect(answer.kind).toBe('vote');
    expect(answer.target).not.toBe(5);
    const pack = { kind: 'pack', id: 10, seat: 1, targets: [0, 2, 3, 4, 6, 7], mayPass: false, round: 1, rounds: 1, leader: 1, previous: [] };
    expect(await ask({ seat: 1 }, { seat: 1, events, decision: pack })).toEqual({ kind: 'pack', target: 2 });
  });
});

describe('examples/agents/serve_agent.ts', () => {
  /** The heuristic agent in this process, given exactly what the protocol gives a process: its observation with `public` for `vis`, and its seed. */
  function asThroughTheProtocol(game: Game, seat: number): Agent {
    const inner = heuristicKind.create(undefined, seat);
    const rng = new Rng(String(seatSeed(game.seed, seat)));
    const events: Event[] = [];
    let read = 0;
    const view = (o: Observation): Observation => {
      for (; read < o.events.length; read++) {
        const e = o.events[read]!;
        events.push({ ...e, vis: e.vis === ALL ? ALL : 1 << seat });
      }
      return { seat: o.seat, players: o.players, options: o.options, deck: o.deck, events };
    };
    return { name: inner.name, decide: (ctx) => inner.decide({ decision: ctx.decision, rng, lastError: ctx.lastError, observe: () => view(ctx.observe()) }) };
  }

  test('serves the heuristic agent: the same games, move for move, as the heuristic given the protocol view in this process', async () => {
    const setup = resolveSetup({ preset: 'classic', players: 12 });
    const command = `exec:${process.execPath} --import tsx ${SERVE_AGENT} heuristic`;
    const seating = parseSeating(['heuristic', `werewolves=${command}`]);
    if (!setup.ok || !seating.ok) throw new Error('setup');
    const host = await ExecHost.start([{ text: seating.value.assignments[1]!.spec.text, argv: [process.execPath, '--import', 'tsx', SERVE_AGENT, 'heuristic'] }]);
    if (!host.ok) throw new Error(host.error);
    let differ = 0;
    let wolvesWon = 0;
    try {
      for (let i = 0; i < 30; i++) {
        const served = new Game(setup.value, gameSeed('serve', i));
        const exec = host.value.game(served.seed);
        const { agents } = seatAgents(seating.value, served.state.seats.map((s) => s.dealt), { exec });
        const p = await playAsync(served, agents);
        exec.settle(p);
        const local = new Game(setup.value, gameSeed('serve', i));
        const localAgents = local.state.seats.map((s, seat) => (s.dealt === 'werewolf' ? asThroughTheProtocol(local, seat) : heuristicKind.create(undefined, seat)));
        await playAsync(local, localAgents);
        if (JSON.stringify(served.log) !== JSON.stringify(local.log)) differ++;
        if (p.outcome.winner === 'werewolves') wolvesWon++;
      }
    } finally {
      await host.value.close();
    }
    expect(differ).toBe(0);
    expect(protocolErrors(host.value.counts()[0]!)).toBe(0);
    // Not a trivial game: both sides win some.
    expect(wolvesWon).toBeGreaterThan(0);
    expect(wolvesWon).toBeLessThan(30);
  });
});
