// The `names` invariance control: a model reads the players under names instead of
// P1..Pn, the same names in every prompt of a game (drawn from the game's seed, so every
// seat of the game has the same ones), and answers with them. The prompt is built as
// always and its labels renamed; the reply's names are turned back into labels before it
// is read, so the engine, the record's games and the transcripts keep P1..Pn. Names are
// plain words that are not English words, so a reply's prose rarely holds one by chance.

import { Rng } from '../../engine/index.js';
import type { Json } from './answer.js';

/** One name a seat (30: the most players a game has, engine MAX_PLAYERS). */
export const PLAYER_NAMES: readonly string[] = [
  'Anouk', 'Bastien', 'Corentin', 'Delphine', 'Elouan', 'Fantine', 'Gaspard', 'Hortense', 'Isaure', 'Jocelyn',
  'Klervi', 'Lisandre', 'Maelys', 'Nolwenn', 'Oriane', 'Perrine', 'Quitterie', 'Romane', 'Solenn', 'Tanguy',
  'Ulysse', 'Violaine', 'Wendel', 'Yannick', 'Zephyrin', 'Armelle', 'Benoit', 'Capucine', 'Damien', 'Eulalie',
];

/** The names of a game's seats: `players` of the list, in an order drawn from the game's seed. */
export function seatNames(gameSeed: string, players: number): string[] {
  return new Rng(gameSeed, '/names').shuffle([...PLAYER_NAMES]).slice(0, players);
}

const LABEL = /\bP(\d{1,2})\b/g;

/** Turns a game's labels into its names and back. */
export class Renamer {
  private readonly back: RegExp;
  private readonly seatOf: ReadonlyMap<string, number>;

  constructor(readonly names: readonly string[]) {
    this.seatOf = new Map(names.map((n, i) => [n, i]));
    this.back = new RegExp(`\\b(${names.join('|')})\\b`, 'g');
  }

  /** `text` with every label of a seat of the game (P1 … Pn) replaced by its name. */
  toNames(text: string): string {
    return text.replace(LABEL, (label, n: string) => this.names[Number(n) - 1] ?? label);
  }

  /** `text` with every name replaced by its label. */
  toLabels(text: string): string {
    return text.replace(this.back, (name: string) => `P${this.seatOf.get(name)! + 1}`);
  }

  /** A JSON value (a schema, a structured reply) with its strings and keys renamed one way or the other. */
  deep(value: Json | unknown, way: 'names' | 'labels'): unknown {
    const f = (t: string) => (way === 'names' ? this.toNames(t) : this.toLabels(t));
    if (typeof value === 'string') return f(value);
    if (Array.isArray(value)) return value.map((v) => this.deep(v, way));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [f(k), this.deep(v, way)]));
    return value;
  }
}
