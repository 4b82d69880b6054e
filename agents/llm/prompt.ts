// The prompt of one decision: a system text with the rules in force (the same for every
// seat of a game, so providers' prompt caches can reuse it), and a user text with the
// seat's identity, what it knows of each player, the game as it saw it, its own earlier
// private notes, the question with its legal choices, and the answer format.
// Inputs are the seat's observation, the decision and the seat's own notes: nothing else.

import { MAX_CLAIMS, MAX_TEXT } from '../../engine/index.js';
import type { Decision } from '../../engine/index.js';
import type { Observation } from '../../engine/index.js';
import { answerFields, answerSchema, exampleAnswer, type Json } from './answer.js';
import { choicesText, menuOf, questionText, type Menu } from './choices.js';
import { historyText, identityText, playersText } from './history.js';
import { rulesText } from './rules.js';
import type { AnswerFormat } from './spec.js';

export interface Prompt {
  readonly system: string;
  readonly user: string;
  readonly schema: Json;
  readonly menu: Menu;
}

const FIELD_TEXT: Record<string, string> = {
  reasoning: 'reasoning (string): your private thoughts; nobody else ever sees them',
  choice: 'choice: your decision, from the legal choices above',
  say: `say (string): your words to the pack (only the werewolves hear them; may be empty; at most ${MAX_TEXT} characters)`,
  speech: `speech (string): what you say aloud to everyone (may be empty; at most ${MAX_TEXT} characters)`,
  claims:
    `claims (list, at most ${MAX_CLAIMS}): what you claim, each one of ` +
    '{"type":"role","role":R} (I am R), {"type":"seen","target":"P4","result":R or "werewolf" or "not-werewolf"} (I saw P4\'s card), ' +
    '{"type":"suspect","target":"P4"}, {"type":"trust","target":"P4"}, {"type":"action","action":"protected"|"healed"|"poisoned"|"charmed"|"shot-at","target":"P4"}, {"type":"vote-intent","target":"P4"}; claims may be lies; only an action claim may name yourself',
};

/** The private notes kept in a prompt: the seat's most recent reasonings, each cut short. */
export const NOTES_KEPT = 6;
export const NOTE_CHARS = 400;

function notesText(notes: readonly string[]): string {
  const kept = notes.slice(-NOTES_KEPT).map((n) => (n.length > NOTE_CHARS ? `${n.slice(0, NOTE_CHARS)}…` : n));
  return kept.length === 0 ? '' : `\n# Your private notes from your earlier decisions (most recent last)\n${kept.map((n) => `- ${n.replace(/\s+/g, ' ')}`).join('\n')}\n`;
}

export function systemText(obs: Observation): string {
  return [
    'You are a player in a game of Werewolf (Loups-garous de Thiercelieux). Play to win for your side: deduce, persuade, and lie when it helps your side.',
    'Only your speech and claims are heard by others (the werewolves also hear each other at night); your reasoning stays private.',
    'Answer every question with the JSON answer asked for, nothing else.',
    '',
    '# The rules of this game',
    rulesText(obs),
  ].join('\n');
}

export function buildPrompt(obs: Observation, d: Decision, notes: readonly string[], format: AnswerFormat): Prompt {
  const menu = menuOf(d);
  const fields = answerFields(d);
  const formatText =
    format === 'schema'
      ? `Answer with the fields: ${fields.join(', ')}.`
      : `Answer with one JSON object and nothing else, with exactly the fields ${fields.join(', ')}. For example: ${exampleAnswer(d, menu)}`;
  const user = [
    `# You\n${identityText(obs)}`,
    '',
    playersText(obs),
    '',
    '# What you have seen and heard so far',
    historyText(obs.events),
    notesText(notes),
    '# Now',
    questionText(d),
    choicesText(menu),
    '',
    '# Answer',
    ...fields.map((f) => `- ${FIELD_TEXT[f]}`),
    formatText,
  ].join('\n');
  return { system: systemText(obs), user, schema: answerSchema(d, menu, obs.players), menu };
}
