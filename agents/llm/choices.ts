// A decision as a menu the model picks from: labelled legal choices (from the engine's
// `legalAnswers`, so the menu is exactly the legal set), or a set of players for the
// decisions that name several (cupid, piper, scapegoat), or free talk for a speech.
// Players are labelled P1..Pn as in the transcripts; seats are 0-based inside.

import { legalAnswers, type Answer, type Decision } from '../../engine/index.js';
import type { SeanceQuestion } from '../../engine/index.js';
import { P } from '../../narrate/transcript.js';

export interface Option {
  readonly label: string;
  readonly answer: Answer;
}

export type Menu =
  | { readonly kind: 'one'; readonly options: readonly Option[] }
  /** Name players among `candidates`: exactly `count` of them, or any number (null). */
  | { readonly kind: 'many'; readonly candidates: readonly number[]; readonly count: number | null }
  | { readonly kind: 'speech' };

export const NONE = 'none';

function label(d: Decision, a: Answer): string {
  if ('target' in a) return a.target === null ? NONE : P(a.target);
  switch (a.kind) {
    case 'thief':
      return a.take === null || d.kind !== 'thief' ? 'keep' : `take card ${a.take + 1} (${d.cards[a.take]})`;
    case 'peek':
      return a.peek ? 'peek' : 'sleep';
    case 'witch': {
      const parts: string[] = [];
      if (a.heal && d.kind === 'witch' && d.victim !== null) parts.push(`heal ${P(d.victim)}`);
      if (a.poison !== null) parts.push(`poison ${P(a.poison)}`);
      return parts.length === 0 ? 'no potion' : parts.join(' and ');
    }
    case 'cupid':
      return a.lovers.map(P).join('+');
    case 'piper':
      return a.targets.map(P).join('+');
    case 'scapegoat':
      return a.voters.map(P).join('+');
    case 'speech':
      return 'speech';
    case 'secret-lover':
      return `${P(a.unfaithful)} unfaithful with ${P(a.secret)}`;
    case 'medium':
      return a.about.length === 0 ? a.question : `${a.question} ${a.about.map(P).join('+')}`;
    case 'defend':
      return a.defend ? 'vouch' : 'do not vouch';
    case 'friends':
      return a.friends.map(P).join('+');
    case 'pact':
      return a.accept ? 'make the pact' : 'refuse';
  }
}

/** What each Spiritualism question asks, for the prompt. */
const SEANCE_TEXT: Readonly<Record<SeanceQuestion, string>> = {
  'seer-found-wolf': 'has the seer found at least one werewolf?',
  'wolves-adjacent': 'are two werewolves sitting next to each other?',
  'am-i-wolf': 'am I (the medium) a werewolf?',
  'same-side': 'are the two players I name on the same side?',
  'witch-is-man': 'is the witch a man?',
  'sheriff-is-villager': 'is the sheriff a plain villager?',
  'all-wolves-men': 'are all the werewolves men?',
  'all-wolves-women': 'are all the werewolves women?',
  'am-i-villager': 'am I (the medium) a plain villager?',
  'sheriff-is-wolf': 'is the sheriff a werewolf?',
  'any-wolf-man': 'is there a man among the werewolves?',
  'any-wolf-woman': 'is there a woman among the werewolves?',
  'neighbour-wolf': 'is one of the two neighbours of the player I name a werewolf?',
  'is-villager': 'is the player I name a plain villager?',
};

export function menuOf(d: Decision): Menu {
  switch (d.kind) {
    case 'cupid':
      return { kind: 'many', candidates: d.candidates, count: 2 };
    case 'piper':
      return { kind: 'many', candidates: d.candidates, count: d.count };
    case 'scapegoat':
      return { kind: 'many', candidates: d.candidates, count: null };
    case 'friends':
      return { kind: 'many', candidates: d.targets, count: d.count };
    case 'speech':
      return { kind: 'speech' };
    default:
      return { kind: 'one', options: (legalAnswers(d) ?? []).map((answer) => ({ label: label(d, answer), answer })) };
  }
}

/**
 * The menu with its choices listed in another order (the `choices` invariance control):
 * the same labels and answers, so only the order a model reads them in changes.
 * `shuffle` permutes an array in place (a seeded stream's, for the same order on a re-ask).
 */
export function reorderedMenu(menu: Menu, shuffle: <T>(xs: T[]) => void): Menu {
  switch (menu.kind) {
    case 'one': {
      const options = [...menu.options];
      shuffle(options);
      return { kind: 'one', options };
    }
    case 'many': {
      const candidates = [...menu.candidates];
      shuffle(candidates);
      return { kind: 'many', candidates, count: menu.count };
    }
    case 'speech':
      return menu;
  }
}

/** The label the transcript shows for an answer (a fallback, say). */
export function answerLabel(d: Decision, a: Answer): string {
  return label(d, a);
}

