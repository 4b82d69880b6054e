// Spiritualism (004, five cards): "the player on the left of the one who just died is the
// medium; he calls up the ghost of the first player the werewolves killed and asks one of
// the card's questions." The ghost answers truly (the moderator answers for him). The
// medium is the nearest living player on the left of the most recent dead; the ghost is
// the first player whose death the werewolves caused. With nobody killed by the
// werewolves yet, the card does nothing. Question and answer are public (asked aloud).
//
// What the questions mean here: "found a werewolf" counts any werewolf card the seer has
// been shown (a Harvest Festival glimpse included); "neighbours" are living neighbours
// (flow/circle.ts); werewolves are the living ones; a side is a card's team; a plain
// villager is the villager card; "the witch" is whoever holds her card, alive or dead
// (no witch in the game: no).

import { askableQuestions } from '../decisions.js';
import { ALL } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import { leftOf, neighbours } from '../flow/circle.js';
import { livingExcept } from '../flow/targets.js';
import type { Game } from '../game.js';
import { teamOf } from '../teams.js';
import { livingWolves } from '../state.js';
import { SPIRITUALISM_CARDS, type SeanceQuestion } from './cards.js';

export function* seance(g: Game, variant: number): Flow {
  const s = g.state;
  const ghost = s.firstWolfVictim;
  if (ghost < 0) {
    g.emit({ type: 'moon-void', event: 'spiritualism', reason: 'the werewolves have killed nobody yet: there is no ghost to call', vis: ALL });
    return;
  }
  const medium = leftOf(s, s.lastDead);
  const targets = medium < 0 ? [] : livingExcept(s, medium);
  const questions = askableQuestions(SPIRITUALISM_CARDS[variant]!, targets.length);
  if (medium < 0 || questions.length === 0) {
    g.emit({ type: 'moon-void', event: 'spiritualism', reason: 'no question can be asked', vis: ALL });
    return;
  }
  const a = yield* ask({ kind: 'medium', id: g.id(), seat: medium, ghost, questions, targets });
  const about = [...a.about].sort((x, y) => x - y);
  const answer = answerQuestion(g, medium, a.question, about);
  g.emit({ type: 'seance', medium, ghost, question: a.question, about, answer, vis: ALL });
}

/** The true answer to a question asked by `medium` about the players `about`. */
export function answerQuestion(g: Game, medium: number, q: SeanceQuestion, about: readonly number[]): boolean {
  const s = g.state;
  const role = (seat: number) => s.seats[seat]!.role;
  const isWolf = (seat: number) => role(seat) === 'werewolf';
  const male = (seat: number) => g.state.moon!.attributes!.male[seat]!;
  const wolves = livingWolves(s);
  switch (q) {
    case 'seer-found-wolf':
      return s.seerFoundWolf;
    case 'wolves-adjacent':
      return wolves.some((w) => {
        const l = leftOf(s, w);
        return l !== w && l >= 0 && isWolf(l);
      });
    case 'am-i-wolf':
      return isWolf(medium);
    case 'same-side':
      return teamOf(role(about[0]!)) === teamOf(role(about[1]!));
    case 'witch-is-man': {
      const witch = s.seats.findIndex((st) => st.role === 'witch');
      return witch >= 0 && male(witch);
    }
    case 'sheriff-is-villager':
      return s.sheriff >= 0 && role(s.sheriff) === 'villager';
    case 'all-wolves-men':
      return wolves.every(male);
    case 'all-wolves-women':
      return wolves.every((w) => !male(w));
    case 'am-i-villager':
      return role(medium) === 'villager';
    case 'sheriff-is-wolf':
      return s.sheriff >= 0 && isWolf(s.sheriff);
    case 'any-wolf-man':
      return wolves.some(male);
    case 'any-wolf-woman':
      return wolves.some((w) => !male(w));
    case 'neighbour-wolf':
      return neighbours(s, about[0]!).some(isWolf);
    case 'is-villager':
      return role(about[0]!) === 'villager';
  }
}
