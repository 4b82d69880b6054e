// The table's pages (table-server.ts serves them): a seat's page and the host's. Each is
// one self-contained document — inline style and script, nothing fetched but the table's
// own API — whose script asks the server for its state (server-sent events: a reload or
// a lost connection reopens the stream, and the page shows the seat where it is) and
// renders it through textContent only, so a player's words are shown as the characters
// they wrote. A Content-Security-Policy allows only this script (by its hash) and
// connections to this server.

import { scriptedPage } from '../reports/html.js';

const STYLE = `
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 760px; padding: 0.8em 1em 3em; color: #1b1b1b; }
h1 { font-size: 1.25em; margin: 0.2em 0; }
.meta { color: #555; }
#owed { position: sticky; top: 0; background: #fff; border-bottom: 2px solid #2e6fbf; padding: 0.5em 0; }
#owed button { margin: 0.2em 0.3em 0.2em 0; padding: 0.45em 0.8em; font-size: 15px; }
#owed .error { color: #b00020; }
#owed textarea { width: 100%; box-sizing: border-box; min-height: 3em; font: inherit; }
#log { list-style: none; padding: 0; margin: 0.6em 0; }
#log li { padding: 3px 0; border-bottom: 1px solid #f0f0f0; }
.claim { display: flex; gap: 0.3em; flex-wrap: wrap; margin: 0.2em 0; }
.over { color: #2d6a2d; font-weight: 600; }
#played:empty { display: none; }
#beliefs select { margin-left: 0.3em; }
`;

