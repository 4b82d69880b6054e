// The structure of day talk: claims bots can read ("I am the Seer", "I saw player 4:
// werewolf", "I suspect player 2"), plus optional free text. Heuristic and LLM agents
// speak through the same claims, so each can read what the other says.

import { err, ok, type Result } from './result.js';
import { ROLES, isRole, type Role } from './teams.js';

/** What a seer can report: a role (seerSees=role) or only the team. */
export const SEEN_TEAMS = ['werewolf', 'not-werewolf'] as const;
export type SeenResult = Role | (typeof SEEN_TEAMS)[number];

export const CLAIM_ACTIONS = ['protected', 'healed', 'poisoned', 'charmed', 'shot-at'] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];

export type Claim =
  /** "I am the <role>." */
  | { readonly type: 'role'; readonly role: Role }
  /** "I saw player N: <result>." (a seer's report, true or not) */
  | { readonly type: 'seen'; readonly target: number; readonly result: SeenResult }
  /** "I suspect player N." */
  | { readonly type: 'suspect'; readonly target: number }
  /** "I trust player N." (defending someone) */
  | { readonly type: 'trust'; readonly target: number }
  /** "I protected / healed / poisoned / charmed player N." */
  | { readonly type: 'action'; readonly action: ClaimAction; readonly target: number }
  /** "I will vote for player N." */
  | { readonly type: 'vote-intent'; readonly target: number };

export const CLAIM_TYPES = ['role', 'seen', 'suspect', 'trust', 'action', 'vote-intent'] as const;

/** The fields of each claim type besides `type` (for readers of outside answers: nothing else is kept). */
export const CLAIM_FIELDS: Readonly<Record<(typeof CLAIM_TYPES)[number], readonly string[]>> = {
  role: ['role'],
  seen: ['target', 'result'],
  suspect: ['target'],
  trust: ['target'],
  action: ['action', 'target'],
  'vote-intent': ['target'],
};

export interface Statement {
  readonly claims: readonly Claim[];
  readonly text?: string | undefined;
}

export const MAX_CLAIMS = 12;
export const MAX_TEXT = 2000;

function seatOk(t: unknown, players: number): t is number {
  return typeof t === 'number' && Number.isInteger(t) && t >= 0 && t < players;
}

/**
 * Checks a statement's shape. `speaker` may not talk about himself as a target;
 * `maxWolvesNamedAsLittleGirl` enforces 001's table-talk rule when the option is on.
 */
export function validateStatement(
  s: unknown,
  speaker: number,
  players: number,
  maxWolvesNamedAsLittleGirl: number | null,
): Result<Statement, string> {
  if (typeof s !== 'object' || s === null) return err('a statement is an object with claims and optional text');
  const st = s as { claims?: unknown; text?: unknown };
  const claims = st.claims;
  if (!Array.isArray(claims)) return err('claims is a list of claims ([] for none)');
  if (claims.length > MAX_CLAIMS) return err(`at most ${MAX_CLAIMS} claims in one statement`);
  if (st.text !== undefined && typeof st.text !== 'string') return err('text must be a string');
  if (typeof st.text === 'string' && st.text.length > MAX_TEXT) return err(`text is limited to ${MAX_TEXT} characters`);
  let named = 0;
  let claimsLittleGirl = false;
  // The statement returned is rebuilt from the checked fields alone: whatever else an
  // agent sent (a missing list, extra or odd fields) never reaches the log or the metrics.
  const checked: Claim[] = [];
  for (const c of claims as unknown[]) {
    if (typeof c !== 'object' || c === null) return err('each claim is an object with a type');
    const claim = c as Record<string, unknown>;
    switch (claim.type) {
      case 'role':
        if (typeof claim.role !== 'string' || !isRole(claim.role))
          return err(`a role claim names one of ${ROLES.join(', ')}`);
        if (claim.role === 'little-girl') claimsLittleGirl = true;
        checked.push({ type: 'role', role: claim.role });
        break;
      case 'seen':
        if (!seatOk(claim.target, players) || claim.target === speaker)
          return err('a seen claim names another player by seat');
        if (
          typeof claim.result !== 'string' ||
          !(isRole(claim.result) || (SEEN_TEAMS as readonly string[]).includes(claim.result))
        )
          return err(`a seen claim's result is a role or one of ${SEEN_TEAMS.join(', ')}`);
        if (claim.result === 'werewolf') named++;
        checked.push({ type: 'seen', target: claim.target, result: claim.result as SeenResult });
        break;
      case 'suspect':
        if (!seatOk(claim.target, players) || claim.target === speaker)
          return err(`a ${claim.type} claim names another player by seat`);
        named++;
        checked.push({ type: 'suspect', target: claim.target });
        break;
      case 'trust':
      case 'vote-intent':
        if (!seatOk(claim.target, players) || claim.target === speaker)
          return err(`a ${claim.type} claim names another player by seat`);
        checked.push({ type: claim.type, target: claim.target });
        break;
      case 'action':
        if (!seatOk(claim.target, players)) return err('an action claim names a player by seat');
        if (typeof claim.action !== 'string' || !(CLAIM_ACTIONS as readonly string[]).includes(claim.action))
          return err(`an action claim's action is one of ${CLAIM_ACTIONS.join(', ')}`);
        checked.push({ type: 'action', action: claim.action as ClaimAction, target: claim.target });
        break;
      default:
        return err(`unknown claim type '${String(claim.type)}'; types are role, seen, suspect, trust, action, vote-intent`);
    }
  }
  if (maxWolvesNamedAsLittleGirl !== null && claimsLittleGirl && named > maxWolvesNamedAsLittleGirl)
    return err(
      `a player claiming to be the Little Girl may name at most ${maxWolvesNamedAsLittleGirl} werewolves (half of them, rounded down; 001)`,
    );
  return ok(typeof st.text === 'string' ? { claims: checked, text: st.text } : { claims: checked });
}

export const SILENCE: Statement = { claims: [] };
