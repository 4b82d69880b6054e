// A returned error instead of a thrown one (as chessops' Result): an agent's or a
// user's mistake is data the caller can report, count, or retry on.

export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function err<E>(error: E): Result<never, E> {
  return { ok: false, error };
}
