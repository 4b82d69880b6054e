// The replay page's script (replay-page.ts inlines its source): it reads the game's data
// from the page (replay-data.ts made it, once, on the Node side) and renders it — the
// table, the timeline, the events of a step as the chosen eyes saw them, the votes as
// arrows. It decides nothing about what a seat may see: each view's events and table are
// in the data. Every text goes in through textContent (never markup), so a model's
// `<script>` or `onerror=` is shown as the characters it wrote. It must stay one
// self-contained function: only its source reaches the page (no imports, no module scope).

import type { ReplayData, ReplayEvent, ReplayView, SeatState } from './replay-data.js';

export function replayClient(): void {
  const dataNode = document.getElementById('replay-data');
  if (dataNode === null) return;
  const data = JSON.parse(dataNode.textContent ?? '{}') as ReplayData;
  const SVG = 'http://www.w3.org/2000/svg';
  // The step shown; of its events, how many are shown (Infinity: all; event by event: 1, 2, …); whose eyes.
  const state = { step: 0, upto: Infinity, view: -1, vote: -1, talk: false };

  function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
    const e = document.createElement(tag);
    if (cls !== undefined) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The prompts are a deflated block in the page, inflated the first time one is asked for.
  let prompts: Promise<string[]> | null = null;
  function loadPrompts(): Promise<string[]> {
    if (prompts === null)
      prompts = (async () => {
        const block = document.getElementById('replay-prompts');
        const text = (block?.textContent ?? '').trim();
        if (text === '') return [];
        const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
        const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
        return JSON.parse(await new Response(stream).text()) as string[];
      })();
    return prompts;
  }

  const root = document.getElementById('replay') ?? document.body;
  const head = el('header');
  // Back to the report, and the games written with this one: the previous and the next.
  const nav = el('p', 'nav');
  const link = (href: string, text: string, cls: string) => {
    const a = el('a', cls, text);
    a.href = href;
    nav.append(a);
  };
  if (data.back !== null) link(data.back, '← report', 'back');
  if (data.previous !== null) link(data.previous.href, `‹ ${data.previous.text}`, 'previous-game');
  if (data.next !== null) link(data.next.href, `${data.next.text} ›`, 'next-game');
  if (nav.childElementCount > 0) head.append(nav);
  head.append(el('h1', undefined, data.title));
  for (const line of data.lines) head.append(el('p', 'meta', line));
  head.append(el('p', data.matches === false ? 'verdict differs' : 'verdict', data.verdict));
  root.append(head);

  // Controls: whose eyes, and the timeline.
  const controls = el('div', 'controls');
  const eyesLabel = el('label', undefined, 'Whose eyes: ');
  const eyes = el('select');
  eyes.id = 'eyes';
  const modOption = el('option', undefined, 'the moderator (everything)');
  modOption.value = '-1';
  eyes.append(modOption);
  for (const s of data.seats) {
    const o = el('option', undefined, `${s.name} (${s.spec})`);
    o.value = String(s.seat);
    eyes.append(o);
  }
  eyesLabel.append(eyes);
  function button(id: string, text: string, title: string): HTMLButtonElement {
    const b = el('button', undefined, text);
    b.id = id;
    b.title = title;
    return b;
  }
  const prev = button('prev', '◀', 'previous step (←)');
  const next = button('next', '▶', 'next step (→)');
  const prevEvent = button('prev-event', '‹', 'previous event (↑)');
  const nextEvent = button('next-event', '›', 'next event (↓)');
  const play = button('play', '▷ play', 'play the game event by event (space)');
  const talk = button('talk', 'talk', 'the speeches so far as a chat (t)');
  talk.setAttribute('aria-pressed', 'false');
  const slider = el('input');
  slider.type = 'range';
  slider.id = 'step';
  slider.min = '0';
  slider.max = String(data.steps.length - 1);
  slider.value = '0';
  const stepLabel = el('span', 'step-label');
  stepLabel.id = 'step-label';
  controls.append(eyesLabel, prev, prevEvent, play, nextEvent, slider, next, talk, stepLabel);
  root.append(controls);

  const main = el('div', 'main');
  const table = svg('svg', { viewBox: '0 0 660 560', class: 'table', role: 'img' }) as SVGSVGElement;
  table.setAttribute('aria-label', 'the table');
  const defs = svg('defs', {});
  const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }));
  defs.append(marker);
  table.append(defs);
  const tableWrap = el('div', 'table-wrap');
  tableWrap.append(table);
  const list = el('ol', 'events');
  list.id = 'events';
  // The talk as a chat: every speech these eyes heard, from the first day to the moment shown.
  const chat = el('ol', 'chat');
  chat.id = 'chat';
  chat.hidden = true;
  main.append(tableWrap, list, chat);
  root.append(main);

  // The table: seats on a ring, each its name and card inside its circle, and its badges
  // and agent outside the ring, along its radius, anchored away from the centre: labels of
  // neighbours then stand apart at every table size (the browser test measures them), and
  // vote arrows, drawn inside the ring, cross none.
  const n = data.players;
  // The centre: wider than high, for the labels at the sides (a sheriff's badges and an agent, ~100 units).
  const CX = 330;
  const CY = 280;
  const R = n <= 10 ? 150 : n <= 14 ? 172 : 185;
  const r = n <= 12 ? 30 : 25;
  const pos = (s: number, radius = R) => {
    const a = -Math.PI / 2 + (2 * Math.PI * s) / n;
    return { x: CX + radius * Math.cos(a), y: CY + radius * Math.sin(a), cos: Math.cos(a), sin: Math.sin(a) };
  };
  // An agent's name on the table, at most this many characters (whole in the seat's tooltip).
  const SPEC_CHARS = 16;
  const short = (text: string) => (text.length <= SPEC_CHARS ? text : `${text.slice(0, SPEC_CHARS - 1)}…`);
  const center = svg('text', { x: CX, y: CY, class: 'center' });
  table.append(center);
  const arrows = svg('g', { class: 'arrows' });
  table.append(arrows);
  const seatNodes: SVGElement[] = [];
  for (let s = 0; s < n; s++) {
    const p = pos(s);
    const g = svg('g', { 'data-seat': s + 1, class: 'seat' });
    const at = (dx: number, dy: number) => ({ x: (p.x + dx).toFixed(1), y: (p.y + dy).toFixed(1) });
    g.append(svg('circle', { cx: p.x.toFixed(1), cy: p.y.toFixed(1), r }));
    g.append(svg('text', { ...at(0, -3), class: 'name' }, data.seats[s]?.name ?? `P${s + 1}`));
    g.append(svg('text', { ...at(0, 11), class: 'role' }));
    // Outside: anchored at the end that faces the seat (right of the ring: start; left: end; at the very top or bottom: middle).
    const o = pos(s, R + r + 7);
    const anchor = o.cos > 0.3 ? 'start' : o.cos < -0.3 ? 'end' : 'middle';
    // Two lines (badges, agent), stacked away from the centre: above the point in the top half, below it in the bottom half.
    // Lines 15 units apart: a glyph's box (♥ and ★ from a symbol font among them) stands ~14 high at 11 units.
    const top = o.sin < -0.3 ? o.y - 32 : o.sin > 0.3 ? o.y + 2 : o.y - 15;
    g.append(svg('text', { x: o.x.toFixed(1), y: (top + 12).toFixed(1), 'text-anchor': anchor, class: 'badges' }));
    g.append(svg('text', { x: o.x.toFixed(1), y: (top + 27).toFixed(1), 'text-anchor': anchor, class: 'spec' }, short(data.seats[s]?.spec ?? '')));
    const title = svg('title', {});
    g.append(title);
    table.append(g);
    seatNodes.push(g);
  }

  const view = (): ReplayView => (state.view < 0 ? data.moderator : (data.views[state.view] ?? data.moderator));

  function drawTable(states: readonly SeatState[], involved: ReadonlySet<number>): void {
    states.forEach((st, s) => {
      const g = seatNodes[s]!;
      g.setAttribute('class', `seat ${st.alive ? 'alive' : 'dead'}${s === state.view ? ' me' : ''}${involved.has(s) ? ' involved' : ''}${st.role === 'werewolf' ? ' wolf' : ''}`);
      const [, , role, badges, , title] = Array.from(g.childNodes) as SVGElement[];
      role!.textContent = st.role === '' ? '?' : st.role;
      const b: string[] = [];
      if (st.sheriff) b.push('★ sheriff');
      if (st.lover) b.push('♥');
      if (st.charmed) b.push('♪');
      if (st.lives !== null) b.push(`${st.lives} ${st.lives === 1 ? 'life' : 'lives'}`);
      badges!.textContent = b.join(' ');
      title!.textContent = `${data.seats[s]?.name ?? ''} ${data.seats[s]?.spec ?? ''}: ${st.alive ? 'alive' : 'dead'}${st.role === '' ? '' : `, ${st.role}`}${b.length > 0 ? `, ${b.join(', ')}` : ''}`;
    });
  }

  function drawVotes(e: ReplayEvent | undefined): void {
    arrows.replaceChildren();
    if (e?.votes === undefined) return;
    for (const [voter, target, weight] of e.votes) {
      if (target < 0) continue;
      const a = pos(voter);
      const b = pos(target);
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const d = Math.hypot(dx, dy) || 1;
      const k = (r + 3) / d;
      arrows.append(
        svg('line', {
          x1: (a.x + dx * k).toFixed(1),
          y1: (a.y + dy * k).toFixed(1),
          x2: (b.x - dx * k).toFixed(1),
          y2: (b.y - dy * k).toFixed(1),
          class: 'vote',
          'data-voter': voter + 1,
          'data-target': target + 1,
          'stroke-width': 1.5 + weight,
          'marker-end': 'url(#arrow)',
        }),
      );
    }
  }

  function noteRow(k: number): HTMLLIElement {
    const note = data.notes[k]!;
    const who = data.seats[note.seat]?.name ?? '';
    const label = note.kind === 'reasoning' ? `${who} private` : note.kind === 'invalid' ? `${who} invalid answer` : note.kind === 'failure' ? `${who} call failed` : `${who} fallback`;
    const li = el('li', `note k-${note.kind}`);
    li.dataset['note'] = String(k);
    li.dataset['seat'] = String(note.seat + 1);
    li.append(el('span', 'who', label), el('span', 'text', note.text));
    if (note.call >= 0) {
      const call = data.calls[note.call]!;
      const button = el('button', 'prompt-button', 'prompt & answer');
      const box = el('div', 'prompt');
      box.hidden = true;
      button.addEventListener('click', () => {
        box.hidden = !box.hidden;
        if (box.hidden || box.childNodes.length > 0) return;
        const pre = el('pre', 'prompt-text', 'loading…');
        box.append(el('h4', undefined, 'prompt'), pre, el('h4', undefined, call.ok ? 'answer' : 'the call failed'), el('pre', 'answer-text', call.answer));
        loadPrompts().then(
          (all) => (pre.textContent = all[note.call] ?? '(not in the page)'),
          (e: unknown) => (pre.textContent = `the prompts could not be read: ${String(e)}`),
        );
      });
      li.append(button, box);
    }
    return li;
  }

  /** The chat: the speeches of `v` before this step, and those of it shown so far, under their day's heading. */
  function drawChat(v: ReplayView, shownNow: readonly number[]): void {
    list.hidden = state.talk;
    chat.hidden = !state.talk;
    talk.setAttribute('aria-pressed', String(state.talk));
    if (!state.talk) return;
    chat.replaceChildren();
    let heading = -1;
    for (const i of v.events) {
      const e = data.events[i]!;
      if (e.step > state.step || (e.step === state.step && !shownNow.includes(i))) break;
      if (e.type !== 'speech') continue;
      if (e.step !== heading) {
        heading = e.step;
        chat.append(el('li', 'chat-day', data.steps[e.step]!.label));
      }
      const seat = e.seats[0] ?? -1;
      const name = data.seats[seat]?.name ?? '';
      const li = el('li', `msg${seat === state.view ? ' mine' : ''}`);
      li.dataset['ev'] = String(i);
      li.dataset['seat'] = String(seat + 1);
      li.append(el('span', 'from', name), el('span', 'agent', short(data.seats[seat]?.spec ?? '')));
      li.append(el('p', 'said', e.text.startsWith(`${name}: `) ? e.text.slice(name.length + 2) : e.text));
      chat.append(li);
    }
    if (chat.childElementCount === 0) chat.append(el('li', 'empty', 'nothing said yet, as far as these eyes know'));
    chat.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }

  function render(): void {
    const v = view();
    const step = data.steps[state.step]!;
    slider.value = String(state.step);
    center.textContent = step.label;
    prev.disabled = state.step === 0;
    next.disabled = state.step === data.steps.length - 1;
    document.body.dataset['step'] = String(state.step);
    document.body.dataset['view'] = String(state.view < 0 ? 'moderator' : state.view + 1);
    const all = v.events.filter((i) => data.events[i]!.step === state.step);
    const whole = state.upto >= all.length;
    const shown = whole ? all : all.slice(0, state.upto);
    const notes: number[] = [];
    data.notes.forEach((nt, k) => {
      const at = nt.at < data.events.length ? data.events[nt.at]!.step : data.steps.length - 1;
      if (at === state.step && (state.view < 0 || nt.seat === state.view)) notes.push(k);
    });
    list.replaceChildren();
    const involved = new Set<number>();
    let lastVote: ReplayEvent | undefined;
    const placeNotes = (before: number) => {
      for (const k of notes) if (data.notes[k]!.at === before) list.append(noteRow(k));
    };
    for (const i of shown) {
      placeNotes(i);
      const e = data.events[i]!;
      const li = el('li', `ev t-${e.type}${e.type === 'night' || e.type === 'day' ? ' heading' : ''}`);
      li.dataset['ev'] = String(i);
      if (state.view < 0 && e.who !== '') li.append(el('span', 'who', e.who));
      li.append(el('span', 'text', e.text));
      if (e.votes !== undefined) {
        lastVote = e;
        li.classList.add('has-votes');
        li.tabIndex = 0;
        li.title = 'show these votes as arrows';
        const pick = () => {
          state.vote = i;
          drawVotes(e);
          for (const x of Array.from(list.querySelectorAll('.shown-votes'))) x.classList.remove('shown-votes');
          li.classList.add('shown-votes');
        };
        li.addEventListener('click', pick);
        li.addEventListener('focus', pick);
      }
      for (const s of e.seats) involved.add(s);
      list.append(li);
    }
    if (whole) {
      placeNotes(data.events.length);
      for (const k of notes) if (data.notes[k]!.at !== data.events.length && !shown.includes(data.notes[k]!.at)) list.append(noteRow(k));
    } else list.lastElementChild?.classList.add('current');
    if (all.length === 0) list.append(el('li', 'empty', 'nothing these eyes saw in this step'));
    // Part of a step: the table as these eyes knew it before the step, with the deaths shown so far.
    const after = v.tables[state.step] ?? [];
    const before = state.step === 0 ? after : (v.tables[state.step - 1] ?? after);
    const died = new Set(shown.flatMap((i) => (data.events[i]!.death === undefined ? [] : [data.events[i]!.death!.seat])));
    drawTable(whole ? after : before.map((st, seat) => (died.has(seat) ? after[seat]! : st)), involved);
    stepLabel.textContent = `${step.label}${whole ? '' : `, event ${shown.length} of ${all.length}`} (step ${state.step + 1} of ${data.steps.length})`;
    prevEvent.disabled = state.step === 0 && shown.length <= 1;
    nextEvent.disabled = state.step === data.steps.length - 1 && whole;
    drawChat(v, shown);
    writeFragment();
    state.vote = lastVote?.i ?? -1;
    drawVotes(lastVote);
    if (lastVote !== undefined) list.querySelector(`[data-ev="${lastVote.i}"]`)?.classList.add('shown-votes');
  }

  const go = (step: number) => {
    state.step = Math.max(0, Math.min(data.steps.length - 1, step));
    state.upto = Infinity;
    render();
  };
  // The events these eyes see in a step.
  const seenIn = (step: number) => view().events.filter((i) => data.events[i]!.step === step).length;
  /** One event on (into the next step at its end); false at the game's end. */
  function forward(): boolean {
    const count = seenIn(state.step);
    if (state.upto < count) state.upto++;
    else if (state.step < data.steps.length - 1) {
      state.step++;
      state.upto = Math.min(1, seenIn(state.step));
    } else return false;
    render();
    return true;
  }
  function backward(): void {
    const shownNow = Math.min(state.upto, seenIn(state.step));
    if (shownNow > 1) state.upto = shownNow - 1;
    else if (state.step > 0) {
      state.step--;
      state.upto = Infinity;
    } else return;
    render();
  }
  // Play: an event every 1.2 s, until the end or a pause.
  let timer: ReturnType<typeof setInterval> | null = null;
  function pause(): void {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = '▷ play';
    play.classList.remove('playing');
  }
  function playOrPause(): void {
    if (timer !== null) return pause();
    // From a whole step, play starts at the next step's first event.
    if (state.upto >= seenIn(state.step) && !forward()) return;
    timer = setInterval(() => {
      if (!forward()) pause();
    }, 1200);
    play.textContent = '❚❚ pause';
    play.classList.add('playing');
  }

  // The URL's fragment names what is shown — #step=day-2&event=3&eyes=P4 — so a link
  // opens the page there; the page keeps it up to date as it moves.
  const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  function writeFragment(): void {
    const parts = [`step=${slug(data.steps[state.step]!.label)}`];
    if (state.upto < seenIn(state.step)) parts.push(`event=${state.upto}`);
    if (state.view >= 0) parts.push(`eyes=${encodeURIComponent(data.seats[state.view]?.name ?? '')}`);
    if (state.talk) parts.push('view=talk');
    const hash = `#${parts.join('&')}`;
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }
  function readFragment(): void {
    const q = new URLSearchParams(location.hash.replace(/^#/, ''));
    const step = data.steps.findIndex((x) => slug(x.label) === q.get('step'));
    const seat = data.seats.findIndex((x) => x.name === q.get('eyes'));
    state.view = seat;
    eyes.value = String(seat);
    state.step = step < 0 ? 0 : step;
    const event = Number(q.get('event'));
    state.upto = Number.isInteger(event) && event >= 1 ? event : Infinity;
    state.talk = q.get('view') === 'talk';
  }
  prev.addEventListener('click', () => go(state.step - 1));
  next.addEventListener('click', () => go(state.step + 1));
  prevEvent.addEventListener('click', backward);
  nextEvent.addEventListener('click', () => forward());
  play.addEventListener('click', playOrPause);
  const toggleTalk = () => {
    state.talk = !state.talk;
    render();
  };
  talk.addEventListener('click', toggleTalk);
  window.addEventListener('hashchange', () => {
    readFragment();
    render();
  });
  slider.addEventListener('input', () => go(Number(slider.value)));
  eyes.addEventListener('change', () => {
    state.view = Number(eyes.value);
    render();
  });
  document.addEventListener('keydown', (ev) => {
    const t = ev.target as HTMLElement | null;
    if (t !== null && (t.tagName === 'SELECT' || t.tagName === 'INPUT')) return;
    // A focused button takes its own space (a click).
    if (ev.key === ' ' && t?.tagName === 'BUTTON') return;
    if (ev.key === 'ArrowRight') go(state.step + 1);
    else if (ev.key === 'ArrowLeft') go(state.step - 1);
    else if (ev.key === 'Home') go(0);
    else if (ev.key === 'End') go(data.steps.length - 1);
    else if (ev.key === 'ArrowDown') forward();
    else if (ev.key === 'ArrowUp') backward();
    else if (ev.key === ' ') playOrPause();
    else if (ev.key === 't') toggleTalk();
    else return;
    ev.preventDefault();
  });
  readFragment();
  render();
}
