// The engine's public surface. Pure: no I/O, no clock, no global randomness.

export * from './causes.js';
export * from './claims.js';
export * from './decisions.js';
export * from './events.js';
export { Game, seatShuffle, type GameOptions } from './game.js';
export * from './moon/cards.js';
export * from './observation.js';
export * from './options.js';
export * from './outcome.js';
export * from './presets.js';
export * from './result.js';
export * from './suggest.js';
export * from './rng.js';
export * from './teams.js';
export * from './setup.js';
export { neighboursWhere } from './flow/circle.js';
export { ELDER_LIVES } from './roles/elder.js';
export { zeros } from './state.js';
