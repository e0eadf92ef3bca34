// Sylvan in the browser: lobby, play page, replay viewer. Plain modules, no build step.
import { t, lang, setLang, gameName } from './i18n.js';
import { boards, esc, place, seatColors } from './boards.js';
import { rulesHelp } from './help.js';

const main = document.getElementById('main');

// The difficulties a bot seat offers: the registry's levels (`/api/types`), and `random`.
const levelsOf = (g) => ['random', ...(g.levels || []).map((l) => l.name)];

// JSON with 64-bit integers (card bit sets) kept exact as BigInt.
export function parse(text) {
  return JSON.parse(text, (k, v, ctx) => (typeof v === 'number' && !Number.isSafeInteger(v) && ctx?.source && /^-?\d+$/.test(ctx.source) ? BigInt(ctx.source) : v));
}

async function api(path, init) {
  const r = await fetch(path, init);
  const body = await r.text().then(parse).catch(() => ({ error: `${r.status} ${r.statusText}` }));
  if (!r.ok) throw Object.assign(new Error(body.error || `${r.status}`), { status: r.status });
  return body;
}

function el(html) {
  const d = document.createElement('div');
  d.innerHTML = html.trim();
  return d.firstElementChild;
}

function toast(msg) {
  const n = el(`<div class="toast" role="alert">${esc(msg)}</div>`);
  document.body.append(n);
  setTimeout(() => n.remove(), 5000);
}

function translatePage() {
  document.documentElement.lang = lang();
  for (const n of document.querySelectorAll('[data-t]')) n.textContent = t(n.dataset.t);
}

// ---------------------------------------------------------------- lobby

async function lobby() {
  main.innerHTML = `<section class="panel" id="create"><h2>${t('new_game')}</h2><div id="form">${t('loading')}</div></section>
    <section class="panel"><h2>${t('games')}</h2><div id="games">${t('loading')}</div></section>`;
  let types;
  try { types = (await api(`/api/types?lang=${lang()}`)).games; } catch (e) { toast(e.message); return; }
  const form = main.querySelector('#form');
  const pick = el(`<div class="field"><label>${t('game')} <select id="g">${types.map((g) =>
    `<option value="${esc(g.name)}">${esc(gameName(g.name))}</option>`).join('')}</select></label></div>`);
  form.innerHTML = '';
  form.append(pick);
  const rest = el('<div></div>');
  form.append(rest);
  const draw = () => {
    const g = types.find((x) => x.name === pick.querySelector('select').value);
    const opts = g.options.filter((o) => o.name !== 'players');
    rest.innerHTML = `
      <div class="field"><label>${t('players')} <select id="players">${range(g.min_players, g.max_players).map((n) =>
        `<option>${n}</option>`).join('')}</select></label></div>
      ${opts.map((o) => `<div class="field"><label title="${esc(o.help)}">${esc(o.name)}
        <input data-opt="${esc(o.name)}" placeholder="${esc(o.default)}"></label><small>${esc(o.help)}</small></div>`).join('')}
      <div id="seats"></div>
      <div class="field"><label><input type="checkbox" id="hints"> ${t('hints_for_all')}</label><small>${t('hints_help')}</small></div>
      <button id="go" class="primary">${t('create')}</button>
      <div id="links"></div>`;
    const seats = rest.querySelector('#seats');
    const drawSeats = () => {
      const n = Number(rest.querySelector('#players').value);
      seats.innerHTML = range(0, n - 1).map((s) => `<div class="field seat"><label>p${s}
        <select data-seat="${s}">
          <option value="me" ${s === 0 ? 'selected' : ''}>${t('seat_me')}</option>
          <option value="open">${t('seat_open')}</option>
          ${levelsOf(g).map((l) => `<option value="bot:${esc(l)}" ${s > 0 && l === 'medium' ? 'selected' : ''}>${t('bot')} · ${esc(t(l))}</option>`).join('')}
        </select></label></div>`).join('');
    };
    rest.querySelector('#players').onchange = drawSeats;
    drawSeats();
    rest.querySelector('#go').onclick = () => create(g, rest);
  };
  pick.querySelector('select').onchange = draw;
  draw();
  listGames();
}

