// Not Me – Nor Wolf (004): "out of superstition the villagers no longer say 'wolf' or
// 'I' (我); whoever does loses his vote at the vote." Only a statement's free text is
// words spoken: its structured claims are data, not words (a claim "I am the seer" is
// the engine's rendering, not the player's wording). Matching, case-insensitive:
// - Chinese: any 我 (I, me, and so 我们, 我的) or 狼 (and so 狼人) in the text;
// - English: the first person singular as a whole word — I, me, my, mine, myself and
//   the contractions I'm, I'd, I'll, I've — and any word containing "wolf" or "wolv"
//   (wolf, wolves, werewolf, werewolves, wolfish).
// Other languages are not matched.

const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself', "i'm", "i'd", "i'll", "i've"]);
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const CHINESE = /[我狼]/;

/** The first banned word in the text (a Chinese one first), or null. */
export function bannedWord(text: string): string | null {
  const zh = CHINESE.exec(text);
  if (zh !== null) return zh[0];
  for (const m of text.matchAll(WORD)) {
    const w = m[0].toLowerCase().replace('’', "'");
    if (FIRST_PERSON.has(w) || w.includes('wolf') || w.includes('wolv')) return m[0];
  }
  return null;
}
