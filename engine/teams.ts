// Roles, teams and sides. Names are the canonical keys used by the CLI, the stored
// results and the reports (docs/rules.md).

export const ROLES = [
  'werewolf',
  'villager',
  'seer',
  'witch',
  'hunter',
  'cupid',
  'guard',
  'thief',
  'little-girl',
  'elder',
  'idiot',
  'scapegoat',
  'piper',
] as const;
export type Role = (typeof ROLES)[number];

/** A team is what a card plays for; cross-team lovers leave theirs (see outcome.ts). */
export const TEAMS = ['village', 'werewolves', 'piper'] as const;
export type Team = (typeof TEAMS)[number];

/** A game's outcome: the side that won, or a draw when nobody is left. */
export const SIDES = ['village', 'werewolves', 'lovers', 'piper', 'draw'] as const;
export type Side = (typeof SIDES)[number];

export function teamOf(role: Role): Team {
  switch (role) {
    case 'werewolf':
      return 'werewolves';
    case 'piper':
      return 'piper';
    case 'villager':
    case 'seer':
    case 'witch':
    case 'hunter':
    case 'cupid':
    case 'guard':
    case 'thief':
    case 'little-girl':
    case 'elder':
    case 'idiot':
    case 'scapegoat':
      return 'village';
  }
}

/** Roles that can appear more than once in a mix; every other card is unique in the boxes. */
export const REPEATABLE_ROLES: ReadonlySet<Role> = new Set<Role>(['werewolf', 'villager']);

/** The village powers lost when the Elder dies by anything but the werewolves (001, 004). */
export const ELDER_POWERS: ReadonlySet<Role> = new Set<Role>(['seer', 'witch', 'hunter', 'guard']);

/** Spellings accepted on the command line besides the canonical key. */
export const ROLE_ALIASES: Readonly<Record<string, Role>> = {
  wolf: 'werewolf',
  werewolves: 'werewolf',
  wolves: 'werewolf',
  villagers: 'villager',
  'simple-villager': 'villager',
  'fortune-teller': 'seer',
  protector: 'guard',
  bodyguard: 'guard',
  littlegirl: 'little-girl',
  little_girl: 'little-girl',
  'village-idiot': 'idiot',
  'pied-piper': 'piper',
  cupido: 'cupid',
};

export function isRole(s: string): s is Role {
  return (ROLES as readonly string[]).includes(s);
}

export function parseRole(s: string): Role | undefined {
  const k = s.trim().toLowerCase();
  if (isRole(k)) return k;
  return ROLE_ALIASES[k];
}