function range(a, b) {
  const out = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}

async function create(g, form) {
  const players = Number(form.querySelector('#players').value);
  const options = [...form.querySelectorAll('[data-opt]')].filter((i) => i.value.trim())
    .map((i) => `${i.dataset.opt}=${i.value.trim()}`);
  const seats = [...form.querySelectorAll('[data-seat]')].map((s) => {
    if (s.value === 'me') return { kind: 'taken' };
    if (s.value === 'open') return { kind: 'open' };
    return { kind: 'bot', spec: s.value.slice(4) };
  });
  let r;
  try {
    r = await api('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: g.name, players, options, seats, hints: form.querySelector('#hints').checked }) });
  } catch (e) { toast(e.message); return; }
  const links = form.querySelector('#links');
  links.innerHTML = `<p>${t('created')} <code>${esc(r.id)}</code>. ${t('links_private')}</p>` + r.seats.map((s) => {
    const url = new URL(s.link, location.href);
    return `<p class="link">p${s.seat}${t('colon')} <a class="seat-link" href="${esc(url.pathname + url.search + url.hash)}">${esc(s.link)}</a>
      <button data-copy="${esc(s.link)}">${t('copy')}</button></p>`;
  }).join('') + `<p>${t('watch_link')}${t('colon')} <a href="/play/${esc(r.id)}">${esc(location.origin)}/play/${esc(r.id)}</a></p>`;
  for (const b of links.querySelectorAll('[data-copy]')) b.onclick = () => navigator.clipboard?.writeText(b.dataset.copy);
  listGames();
}

async function listGames() {
  const box = main.querySelector('#games');
  if (!box) return;
  let games;
  try { games = (await api('/api/games')).games; } catch (e) { box.textContent = e.message; return; }
  games.sort((a, b) => b.created - a.created);
  if (!games.length) { box.textContent = t('no_games'); return; }
  box.innerHTML = `<div class="scroll"><table class="games"><thead><tr><th>${t('game')}</th><th>${t('seats')}</th><th>${t('status')}</th><th>${t('move')}</th><th></th></tr></thead><tbody>
    ${games.slice(0, 50).map((g) => `<tr>
      <td>${esc(gameName(g.game))}<br><small><code>${esc(g.id)}</code></small></td>
      <td>${g.seats.map((s) => `p${s.seat}${t('colon')} ${esc(seatLabel(s))}`).join('<br>')}</td>
      <td>${t(g.status)}</td><td>${g.move}</td>
      <td>${g.status === 'open' ? `<button data-join="${esc(g.id)}">${t('join')}</button>` : ''}
          ${g.status !== 'finished' ? `<a class="button" href="/play/${esc(g.id)}">${t('watch')}</a>` : `<a class="button" href="/replay/${esc(g.id)}">${t('replay')}</a>`}</td>
    </tr>`).join('')}</tbody></table></div>`;
  for (const b of box.querySelectorAll('[data-join]')) {
    b.onclick = async () => {
      try {
        const r = await api(`/api/games/${b.dataset.join}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        const url = new URL(r.link, location.href);
        location.assign(url.pathname + url.search + url.hash);
      } catch (e) { toast(e.message); }
    };
  }
}

function seatLabel(s) {
  if (s.kind === 'bot') return `${t('bot')} · ${t(s.bot || '')}`;
  if (s.kind === 'taken') return s.name || t('seat_taken');
  return t(`seat_${s.kind}`);
}

// ---------------------------------------------------------------- clicking: legal actions by tokens

// The words of a notation after its verb (`play cam7>gru` → [cam7, gru]).
function words(notation) {
  return notation.trim().split(/[\s>]+/).slice(1);
}

// Whether `tok` (one or more words, e.g. `r2 gru`) appears in the action's words, in order.
function hasTok(action, tok) {
  const w = action._w || (action._w = words(action.notation));
  const tw = tok.split(/\s+/);
  for (let i = 0; i + tw.length <= w.length; i++) {
    if (tw.every((x, j) => w[i + j] === x)) return true;
  }
  return false;
}

/** The state of a play page: last message, selection, log. */
class Table {
  constructor(root, id, token) {
    Object.assign(this, { root, id, token, msg: null, sel: [], log: [], catalog: null, lastMove: null });
  }

  connect() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${this.id}/ws`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify(this.token ? { type: 'hello', token: this.token, lang: lang() } : { type: 'hello', lang: lang() }));
    ws.onmessage = (e) => {
      const m = parse(e.data);
      if (m.type === 'error') {
        toast(m.message);
        if (this.pending) { this.pending = false; this.send({ type: 'sync' }); }
        return;
      }
      if (m.type === 'state') this.receive(m);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.root.querySelector('.status')?.classList.add('offline');
      setTimeout(() => this.connect(), 1500);
    };
  }

  receive(m) {
    if (m.events.length) {
      // Where the game stood when the action was taken: the previous message's view.
      this.log.push({ move: this.lastMove ?? m.move, by: this.msg?.to_move ?? null, at: where(this.msg?.view ?? m.view), events: m.events.map((e) => e.text) });
    }
    if (this.msg && m.move < this.msg.move) this.log.push({ move: m.move, undo: true, events: [t('undone')] });
    this.lastMove = m.move;
    if (this.advice && this.advice.move !== m.move) this.advice = null;
    this.msg = m;
    this.sel = [];
    this.pending = false;
    if (!this.catalog) this.loadCatalog();
    if (m.over && this.breakdown === undefined) this.loadBreakdown();
    if (m.over && this.analysis === undefined) this.loadAnalysis();
    this.render();
  }

  async loadBreakdown() {
    this.breakdown = null;
    try { this.breakdown = await api(`/api/games/${this.id}/breakdown?lang=${lang()}`); } catch { this.breakdown = null; }
    if (this.msg) this.render();
  }

  async loadAnalysis() {
    this.analysis = 'loading';
    // One analysis runs at a time per game: while another page's request runs (409), wait and ask again
    // (the result is kept, so the next answer is quick).
    for (let tries = 0; tries < 30; tries++) {
      try { this.analysis = await api(`/api/games/${this.id}/analysis`); break; } catch (e) {
        this.analysis = null;
        if (e.status !== 409) break;
        this.analysis = 'loading';
        await new Promise((ok) => setTimeout(ok, 2000));
      }
    }
    if (this.analysis === 'loading') this.analysis = null;
    if (this.msg) this.render();
  }

  // Asks the server's analysis bot for this seat's best move, from the seat's view.
  async askHint() {
    const m = this.msg;
    this.advice = { move: m.move, pending: true };
    this.render();
    try {
      const h = await api(`/api/games/${this.id}/hint`, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: this.token, move: m.move, lang: lang() }) });
      if (this.msg.move === h.move) this.advice = h;
    } catch (e) { this.advice = null; toast(e.message); }
    this.render();
  }

  async loadCatalog() {
    this.catalog = {};
    try { this.catalog = await api(`/api/games/${this.id}/catalog?lang=${lang()}`); } catch { this.catalog = {}; }
    if (this.msg) this.render();
  }

  send(obj) { this.ws.send(JSON.stringify(obj)); }

  act(action) {
    this.sel = [];
    this.send({ type: 'act', move: this.msg.move, id: action.id });
    // Until the answer comes, nothing is clickable: an action is never sent twice.
    this.pending = true;
    this.render();
  }

  candidates() {
    return (this.msg?.legal || []).filter((a) => this.sel.every((s) => hasTok(a, s)));
  }

  click(tok) {
    if (this.sel.includes(tok)) { this.sel = this.sel.filter((s) => s !== tok); this.render(); return; }
    const next = [...this.sel, tok];
    const c = (this.msg.legal || []).filter((a) => next.every((s) => hasTok(a, s)));
    if (!c.length) return;
    if (c.length === 1) { this.act(c[0]); return; }
    this.sel = next;
    this.render();
  }

  render() {
    const m = this.msg;
    const mine = m.seat !== null && m.to_move === m.seat && !m.over;
    const board = boards[m.game] || boards.generic;
    const ctx = { seat: m.seat, catalog: this.catalog || {}, lang: lang(), t, over: m.over, toMove: m.to_move, text: m.text };
    const who = m.over ? t('game_over') : m.to_move === null ? '' : mine ? t('your_turn') : t('waiting_for', `p${m.to_move}`);
    this.root.innerHTML = `
      <div class="bar status ${mine ? 'mine' : ''}">
        <b>${esc(gameName(m.game))}</b>
        <span>${m.seat === null ? t('spectator') : t('you_are', `p${m.seat}`)}</span>
        <span class="who">${esc(who)}</span>
        <span>${t('move')} ${m.move}</span>
        ${m.clock_ms != null ? `<span class="clock">⏱ ${Math.ceil(m.clock_ms / 1000)} s</span>` : ''}
        <button id="undo" ${m.can_undo ? '' : 'disabled'}>↶ ${t('undo')}</button>
        ${m.hints && mine ? `<button id="hintbtn" ${this.advice ? 'disabled' : ''}>✦ ${t('hint')}</button>` : ''}
        <button id="help">? ${t('rules')}</button>
      </div>
      <div class="layout">
        <div class="boardcol">
          <div class="board" id="board">${board(m.view, ctx)}</div>
          ${m.over ? endPanel({ ...m, breakdown: this.breakdown, analysis: this.analysis }) : ''}
          ${mine && this.advice ? adviceBox(this.advice) : ''}
          <div id="actions"></div>
        </div>
        <aside class="side">
          <h3>${t('log')}</h3>
          <div class="log" id="log">${renderLog(this.log, m.game)}</div>
          ${m.text ? `<details><summary>${t('as_text')}</summary><pre class="text">${esc(m.text)}</pre></details>` : ''}
        </aside>
      </div>`;
    this.root.querySelector('#undo').onclick = () => this.send({ type: 'undo', move: m.move });
    this.root.querySelector('#help').onclick = () => showHelp(m.game, this.id);
    const hb = this.root.querySelector('#hintbtn');
    if (hb) hb.onclick = () => this.askHint();
    const ph = this.root.querySelector('#play-hint');
    if (ph && !this.pending) {
      const a = (m.legal || []).find((x) => x.id === this.advice?.id);
      if (a) ph.onclick = () => this.act(a);
    }
    this.wire(mine && !this.pending);
    const log = this.root.querySelector('#log');
    log.scrollTop = log.scrollHeight;
  }

  // Marks the board's elements that legal actions act on, and lists the rest.
  wire(mine) {
    const legal = mine ? this.msg.legal : [];
    const cands = this.candidates();
    const reach = new Set();
    for (const n of this.root.querySelectorAll('#board [data-tok]')) {
      const tok = n.dataset.tok;
      const selected = this.sel.includes(tok);
      const ok = selected || cands.some((a) => hasTok(a, tok));
      for (const a of legal) if (hasTok(a, tok)) reach.add(a.id);
      n.classList.toggle('selected', selected);
      if (ok && legal.length) {
        n.classList.add('can');
        n.tabIndex = 0;
        n.setAttribute('role', 'button');
        n.onclick = (e) => { e.stopPropagation(); this.click(tok); };
        n.onkeydown = (e) => { if (e.key === 'Enter') this.click(tok); };
      }
    }
    const box = this.root.querySelector('#actions');
    if (!legal.length) { box.innerHTML = ''; return; }
    // With a selection: every action it leaves. Without: the actions no board element reaches.
    const shown = this.sel.length ? cands : legal.filter((a) => !reach.has(a.id));
    box.innerHTML = `
      ${this.sel.length ? `<p class="hint">${t('selected')}${t('colon')} <b>${esc(this.sel.join(' + '))}</b> <button id="clear">✕</button></p>` : `<p class="hint">${t('click_hint')}</p>`}
      <div class="choices">${shown.map((a) => `<button class="choice" data-id="${a.id}" title="${esc(a.notation)}">${esc(a.description || a.notation)}</button>`).join('')}</div>
      <details class="legal"><summary>${t('all_actions')} (${legal.length})</summary>
        <ul>${legal.map((a) => `<li><button class="linkish" data-id="${a.id}">${esc(a.description || a.notation)}</button> <code>${esc(a.notation)}</code></li>`).join('')}</ul>
      </details>`;
    box.querySelector('#clear')?.addEventListener('click', () => { this.sel = []; this.render(); });
    for (const b of box.querySelectorAll('[data-id]')) {
      b.onclick = () => this.act(legal.find((a) => a.id === Number(b.dataset.id)));
    }
  }
}

