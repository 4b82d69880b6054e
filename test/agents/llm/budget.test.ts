// The budget's refusal says why the call did not fit: what was spent, what the calls in
// flight hold, and what the next call could cost (together over the limit).

import { describe, expect, it } from 'vitest';
import { Budget } from '../../../agents/llm/budget.js';

describe('the budget', () => {
  it('refuses a call whose worst case, with what is spent and held, passes the limit, and says so', () => {
    const b = new Budget(0.05, 0.03);
    expect(b.reserve(0.0141)).toBe(true); // spent 0.03 + held 0.0141
    b.settle(0.0141, 0.0141); // spent 0.0441, nothing held
    expect(b.reserve(0.004)).toBe(true); // a call in flight holds 0.004
    expect(b.reserve(0.0008)).toBe(true);
    expect(b.reserve(0.002)).toBe(false); // 0.0441 spent + 0.0048 held + 0.002 > 0.05
    expect(b.refusal(0.002)).toBe('the budget of $0.05 is spent ($0.0441 so far, $0.0048 held for the calls in flight; the next call could cost up to $0.0020)');
    b.settle(0.004, 0.001);
    b.settle(0.0008, 0.0002);
    expect(b.reserved).toBeCloseTo(0, 12);
    expect(b.refusal(0.01)).toBe('the budget of $0.05 is spent ($0.0453 so far; the next call could cost up to $0.0100)');
  });

  // Planted: `>=` for `>` in reserve refuses a call that exactly fits (this test fails).
  it('lets through a call that exactly fits what is left, and nothing after it (binary fractions: no rounding)', () => {
    const b = new Budget(1, 0.25);
    expect(b.reserve(0.5)).toBe(true); // 0.25 spent + 0.5 held
    expect(b.reserve(0.25)).toBe(true); // 0.25 + 0.5 + 0.25 = 1: exactly the limit
    expect(b.left).toBe(0);
    expect(b.reserve(2 ** -20)).toBe(false);
    expect(new Budget(0.5).reserve(0.5)).toBe(true);
  });

  it('without a limit, holds and counts but never refuses', () => {
    const b = new Budget(null);
    expect(b.reserve(1e9)).toBe(true);
    b.settle(1e9, 2);
    expect(b.spent).toBe(2);
    expect(b.left).toBe(Infinity);
  });
});
