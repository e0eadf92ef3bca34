// Sylvan in the browser: lobby, play page, replay viewer. Plain modules, no build step.
import { t, lang, locales, setLang, loadWords, gameName, has } from './i18n.js';
import { sprite } from './icons.js';
import { boards, esc, place, seatColors, idsInWords, fitNames } from './boards.js';
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

// `api`, asked again a few times, a little later each time, while the server is busy (429: its pool of
// heavy work is full).
async function apiPatient(path, init) {
  for (let tries = 1; ; tries++) {
    try { return await api(path, init); } catch (e) {
      if (e.status !== 429 || tries > 5) throw e;
      await new Promise((r) => setTimeout(r, 1000 * tries));
    }
  }
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
  document.title = t('brand');
  for (const n of document.querySelectorAll('[data-t]')) n.textContent = t(n.dataset.t);
  const pick = document.getElementById('lang');
  if (pick) {
    pick.setAttribute('aria-label', t('lang_label'));
    // The server's locales, each named in itself (`GET /api/i18n`); the pseudo-locale is offered only
    // once chosen (`?lang=en-XA`): it is for finding hard-coded text.
    pick.innerHTML = locales().filter((l) => !l.pseudo || l.code === lang()).map((l) =>
      `<option value="${esc(l.code)}" lang="${esc(l.code)}" ${l.code === lang() ? 'selected' : ''}>${esc(l.name)}</option>`).join('');
  }
}


// ---------------------------------------------------------------- lobby

// Ready-made tables: a game, its players and options (the rest default).
const PRESETS = [
  { key: 'preset_mv_essential', game: 'mystic-vale', players: 2, options: { edition: 'essential' } },
  { key: 'preset_mv_base', game: 'mystic-vale', players: 2, options: {} },
  { key: 'preset_con_2v2', game: 'command-of-nature', players: 4, options: { teams: 'true' } },
  { key: 'preset_con_duel', game: 'command-of-nature', players: 2, options: {} },
  { key: 'preset_eq_4', game: 'equinox', players: 4, options: {} },
  { key: 'preset_sd', game: 'spirit-duel', players: 2, options: {} },
];

// An option's label and help in plain words (the interface's own when it has them).
const optLabel = (o) => (has(`opt_${o.name}`) ? t(`opt_${o.name}`) : o.name.replace(/_/g, ' '));
const optHelp = (o) => (has(`opth_${o.name}`) ? t(`opth_${o.name}`) : '');
// A rules revision (`rules`, `robot`) reads by whether it is the game's current one (its default):
// the revision numbers differ between games, so a label per number would be wrong for one of them.
const REVISIONS = new Set(['rules', 'robot']);
const valueLabel = (o, v) => {
  if (REVISIONS.has(o.name)) return t(v === o.default ? 'optv_revision_current' : 'optv_revision_old', { v });
  return has(`optv_${o.name}_${v}`) ? t(`optv_${o.name}_${v}`) : v;
};

// One option as a widget of its kind: a switch, a number in its range, a list of choices, or text.
function optionWidget(o) {
  const k = o.kind || { type: 'text' };
  const id = `opt-${o.name}`;
  let input;
  if (k.type === 'bool') {
    input = `<input type="checkbox" role="switch" id="${id}" aria-describedby="${id}-help ${id}-err" data-opt="${esc(o.name)}" data-kind="bool" ${o.default === 'true' ? 'checked' : ''}>`;
  } else if (k.type === 'int') {
    input = `<input type="number" id="${id}" aria-describedby="${id}-help ${id}-err" data-opt="${esc(o.name)}" data-kind="int" min="${k.min}" max="${k.max}" step="1" value="${esc(o.default)}" inputmode="numeric">`;
  } else if (k.type === 'choice') {
    input = `<select id="${id}" aria-describedby="${id}-help ${id}-err" data-opt="${esc(o.name)}" data-kind="choice">${k.choices.map((c) =>
      `<option value="${esc(c)}" ${c === o.default ? 'selected' : ''}>${esc(valueLabel(o, c))}</option>`).join('')}</select>`;
  } else if (k.type === 'multi') {
    // Several values by name (card sets, champions): chips that are checkboxes, never codes. The server
    // names each value in the page's language; the values a game always uses are checked and fixed.
    const picked = o.default.split(',');
    const always = k.always || [];
    const values = o.values || k.choices.map((c) => ({ value: c, name: c }));
    const count = k.count ? `<small class="count" id="${id}-count" aria-live="polite"></small>` : '';
    input = `<fieldset class="chips" id="${id}" aria-describedby="${id}-help ${id}-err" data-opt="${esc(o.name)}" data-kind="multi"
      ${k.count ? `data-count="${k.count}"` : ''}><legend class="sr-only">${esc(optLabel(o))}</legend>${values.map((v) =>
      `<label class="chip"><input type="checkbox" value="${esc(v.value)}" ${picked.includes(v.value) || always.includes(v.value) ? 'checked' : ''}
        ${always.includes(v.value) ? 'disabled' : ''}><span>${esc(v.name)}</span></label>`).join('')}</fieldset>${count}`;
    return `<div class="field opt multi" data-field="${esc(o.name)}"><span class="label" id="${id}-label">${esc(optLabel(o))}</span>${input}
    <small id="${id}-help">${esc(optHelp(o))}</small><small class="err" id="${id}-err" role="alert" hidden></small></div>`;
  } else {
    // A list dealt at random by default shows the word as a placeholder, in the page's language.
    const random = o.default === 'random';
    input = `<input type="text" id="${id}" aria-describedby="${id}-help ${id}-err" data-opt="${esc(o.name)}" data-kind="text" value="${random ? '' : esc(o.default)}" ${random ? `placeholder="${esc(t('random'))}"` : ''}>`;
  }
  const help = optHelp(o);
  const range = k.type === 'int' && !help.includes(String(k.max)) ? ` (${t('range_help', { min: k.min, max: k.max })})` : '';
  return `<div class="field opt ${k.type === 'bool' ? 'switch' : ''}" data-field="${esc(o.name)}"><label for="${id}">${esc(optLabel(o))}</label>${input}
    <small id="${id}-help">${esc(help)}${esc(range)}</small><small class="err" id="${id}-err" role="alert" hidden></small></div>`;
}