// The parts of a view that say where the game stands (round, turn, phase), for the log's headings.
const WHERE = ['round', 'rounds', 'turns', 'current', 'side', 'actor', 'phase', 'day'];
function where(v) {
  if (!v || typeof v !== 'object') return null;
  const out = {};
  for (const k of WHERE) if (v[k] !== undefined) out[k] = v[k];
  return out;
}

// The log grouped by round or turn, then by phase (from where the game stood at each action).
function renderLog(log, game) {
  if (!log.length) return `<p class="muted">${t('nothing_yet')}</p>`;
  let turn = null;
  let phase = null;
  return log.map((g) => {
    const p = g.at ? place(game, g.at, t) : {};
    let head = '';
    if (p.turn && p.turn !== turn) { head += `<h4 class="round">${esc(p.turn)}</h4>`; phase = null; }
    if (p.turn) turn = p.turn;
    if (p.phase && p.phase !== phase) head += `<h5 class="phase">${esc(p.phase)}</h5>`;
    if (p.phase) phase = p.phase;
    return head + `<div class="turn ${g.undo ? 'undo' : ''}"><div class="turnhead">${g.by != null ? `p${g.by} · ` : ''}${t('move')} ${g.move + (g.undo ? 0 : 1)}${g.action ? ` · <code>${esc(g.action)}</code>` : ''}</div>
    ${g.events.map((e) => `<div class="ev">${esc(e)}</div>`).join('')}</div>`;
  }).join('');
}

