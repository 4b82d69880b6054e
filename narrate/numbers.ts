// Numbers written for people: whole numbers with a comma between thousands ("10,000"),
// as `toLocaleString('en-US')` writes them. Written out here because the first call of
// `toLocaleString` starts Intl's number formatting, ~20 ms of CPU measured on this
// machine: a tenth of `sim`'s start-up, paid by the help text of `--workers` and by every
// run's summary for a comma.

/** `n` with a comma between thousands, exactly as `n.toLocaleString('en-US')`; whole numbers are written here, anything else by Intl. */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return n < 0 || Object.is(n, -0) ? `-${out}` : out;
}

/** `x` rounded to a whole number, with a comma between thousands. */
export const roundedGrouped = (x: number): string => grouped(Math.round(x));
