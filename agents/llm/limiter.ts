// Rate limits per provider and model: concurrent requests and requests per minute
// (p-queue: `concurrency`, and `intervalCap` over a sliding minute with `strict`), tokens
// per minute (a sliding window of what calls reserved, corrected to what they used), and
// a pause when the provider answers 429: every request of that model waits it out.

import PQueue from 'p-queue';

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface Limits {
  /** Requests in flight at once. */
  readonly concurrency: number;
  /** Requests started per minute (null: no limit). */
  readonly rpm: number | null;
  /** Tokens (prompt + max answer, corrected to the real count afterwards) per minute (null: no limit). */
  readonly tpm: number | null;
}

export const DEFAULT_LIMITS: Limits = { concurrency: 8, rpm: null, tpm: null };

const MINUTE = 60_000;

interface Spent {
  readonly at: number;
  tokens: number;
}

export class Limiter {
  private readonly queue: PQueue;
  private readonly window: Spent[] = [];
  private resumeAt = 0;
  private inFlightNow = 0;
  /** The most requests ever in flight at once (for reports and tests). */
  maxInFlight = 0;

  constructor(
    readonly limits: Limits,
    private readonly clock: Clock = realClock,
    /** The rpm window; a minute except in tests. */
    intervalMs = MINUTE,
  ) {
    this.queue =
      limits.rpm === null
        ? new PQueue({ concurrency: limits.concurrency })
        : new PQueue({ concurrency: limits.concurrency, intervalCap: limits.rpm, interval: intervalMs, strict: true });
  }

  get inFlight(): number {
    return this.inFlightNow;
  }

  /** After a 429: nobody sends before `ms` from now. */
  pauseFor(ms: number): void {
    this.resumeAt = Math.max(this.resumeAt, this.clock.now() + ms);
  }

  /** Runs `send` within the limits; `used` tells the tokens it really took. */
  run<T>(estimatedTokens: number, send: () => Promise<T>, used: (result: T) => number): Promise<T> {
    return this.queue.add(async () => {
      for (let wait = this.resumeAt - this.clock.now(); wait > 0; wait = this.resumeAt - this.clock.now()) await this.clock.sleep(wait);
      const spent = await this.takeTokens(estimatedTokens);
      this.inFlightNow++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlightNow);
      try {
        const result = await send();
        if (spent !== null) spent.tokens = used(result);
        return result;
      } finally {
        this.inFlightNow--;
      }
    });
  }

  private async takeTokens(n: number): Promise<Spent | null> {
    const tpm = this.limits.tpm;
    if (tpm === null) return null;
    for (;;) {
      const now = this.clock.now();
      while (this.window.length > 0 && this.window[0]!.at <= now - MINUTE) this.window.shift();
      let used = 0;
      for (const s of this.window) used += s.tokens;
      // A call bigger than the whole allowance goes alone, when the window is empty.
      if (used + n <= tpm || this.window.length === 0) {
        const s = { at: now, tokens: n };
        this.window.push(s);
        return s;
      }
      await this.clock.sleep(this.window[0]!.at + MINUTE - now);
    }
  }
}