function endPanel(m) {
  const b = m.breakdown;
  const n = m.scores ? m.scores.length : 0;
  const win = (m.winners || []).map((s) => `p${s}`).join(', ');
  let table = '';
  if (b && b.rows) {
    table = `<table class="breakdown"><thead><tr><th></th>${range(0, n - 1).map((s) => `<th>p${s}</th>`).join('')}</tr></thead><tbody>
      ${b.rows.map((r) => `<tr><td>${esc(r.label)}</td>${r.values.map((v) => `<td>${v}</td>`).join('')}</tr>`).join('')}
      <tr class="total"><td>${t('total')}</td>${b.totals.map((v) => `<td>${v}</td>`).join('')}</tr></tbody></table>
      ${(b.notes || []).map((x) => `<p>${esc(x)}</p>`).join('')}`;
  } else if (m.scores) {
    table = `<table class="breakdown"><thead><tr><th></th>${range(0, n - 1).map((s) => `<th>p${s}</th>`).join('')}</tr></thead><tbody><tr class="total"><td>${t('total')}</td>${m.scores.map((v) => `<td>${v}</td>`).join('')}</tr></tbody></table>`;
  }
  return `<section class="panel end" id="end"><h2>${t('final_score')}</h2>
    ${b?.end_reason ? `<p class="reason">${esc(b.end_reason)}</p>` : ''}
    <p>${t('winners')}${t('colon')} <b>${esc(win || '—')}</b></p>${table}
    ${m.analysis === 'loading' ? `<p class="muted" id="chart-wait">${t('analysing')}</p>` : m.analysis ? winChart(m.analysis) : ''}
    <p><a class="button" href="/replay/${esc(m.game_id)}">${t('replay')}</a></p></section>`;
}

