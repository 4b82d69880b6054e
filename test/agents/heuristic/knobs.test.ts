import { describe, expect, it } from 'vitest';
import { DEFAULT_KNOBS, parseKnobs } from '../../../agents/heuristic/knobs.js';
import { parseAgentSpec, parseSeating, seatAgents } from '../../../agents/registry.js';

describe('heuristic knobs', () => {
  it('defaults when none are given, and canonical text lists only what differs', () => {
    const none = parseKnobs(undefined);
    expect(none.ok && none.value.knobs).toEqual(DEFAULT_KNOBS);
    const some = parseKnobs(' trust=0.5 , fakeClaim=0.3,seerReveal=never');
    expect(some.ok).toBe(true);
    if (!some.ok) return;
    expect(some.value.knobs).toEqual({ ...DEFAULT_KNOBS, trust: 0.5, seerReveal: Infinity });
    // fakeClaim=0.3 is the default: left out; order is the knobs' own.
    expect(some.value.text).toBe('seerReveal=never,trust=0.5');
  });

  it('refuses unknown knobs, bad values and repeats with a message that says what to do', () => {
    const unknown = parseKnobs('fakeclaims=0.3');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error).toMatch(/unknown knob 'fakeclaims' \(did you mean 'fakeClaim'\?\); knobs are fakeClaim, seerReveal, trust, bus/);
    const range = parseKnobs('trust=1.5');
    expect(!range.ok && range.error).toBe("knob trust takes a number from 0 to 1, not '1.5'");
    const day = parseKnobs('seerReveal=0');
    expect(!day.ok && day.error).toBe("knob seerReveal takes a day from 1 to 99 or 'never', not '0'");
    const shape = parseKnobs('trust');
    expect(!shape.ok && shape.error).toMatch(/a knob is written name=value/);
    const twice = parseKnobs('bus=0,bus=1');
    expect(!twice.ok && twice.error).toBe('knob bus is given twice');
  });

  it('is registered: specs canonicalise, bad specs fail at parse time, seatings mix kinds', () => {
    const spec = parseAgentSpec('heuristic:trust=0.8,bus=0');
    expect(spec.ok && spec.value.text).toBe('heuristic:bus=0');
    const bad = parseAgentSpec('heuristic:bus=2');
    expect(!bad.ok && bad.error).toBe("agent 'heuristic:bus=2': knob bus takes a number from 0 to 1, not '2'");
    const seating = parseSeating(['heuristic:fakeClaim=1', 'werewolves=random', '3=heuristic:seerReveal=never']);
    expect(seating.ok).toBe(true);
    if (!seating.ok) return;
    expect(seating.value.text).toBe('heuristic:fakeClaim=1 werewolves=random 3=heuristic:seerReveal=never');
    const { specs, agents } = seatAgents(seating.value, ['werewolf', 'villager', 'seer', 'villager']);
    expect(specs).toEqual(['random', 'heuristic:fakeClaim=1', 'heuristic:seerReveal=never', 'heuristic:fakeClaim=1']);
    expect(agents[1]).not.toBe(agents[3]); // one agent per seat: they keep state
  });
});