async function lobby() {
  main.innerHTML = `<section class="panel" id="create"><h2>${t('new_game')}</h2><div id="form">${t('loading')}</div></section>
    <section class="panel"><h2>${t('games')}</h2><div id="games">${t('loading')}</div></section>`;
  let types;
  try { types = (await api(`/api/types?lang=${encodeURIComponent(lang())}`)).games; } catch (e) { toast(e.message); return; }
  const form = main.querySelector('#form');
  const presets = PRESETS.filter((p) => types.some((g) => g.name === p.game));
  const top = el(`<div class="lobbytop">
    <div class="field"><label for="preset">${t('preset')}</label><select id="preset"><option value="">${t('preset_none')}</option>${presets.map((p, i) =>
      `<option value="${i}">${esc(t(p.key))}</option>`).join('')}</select></div>
    <div class="field"><label for="g">${t('game')}</label><select id="g">${types.map((g) =>
      `<option value="${esc(g.name)}">${esc(gameName(g.name))}</option>`).join('')}</select></div>
    <div class="field"><label for="myname">${t('your_name')}</label><input id="myname" autocomplete="nickname" maxlength="40" value="${esc(localStorage.getItem('sylvan-name') || '')}"></div></div>`);
  form.innerHTML = '';
  form.append(top);
  const rest = el('<div></div>');
  form.append(rest);
  const pick = top.querySelector('#g');
  const draw = (preset) => {
    const g = types.find((x) => x.name === pick.value);
    const opts = g.options.filter((o) => o.name !== 'players');
    const n = preset?.players || g.min_players;
    rest.innerHTML = `
      <div class="field seat"><label for="players">${t('players')}</label><select id="players">${playerCounts(g).map((k) =>
        `<option ${k === n ? 'selected' : ''}>${k}</option>`).join('')}</select></div>
      <div id="seats"></div>
      <details class="options" ${preset ? '' : 'open'}><summary>${t('options_h')}</summary>${opts.map(optionWidget).join('')}</details>
      <div class="field switch"><label for="hints">${t('hints_for_all')}</label><input type="checkbox" role="switch" id="hints"><small>${t('hints_help')}</small></div>
      <p class="err" id="form-err" role="alert" hidden></p>
      <button id="go" class="primary">${t('create')}</button>
      <div id="links"></div>`;
    for (const [name, value] of Object.entries(preset?.options || {})) {
      const i = rest.querySelector(`[data-opt="${name}"]`);
      if (i?.type === 'checkbox') i.checked = value === 'true'; else if (i) i.value = value;
    }
    // A pick of an exact number says how many are chosen so far.
    const counts = () => {
      for (const f of rest.querySelectorAll('fieldset.chips[data-count]')) {
        const n = f.querySelectorAll('input:checked').length;
        const out = rest.querySelector(`#${f.id}-count`);
        if (out) out.textContent = t(n ? 'picked_of' : 'picked_none', { n, of: Number(f.dataset.count) });
      }
    };
    counts();
    rest.addEventListener('change', counts);
    // An error stays next to its field until the field changes.
    rest.addEventListener('input', (e) => {
      const f = e.target.closest('.field');
      const err = f?.querySelector('.err');
      if (err) { err.hidden = true; err.textContent = ''; e.target.removeAttribute('aria-invalid'); }
    });
    const seats = rest.querySelector('#seats');
    const drawSeats = () => {
      const k = Number(rest.querySelector('#players').value);
      seats.innerHTML = range(0, k - 1).map((s) => `<div class="field seat"><label for="seat-${s}">${t('player_n', { n: s + 1 })}</label>
        <select id="seat-${s}" data-seat="${s}">
          <option value="me" ${s === 0 ? 'selected' : ''}>${t('seat_me')}</option>
          <option value="open">${t('seat_open')}</option>
          ${levelsOf(g).map((l) => `<option value="bot:${esc(l)}" ${s > 0 && l === 'medium' ? 'selected' : ''}>${t('bot')} · ${esc(t(l))}</option>`).join('')}
        </select></div>`).join('');
      // CoN: 4 players means teams.
      const teams = rest.querySelector('[data-opt="teams"]');
      if (teams && g.name === 'command-of-nature') teams.checked = k === 4;
    };
    rest.querySelector('#players').onchange = drawSeats;
    drawSeats();
    rest.querySelector('#go').onclick = () => create(g, rest);
  };
  pick.onchange = () => { top.querySelector('#preset').value = ''; draw(); };
  top.querySelector('#preset').onchange = (e) => {
    const p = presets[Number(e.target.value)];
    if (!p) return;
    pick.value = p.game;
    draw(p);
  };
  draw();
  listGames();
}

// The numbers of players a game allows: the registry's choices when it lists them (2 or 4), else its range.
function playerCounts(g) {
  const k = g.options.find((o) => o.name === 'players')?.kind;
  return k?.type === 'choice' ? k.choices.map(Number) : range(g.min_players, g.max_players);
}

function range(a, b) {
  const out = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}

// The options a form sets away from their defaults, as `NAME=VALUE`; checks numbers against their range.
function formOptions(g, form) {
  const out = [];
  const bad = [];
  for (const i of form.querySelectorAll('[data-opt]')) {
    const o = g.options.find((x) => x.name === i.dataset.opt);
    let v = i.type === 'checkbox' ? String(i.checked) : (i.value || '').trim();
    if (i.dataset.kind === 'int') {
      const n = Number(v);
      if (v === '' || !Number.isInteger(n) || n < o.kind.min || n > o.kind.max) { bad.push([o.name, t('range_help', { min: o.kind.min, max: o.kind.max })]); continue; }
      v = String(n);
    }
    if (i.dataset.kind === 'text') v = fromWords(v);
    if (i.dataset.kind === 'multi') {
      // The checked values in the listed order; none checked is the default (random champions).
      v = [...i.querySelectorAll('input:checked')].map((c) => c.value).join(',');
      const want = Number(i.dataset.count || 0);
      const n = v ? v.split(',').length : 0;
      if (want && n && n !== want) { bad.push([o.name, t('pick_exactly', { n: want, picked: n })]); continue; }
      if (!n) continue;
    }
    if (v !== '' && v !== o.default) out.push(`${o.name}=${v}`);
  }
  return { out, bad };
}

// A text option written in the page's words, as the server reads it: "random" and the Sages' factions
// in the page's language become their codes.
function fromWords(v) {
  const codes = { [t('random').toLowerCase()]: 'random' };
  for (const f of ['twig', 'pebble', 'leaf', 'droplet']) codes[t(`faction_${f}`).toLowerCase()] = f;
  return v.split(',').map((w) => codes[w.trim().toLowerCase()] || w.trim()).join(',');
}

function showFieldError(form, name, message) {
  const f = form.querySelector(`[data-field="${name}"]`);
  if (!f) return false;
  f.closest('details')?.setAttribute('open', '');
  const err = f.querySelector('.err');
  err.textContent = message;
  err.hidden = false;
  f.querySelector('[data-opt]')?.setAttribute('aria-invalid', 'true');
  return true;
}