// The hint: the analysis bot's preferred move and its win probability, with a button to play it.
function adviceBox(a) {
  if (a.pending) return `<p class="advice" id="advice">✦ ${t('thinking')}</p>`;
  return `<p class="advice" id="advice">✦ ${t('hint_says')} <b>${esc(a.description || a.notation)}</b> <code>${esc(a.notation)}</code>
    · ${t('win_chance', Math.round(100 * a.win))} <button id="play-hint">${t('play_it')}</button></p>`;
}

// The win probability of each seat through the game (the analysis bot's estimate at each of the
// seat's decisions, from its view), as an SVG line chart.
export function winChart(a) {
  const ds = a.decisions || [];
  if (!ds.length) return '';
  const W = 640, H = 220, L = 52, R = 12, T = 14, B = 36;
  const moves = Math.max(1, a.moves || Math.max(...ds.map((d) => d.move)) + 1);
  const x = (m) => L + (W - L - R) * (m / moves);
  const y = (p) => T + (H - T - B) * (1 - p);
  const grid = [0, 0.25, 0.5, 0.75, 1].map((p) => `<line x1="${L}" x2="${W - R}" y1="${y(p)}" y2="${y(p)}" class="gridline"/>
    <text x="${L - 6}" y="${y(p) + 4}" text-anchor="end">${t('percent', Math.round(100 * p))}</text>`).join('');
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].find((k) => k >= moves / 8) || Math.ceil(moves / 8);
  const xt = [];
  for (let m = 0; m <= moves; m += step) xt.push(`<text x="${x(m)}" y="${H - B + 16}" text-anchor="middle">${m}</text>`);
  const seats = [...new Set(ds.map((d) => d.seat))].sort((p, q) => p - q);
  const lines = seats.map((s) => {
    const pts = ds.filter((d) => d.seat === s).map((d) => `${x(d.move).toFixed(1)},${y(d.before).toFixed(1)}`).join(' ');
    return `<polyline class="winline" data-seat="${s}" points="${pts}" fill="none" stroke="${seatColors[s % seatColors.length]}" stroke-width="2"/>`;
  }).join('');
  const legend = seats.map((s) => `<span class="key"><i style="background:${seatColors[s % seatColors.length]}"></i>p${s}</span>`).join(' ');
  return `<div id="chart"><h3>${t('win_chart')}</h3>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t('win_chart'))}" class="chart">${grid}${xt.join('')}
      <text x="${(L + W - R) / 2}" y="${H - 4}" text-anchor="middle">${t('move')}</text>${lines}</svg>
    <div class="legend">${legend}${a.complete === false ? ` · ${t('partial_analysis')}` : ''}</div>
    <small class="muted">${t('win_chart_help')}</small></div>`;
}

