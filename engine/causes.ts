// Causes of death. Hunters shoot on a configurable subset (option `hunterShootsOn`);
// reports count deaths per cause.

export const CAUSES = [
  'wolves', // the pack's night kill (the Little Girl caught peeking included)
  'vote', // eliminated by the day vote (or a Bleak Monday vouching chain)
  'poison', // the witch's poison
  'grief', // a lover dies of grief when the other dies
  'shot', // the hunter's last shot
  'guard', // guarded two nights running under guardRepeat=lethal (002)
  'scapegoat', // the scapegoat (or, in the Harvest Festival, his neighbour) dies on a tied vote
  'elder', // a revealed Idiot dies with the Elder (001)
  'punishment', // New Moon: Punishment
  'drawn', // still tied after the last re-vote, drawn by the moderator (lastTie=draw, 002): the vote's death, counted apart
  'hunger', // the werewolves starve when none opens its eyes (packStarves, 000)
] as const;
export type Cause = (typeof CAUSES)[number];

export function isCause(s: string): s is Cause {
  return (CAUSES as readonly string[]).includes(s);
}
