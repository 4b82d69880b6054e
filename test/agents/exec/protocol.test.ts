// The protocol's pieces without processes: command lines read as a shell splits them and
// seatings written back so that they read the same; an agent's reply read strictly (only
// the owed kind's fields kept, claims rebuilt from theirs); the handshake's checks; the
// seat's seed its own.

import { describe, expect, test } from 'vitest';
import { joinWords, splitWords } from '../../../agents/exec/argv.js';
import { readAnswer, readHello, seatEvents, seatSeed } from '../../../agents/exec/protocol.js';
import { parseSeating } from '../../../agents/registry.js';
import { ALL, Game, gameSeed, resolveSetup, type Decision } from '../../../engine/index.js';
import { seatingFromText } from '../../../runs/run-config.js';

describe('command lines', () => {
  test.each([
    ['python3 bot.py', ['python3', 'bot.py']],
    ['  python3   bot.py  ', ['python3', 'bot.py']],
    ["python3 'my bot.py' --x=1", ['python3', 'my bot.py', '--x=1']],
    ['python3 "a \\"b\\" c"', ['python3', 'a "b" c']],
    ['a\\ b c', ['a b', 'c']],
    ["'it'\\''s'", ["it's"]],
    ["''", ['']],
  ])('%s', (text, words) => {
    const r = splitWords(text);
    expect(r).toEqual({ ok: true, value: words });
    // What joinWords writes reads back as the same words.
    expect(splitWords(joinWords(words))).toEqual({ ok: true, value: words });
  });

  test.each(["python3 'bot.py", 'python3 "bot.py', 'python3 bot.py\\'])('%s is an error', (text) => {
    expect(splitWords(text).ok).toBe(false);
  });

  test('a seating with commands reads back from its text; one without any is written as before', () => {
    const values = ['heuristic', "werewolves=exec:python3 'my bot.py' --level 2", '3=exec:./bot', 'seer=random'];
    const s = parseSeating(values);
    if (!s.ok) throw new Error(s.error);
    expect(s.value.text).toBe("heuristic 'werewolves=exec:python3 '\\''my bot.py'\\'' --level 2' 3=exec:./bot seer=random");
    const again = seatingFromText(s.value.text);
    expect(again.ok && again.value.assignments.map((a) => a.spec.text)).toEqual(['heuristic', "exec:python3 'my bot.py' --level 2", 'exec:./bot', 'random']);
    const plain = parseSeating(['random', '2=heuristic:fakeClaim=0.5', 'werewolves=random']);
    expect(plain.ok && plain.value.text).toBe('random 2=heuristic:fakeClaim=0.5 werewolves=random');
  });

  test('an exec spec needs a command', () => {
    const r = parseSeating(['werewolves=exec:']);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain("give the command after 'exec:'");
  });
});

const vote: Decision = { kind: 'vote', id: 7, seat: 2, targets: [0, 1, 3], mayPass: false, round: 1, weight: 1 };
const speech: Decision = { kind: 'speech', id: 8, seat: 2, day: 1, revote: false, littleGirlMaxNamed: null, players: 8 };

describe('reading a reply', () => {
  test.each([
    ['not JSON', 'vote for 3', /not JSON: "vote for 3"/],
    ['an array', '[1]', /not a JSON object/],
    ['without the id', '{"answer":{"kind":"vote","target":1}}', /"id": 7/],
    ['another id', '{"id":6,"answer":{"kind":"vote","target":1}}', /"id": 7, not 6/],
    ['without an answer', '{"id":7,"kind":"vote","target":1}', /needs an "answer" object/],
    ['of another kind', '{"id":7,"answer":{"kind":"seer","target":1}}', /a 'vote' answer is owed, not "seer"/],
  ])('%s is an error that says what is wrong', (_what, line, message) => {
    const r = readAnswer(line, 7, vote);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(message);
  });

  test('keeps only the owed kind\'s fields (the engine then judges the values)', () => {
    expect(readAnswer('{"id":7,"answer":{"kind":"vote","target":9,"note":"x","say":"y"},"extra":1}', 7, vote)).toEqual({ ok: true, value: { kind: 'vote', target: 9 } });
  });

  test('rebuilds each claim from its own fields: nothing else reaches the log the others read', () => {
    const line = JSON.stringify({
      id: 8,
      answer: {
        kind: 'speech',
        text: 'hi',
        secret: 'x'.repeat(100),
        claims: [
          { type: 'suspect', target: 3, payload: 'big' },
          { type: 'seen', target: 4, result: 'werewolf', role: 'seer' },
          { type: 'constructor', target: 1 },
          { type: '__proto__', target: 1 },
          7,
        ],
      },
    });
    expect(readAnswer(line, 8, speech)).toEqual({
      ok: true,
      value: {
        kind: 'speech',
        text: 'hi',
        claims: [{ type: 'suspect', target: 3 }, { type: 'seen', target: 4, result: 'werewolf' }, { type: 'constructor', target: 1 }, { type: '__proto__', target: 1 }, 7],
      },
    });
  });
});

describe('the handshake', () => {
  test('needs the id, this protocol version and a name', () => {
    expect(readHello('{"id":0,"protocol":1,"name":"bot","options":{"level":2}}', 0)).toEqual({ ok: true, value: { name: 'bot', protocol: 1, options: { level: 2 } } });
    expect(readHello('{"id":0,"protocol":2,"name":"bot"}', 0)).toMatchObject({ ok: false, error: expect.stringMatching(/speaks protocol 2; this host speaks version 1/) });
    expect(readHello('{"id":0,"protocol":1}', 0)).toMatchObject({ ok: false, error: expect.stringMatching(/needs a "name"/) });
    expect(readHello('{"protocol":1,"name":"bot"}', 0)).toMatchObject({ ok: false, error: expect.stringMatching(/"id": 0/) });
  });
});

describe("the seat's seed and events", () => {
  test("a seat's seed is its own: the same for the same game and seat, different across seats and games", () => {
    expect(seatSeed('1#0', 3)).toBe(seatSeed('1#0', 3));
    const seeds = new Set<number>();
    for (let g = 0; g < 50; g++) for (let s = 0; s < 8; s++) seeds.add(seatSeed(gameSeed('1', g), s));
    expect(seeds.size).toBe(400);
    for (const x of seeds) expect(Number.isSafeInteger(x) && x >= 0 && x < 2 ** 52).toBe(true);
  });

  test('an event is sent without vis, public when every seat sees it', () => {
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    if (!setup.ok) throw new Error(setup.error);
    const g = new Game(setup.value, gameSeed('events', 0));
    const sent = seatEvents(g.log, 0);
    expect(sent).toHaveLength(g.log.length);
    sent.forEach((e, i) => {
      expect('vis' in e).toBe(false);
      expect(e.public).toBe(g.log[i]!.vis === ALL);
    });
    expect(seatEvents(g.log, g.log.length)).toEqual([]);
  });
});
