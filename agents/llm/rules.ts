// The rules of this table, in plain words, for the prompt: generated from the game's setup
// (the deck and the rule options), saying only what bears on the cards dealt. A rule
// option is never named (`seerSees`) and no rule document is cited ("(001)"): a model
// needs what happens, not where the rule comes from. An option of a role not in the deck,
// or a variant that is off, says nothing; every option that bears on the deck changes
// the text (test/agents/llm/prompt.test.ts checks both, option by option). The readings are the
// engine's (docs/rules.md; the Harvest Festival and New Moon tables of the README).

import { CAUSES, MOON_EVENTS, ROLES, teamOf, type Cause, type MoonEvent, type Role, type RuleOptions } from '../../engine/index.js';

export interface RulesInput {
  readonly players: number;
  readonly deck: readonly Role[];
  readonly options: RuleOptions;
}

/** A table's facts the sentences below turn on. */
interface Table {
  readonly players: number;
  readonly o: RuleOptions;
  readonly has: (r: Role) => boolean;
  readonly harvest: boolean;
  readonly moon: ReadonlySet<MoonEvent>;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function deckText(deck: readonly Role[]): string {
  const plural: Partial<Record<Role, string>> = { werewolf: 'werewolves', thief: 'thieves', 'little-girl': 'little girls' };
  return ROLES.filter((r) => deck.includes(r))
    .map((r) => {
      const n = deck.filter((c) => c === r).length;
      const name = r === 'little-girl' ? 'little girl' : r;
      return n === 1 ? `1 ${name}` : `${n} ${plural[r] ?? `${name}s`}`;
    })
    .join(', ');
}

/** A probability in words a model reads at once ("1 chance in 5", "a 12.5% chance"). */
function chance(p: number): string {
  if (p <= 0) return 'no chance';
  if (p >= 1) return 'certainty';
  const inverse = 1 / p;
  return Math.abs(inverse - Math.round(inverse)) < 1e-9 ? `1 chance in ${Math.round(inverse)}` : `a ${Math.round(p * 1000) / 10}% chance`;
}

/** The causes of death a table can see: each only where the cards and rules in force make it possible. */
function possibleCauses(t: Table): Cause[] {
  return CAUSES.filter((c) => {
    switch (c) {
      case 'wolves':
      case 'vote':
        return true;
      case 'poison':
        return t.has('witch');
      case 'grief':
        return t.has('cupid');
      case 'shot':
        return t.has('hunter');
      case 'guard':
        return t.has('guard') && t.o.guardRepeat === 'lethal';
      case 'scapegoat':
        return t.has('scapegoat');
      case 'elder':
        return t.has('elder') && t.has('idiot');
      case 'punishment':
        return t.moon.has('punishment');
      case 'drawn':
        return t.o.lastTie === 'draw' && (t.o.tie === 'revote' || t.o.tie === 'sheriff-then-revote');
      case 'hunger':
        return t.o.packMayAbstain && t.o.packStarves;
    }
  });
}

const CAUSE_WORDS: Readonly<Record<Cause, string>> = {
  wolves: 'killed by the werewolves',
  vote: 'voted out',
  poison: 'poisoned',
  grief: 'dying of grief for a lover',
  shot: 'shot by a hunter',
  guard: 'guarded to death',
  scapegoat: 'dying for a tied vote',
  elder: "dying with the elder's curse",
  punishment: 'punished',
  drawn: 'drawn out after the last tied re-vote',
  hunger: 'starved (the werewolves, when none opened its eyes)',
};

function hunterWhen(t: Table): string {
  const possible = possibleCauses(t);
  const on = possible.filter((c) => t.o.hunterShootsOn.includes(c));
  if (on.length === possible.length) return 'when he dies, whatever kills him,';
  if (on.length === 0) return 'never (at this table no death lets him shoot):';
  const off = possible.filter((c) => !on.includes(c));
  if (off.length <= 2 && on.length > 2) return `when he dies, unless ${off.map((c) => CAUSE_WORDS[c]).join(' or ')},`;
  return `when he dies ${on.map((c) => CAUSE_WORDS[c]).join(' or ')},`;
}

function packVictims(t: Table): string {
  const o = t.o;
  const whom =
    o.packTargets === 'non-wolves'
      ? 'a player who is not a werewolf'
      : o.packTargets === 'anyone'
        ? 'any living player, a werewolf included'
        : 'a player who is not a werewolf, or one of themselves who offers himself (the others may name him only once he has named himself)';
  const nobody = !o.packMayAbstain ? '' : o.packStarves ? ', or nobody (but a pack that agrees on nobody has kept its eyes closed: its werewolves starve at dawn and the village wins)' : ', or nobody';
  return `${whom}${nobody}${t.harvest ? ', and only a living neighbour of one of the awake werewolves' : ''}`;
}

function seerLearns(t: Table): string {
  const team = t.o.seerSees === 'team' || (t.o.seerSees === 'team-under-10' && t.players < 10);
  return team ? 'only whether it is a werewolf ("werewolf" or "not-werewolf")' : 'its role';
}

const sentence = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** What each card does at this table. */
function roleText(r: Role, t: Table): string {
  const o = t.o;
  switch (r) {
    case 'werewolf':
      return (
        `each night the living werewolves wake together, know each other, and choose one victim: ${packVictims(t)}. ` +
        `They choose in rounds (at most ${count(o.packRounds, 'round')}): each werewolf proposes a victim at once, with words for the pack if he likes; ` +
        'the first round in which all agree decides; if the last round ends without agreement nobody dies that night. By day they pass as villagers'
      );
    case 'villager':
      return 'no power; finds the werewolves by talk and vote';
    case 'seer':
      return t.harvest
        ? `each night chooses a player and is shown three cards: his and those of his two nearest living neighbours, in a fixed order that does not say whose is whose; of each she learns ${seerLearns(t)}`
        : `each night looks at one player's card and learns ${seerLearns(t)}`;
    case 'witch': {
      if (t.harvest)
        return (
          `has a single potion for the whole game; she is shown the werewolves' victim of the night and may give the potion to a living player${o.witchSelfHeal ? ' (herself included)' : ' other than herself'}; ` +
          'a draw then decides its effect, each equally likely: heal; heal, and he becomes a plain villager; heal, and he becomes a werewolf; poison. A heal saves him only if he is that night\'s victim. She learns the effect; a player whose card changes is told his new card'
        );
      const rules = [
        o.witchPotionsPerNight === 1 ? 'she may use only one potion a night' : 'she may use both the same night',
        o.witchSelfHeal ? 'she may heal herself' : 'she may not heal herself',
        o.witchSelfPoison ? 'she may poison herself' : 'she may not poison herself',
      ];
      return `has one healing potion and one poison, each usable once in the game. Each night she is shown the werewolves' victim: the potion saves him; the poison kills any living player. ${sentence(rules.join('; '))}`;
    }
    case 'hunter':
      return `${hunterWhen(t)} he may at once shoot a living player${t.harvest ? ' (only one of his two nearest living neighbours)' : ''}, who dies too`;
    case 'cupid': {
      const learn =
        o.loversLearn === 'nothing'
          ? "the lovers wake and recognise each other, without learning each other's card"
          : o.loversLearn === 'team'
            ? 'the lovers wake and recognise each other, and learn of each other only whether he is a werewolf'
            : "the lovers wake and recognise each other, and learn each other's card";
      const bounds = [
        o.loversMayVoteEachOther ? 'a lover may vote against the other' : 'a lover may not vote against the other',
        o.loversMayKillEachOther ? 'the werewolves, the witch and the hunter may still harm a lover of theirs' : 'a lover may never name the other as a victim, poison or shoot him',
      ];
      const secret = t.harvest
        ? '. Then cupid wakes again and names one of the two lovers, who becomes unfaithful, and a third player, his secret lover; those two recognise each other, the other lover is not told. Grief among the three: if the faithful lover dies, the unfaithful one and the secret lover live on; if the unfaithful one dies, both others die; if the secret lover dies, only the unfaithful one dies. The faithful lover may not vote for the unfaithful one, who may vote for him; the unfaithful one and the secret lover may not vote for each other. The three win together if their cards are not all on one team and they are the last alive'
        : '';
      return (
        `on the first night names two players (he may name himself) who become lovers; ${learn}. When one lover dies the other dies of grief at once; ` +
        `${bounds.join('; ')}; lovers of different teams play for themselves and win if they are the last two alive${secret}`
      );
    }
    case 'guard': {
      const repeat = o.guardRepeat === 'forbidden' ? 'never the same player two nights running' : 'guarding the same player two nights running kills him';
      const whom = t.harvest ? 'himself or one of his two nearest living neighbours' : 'one player (himself allowed)';
      const from = o.guardBlocks === 'night' ? 'from death that night: neither the werewolves nor the poison kill him' : 'from the werewolves, not from the poison';
      const may = o.guardMayPass ? 'may protect' : 'protects';
      const girl = !t.has('little-girl')
        ? ''
        : o.guardLittleGirl === 'refused'
          ? '; he may not protect the little girl: the moderator looks at the card of the player he names, and if she is the little girl shows it to him and he chooses again'
          : '; protecting the little girl has no effect';
      return `each night ${may} ${whom} ${from}; ${repeat}${girl}`;
    }
    case 'thief':
      return t.harvest
        ? "on the first night may swap his card with a living player's card: he plays that player's role from then on, and that player is told his new card (the thief's, which has no power), not who took his. The two left-over cards stay unused"
        : 'on the first night sees the two left-over cards and may swap his card for one of them, playing that role from then on; if both are werewolves he must take one';
    case 'little-girl': {
      if (t.harvest)
        return `each night may peek while the witch wakes and see who she is (nobody if no witch wakes); with ${chance(o.littleGirlCaught)} the witch sees her and learns that she is the little girl`;
      const lover = !o.loversMayKillEachOther && t.has('cupid');
      const caught =
        o.caughtGirl === 'dies'
          ? `she dies instead of their victim${lover ? ' (unless her lover is the only werewolf: he may not kill her, she lives and their victim dies)' : ''}`
          : `the werewolf who leads the pack${lover ? ' (or, if he is her lover, the next werewolf; if her lover is the only one, she lives)' : ''} chooses at once: she dies instead of their victim, or they let her live and their victim dies`;
      const witch = t.has('witch') ? (o.witchSavesCaughtGirl ? "; the witch's healing potion can still save her" : "; caught, she dies at once: the witch is not shown her as a victim, and cannot heal or poison her") : '';
      const dark = o.packMayAbstain ? '; a pack that chooses nobody keeps its eyes closed: she sees nothing and cannot be caught' : '';
      return `while the werewolves choose their victim she may peek and learn who they are; with ${chance(o.littleGirlCaught)} they catch her, and ${caught}${witch}${dark}`;
    }
    case 'elder':
      return (
        "survives the werewolves' first attack (two lives against them, one against anything else; a witch's heal leaves him one); " +
        `if he dies by anything but the werewolves, the village loses every power for the rest of the game (${(['seer', 'witch', 'hunter', 'guard'] as const).filter((p) => t.has(p)).join(', ') || 'none at this table'})` +
        `${t.has('idiot') ? ', and a revealed idiot dies with him' : ''}`
      );
    case 'idiot':
      return 'if the village votes him out he shows his card and survives, but never votes again (he may still speak)';
    case 'scapegoat':
      return t.harvest
        ? 'when the day vote ties, he does not die: one of his two nearest living neighbours dies in his place, chosen by a vote of those who may vote today (a tie or no vote: a draw between the two)'
        : 'when the day vote ties, he dies instead of the tied players, and names who may vote the next day';
    case 'piper':
      return `plays alone: each night charms ${t.harvest ? 'one player' : 'two players'} (not himself); then the charmed wake and see each other. He wins alone when every other living player is charmed`;
  }
}

/** The night's steps for this deck, in the engine's order (flow/night.ts). */
function nightOrder(t: Table): string {
  const first: string[] = [];
  if (t.has('thief')) first.push('the thief');
  if (t.has('cupid')) first.push('cupid', t.harvest ? 'the lovers (then the secret lovers)' : 'the lovers');
  const every: string[] = [];
  if (t.has('guard')) every.push('the guard');
  if (t.has('seer')) every.push('the seer');
  every.push(t.has('little-girl') && !t.harvest ? 'the werewolves (the little girl may peek)' : 'the werewolves');
  if (t.has('witch')) every.push(t.has('little-girl') && t.harvest ? 'the witch (the little girl may peek)' : 'the witch');
  if (t.has('piper')) every.push('the piper, then the charmed');
  return `${first.length > 0 ? `on the first night only: ${first.join(', ')}; then ` : ''}every night: ${every.join(', ')}`;
}

function speakingOrderText(t: Table): string {
  return t.o.speakingOrder === 'seat'
    ? 'in seat order from P1'
    : "in turn round the circle, starting with the player on the left of the night's first victim (from P1 when nobody died)";
}

function sheriffText(t: Table): string {
  if (!t.o.sheriff) return '';
  return (
    ' On day 1, after the statements, the players elect a sheriff: his vote counts twice' +
    (t.harvest ? ', he votes first and everyone sees his vote before voting' : '') +
    (t.o.successorMayPass ? ', and when he dies he may name a successor (if he names nobody, there is no sheriff from then on).' : ', and when he dies he names his successor.')
  );
}

function tieText(t: Table): string {
  const o = t.o;
  const revotes = `at most ${count(o.maxRevotes, 'time')}; then ${o.lastTie === 'draw' ? 'one of the tied, drawn at random, goes' : 'nobody goes'}`;
  const rule =
    o.tie === 'none'
      ? 'nobody is eliminated'
      : o.tie === 'random'
        ? 'one of the tied players, drawn at random, is eliminated'
        : o.tie === 'revote'
          ? `the tied players speak again and everyone votes again among them (${revotes})`
          : o.sheriff && o.sheriffTieBreak === 'vote'
            ? `the tied player the sheriff voted for goes; if he voted for none of them, or there is no sheriff, everyone, the tied included, votes again among the tied (${revotes})`
            : o.sheriff
            ? `the sheriff chooses who among the tied goes${o.sheriffMayVoidTie ? ', or declares the vote void' : ''}; without a sheriff everyone, the tied included, votes again among the tied (${revotes})`
            : `everyone, the tied included, votes again among the tied (${revotes})`;
  if (!t.has('scapegoat')) return `A tie: ${rule}.`;
  return `A tie: see the scapegoat; once he is dead, ${rule}.`;
}

function victoryText(t: Table): string {
  const wolves =
    t.o.wolvesWin === 'all'
      ? 'no other player is left alive'
      : t.o.wolvesWin === 'second-last'
        ? 'at most one other player is left alive'
        : 'they are at least as many as the other living players';
  const extra = [
    ...(t.has('cupid') ? ['lovers of different teams win together if they are the last alive'] : []),
    ...(t.has('piper') ? ['the piper wins alone when every other living player is charmed'] : []),
  ];
  // A death sets others off only through a hunter's shot, a lover's grief or the Elder's
  // curse (April Fools lends the hunter's shot to the Little Girl).
  const chains = t.has('hunter') || t.has('cupid') || t.has('elder') || (t.has('little-girl') && t.moon.has('april-fools'));
  const when = !chains
    ? 'Victory is checked after every death'
    : t.o.victoryAt === 'each-death'
      ? 'Victory is checked at the instant of every death (the deaths of one dawn are one instant): the game ends the moment a side has won, and what that death would set off (a shot, a grief) never happens'
      : 'Victory is checked once a death and everything it sets off (a shot, a grief) is over; if nobody is left alive the game is a draw';
  return `${when}: the village wins when no werewolf is left; the werewolves win when ${wolves}${extra.length > 0 ? `; ${extra.join('; ')}` : ''}.`;
}

/** What each New Moon card does at this table. */
const MOON_TEXT: Readonly<Record<MoonEvent, (t: Table) => string>> = {
  miracle: () => "Miracle: the werewolves' victim of the night is announced and her card shown, but she lives on as a plain villager (poisoned the same night, she dies)",
  'bleak-monday': () =>
    'Bleak Monday: no vote today. Starting with the nearest living player on the left of the last dead, each player vouches for a player still standing, who sits down and vouches in turn; the last one standing is executed',
  'not-me-nor-wolf': () =>
    'Not Me – Nor Wolf: whoever says "I", "me", "my", "mine", "myself" (or I\'m, I\'d, I\'ll, I\'ve), a word with "wolf" or "wolv" in it, 我 or 狼 in the words of his statement loses his vote today (claims do not count)',
  spiritualism: () =>
    'Spiritualism: the nearest living player on the left of the last dead becomes the medium and asks the ghost of the first player the werewolves killed one question from the card; the true answer is told to all',
  'luncheon-for-seniors': () => 'Luncheon for Seniors: the older half of all the players (the dead counted) is away today if alive: no statement, no vote, and nobody may vote for them',
  'end-of-the-harvest': () => 'End of the Harvest: nothing happens',
  'gone-hunting': () =>
    'Gone Hunting: the men are away until the next dawn: no statement, no vote, nobody may vote for them; that night a werewolf who is a man does not wake, and a man cannot be eaten',
  'pact-with-the-devil': () => 'Pact with the Devil: the player the day vote convicts may make a pact with the devil: he is not executed, and is marked',
  'april-fools': (t) => {
    const pairs: [Role, Role][] = [['witch', 'seer'], ['hunter', 'little-girl'], ['guard', 'elder']];
    const swapped = pairs.filter(([a, b]) => t.has(a) && t.has(b)).map(([a, b]) => `${a} and the ${b.replace('-', ' ')}`);
    const parts = [
      ...(swapped.length > 0 ? [`the ${swapped.join(', the ')} swap powers while both live (each is told whose power he holds)`] : []),
      ...(t.has('cupid') ? ['lovers must vote for each other, and a lover who dies causes no grief'] : []),
    ];
    return `April Fools: ${parts.length === 0 ? 'nothing happens at this table' : `for the day and the night, ${parts.join('; ')}`}`;
  },
  punishment: () => 'Punishment: the last dead names a living player; every other living player says at once whether he vouches for him; with fewer than two vouching, he dies',
  'great-distrust': () => 'Great Distrust: no vote today: each player who may vote names two best friends; every living player nobody names is eliminated',
};

function moonText(t: Table): string[] {
  if (t.moon.size === 0) return [];
  const attributes = t.moon.has('luncheon-for-seniors') || t.moon.has('gone-hunting') || t.moon.has('spiritualism');
  return [
    '',
    'Event cards: at every dawn a card is drawn and shown to all; it holds for that day and the night after. The cards in the deck:',
    ...MOON_EVENTS.filter((e) => t.moon.has(e)).map((e) => `- ${MOON_TEXT[e](t)}.`),
    ...(attributes ? ["Every player is a man or a woman and has an age rank, drawn at the start and known to all (the players' list gives them)."] : []),
  ];
}

/** The rules of this table as prompt text. */
export function rulesText(g: RulesInput): string {
  const inDeck = new Set(g.deck);
  const t: Table = { players: g.players, o: g.options, has: (r) => inDeck.has(r), harvest: g.options.harvestFestival, moon: new Set(g.options.newMoon) };
  const circle = t.harvest || t.moon.size > 0 || t.o.speakingOrder === 'after-victim';
  const lines: string[] = [];
  lines.push(
    `Players: ${g.players}, P1 to P${g.players}${circle ? `, seated in a circle in that order (each player's left neighbour is the next seat: P2 is on P1's left, P1 on P${g.players}'s); a player's neighbours are the nearest living players on each side` : ''}.`,
  );
  lines.push(`Cards: ${deckText(g.deck)}.`);
  if (g.deck.length > g.players) lines.push(`There are ${g.deck.length} cards for ${g.players} players: the ${g.deck.length - g.players} left over lie face down.`);
  lines.push('Each player holds one secret card. A player who dies is out (no more statements or votes) and his card is shown to all.');
  lines.push(`Teams: the werewolves against the village (every other card)${t.has('piper') ? '; the piper plays alone' : ''}.`);
  lines.push('', 'The cards:');
  for (const r of ROLES) if (t.has(r)) lines.push(`- ${r} (${teamOf(r)}): ${roleText(r, t)}.`);
  if (g.options.littleGirlNamesHalf) {
    const most = Math.floor(g.deck.filter((r) => r === 'werewolf').length / 2);
    lines.push(
      `A player who claims to be the little girl${t.has('little-girl') ? '' : ' (a card not in this game)'} may name at most ${count(most, 'werewolf', 'werewolves')} as werewolves (half the werewolves, rounded down).`,
    );
  }
  lines.push('', 'The game starts with night 1; then day and night alternate.');
  lines.push(`Night order: ${nightOrder(t)}.`);
  lines.push(
    `Each day: the night's dead are announced${t.o.nightCausePublic ? ' with how each died (killed by the werewolves, poisoned)' : ' (not how they died)'} and their cards shown; then every living player makes one statement, ${speakingOrderText(t)}.${sheriffText(t)} ` +
      `Then all living players vote at once to eliminate one player${t.o.dayVoteMayAbstain ? ' (a voter may abstain)' : ' (every voter must name a player)'}; most votes goes. ${tieText(t)}`,
  );
  lines.push(victoryText(t));
  lines.push(...moonText(t));
  return lines.join('\n');
}
