// The run's spending limit (--max-cost, USD). A call is let through only if the worst it
// can cost (its prompt's estimated tokens, plus its answer's max tokens, at the model's
// price) fits in what is left after what was spent and what calls in flight may still
// spend; so the run stops before a call that could take it past the limit, not after.
// Calls answered from the store cost nothing and are never refused.

export class Budget {
  private spentUsd: number;
  private reservedUsd = 0;

  constructor(
    /** USD; null: no limit (spending is still counted). */
    readonly limit: number | null,
    /** Spent by earlier sessions of the same run (a resumed run counts them). */
    alreadySpent = 0,
  ) {
    this.spentUsd = alreadySpent;
  }

  get spent(): number {
    return this.spentUsd;
  }

  /** Held for the calls in flight (their worst case, until they settle). */
  get reserved(): number {
    return this.reservedUsd;
  }

  /** What is left to spend (Infinity without a limit). */
  get left(): number {
    return this.limit === null ? Infinity : this.limit - this.spentUsd - this.reservedUsd;
  }

  /** Holds `worst` USD for a call about to be made; false if it does not fit. */
  reserve(worst: number): boolean {
    if (this.limit !== null && this.spentUsd + this.reservedUsd + worst > this.limit) return false;
    this.reservedUsd += worst;
    return true;
  }

  /** Why a call of `worst` USD was refused: what was spent, what calls in flight hold, and the call. */
  refusal(worst: number): string {
    // (sums of floats leave crumbs: below what 4 decimals show is nothing held)
    const held = this.reservedUsd >= 5e-5 ? `, $${this.reservedUsd.toFixed(4)} held for the calls in flight` : '';
    return `the budget of $${this.limit} is spent ($${this.spentUsd.toFixed(4)} so far${held}; the next call could cost up to $${worst.toFixed(4)})`;
  }

  /** The call is over: release its reservation and count what it cost. */
  settle(reserved: number, actual: number): void {
    this.reservedUsd = Math.max(0, this.reservedUsd - reserved);
    this.spentUsd += actual;
  }
}
