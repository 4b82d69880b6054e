// The `human` agent kind of the registry: `human` or `human:NAME` is a seat a person plays
// (issue 27). People answer at `sim table`; a stored game of theirs is replayed from the
// answers they gave (runs/human-record.ts). Either way the agents come from `env.human`:
// without it there is nobody to ask, and the kind says where a person's seat is played.

import { err, ok } from '../../engine/index.js';
import type { AgentKind, Seating } from '../registry.js';

/** A person's name: 1 to 32 letters, digits, '.', '_' or '-' (it is shown on pages and in files). */
export const PERSON = /^[\p{L}\p{N}_.-]{1,32}$/u;

export const humanKind: AgentKind = {
  name: 'human',
  summary: "a person playing from a browser at `sim table` (human:NAME names them: human:alice); replayed from the answers they gave",
  async: true,
  check(argument) {
    if (argument === undefined || argument === '') return ok('human');
    if (!PERSON.test(argument)) return err("a person's name is 1 to 32 letters, digits, '.', '_' or '-': write human or human:alice");
    return ok(`human:${argument}`);
  },
  create(argument, seat, env) {
    if (env?.human === undefined) throw new Error(`seat P${seat + 1} is a person's (human): people play at \`sim table\`, and their games are replayed from the answers they gave`);
    return env.human.agent(argument ?? '', seat);
  },
};

/** Whether a seating seats people. */
export function seatsPeople(seating: Seating): boolean {
  return seating.assignments.some((a) => a.spec.kind === humanKind);
}