/** The text of the question: what is being decided, and what each choice means. */
export function questionText(d: Decision): string {
  const none = (meaning: string) => (('mayPass' in d && d.mayPass) ? ` "${NONE}" means ${meaning}.` : '');
  switch (d.kind) {
    case 'guard':
      return 'Night: choose a player to protect from the werewolves tonight.' + none('protect nobody');
    case 'seer':
      return "Night: choose a player whose card you look at." + none('look at nobody');
    case 'pack': {
      // What each wolf said with it is in the game log (the round's proposals line), quoted.
      const prev =
        d.previous.length === 0 ? '' : `\nLast round's proposals: ${d.previous.map((p) => `${P(p.voter)} → ${p.target === null ? NONE : P(p.target)}`).join('; ')}.`;
      return (
        `Night: the werewolves' council, round ${d.round} of ${d.rounds}. Every wolf proposes a victim at once; ` +
        `the first round in which all proposals agree decides, and if round ${d.rounds} ends without agreement nobody dies tonight. ` +
        `"say" is your message to the pack, shown to the other wolves with your proposal (the night chat: argue, plan tomorrow's lies). ` +
        `The leader is ${P(d.leader)}: following the leader's proposal makes the pack agree.` +
        (d.round === 1 ? ' Round 1: discuss and propose.' : ' Converge now: agree on one victim.') +
        prev +
        none('no victim tonight')
      );
    }
    case 'hunter':
      return 'You are dying: shoot a living player now, who dies with you.' + none('hold fire');
    case 'successor':
      return 'You are dying as sheriff: name your successor.' + none('no successor');
    case 'election':
      return 'Day 1: elect the sheriff (his vote counts 2, he breaks ties, he names a successor). Vote for a player.' + none('abstain');
    case 'vote':
      return `Day vote${d.round > 1 ? ` (round ${d.round}, among the tied)` : ''}: vote to eliminate a player. Your vote counts ${d.weight}.` + none('abstain');
    case 'catch':
      return `Night: the pack caught ${P(d.targets[0]!)} peeking: she is the Little Girl and has seen the whole pack. You decide for the pack: name her and she is tonight's victim instead of ${
        d.victim === null ? 'nobody' : P(d.victim)
      }, or "${NONE}" to let her live (the pack's victim stands).`;
    case 'tie-break':
      return 'The vote is tied: as sheriff you decide who among the tied is eliminated.' + none('declare the vote void (nobody goes)');
    case 'thief':
      return `Night 1: the two left-over cards are 1 = ${d.cards[0]} and 2 = ${d.cards[1]}. Keep your card or take one; the card you take is your role for the rest of the game.${
        d.mustTake ? ' Both are werewolves: you must take one.' : ''
      }`;
    case 'cupid':
      return 'Night 1: name two different players to become lovers (you may name yourself). "choice" lists the two players.';
    case 'peek':
      return 'The werewolves are choosing their victim: "peek" to learn who they are (if they catch you: see littleGirlCaught and caughtGirl), or "sleep".';
    case 'witch':
      return `Night: the werewolves' victim tonight is ${d.victim === null ? 'nobody' : P(d.victim)}. ${
        d.canHeal ? 'You can heal the victim.' : 'You cannot heal tonight.'
      } ${d.poisonTargets.length > 0 ? 'You can poison a player.' : 'Your poison is spent.'} You may use ${d.potionsTonight} potion${d.potionsTonight === 1 ? '' : 's'} tonight.`;
    case 'piper':
      return `Night: charm ${d.count} different players (not yourself). "choice" lists them.`;
    case 'scapegoat':
      return 'You die for the tied vote. Name the players who may vote tomorrow (any of them, or none). "choice" lists them.';
    case 'speech':
      return d.revote
        ? `Day ${d.day}: the vote tied; the tied players speak again before the re-vote. Make your statement.`
        : `Day ${d.day}: your statement to the table (one per day, in turn).`;
    case 'steal':
      return 'Night 1 (Harvest Festival): swap your card with a player\'s; you play his role from now on and he gets yours.' + none('keep your card');
    case 'potion':
      return `Night (Harvest Festival): the werewolves' victim tonight is ${d.victim === null ? 'nobody' : P(d.victim)}. Give your single potion to a player: a draw decides its effect (heal; heal and he becomes a plain villager; heal and he becomes a werewolf; poison).` + none('keep the potion');
    case 'sacrifice':
      return `The vote tied (Harvest Festival): one of the scapegoat ${P(d.scapegoat)}'s neighbours dies instead. Vote which; your vote counts ${d.weight}.` + none('abstain');
    case 'vouch':
      return 'Bleak Monday: vouch for a standing player (he sits down and vouches in turn); the last one standing is executed.' + none('vouch for nobody');
    case 'punish':
      return 'Punishment: as the last dead, name a living player; he dies unless at least two players vouch for him.' + none('name nobody');
    case 'secret-lover':
      return `Night 1 (Harvest Festival): name one of the lovers ${d.lovers.map(P).join(' and ')} (who becomes unfaithful) and a new, secret lover for him.`;
    case 'medium':
      return `Spiritualism: you are the medium; ask the ghost of ${P(d.ghost)} one question (the answer is true, and public): ${d.questions
        .map((q) => `"${q}" = ${SEANCE_TEXT[q]}`)
        .join('; ')}.`;
    case 'defend':
      return `Punishment: ${P(d.accused)} is accused; he dies unless at least two players vouch for his innocence. "vouch" or "do not vouch".`;
    case 'friends':
      return `Great Distrust: name your ${d.count} best friends; every living player nobody names is eliminated. "choice" lists them.`;
    case 'pact':
      return 'Pact with the Devil: you are convicted. Make a pact with the devil and you are not hanged (you are marked), or refuse and die.';
  }
}

/** The legal choices, listed for the prompt. */
export function choicesText(menu: Menu): string {
  switch (menu.kind) {
    case 'one':
      return `Legal choices (answer with exactly one label): ${menu.options.map((o) => `"${o.label}"`).join(', ')}.`;
    case 'many':
      return `Players you may name: ${menu.candidates.map((c) => `"${P(c)}"`).join(', ')}${
        menu.count === null ? ' (any number of them, each once)' : ` (exactly ${menu.count}, all different)`
      }.`;
    case 'speech':
      return 'Say what you like: "speech" is said aloud to everyone; "claims" are what you state, in the structured form the other players (bots included) read.';
  }
}
