// A value in a results file that this code never writes: a file edited by hand, crafted,
// or flipped where SQLite's own checks cannot see. Whoever decodes a stored value throws
// this, and the CLI says the file is damaged (one paragraph, exit 2), never a stack trace.

export class StoredValueError extends Error {
  override readonly name = 'StoredValueError';
}

/** Throws a StoredValueError: `where` and what is wrong with the value found there. */
export function badStoredValue(message: string): never {
  throw new StoredValueError(message);
}
