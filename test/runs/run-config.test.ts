// A stored setup read back (runs/run-config.ts): a setup this version reads as it was
// played comes back whole; one it would read differently — a rule option added or read
// another way since — is refused in one line naming the words that differ, never replayed
// under other rules.

import { describe, expect, it } from 'vitest';
import { describeSetup } from '../../engine/index.js';
import { setupFromJson } from '../../runs/run-config.js';
import { setupOf } from '../helpers/metrics.js';

describe('setupFromJson', () => {
  const setup = setupOf({ preset: 'standard', players: 8 });
  const json = JSON.stringify(setup);
  const text = describeSetup(setup);

  it('reads back a setup stored by this version', () => {
    const r = setupFromJson(json, text);
    expect(r.ok && describeSetup(r.value)).toBe(text);
  });

  it('refuses one written before an option existed, in one line naming what differs', () => {
    // As an older version would have written it: no victoryAt, and a tie read another way.
    const old = text.replace(' victoryAt=each-death', '').replace('tie=none', 'tie=revote');
    const r = setupFromJson(json, old);
    expect(r.ok).toBe(false);
    const message = r.ok ? '' : r.error;
    expect(message).not.toContain('\n');
    expect(message).toContain('(stored: tie=revote; now: victoryAt=each-death, tie=none)');
    expect(message).toContain('replay or resume it with the werewolf-lab that wrote it');
  });
});