async function showHelp(game, id) {
  const d = el(`<dialog class="help"><form method="dialog"><button class="close">✕</button></form>${rulesHelp(game, lang())}<div class="notations"></div></dialog>`);
  document.body.append(d);
  d.addEventListener('close', () => d.remove());
  d.showModal();
  // Every form of the game's notation, from the engine.
  try {
    const rows = await api(`/api/games/${id}/help?lang=${lang()}`);
    d.querySelector('.notations').innerHTML = `<h3>${t('notations')}</h3><table class="helptable">${rows.map((r) =>
      `<tr><td><code>${esc(r.notation)}</code></td><td>${esc(r.description)}</td></tr>`).join('')}</table>`;
  } catch { /* the summary above stays */ }
}

function play(id) {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') || new URLSearchParams(location.search).get('token');
  main.innerHTML = '<div class="table"></div>';
  const table = new Table(main.querySelector('.table'), id, token);
  window.sylvanTable = table;
  table.connect();
}

// ---------------------------------------------------------------- replay

async function replay(id) {
  let record = null;
  if (!id) {
    main.innerHTML = `<section class="panel"><h2>${t('replays')}</h2>
      <p>${t('upload_hint')}</p><input type="file" id="file" accept=".json,application/json">
      <div id="finished"></div></section>`;
    main.querySelector('#file').onchange = async (e) => {
      const f = e.target.files[0];
      if (!f) return;
      record = await f.text();
      viewer(null, record);
    };
    try {
      const games = (await api('/api/games?status=finished')).games;
      main.querySelector('#finished').innerHTML = `<h3>${t('finished_games')}</h3>` + (games.length ? `<ul>${games.map((g) =>
        `<li><a href="/replay/${esc(g.id)}">${esc(gameName(g.game))} <code>${esc(g.id)}</code></a></li>`).join('')}</ul>` : `<p>${t('no_games')}</p>`);
    } catch (e) { toast(e.message); }
    return;
  }
  viewer(id, null);
}