/** The seat's page script: its state from the event stream, the decision owed as buttons (a speech: words and claims). */
function seatClient(): void {
  const token = location.pathname.split('/').filter((x) => x !== '').pop() ?? '';
  const api = `/api/seat/${token}`;
  const $ = (id: string) => document.getElementById(id)!;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  interface Choice {
    readonly label: string;
    readonly answer: unknown;
  }
  interface Owed {
    readonly game: number;
    readonly n: number;
    readonly kind: string;
    readonly choices: readonly Choice[] | null;
    readonly seats: readonly string[];
    readonly error: string | null;
    readonly deadline: number | null;
  }
  interface State {
    readonly seat: string;
    readonly person: string;
    readonly card: string | null;
    readonly over: boolean;
    readonly game: number;
    readonly games: number;
    /** The series' games over (their replays). */
    readonly played: readonly number[];
    readonly lines: readonly string[];
    readonly owed: Owed | null;
  }
  let shownOwed = '';
  const answer = (o: Owed, a: unknown, beliefs?: Record<string, number>) => {
    $('owed').replaceChildren(el('p', 'sent…'));
    const body = JSON.stringify({ game: o.game, n: o.n, answer: a, ...(beliefs === undefined ? {} : { beliefs }) });
    void fetch(`${api}/answer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (r) => {
      if (!r.ok) $('owed').append(el('p', `refused: ${((await r.json()) as { error?: string }).error ?? r.status}`));
    });
  };
  /** A vote's optional beliefs: a choice of 0–100% per candidate, none by default. */
  function beliefsBox(o: Owed): { box: HTMLElement; read: () => Record<string, number> | undefined } {
    const box = el('details');
    box.id = 'beliefs';
    box.append(el('summary', 'How likely is each to be a werewolf? (optional)'));
    const selects: [string, HTMLSelectElement][] = [];
    for (const c of o.choices ?? []) {
      const target = (c.answer as { target?: unknown }).target;
      if (typeof target !== 'number') continue;
      const label = o.seats[target] ?? '';
      const select = el('select');
      select.name = label;
      select.append(el('option', '—'));
      for (let k = 0; k <= 10; k++) {
        const opt = el('option', `${k * 10}%`);
        opt.value = String(k / 10);
        select.append(opt);
      }
      select.options[0]!.value = '';
      const row = el('label', `${label} `);
      row.className = 'claim';
      row.append(select);
      box.append(row);
      selects.push([label, select]);
    }
    const read = () => {
      const out: Record<string, number> = {};
      for (const [label, select] of selects) if (select.value !== '') out[label] = Number(select.value);
      return Object.keys(out).length === 0 ? undefined : out;
    };
    return { box, read };
  }
  function speech(o: Owed): HTMLElement {
    const box = el('div');
    const words = el('textarea');
    words.id = 'words';
    words.placeholder = 'what you say (optional)';
    const claims = el('div');
    const add = el('button', '+ a claim');
    add.type = 'button';
    add.addEventListener('click', () => {
      const row = el('div');
      row.className = 'claim';
      const type = el('select');
      for (const t of ['vote-intent', 'suspect', 'trust', 'role', 'seen']) type.append(el('option', t));
      const target = el('select');
      for (const s of o.seats) target.append(el('option', s));
      const role = el('input');
      role.placeholder = 'role (role claim), or werewolf / not-werewolf (seen)';
      row.append(type, target, role);
      claims.append(row);
    });
    const say = el('button', 'say it');
    say.id = 'say';
    say.addEventListener('click', () => {
      const list = Array.from(claims.children).map((row) => {
        const [type, target, extra] = Array.from(row.children) as [HTMLSelectElement, HTMLSelectElement, HTMLInputElement];
        const t = Number(target.value.replace(/^P/, '')) - 1;
        if (type.value === 'role') return { type: 'role', role: extra.value.trim() };
        if (type.value === 'seen') return { type: 'seen', target: t, result: extra.value.trim() };
        return { type: type.value, target: t };
      });
      answer(o, { kind: 'speech', claims: list, ...(words.value.trim() === '' ? {} : { text: words.value }) });
    });
    box.append(words, claims, add, say);
    return box;
  }
  function render(s: State): void {
    document.title = `${s.seat}${s.person === '' ? '' : ` (${s.person})`} — werewolf table`;
    $('who').textContent = `${s.seat}${s.person === '' ? '' : ` · ${s.person}`}${s.card === null ? '' : ` · your card: ${s.card}`}${s.games > 1 ? ` · game ${s.game + 1} of ${s.games}` : ''}`;
    // A series: the games over, each a link to its replay (every card shown, as after any game).
    $('played').replaceChildren(
      ...(s.played.length === 0
        ? []
        : [
            document.createTextNode('Games over (their replays): '),
            ...s.played.flatMap((i, k) => {
              const a = el('a', `game ${i + 1}`);
              a.href = `/seat/${token}/replay/${i}`;
              a.target = '_blank';
              return k === 0 ? [a] : [document.createTextNode(' · '), a];
            }),
          ]),
    );
    const log = $('log');
    log.replaceChildren(...s.lines.map((l) => el('li', l)));
    const owed = $('owed');
    if (s.over) {
      const p = el('p', 'The game is over.');
      p.className = 'over';
      owed.replaceChildren(p);
      return;
    }
    if (s.owed === null) {
      shownOwed = '';
      owed.replaceChildren(el('p', 'Nothing to decide now: the others are playing.'));
      return;
    }
    if (shownOwed === `${s.owed.game}/${s.owed.n}`) return;
    shownOwed = `${s.owed.game}/${s.owed.n}`;
    const o = s.owed;
    const parts: HTMLElement[] = [el('h2', `Your decision: ${o.kind}`)];
    if (o.error !== null) {
      const e = el('p', `Your answer was refused: ${o.error}`);
      e.className = 'error';
      parts.push(e);
    }
    if (o.deadline !== null) parts.push(el('p', `Answer within ${Math.max(0, Math.round((o.deadline - Date.now()) / 1000))} s, or the fallback plays for you.`));
    // At a day vote, optional beliefs: how likely each candidate is to be a werewolf (scored by the behaviour metrics).
    const stated = o.kind === 'vote' ? beliefsBox(o) : null;
    if (o.kind === 'speech') parts.push(speech(o));
    else
      for (const c of o.choices ?? []) {
        const b = el('button', c.label);
        b.className = 'choice';
        b.addEventListener('click', () => answer(o, c.answer, stated?.read()));
        parts.push(b);
      }
    if (stated !== null) parts.push(stated.box);
    owed.replaceChildren(...parts);
  }
  const stream = new EventSource(`${api}/events`);
  stream.addEventListener('state', (e) => render(JSON.parse((e as MessageEvent<string>).data) as State));
}

/** The host's page script: the seating, who has joined, start, the game's progress, and its replay at the end. */
function hostClient(): void {
  // Its own small helpers, as the seat's script has: only a function's source reaches its page.
  const token = location.pathname.split('/').filter((x) => x !== '').pop() ?? '';
  const api = `/api/host/${token}`;
  const $ = (id: string) => document.getElementById(id)!;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  interface HostState {
    readonly players: number;
    readonly started: boolean;
    readonly over: boolean;
    readonly game: number;
    readonly games: number;
    readonly played: readonly number[];
    readonly events: number;
    readonly winner: string | null;
    readonly seats: readonly { readonly seat: string; readonly agent: string; readonly person: boolean; readonly joined: boolean; readonly owes: boolean }[];
  }
  const start = el('button', 'start the game');
  start.id = 'start';
  start.addEventListener('click', () => void fetch(`${api}/start`, { method: 'POST' }));
  function render(s: HostState): void {
    const rows = s.seats.map((x) => {
      const tr = el('tr');
      const state = x.person ? `${x.joined ? 'joined' : 'not joined yet'}${x.owes ? ' · deciding' : ''}` : 'bot';
      tr.append(el('td', x.seat), el('td', x.agent), el('td', state));
      tr.className = x.person ? (x.joined ? 'joined' : 'waiting') : 'bot';
      return tr;
    });
    $('seats').replaceChildren(...rows);
    const status = $('status');
    // A series: the replays of the games over.
    const replays = s.played.map((i) => {
      const a = el('a', `game ${i + 1}`);
      a.href = `${location.pathname.replace(/\/$/, '')}/replay/${i}`;
      return a;
    });
    if (s.over && s.games > 1) {
      const p = el('p', `The series is over: ${s.games} games, the last a ${s.winner ?? 'no'}${s.winner === 'draw' ? '' : ' win'}. Replays: `);
      p.append(...replays.flatMap((a, k) => (k === 0 ? [a] : [document.createTextNode(' · '), a])));
      status.replaceChildren(p);
    } else if (s.over) {
      const a = el('a', 'the game’s replay');
      a.href = `${location.pathname.replace(/\/$/, '')}/replay`;
      status.replaceChildren(el('p', `The game is over: ${s.winner ?? 'no winner'}${s.winner === 'draw' ? '' : ' win'}. `), a);
    } else if (s.started) {
      const inPlay = el('p', `${s.games > 1 ? `Game ${s.game + 1} of ${s.games} in play` : 'In play'}: ${s.events} events so far.${replays.length > 0 ? ' Replays: ' : ''}`);
      inPlay.append(...replays.flatMap((a, k) => (k === 0 ? [a] : [document.createTextNode(' · '), a])));
      status.replaceChildren(inPlay);
    }
    else status.replaceChildren(el('p', `${s.seats.filter((x) => x.person && x.joined).length} of ${s.seats.filter((x) => x.person).length} people have joined. `), start);
  }
  new EventSource(`${api}/events`).addEventListener('state', (e) => render(JSON.parse((e as MessageEvent<string>).data) as HostState));
}

/** The host's page (its token is in its address). */
export function hostPage(): string {
  return scriptedPage({
    title: 'werewolf table — host',
    style: `${STYLE}\ntable { border-collapse: collapse; } td { padding: 3px 10px 3px 0; border-bottom: 1px solid #eee; } tr.waiting td:last-child { color: #a05a00; } tr.joined td:last-child { color: #2d6a2d; }`,
    body: '<h1>The table</h1>\n<div id="status"><p>connecting…</p></div>\n<table><tbody id="seats"></tbody></table>',
    client: hostClient,
    connect: true,
  });
}

/** A seat's page (its token is in its address). */
export function seatPage(): string {
  return scriptedPage({ title: 'werewolf table', style: STYLE, body: '<h1 id="who">…</h1>\n<p id="played" class="meta"></p>\n<div id="owed"><p>connecting…</p></div>\n<ol id="log"></ol>', client: seatClient, connect: true });
}
