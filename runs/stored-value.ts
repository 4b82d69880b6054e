// A value in a results file that this code never writes: a file edited by hand, crafted,
// or flipped where SQLite's own checks cannot see. Whoever decodes a stored value throws
// this, and the CLI says the file is damaged (one paragraph, exit 2), never a stack trace.
// Met inside an agent (a model's seat reading its record), it is the host's failure, not
// the agent's: the drivers pass it on uncharged (agents/play.ts `HostFailure`).

import { HostFailure } from '../agents/play.js';

export class StoredValueError extends HostFailure {
  override readonly name = 'StoredValueError';
}

/** Throws a StoredValueError: `where` and what is wrong with the value found there. */
export function badStoredValue(message: string): never {
  throw new StoredValueError(message);
}