function viewer(id, record) {
  const st = { seat: 0, upto: null, data: null };
  main.innerHTML = '<div class="table replay"></div>';
  const root = main.querySelector('.replay');
  const load = async () => {
    const q = `?${st.seat === null ? '' : `seat=${st.seat}&`}${st.upto === null ? '' : `upto=${st.upto}&`}lang=${lang()}`;
    try {
      st.data = id ? await api(`/api/games/${id}/replay${q}`)
        : await api(`/api/replay${q}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: record });
    } catch (e) { toast(e.message); return; }
    st.upto = st.data.move;
    window.sylvanReplay = st.data;
    if (id && st.data.over && st.data.move === st.data.total && st.analysis === undefined) {
      st.analysis = 'loading';
      api(`/api/games/${id}/analysis`).then((a) => { st.analysis = a; }).catch(() => { st.analysis = null; }).then(() => { if (st.data.move === st.data.total) draw(); });
    }
    draw();
  };
  const draw = () => {
    const d = st.data;
    const board = boards[d.game] || boards.generic;
    const ctx = { seat: d.seat, catalog: d.catalog || {}, lang: lang(), t, over: d.over, toMove: d.to_move, text: d.text };
    root.innerHTML = `
      <div class="bar status">
        <b>${esc(gameName(d.game))}</b> <span>${t('replay')}</span>
        <label>${t('view_of')} <select id="seat"><option value="">${t('spectator')}</option>${range(0, d.seats - 1).map((s) =>
          `<option value="${s}" ${s === d.seat ? 'selected' : ''}>p${s}</option>`).join('')}</select></label>
        <button id="first" aria-label="first">|◀</button><button id="prev">◀</button>
        <span id="pos">${t('move')} ${d.move} / ${d.total}</span>
        <button id="next">▶</button><button id="last" aria-label="last">▶|</button>
        <input type="range" id="slider" min="0" max="${d.total}" value="${d.move}" aria-label="move">
      </div>
      <div class="layout">
        <div class="boardcol"><div class="board" id="board">${board(d.view, ctx)}</div>
          ${d.over && d.move === d.total ? endPanel({ ...d, game_id: id || '', analysis: st.analysis ?? null }) : ''}</div>
        <aside class="side"><h3>${t('log')}</h3><div class="log" id="log">${renderLog(d.log.map((g) => ({ ...g, by: g.seat })), d.game)}</div></aside>
      </div>`;
    const go = (k) => { st.upto = Math.max(0, Math.min(d.total, k)); load(); };
    root.querySelector('#first').onclick = () => go(0);
    root.querySelector('#prev').onclick = () => go(d.move - 1);
    root.querySelector('#next').onclick = () => go(d.move + 1);
    root.querySelector('#last').onclick = () => go(d.total);
    root.querySelector('#slider').onchange = (e) => go(Number(e.target.value));
    root.querySelector('#seat').onchange = (e) => { st.seat = e.target.value === '' ? null : Number(e.target.value); load(); };
    const log = root.querySelector('#log');
    log.scrollTop = log.scrollHeight;
  };
  load();
}

// ---------------------------------------------------------------- start

function route() {
  translatePage();
  const p = location.pathname.split('/').filter(Boolean);
  if (p[0] === 'play' && p[1]) return play(p[1]);
  if (p[0] === 'replay') return replay(p[1] || null);
  return lobby();
}

const pickLang = document.getElementById('lang');
pickLang.value = lang();
pickLang.onchange = () => {
  setLang(pickLang.value);
  if (window.sylvanTable) {
    const tb = window.sylvanTable;
    translatePage();
    tb.catalog = null;
    tb.loadCatalog();
    if (tb.msg?.over) tb.loadBreakdown();
    // Texts from the server (the log, the actions' descriptions) come in the language of the
    // connection: connect again in the new one.
    tb.ws.onclose = null;
    tb.ws.onmessage = null;
    tb.ws.close();
    tb.connect();
    tb.render();
  } else {
    route();
  }
};
route();
