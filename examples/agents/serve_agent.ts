// A TypeScript process agent: any agent of this package — or one of your own that
// implements `Agent` — served over the process protocol (docs/protocol.md, version 1).
// The seat's observation is rebuilt from the messages exactly as the engine would give
// it (an event's `public` becomes its visibility: every seat, or this one), and the
// seat's generator is seeded with the seat's seed.
//
//   sim --agents heuristic --agents 'werewolves=exec:node --import tsx examples/agents/serve_agent.ts heuristic'
//
// (`npm run build` first: the package's exports point at dist/.) Debug output goes to
// stderr, which the host writes to the run's log.
import { createInterface } from 'node:readline';
import { ALL, Rng, type Decision, type Event, type Observation } from 'werewolf-lab/engine';
import { parseAgentSpec, PROTOCOL_VERSION, type Agent, type SeatEvent } from 'werewolf-lab/agents';

interface Seat {
  readonly agent: Agent;
  readonly rng: Rng;
  readonly obs: Observation & { events: Event[] };
}

type Message =
  | { type: 'hello'; id: number }
  | { type: 'game'; game: number; seat: number; seed: number; players: number; deck: Observation['deck']; options: Observation['options'] }
  | { type: 'decide'; id: number; game: number; seat: number; events: SeatEvent[]; decision: Decision; error?: string }
  | { type: 'end'; game: number; seat: number }
  | { type: 'quit' };

const spec = parseAgentSpec(process.argv[2] ?? 'heuristic');
if (!spec.ok || spec.value.kind.async) {
  process.stderr.write(`serve_agent: give a built-in agent that answers at once (random, heuristic, heuristic:…): ${spec.ok ? spec.value.text : spec.error}\n`);
  process.exit(2);
}
const kind = spec.value.kind;
const argument = spec.value.argument;

const seats = new Map<string, Seat>();
const send = (o: unknown) => process.stdout.write(JSON.stringify(o) + '\n');

function add(s: Seat, events: readonly SeatEvent[]): void {
  for (const { public: shown, ...e } of events) s.obs.events.push({ ...e, vis: shown ? ALL : 1 << s.obs.seat } as Event);
}

for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line) as Message;
  if (m.type === 'hello') send({ id: m.id, protocol: PROTOCOL_VERSION, name: `serve_agent ${spec.value.text}`, options: {} });
  else if (m.type === 'game') {
    const obs = { seat: m.seat, players: m.players, options: m.options, deck: m.deck, events: [] };
    seats.set(`${m.game}/${m.seat}`, { agent: kind.create(argument, m.seat), rng: new Rng(String(m.seed)), obs });
  } else if (m.type === 'decide') {
    const s = seats.get(`${m.game}/${m.seat}`)!;
    add(s, m.events);
    const lastError = m.error === undefined ? undefined : { code: 'illegal' as const, seat: m.seat, message: m.error };
    const answer = await s.agent.decide({ decision: m.decision, rng: s.rng, observe: () => s.obs, lastError });
    send({ id: m.id, answer });
  } else if (m.type === 'end') seats.delete(`${m.game}/${m.seat}`);
  else if (m.type === 'quit') break;
}
