// A check for a test's hot loops: throws (the test fails, saying `what`) when `holds` is
// false. Vitest's `expect` keeps per-call bookkeeping that costs microseconds a call
// (its state object rebuilt property by property at every assertion): an invariant test
// that asserts at every event of thousands of games spent most of its time there. One
// `expect` at the end still says the checks ran (a count of what was checked).

export function check(holds: boolean, what: string | (() => string)): void {
  if (!holds) throw new Error(typeof what === 'string' ? what : what());
}