async function create(g, form) {
  const players = Number(form.querySelector('#players').value);
  const { out: options, bad } = formOptions(g, form);
  const formErr = form.querySelector('#form-err');
  formErr.hidden = true;
  for (const [name, msg] of bad) showFieldError(form, name, t('field_error', { problem: msg }));
  if (bad.length) return;
  const name = document.getElementById('myname')?.value.trim() || '';
  localStorage.setItem('sylvan-name', name);
  const seats = [...form.querySelectorAll('[data-seat]')].map((s) => {
    if (s.value === 'me') return name ? { kind: 'taken', name } : { kind: 'taken' };
    if (s.value === 'open') return { kind: 'open' };
    return { kind: 'bot', spec: s.value.slice(4) };
  });
  let r;
  try {
    r = await api('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: g.name, players, options, seats, hints: form.querySelector('#hints').checked }) });
  } catch (e) {
    // The error names the option it is about: shown next to that field, else above the button.
    const o = g.options.find((x) => new RegExp(`\\b${x.name}\\b`).test(e.message));
    if (!o || !showFieldError(form, o.name, e.message)) { formErr.textContent = e.message; formErr.hidden = false; }
    return;
  }
  const links = form.querySelector('#links');
  links.innerHTML = `<p>${t('created')} <code>${esc(r.id)}</code>. ${t('links_private')}</p>` + r.seats.map((s) => {
    const url = new URL(s.link, location.href);
    return `<p class="link">${t('player_n', { n: s.seat + 1 })}${t('colon')} <a class="seat-link" href="${esc(url.pathname + url.search + url.hash)}">${esc(s.link)}</a>
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
  box.innerHTML = `<ul class="gamelist">
    ${games.slice(0, 50).map((g) => `<li class="gamerow">
      <div><b>${esc(gameName(g.game))}</b> · ${t(g.status)} · ${t('move')} ${g.move}<br><small>${g.seats.map((s) => `${s.name ? `<bdi class="username">${esc(s.name)}</bdi>` : esc(t('player_n', { n: s.seat + 1 }))}${t('colon')} ${s.kind === 'taken' && s.name ? `<bdi class="username">${esc(s.name)}</bdi>` : esc(seatLabel(s))}`).join(' · ')}</small></div>
      <div class="gameacts">${g.status === 'open' ? `<button data-join="${esc(g.id)}">${t('join')}</button>` : ''}
          ${g.status !== 'finished' ? `<a class="button" href="/play/${esc(g.id)}">${t('watch')}</a>` : `<a class="button" href="/replay/${esc(g.id)}">${t('replay')}</a>`}</div>
    </li>`).join('')}</ul>`;
  for (const b of box.querySelectorAll('[data-join]')) {
    b.onclick = async () => {
      try {
        const name = localStorage.getItem('sylvan-name') || '';
        const r = await api(`/api/games/${b.dataset.join}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(name ? { name } : {}) });
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

// The words of a notation, its verb included (`buy 1.2` → [buy, 1.2]; `play cam7>gru` → [play, cam7, gru]).
function words(notation) {
  return notation.trim().split(/[\s>]+/);
}

// Whether a notation's word names `tok`: the word itself, or the word beginning with it and going on
// after a separator (`c3` names `c3:2` and `c3.top`, never `c30`).
const names = (word, tok) => word === tok || (word.startsWith(tok) && /^[.:/#,@]/.test(word.slice(tok.length)));

// Whether a selection entry `{tok, not}` names part of the action: the token's words appear in the
// action's words, in order (the verb counts: `buy 1.2`, `take leader 3`), and the action's verb is not
// one the element excludes (`not`: a player's own unit is never the target of `aim`). Nothing here
// knows a game's verbs: a card is the target of every legal action whose notation names it, so an
// ability used from a card (`ability c7`, `use c7 2`) lights that card up.
//
// An element of a seat's own area (`seat`: inside `[data-seat]`) names its cards without the seat
// (`c7`), as the notation does for one's own cards; a seat word right before the match (`ability p1
// c7 top`: player 1's card 7) says whose card the action means, so it must be the element's seat.
export function hasTok(action, entry) {
  const w = action._w || (action._w = words(action.notation));
  if (entry.not && entry.not.split(' ').includes(w[0])) return false;
  if (entry.exact) return action.notation === entry.tok;
  const tw = entry.tok.split(/\s+/);
  const seatWord = (x) => /^p\d+$/.test(x);
  for (let i = 0; i + tw.length <= w.length; i++) {
    if (!tw.every((x, j) => (j === tw.length - 1 ? names(w[i + j], x) : w[i + j] === x))) continue;
    if (entry.seat != null && entry.seat !== '' && i > 0 && seatWord(w[i - 1]) && !seatWord(tw[0]) && w[i - 1] !== `p${entry.seat}`) continue;
    return true;
  }
  return false;
}

// The entries a board element offers: its token's alternatives (`buy soil.top|soil.top`).
export function entriesOf(n) {
  const seat = n.closest('[data-seat]')?.dataset.seat ?? '';
  return n.dataset.tok.split('|').map((tok) => ({ tok, not: n.dataset.not || '', exact: n.hasAttribute('data-exact'), seat }));
}

const sameEntry = (a, b) => a.tok === b.tok && a.not === b.not && (a.seat ?? '') === (b.seat ?? '');

// A game's question without its typed notations: "or end (`done`)" reads "or end" (the answers are
// buttons in words), and a notation left in the text loses its backticks.
export const plainWords = (q) => String(q).replace(/\s*\(`[^`]*`\)/g, '').replace(/`([^`]*)`/g, '$1');

// What a verb does, in words, for the menu that follows a selection.
const verbWord = (notation) => {
  const v = words(notation)[0];
  return has(`verb_${v}`) ? t(`verb_${v}`) : '';
};

// ---------------------------------------------------------------- keyed DOM update

// The key that pairs an old element with a new one: its id, `data-key` or `data-tok`.
function keyOf(n) {
  if (n.nodeType !== 1) return null;
  return n.id || n.dataset.key || (n.dataset.tok ? `t:${n.dataset.tok}:${n.dataset.not || ''}` : null);
}

/** Makes `from` look like `to` by changing only what differs; elements with the same key are kept
 * (so focus, scroll and open `<details>` stay). */
export function morph(from, to) {
  for (const a of [...from.attributes]) {
    if (!to.hasAttribute(a.name) && !(a.name === 'open' && from.tagName === 'DETAILS')) from.removeAttribute(a.name);
  }
  for (const a of to.attributes) if (from.getAttribute(a.name) !== a.value) from.setAttribute(a.name, a.value);
  if (from.tagName === 'INPUT' && from.value !== to.value && document.activeElement !== from) from.value = to.value;
  morphChildren(from, to);
}

function morphChildren(from, to) {
  const byKey = new Map();
  for (const o of from.childNodes) { const k = keyOf(o); if (k && !byKey.has(k)) byKey.set(k, o); }
  const news = [...to.childNodes];
  const wanted = new Set(news.map(keyOf).filter(Boolean));
  let i = 0;
  for (const nc of news) {
    // Old keyed elements that are gone are removed first, so the kept ones need not move.
    while (from.childNodes[i] && keyOf(from.childNodes[i]) && !wanted.has(keyOf(from.childNodes[i]))) from.childNodes[i].remove();
    const cur = from.childNodes[i] || null;
    const k = keyOf(nc);
    let match = null;
    if (k) {
      match = byKey.get(k) || null;
      if (match && match.nodeName !== nc.nodeName) match = null;
      if (match) byKey.delete(k);
    } else if (cur && !keyOf(cur) && cur.nodeType === nc.nodeType && cur.nodeName === nc.nodeName) {
      match = cur;
    }
    if (match) {
      if (match !== cur) from.insertBefore(match, cur);
      if (match.nodeType === 1) morph(match, nc);
      else if (match.nodeValue !== nc.nodeValue) match.nodeValue = nc.nodeValue;
    } else {
      from.insertBefore(nc, cur);
    }
    i++;
  }
  while (from.childNodes.length > i) from.lastChild.remove();
}

function fragment(html) {
  const d = document.createElement('div');
  d.innerHTML = html;
  return d;
}

// ---------------------------------------------------------------- card details

const DETAILED = '.card, .sleeve, .unit, .chip[title], th.champ, td.cell, .slot[title], .pile';

// The full card: its face without cuts, its text, and what the board adds (`data-more`: both sides of
// a leader or an amulet, what a slot holds).
function openDetail(n) {
  const face = n.cloneNode(true);
  for (const x of [face, ...face.querySelectorAll('*')]) {
    x.removeAttribute('data-tok'); x.removeAttribute('tabindex'); x.removeAttribute('role'); x.removeAttribute('id');
    x.classList?.remove('can', 'selected', 'changed');
  }
  const title = n.getAttribute('title') || n.dataset.title || '';
  const more = n.dataset.more || '';
  let d = document.getElementById('detail');
  if (!d) {
    d = el(`<dialog id="detail" class="detail" aria-labelledby="detail-h"><form method="dialog"><button class="close" aria-label="${esc(t('close'))}">✕ ${t('close')}</button></form>
      <h2 id="detail-h">${t('card_detail')}</h2><div class="dface"></div><div class="dtext"></div></dialog>`);
    document.body.append(d);
  }
  const back = document.activeElement;
  d.querySelector('.dface').replaceChildren(face);
  d.querySelector('.dtext').innerHTML = [title, ...more.split('\n')].filter(Boolean).map((x) => `<p>${esc(x)}</p>`).join('');
  d.onclose = () => { if (back && back.isConnected) back.focus(); };
  if (!d.open) d.showModal();
}

/** The state of a play page: last message, selection, log. */
class Table {
  constructor(root, id, token) {
    Object.assign(this, { root, id, token, msg: null, sel: [], log: [], catalog: null, lastMove: null, changed: new Set(), fresh: true });
    root.addEventListener('click', (e) => this.onClick(e));
    root.addEventListener('keydown', (e) => this.onKey(e));
    root.addEventListener('contextmenu', (e) => {
      const n = e.target.closest(DETAILED);
      if (n && this.root.querySelector('#board')?.contains(n)) { e.preventDefault(); openDetail(n); }
    });
    // A long press reads a card (on touch, a tap plays it).
    let timer = null;
    root.addEventListener('pointerdown', (e) => {
      if (e.pointerType === 'mouse') return;
      const n = e.target.closest(DETAILED);
      if (!n) return;
      timer = setTimeout(() => { timer = null; this.suppress = true; openDetail(n); }, 500);
    });
    const stop = () => { if (timer) clearTimeout(timer); timer = null; };
    root.addEventListener('pointerup', stop);
    root.addEventListener('pointercancel', stop);
    root.addEventListener('pointermove', (e) => { if (e.pointerType !== 'mouse' && (Math.abs(e.movementX) + Math.abs(e.movementY) > 6)) stop(); });
    // Hover or focus on a card shows its full text in the decision bar.
    const peek = (e) => {
      const n = e.target.closest?.(DETAILED);
      const box = this.root.querySelector('#cardinfo');
      if (!box) return;
      box.textContent = n ? (n.getAttribute('title') || '') : '';
    };
    // A phone turned or a window resized: the decision's answer is brought back into view.
    let frame = 0;
    addEventListener('resize', () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (this.root.isConnected) fitNames(this.root);
        if (this.mine() && this.root.isConnected) this.showAnswer();
      });
    });
    const stopSeeking = () => { this.seek = false; };
    for (const ev of ['wheel', 'touchstart', 'pointerdown']) addEventListener(ev, stopSeeking, { passive: true });
    root.addEventListener('mouseover', peek);
    root.addEventListener('focusin', peek);
  }

  connect() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${this.id}/ws`);
    this.ws = ws;
    this.fresh = true;
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

  // The whole log so far as this seat saw it (on every (re)connect: bots may have moved meanwhile).
  async loadLog() {
    const asked = this.msg.move;
    try {
      const r = await apiPatient(`/api/games/${this.id}/log`, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify(this.token ? { token: this.token, lang: lang() } : { lang: lang() }) });
      const later = this.log.filter((g) => !g.undo && g.move >= r.log.length);
      this.log = [...r.log.map((g) => ({ move: g.move, by: g.seat, at: g.at, events: g.events, action: g.action })), ...later];
      this.logReady = true;
      if (this.msg) this.render();
    } catch {
      this.logReady = true;
      if (asked === this.msg?.move) this.render();
    }
  }

  async loadNames() {
    try {
      const g = await api(`/api/games/${this.id}`);
      this.summary = g;
      if (this.msg) this.render();
    } catch { /* names stay "Player 1", "Player 2"… */ }
  }

  /** Each seat's name (by seat): the one given in the lobby, else "Player N", or "Bot N" for a bot
   * or a seat the game plays itself (the spirit duel's solo Robot). */
  get names() {
    const out = {};
    for (const s of this.summary?.seats || []) out[s.seat] = s.name || ((s.kind === 'bot' || s.kind === 'automated') ? t('bot_n', { n: s.seat + 1 }) : t('player_n', { n: s.seat + 1 }));
    return out;
  }

  /** A seat's name: the one given in the lobby, else "Player N" / "Bot N". */
  who(s) {
    if (s == null) return '';
    const n = this.names[s] || t('player_n', { n: Number(s) + 1 });
    return s === this.msg?.seat ? `${n} (${t('you')})` : n;
  }

  // The server's words for a player: the notation's ids in words (cards, slots, market places), a
  // typed notation quoted in a line ("took back `dawn III2`") as the action's description, and seats
  // written `p0`… as names.
  named(text) {
    const m = this.msg;
    let x = String(text ?? '');
    x = x.replace(/`([^`]+)`|«\s*([a-z][a-z0-9.:>| -]*?)\s*»/g, (q, a, b) => {
      const act = (m?.legal || []).find((l) => l.notation === (a ?? b));
      if (!act) return t('a_move');
      return t('quoted', { text: this.describe(act) });
    });
    x = idsInWords(m?.game, x, { view: m?.view, catalog: this.catalog || {}, t, seat: m?.seat });
    const names = this.names;
    return x.replace(/\bp([0-9])\b/g, (y, s) => names[s] || t('player_n', { n: Number(s) + 1 }));
  }

  // An action in words: its description without the notation it may start with (`discard c7: …`),
  // ids in words; an action with no description says its verb and its words.
  describe(a) {
    let d = String(a.description || '');
    if (d.startsWith(`${a.notation}:`)) d = d.slice(a.notation.length + 1).trim();
    if (!d || d === a.notation) {
      const [verb, ...rest] = words(a.notation);
      const said = rest.map((w) => (has(w) && !/\d/.test(w) ? t(w) : w)).join(' ');
      d = `${has(`verb_${verb}`) ? t(`verb_${verb}`) : verb}${said ? `${t('colon')} ${said}` : ''}`;
    }
    return this.named(d);
  }

  receive(m) {
    const prev = this.msg;
    const by = prev?.to_move ?? null;
    if (prev && m.move < prev.move) {
      // An undo: one entry, numbered as the action taken back was, saying who took it back (the
      // server's note) where the game now stands.
      this.log.push({ move: m.move, undo: true, at: where(m.view), events: m.events.length ? m.events.map((e) => e.text) : [t('undone')] });
    } else if (m.events.length) {
      // Where the game stood when the action was taken: the previous message's view.
      this.log.push({ move: this.lastMove ?? m.move, by, at: where(prev?.view ?? m.view), events: m.events.map((e) => e.text) });
    }
    this.lastMove = m.move;
    if (this.advice && this.advice.move !== m.move) this.advice = null;
    // What another seat's move changed is marked on the board until the next message.
    this.flash = !!prev && m.move > prev.move && by !== m.seat;
    // (render() uses up `flash`; the live region below still says the other seat's move.)
    const otherMoved = this.flash;
    this.msg = m;
    this.sel = [];
    this.pending = false;
    const mine = m.seat !== null && m.to_move === m.seat && !m.over;
    const was = this.wasMine;
    this.wasMine = mine;
    if (!this.catalog) this.loadCatalog();
    if (!this.summary) this.loadNames();
    if (this.fresh) { this.fresh = false; this.loadLog(); }
    if (m.over && this.breakdown === undefined) this.loadBreakdown();
    if (m.over && this.analysis === undefined) this.loadAnalysis();
    this.render();
    // Until the player scrolls or clicks, every redraw of this decision (the catalog, the log arriving)
    // keeps an answer in sight.
    this.seek = mine && (!was || prev?.move !== m.move);
    if (this.seek) this.showAnswer();
    // The game just ended: its result, above the board, comes into sight (the page was wherever the
    // last decision was, often far down on a phone).
    if (m.over && prev && !prev.over) this.root.querySelector('#end')?.scrollIntoView({ block: 'start', behavior: 'instant' });
    // Say it: the tab title and the live region.
    document.title = `${mine ? `● ${t('your_turn_title')} — ` : ''}${gameName(m.game)} — ${t('brand')}`;
    const live = document.getElementById('live');
    if (live) {
      const other = otherMoved && m.events.length ? [`${this.who(by)}${t('colon')}`, ...m.events.map((e) => this.named(e.text))] : [];
      // One span per part: the game's words (a move, the question) apart from the interface's.
      const say = [...other, mine && !was ? `${t('your_turn_q')}.` : '', mine && !was ? this.named(this.question || '') : '', m.over ? t('game_over') : ''].filter(Boolean);
      if (say.length) live.replaceChildren(...say.map((x) => Object.assign(document.createElement('span'), { textContent: `${x} ` })));
    }
  }

  // When every answer of the decision is on the board and none is in sight, brings the first into
  // view: no decision needs scrolling to find.
  showAnswer() {
    // A decision about one's own area (Mystic Vale's Planting Phase): that area in sight.
    // What leads that decision (Mystic Vale's purchases to sleeve, drawn just above the field) stays in
    // sight with it.
    const area = this.root.querySelector('#board .decision-area');
    const lead = this.root.querySelector('#board .decision-lead');
    const barTop = this.root.querySelector('#decision')?.getBoundingClientRect().top ?? innerHeight;
    if (area) {
      const r = area.getBoundingClientRect();
      const top = lead ? Math.min(r.top, lead.getBoundingClientRect().top) : r.top;
      if (top < 0 || r.top > barTop - 120) (lead || area).scrollIntoView({ block: 'start', behavior: 'instant' });
    }
    if (this.root.querySelector('#decision .answers button')) return;
    const bar = this.root.querySelector('#decision');
    const bottom = innerHeight - (bar ? bar.offsetHeight : 0);
    const can = [...this.root.querySelectorAll('#board [data-tok].can')];
    // In sight both ways: a cell of Equinox's grid may be scrolled out sideways on a phone.
    const seen = (n) => { const r = n.getBoundingClientRect(); return r.bottom > 0 && r.top < bottom && r.width > 0 && r.right > 0 && r.left < innerWidth; };
    if (!can.length || can.some(seen)) return;
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    can[0].scrollIntoView({ block: 'center', inline: 'nearest', behavior: reduce ? 'auto' : 'instant' });
  }

  async loadBreakdown() {
    this.breakdown = null;
    try { this.breakdown = await api(`/api/games/${this.id}/breakdown?lang=${encodeURIComponent(lang())}`); } catch { this.breakdown = null; }
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
    try { this.catalog = await apiPatient(`/api/games/${this.id}/catalog?lang=${encodeURIComponent(lang())}`); } catch { this.catalog = {}; }
    if (this.msg) this.render();
  }

  send(obj) { this.ws.send(JSON.stringify(obj)); }

  act(action) {
    if (!action || this.pending) return;
    this.sel = [];
    this.send({ type: 'act', move: this.msg.move, id: action.id });
    // Until the answer comes, nothing is clickable: an action is never sent twice.
    this.pending = true;
    this.render();
  }

  mine() {
    const m = this.msg;
    return !!m && m.seat !== null && m.to_move === m.seat && !m.over && !this.pending;
  }

  candidates() {
    return (this.mine() ? this.msg.legal : []).filter((a) => this.sel.every((s) => hasTok(a, s)));
  }

  // A click on a board element (or a decision-bar answer) standing for `entries`.
  pick(entries) {
    const at = this.sel.findIndex((s) => entries.some((e) => sameEntry(e, s)));
    if (at >= 0) { this.sel.splice(at, 1); this.render(); return; }
    const legal = this.mine() ? this.msg.legal : [];
    for (const entry of entries) {
      const next = [...this.sel, entry];
      const c = legal.filter((a) => next.every((s) => hasTok(a, s)));
      if (!c.length) continue;
      // One action left (or a words-only answer, which names its action exactly): play it.
      if (c.length === 1 || entry.exact) { this.act(c[0]); return; }
      this.sel = next;
      this.render();
      return;
    }
  }

  onClick(e) {
    if (this.suppress) { this.suppress = false; e.preventDefault(); return; }
    const b = e.target.closest('button, [data-tok].can, a');
    if (b?.id === 'undo') { this.send({ type: 'undo', move: this.msg.move }); return; }
    if (b?.id === 'help') { showHelp(this.msg.game, this.id); return; }
    if (b?.id === 'hintbtn') { this.askHint(); return; }
    if (b?.id === 'clear') { this.sel = []; this.render(); return; }
    if (b?.id === 'rematch') { this.rematch(); return; }
    if (b?.id === 'play-hint') { this.act((this.msg.legal || []).find((x) => x.id === this.advice?.id)); return; }
    if (b?.dataset.id != null) { this.act((this.msg.legal || []).find((a) => a.id === Number(b.dataset.id))); return; }
    if (b?.dataset.tok && b.classList.contains('can')) { e.stopPropagation(); this.pick(entriesOf(b)); return; }
    // A card nothing can be done with: show it in full (a tap on a phone reads it).
    const n = e.target.closest(DETAILED);
    if (n && this.root.querySelector('#board')?.contains(n) && !n.closest('.can')) openDetail(n);
  }

  onKey(e) {
    const n = e.target;
    if (!(n instanceof Element) || n.matches('input, select, textarea')) return;
    if ((e.key === 'Enter' || e.key === ' ') && n.matches('[data-tok].can')) { e.preventDefault(); this.pick(entriesOf(n)); return; }
    if ((e.key === 'Enter' || e.key === ' ') && n.matches(DETAILED) && !n.matches('.can')) { e.preventDefault(); openDetail(n); return; }
    if (e.key === 'i' && n.closest(DETAILED)) { e.preventDefault(); openDetail(n.closest(DETAILED)); return; }
    const arrows = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (arrows[e.key] && n.matches('[data-tok].can, #decision button, #board [tabindex]')) {
      const all = [...this.root.querySelectorAll('#board [data-tok].can, #decision .answers button')];
      if (!all.length) return;
      const k = all.indexOf(n);
      const next = all[(k + arrows[e.key] + all.length) % all.length];
      e.preventDefault();
      next.focus();
    }
  }

  async rematch() {
    const s = this.summary;
    const m = this.msg;
    if (!s) return;
    const seats = s.seats.map((x) => (x.seat === m.seat ? (x.name ? { kind: 'taken', name: x.name } : { kind: 'taken' })
      : x.kind === 'bot' ? { kind: 'bot', spec: x.bot } : { kind: 'open' }));
    try {
      // The same options: those set away from their defaults (a list, such as the sages dealt, is dealt again).
      const type = (await api('/api/types')).games.find((g) => g.name === m.game);
      const defaults = Object.fromEntries((type?.options || []).map((o) => [o.name, o.default]));
      const options = Object.entries(s.options || {}).filter(([k, v]) => k !== 'players' && k in defaults && v !== null && typeof v !== 'object' && String(v) !== defaults[k])
        .map(([k, v]) => `${k}=${v}`);
      const r = await api('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: m.game, players: s.seats.length, options, seats, hints: s.hints }) });
      const mineLink = r.seats.find((x) => x.seat === m.seat) || r.seats[0];
      const url = new URL(mineLink.link, location.href);
      location.assign(url.pathname + url.search + url.hash);
    } catch (e) { toast(e.message); }
  }

  render() {
    const m = this.msg;
    const mine = this.mine();
    const board = boards[m.game] || boards.generic;
    const ctx = { seat: m.seat, catalog: this.catalog || {}, t, over: m.over, toMove: m.to_move, text: m.text,
      legal: mine ? m.legal : [], who: (s) => this.who(s), question: '' };
    const boardHtml = board(m.view, ctx);
    this.question = ctx.question;
    const waiting = m.over ? t('game_over') : m.stopped ? t('game_stopped', { n: m.move }) : m.to_move === null ? '' : mine ? t('your_turn_q') : this.pending ? t('loading') : t('waiting_for_name', { name: this.who(m.to_move) });
    const html = `
      <div class="bar status ${mine ? 'mine' : ''}" id="status">
        <b>${esc(gameName(m.game))}</b>
        <span>${m.seat === null ? t('spectator') : t('you_are', { name: esc(this.names[m.seat] || t('player_n', { n: m.seat + 1 })) })}</span>
        <span>${t('move')} ${m.move}</span>
        ${m.clock_ms != null ? `<span class="clock">⏱ ${t('seconds', { n: Math.ceil(m.clock_ms / 1000) })}</span>` : ''}
        ${m.seat !== null && !m.over && !m.stopped ? `<button id="undo" ${m.can_undo ? '' : 'disabled'}>↶ ${t('undo')}</button>` : ''}
        ${m.hints && mine ? `<button id="hintbtn" ${this.advice ? 'disabled' : ''}>✦ ${t('hint')}</button>` : ''}
        <button id="help">? ${t('rules')}</button>
      </div>
      <div class="layout" id="layout">
        <div class="boardcol" id="boardcol">
          ${m.over ? endPanel({ ...m, breakdown: this.breakdown, analysis: this.analysis }, this) : ''}
          <div class="board" id="board">${boardHtml}</div>
        </div>
        <aside class="side" id="side" aria-label="${esc(t('log'))}" tabindex="0">
          <h3>${t('log')}</h3>
          <div class="log" id="log">${this.logReady || this.log.length ? renderLog(this.log, m.game, this) : `<p class="muted">${t('log_loading')}</p>`}</div>
        </aside>
      </div>
      ${m.over ? '' : this.decisionBar(mine, waiting, ctx.question)}`;
    const next = fragment(html);
    this.wire(next, mine);
    // Mark what another seat's move changed: keyed board elements whose text differs.
    if (this.flash) {
      const things = '#board :is(.card, .sleeve, .unit, .chip, td, .player, .phead > b)[data-key]';
      const old = new Map([...this.root.querySelectorAll(things)].map((n) => [n.dataset.key, n.textContent]));
      this.changed = new Set();
      if (old.size) {
        // Not one's own Mystic Vale field: the new turn's draw is not the other seat's doing.
        for (const n of next.querySelectorAll(things)) if (old.get(n.dataset.key) !== n.textContent && !n.closest('.mvplayer.me')) this.changed.add(n.dataset.key);
      }
      this.flash = false;
    }
    for (const n of next.querySelectorAll('#board [data-key]')) if (this.changed.has(n.dataset.key)) n.classList.add('changed');
    const log = this.root.querySelector('#log');
    const atEnd = !log || log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
    const focused = document.activeElement;
    morph(this.root, next);
    fitNames(this.root);
    // An element that had to move keeps the focus.
    if (focused && focused !== document.body && focused.isConnected && document.activeElement !== focused && this.root.contains(focused)) focused.focus({ preventScroll: true });
    const nl = this.root.querySelector('#log');
    if (nl && atEnd) nl.scrollTop = nl.scrollHeight;
    // The page leaves room under the board for the decision bar.
    const bar = this.root.querySelector('#decision');
    document.documentElement.style.setProperty('--dh', `${bar ? bar.offsetHeight + 8 : 0}px`);
    if (this.seek && mine) this.showAnswer();
  }

  // The decision: who is to play, the question, and its answers (words-only actions as buttons, the
  // menu of what a selection leaves); the full list of legal actions as a fallback.
  decisionBar(mine, waiting, question) {
    const legal = mine ? this.msg.legal : [];
    const cands = this.candidates();
    let answers = '';
    if (mine && this.sel.length) {
      const names = this.sel.map((s) => this.selName(s)).join(' + ');
      answers = `<p class="hint sel">${t('menu_for', { thing: `<b>${esc(names)}</b>` })} <button id="clear" aria-label="${esc(t('cancel_sel'))}">✕</button></p>
        <div class="choices menu">${cands.map((a) => `<button class="choice" data-id="${a.id}">${verbWord(a.notation) && a.description ? `<b>${esc(verbWord(a.notation))}</b> ` : ''}${esc(this.describe(a))}</button>`).join('')}</div>`;
    } else if (mine) {
      const reached = new Set(this.reached || []);
      // Answers in words only: a verb alone (`push`, `done`) or with numbers (`amount 2`).
      const plain = (a) => words(a.notation).slice(1).every((w) => /^\d+$/.test(w));
      const words1 = legal.filter(plain);
      const rest = legal.filter((a) => !plain(a) && !reached.has(a.id));
      answers = `<div class="choices">${words1.map((a) => `<button class="choice can" data-tok="${esc(a.notation)}" data-exact data-key="w:${esc(a.notation)}">${esc(this.describe(a))}</button>`).join('')}
        ${rest.length ? `<span class="muted">${t('other_actions')}${t('colon')}</span> ${rest.map((a) => `<button class="choice other" data-id="${a.id}">${esc(this.describe(a))}</button>`).join('')}` : ''}</div>`;
    }
    return `<section id="decision" class="decision ${mine ? 'mine' : ''}" aria-label="${esc(t('decision'))}">
      <div class="dq"><b class="who">${esc(waiting)}</b>${mine && question ? ` <span class="q">${esc(this.named(plainWords(question)))}</span>` : ''}${mine && !question && !this.sel.length ? ` <span class="q">${t((this.reached || []).length ? 'pick_on_board' : 'pick_answer')}</span>` : ''}</div>
      ${mine && this.advice ? adviceBox(this.advice, this) : ''}
      <div class="answers">${answers}</div>
      <div id="cardinfo" class="cardinfo" aria-hidden="true"></div>
      ${legal.length ? `<details class="legal" id="all-actions"><summary>${t('all_actions')} (${legal.length})</summary>
        <ul>${legal.map((a) => `<li><button class="linkish" data-id="${a.id}">${esc(this.describe(a))}</button></li>`).join('')}</ul>
      </details>` : ''}</section>`;
  }

  // What a selection entry stands for, in words: the selected element's name.
  selName(s) {
    const n = [...this.root.querySelectorAll('#board [data-tok]')].find((x) => entriesOf(x).some((e) => sameEntry(e, s)));
    return n?.dataset.name || n?.querySelector('.cname, b')?.textContent.trim() || s.tok;
  }

  // Marks, in the new tree, the board's elements that legal actions act on (and which actions the
  // board reaches, so the bar lists only the others).
  wire(root, mine) {
    const legal = mine ? this.msg.legal : [];
    const cands = this.candidates();
    const reach = new Set();
    for (const n of root.querySelectorAll('#board [data-tok]')) {
      const es = entriesOf(n);
      const selected = es.some((e) => this.sel.some((s) => sameEntry(e, s)));
      for (const a of legal) if (es.some((e) => hasTok(a, e))) reach.add(a.id);
      const ok = selected || es.some((e) => cands.some((a) => hasTok(a, e)));
      if (!n.dataset.key) n.dataset.key = `t:${n.dataset.tok}:${n.dataset.not || ''}`;
      n.classList.toggle('selected', selected);
      if (ok && legal.length) {
        n.classList.add('can');
        n.tabIndex = 0;
        n.setAttribute('role', 'button');
        if (selected) n.setAttribute('aria-pressed', 'true');
      }
    }
    // Cards that cannot be clicked can still be focused and read.
    for (const n of root.querySelectorAll('#board .card, #board .sleeve, #board .unit')) if (!n.hasAttribute('tabindex')) n.tabIndex = 0;
    this.reached = [...reach];
    // The bar was drawn before the board was wired: draw it again with what the board reaches.
    const bar = root.querySelector('#decision');
    if (bar && mine && !this.sel.length) {
      const tmp = fragment(this.decisionBar(mine, bar.querySelector('.who').textContent, this.question));
      bar.replaceWith(tmp.firstElementChild);
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

// The log grouped by round or turn, then by phase (from where the game stood at each action); the
// last entry by another seat is marked.
function renderLog(log, game, table) {
  if (!log.length) return `<p class="muted">${t('nothing_yet')}</p>`;
  const named = (x) => (table ? table.named(x) : x);
  const who = (s) => (table ? table.who(s) : `p${s}`);
  const me = table?.msg?.seat;
  let lastOther = -1;
  log.forEach((g, i) => { if (!g.undo && g.by != null && g.by !== me) lastOther = i; });
  let turn = null;
  let phase = null;
  return log.map((g, i) => {
    const p = g.at ? place(game, g.at, t) : {};
    let head = '';
    if (p.turn && p.turn !== turn) { head += `<h4 class="round">${esc(named(p.turn))}</h4>`; phase = null; }
    if (p.turn) turn = p.turn;
    if (p.phase && p.phase !== phase) head += `<h5 class="phase">${esc(p.phase)}</h5>`;
    if (p.phase) phase = p.phase;
    return head + `<div class="turn ${g.undo ? 'undo' : ''} ${i === lastOther && me != null ? 'lastother' : ''}" data-key="log${i}"><div class="turnhead">${g.by != null ? `${esc(who(g.by))} · ` : ''}${t('move')} ${g.move + 1}</div>
    ${g.events.length ? g.events.map((e) => `<div class="ev">${esc(named(e))}</div>`).join('') : `<div class="ev muted">${t('log_unseen')}</div>`}</div>`;
  }).join('');
}

function endPanel(m, table) {
  const b = m.breakdown;
  const n = m.scores ? m.scores.length : 0;
  const who = (s) => (table ? table.who(s) : `p${s}`);
  const winners = m.winners || [];
  const win = winners.map(who).join(', ');
  let verdict = '';
  if (m.seat != null) {
    const drawn = !winners.length || winners.length === n;
    verdict = drawn ? t('draw') : winners.includes(m.seat) ? t('you_won') : t('you_lost');
  }
  let table_ = '';
  const heads = range(0, n - 1).map((s) => `<th>${esc(who(s))}</th>`).join('');
  if (b && b.rows) {
    table_ = `<div class="scroll"><table class="breakdown"><thead><tr><th></th>${heads}</tr></thead><tbody>
      ${b.rows.map((r) => `<tr><td>${esc(r.label)}</td>${r.values.map((v) => `<td>${v}</td>`).join('')}</tr>`).join('')}
      <tr class="total"><td>${t('total')}</td>${b.totals.map((v) => `<td>${v}</td>`).join('')}</tr></tbody></table></div>
      ${(b.notes || []).map((x) => `<p>${esc(table ? table.named(x) : x)}</p>`).join('')}`;
  } else if (m.scores) {
    table_ = `<div class="scroll"><table class="breakdown"><thead><tr><th></th>${heads}</tr></thead><tbody><tr class="total"><td>${t('total')}</td>${m.scores.map((v) => `<td>${v}</td>`).join('')}</tr></tbody></table></div>`;
  }
  return `<section class="panel end" id="end"><h2>${t('final_score')}${verdict ? ` — <span class="verdict">${esc(verdict)}</span>` : ''}</h2>
    ${b?.end_reason ? `<p class="reason">${esc(table ? table.named(b.end_reason) : b.end_reason)}</p>` : ''}
    ${win && winners.length < n ? `<p>${t('winners', { n: winners.length })}${t('colon')} <b>${esc(win)}</b></p>` : ''}${table_}
    ${m.analysis === 'loading' ? `<p class="muted" id="chart-wait">${t('analysing')}</p>` : m.analysis ? winChart(m.analysis, who) : ''}
    <p>${table instanceof Table && m.seat != null ? `<button id="rematch" class="primary">${t('rematch')}</button> ` : ''}<a class="button" href="/replay/${esc(m.game_id)}">${t('replay')}</a></p></section>`;
}

// The hint: the analysis bot's preferred move and its win probability, with a button to play it.
function adviceBox(a, table) {
  if (a.pending) return `<p class="advice" id="advice">✦ ${t('thinking')}</p>`;
  return `<p class="advice" id="advice">✦ ${t('hint_says')} <b>${esc(table.describe(a))}</b>
    · ${t('win_chance', { n: Math.round(100 * a.win) })} <button id="play-hint">${t('play_it')}</button></p>`;
}

// The win probability of each seat through the game (the analysis bot's estimate at each of the
// seat's decisions, from its view), as an SVG line chart.
export function winChart(a, who = (s) => `p${s}`) {
  const ds = a.decisions || [];
  if (!ds.length) return '';
  const W = 640, H = 220, L = 52, R = 12, T = 14, B = 36;
  const moves = Math.max(1, a.moves || Math.max(...ds.map((d) => d.move)) + 1);
  const x = (m) => L + (W - L - R) * (m / moves);
  const y = (p) => T + (H - T - B) * (1 - p);
  const grid = [0, 0.25, 0.5, 0.75, 1].map((p) => `<line x1="${L}" x2="${W - R}" y1="${y(p)}" y2="${y(p)}" class="gridline"/>
    <text x="${L - 6}" y="${y(p) + 4}" text-anchor="end">${t('percent', { n: Math.round(100 * p) })}</text>`).join('');
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].find((k) => k >= moves / 8) || Math.ceil(moves / 8);
  const xt = [];
  for (let m = 0; m <= moves; m += step) xt.push(`<text x="${x(m)}" y="${H - B + 16}" text-anchor="middle">${m}</text>`);
  const seats = [...new Set(ds.map((d) => d.seat))].sort((p, q) => p - q);
  // A seat that decided once has a dot, not a line of no length (which draws nothing).
  const lines = seats.map((s) => {
    const mine = ds.filter((d) => d.seat === s);
    const colour = seatColors[s % seatColors.length];
    if (mine.length === 1) return `<circle class="winline windot" data-seat="${s}" cx="${x(mine[0].move).toFixed(1)}" cy="${y(mine[0].before).toFixed(1)}" r="4" fill="${colour}"/>`;
    const pts = mine.map((d) => `${x(d.move).toFixed(1)},${y(d.before).toFixed(1)}`).join(' ');
    return `<polyline class="winline" data-seat="${s}" points="${pts}" fill="none" stroke="${colour}" stroke-width="2"/>`;
  }).join('');
  const legend = seats.map((s) => `<span class="key"><i style="background:${seatColors[s % seatColors.length]}"></i>${esc(who(s))}</span>`).join(' ');
  return `<div id="chart"><h3>${t('win_chart')}</h3>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t('win_chart'))}" class="chart">${grid}${xt.join('')}
      <text x="${(L + W - R) / 2}" y="${H - 4}" text-anchor="middle">${t('move')}</text>${lines}</svg>
    <div class="legend">${legend}${a.complete === false ? ` · ${t('partial_analysis')}` : ''}</div>
    <small class="muted">${t('win_chart_help')}</small></div>`;
}

async function showHelp(game, id) {
  const d = el(`<dialog class="help"><form method="dialog"><button class="close" aria-label="${esc(t('close_x'))}">✕</button></form>${rulesHelp(game)}<div class="notations"></div></dialog>`);
  document.body.append(d);
  d.addEventListener('close', () => d.remove());
  d.showModal();
  // Every form of the game's notation, from the engine.
  try {
    const rows = await apiPatient(`/api/games/${id}/help?lang=${encodeURIComponent(lang())}`);
    // For the terminal: closed, so a player of the board never meets the typed notation unasked.
    d.querySelector('.notations').innerHTML = `<details><summary>${t('notations')}</summary><table class="helptable">${rows.map((r) =>
      `<tr><td><code>${esc(r.notation)}</code></td><td>${esc(r.description)}</td></tr>`).join('')}</table></details>`;
  } catch { /* the summary above stays */ }
}

function play(id) {
  const query = new URLSearchParams(location.search);
  const token = new URLSearchParams(location.hash.slice(1)).get('token') || query.get('token');
  if (query.has('token')) {
    // A token in the query is sent with every load of the page (and lands in proxies' logs): the page
    // keeps it in the fragment, which is never sent, as the server's links do.
    query.delete('token');
    const rest = query.toString();
    history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}#token=${encodeURIComponent(token)}`);
  }
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
    const q = `?${st.seat === null ? '' : `seat=${st.seat}&`}${st.upto === null ? '' : `upto=${st.upto}&`}lang=${encodeURIComponent(lang())}`;
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
    // Seats by name in the replay too ("Player 2"), never `p1`.
    const seatName = (s) => t('player_n', { n: Number(s) + 1 });
    const names = { who: seatName, msg: { seat: d.seat },
      named: (x) => idsInWords(d.game, x, { view: d.view, catalog: d.catalog || {}, t, seat: d.seat ?? undefined }).replace(/\bp([0-9])\b/g, (_, s) => seatName(s)) };
    const ctx = { seat: d.seat, catalog: d.catalog || {}, t, over: d.over, toMove: d.to_move, text: d.text, who: seatName };
    root.innerHTML = `
      <div class="bar status">
        <b>${esc(gameName(d.game))}</b> <span>${t('replay')}</span>
        <label>${t('view_of')} <select id="seat"><option value="">${t('spectator')}</option>${range(0, d.seats - 1).map((s) =>
          `<option value="${s}" ${s === d.seat ? 'selected' : ''}>${t('player_n', { n: s + 1 })}</option>`).join('')}</select></label>
        <button id="first" aria-label="${esc(t('first_move'))}" title="${esc(t('first_move'))}">|◀</button><button id="prev" aria-label="${esc(t('previous_move'))}" title="${esc(t('previous_move'))}">◀</button>
        <span id="pos">${t('move')} ${d.move} / ${d.total}</span>
        <button id="next" aria-label="${esc(t('next_move'))}" title="${esc(t('next_move'))}">▶</button><button id="last" aria-label="${esc(t('last_move_btn'))}" title="${esc(t('last_move_btn'))}">▶|</button>
        <input type="range" id="slider" min="0" max="${d.total}" value="${d.move}" aria-label="${esc(t('move_slider'))}">
      </div>
      <div class="layout">
        <div class="boardcol"><div class="board" id="board">${board(d.view, ctx)}</div>
          ${d.over && d.move === d.total ? endPanel({ ...d, game_id: id || '', analysis: st.analysis ?? null }, names) : ''}</div>
        <aside class="side" aria-label="${esc(t('log'))}" tabindex="0"><h3>${t('log')}</h3><div class="log" id="log">${renderLog(d.log.map((g) => ({ ...g, by: g.seat })), d.game, names)}</div></aside>
      </div>`;
    fitNames(root);
    if (!st.fits) { st.fits = true; addEventListener('resize', () => requestAnimationFrame(() => fitNames(root))); }
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
pickLang.onchange = async () => {
  await setLang(pickLang.value);
  translatePage();
  if (window.sylvanTable) {
    const tb = window.sylvanTable;
    tb.catalog = null;
    tb.loadCatalog();
    if (tb.msg?.over) tb.loadBreakdown();
    // Texts from the server (the log, the actions' descriptions) come in the language of the
    // connection: connect again in the new one.
    tb.ws.onclose = null;
    tb.ws.onmessage = null;
    tb.ws.close();
    tb.log = [];
    tb.logReady = false;
    tb.connect();
    tb.render();
  } else {
    route();
  }
};
document.body.insertAdjacentHTML('afterbegin', sprite());
await loadWords();
route();
