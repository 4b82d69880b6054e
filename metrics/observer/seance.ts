// A séance's answer (004's New Moon, Spiritualism) as a fact about where the werewolves
// sit: whether it holds for a placement of the werewolf cards, the table as it was when
// the question was asked. The observer keeps only the placements it holds for.

import { neighboursWhere } from '../../engine/index.js';
import type { PublicFacts, SeancePredicate } from './facts.js';
import { bit, nearestLeft, positionsOf } from './placements.js';

/** Whether séance answer `q` holds when the werewolf cards lie at `wolves` (a Piper's "same side?" no read as "not two werewolves"). */
export function seanceHolds(f: PublicFacts, wolves: number, q: SeancePredicate): boolean {
  const now = wolves & q.living;
  const known = f.male !== null;
  // The sexes as a mask: `now` holds seats only, so `now & ~men` are the living werewolves who are not men.
  const men = f.maleMask;
  const wolf = (s: number) => (now & bit(s)) !== 0;
  let truth: boolean;
  switch (q.question) {
    case 'wolves-adjacent':
      truth = positionsOf(now).some((w) => {
        const l = nearestLeft(f.n, q.living, w);
        return l >= 0 && l !== w && wolf(l);
      });
      break;
    case 'am-i-wolf':
      truth = wolf(q.medium);
      break;
    case 'same-side':
      // The Piper is a side of his own: a "no" may be him beside anyone who is not a werewolf.
      if (!q.answer && f.deckCount.has('piper')) return !(wolf(q.about[0]!) && wolf(q.about[1]!));
      truth = wolf(q.about[0]!) === wolf(q.about[1]!);
      break;
    case 'sheriff-is-wolf':
      truth = q.sheriff >= 0 && wolf(q.sheriff);
      break;
    case 'all-wolves-men':
      truth = known && (now & ~men) === 0;
      break;
    case 'all-wolves-women':
      truth = known && (now & men) === 0;
      break;
    case 'any-wolf-man':
      truth = known && (now & men) !== 0;
      break;
    case 'any-wolf-woman':
      truth = known && (now & ~men) !== 0;
      break;
    case 'neighbour-wolf':
      truth = neighboursWhere(f.n, (s) => (q.living & bit(s)) !== 0, q.about[0]!).some(wolf);
      break;
    default:
      return true;
  }
  return truth === q.answer;
}
