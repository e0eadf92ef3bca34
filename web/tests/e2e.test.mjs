// End-to-end tests of the browser UI: the real `sylvan serve` (temp database, free port) and Debian's
// headless Chromium driven by playwright-core. Run from this folder: `npm ci && npm test`
// (SYLVAN_BIN: the binary, default ../../target/release/sylvan). Screenshots go to
// target/web-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const BIN = process.env.SYLVAN_BIN || path.join(root, 'target/release/sylvan');
const ARTIFACTS = path.join(root, 'target/web-artifacts');
const GAMES = ['equinox', 'mystic-vale', 'spirit-duel', 'command-of-nature'];
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let server;
let base;
let browser;
let dir;
const finished = {};

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'sylvan-web-'));
  // The suite creates many games from one address, some left unfinished.
  server = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--db', path.join(dir, 'web.db'), '--max-unfinished-per-address', '1000'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[\d.:]+)/);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`sylvan serve exited (${code}): ${out}`)));
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
    // playwright gives every launch a fresh, temporary user-data dir.
  });
  console.log(`screenshots: ${ARTIFACTS}`);
});

after(async () => {
  await browser?.close();
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// A small seeded generator, so a failing click sequence can be replayed.
function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

async function newPage(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (e) => { throw e; });
  return page;
}

// The seat's state as the page holds it.
const stateOf = (page) => page.evaluate(() => {
  const t = window.sylvanTable;
  if (!t || !t.msg) return null;
  const m = t.msg;
  return { move: m.move, mine: m.seat !== null && m.to_move === m.seat && !m.over, over: m.over, sel: t.sel.length, id: m.game_id, canUndo: m.can_undo };
});

// Clicks, in the page (atomically with respect to re-rendering), what a player clicks: a highlighted
// board element (three times in four when there are both), a words-only answer of the decision bar
// (`push`, `done`), or, after a selection, an entry of the menu of what it leaves. Never the fallback
// list of every legal action: a decision nothing on the board or in the bar answers returns
// `{ missing }` with the legal actions. Returns what it clicked.
const clickSomething = (page, r1, r2) => page.evaluate(([r1, r2]) => {
  const board = [...document.querySelectorAll('#board [data-tok].can:not(.selected)')];
  const bar = [...document.querySelectorAll('#decision .answers [data-tok].can, #decision .menu [data-id]')];
  const useBoard = board.length > 0 && (bar.length === 0 || r1 < 0.75);
  const list = useBoard ? board : bar;
  if (!list.length) {
    const t = window.sylvanTable;
    return { missing: (t.msg.legal || []).map((a) => a.notation).join(', ') };
  }
  const el = list[Math.floor(r2 * list.length)];
  el.click();
  return el.dataset.tok || el.textContent;
}, [r1, r2]);

// The texts the page shows (text, tooltips, labels) that are a legal action's typed notation
// (`discard c9`, `retrieve secret`): a player of the board never meets one, whatever the language.
// The rules dialog's table of notations, opened on purpose, is the one place that shows them.
const shownNotations = (page) => page.evaluate(() => {
  const legal = new Set((window.sylvanTable?.msg?.legal || []).map((a) => a.notation.replace(/\s+/g, ' ').trim()));
  const out = new Set();
  const seen = (x, el) => {
    const v = String(x || '').replace(/\s+/g, ' ').trim();
    if (v && legal.has(v) && !el.closest('dialog.help .helptable')) out.add(v);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.parentElement) seen(n.nodeValue, n.parentElement);
  for (const el of document.querySelectorAll('[title], [aria-label]')) { seen(el.getAttribute('title'), el); seen(el.getAttribute('aria-label'), el); }
  return [...out];
});

// At a decision of the page's seat: the question and at least one of its answers are inside the
// viewport (the bar's answers, or a highlighted board element not under the bar), and nothing
// overflows sideways. Returns the problems found.
const decisionProblems = (page) => page.evaluate(() => {
  const out = [];
  const W = innerWidth;
  const H = innerHeight;
  if (document.documentElement.scrollWidth > W) out.push(`horizontal overflow ${document.documentElement.scrollWidth} > ${W}`);
  // A Command of Nature unit's name wraps between words only: no word drawn on two lines.
  for (const n of document.querySelectorAll('.unit .cname')) {
    const walker = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    for (let tn = walker.nextNode(); tn; tn = walker.nextNode()) {
      for (const m of tn.nodeValue.matchAll(/\S+/g)) {
        const r = document.createRange();
        r.setStart(tn, m.index);
        r.setEnd(tn, m.index + m[0].length);
        if (new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size > 1) out.push(`a unit's name cut mid-word: ${n.textContent.trim()}`);
      }
    }
  }
  const bar = document.querySelector('#decision');
  if (!bar) return [...out, 'no decision bar'];
  const inside = (n, bottom = H) => { const r = n.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.bottom <= bottom + 0.5 && r.left >= 0 && r.right <= W + 0.5; };
  const q = bar.querySelector('.dq');
  if (!q || !inside(q) || !q.innerText.trim()) out.push('the question is not in the viewport');
  const top = bar.getBoundingClientRect().top;
  const answers = [...bar.querySelectorAll('.answers button')].filter((n) => inside(n));
  const board = [...document.querySelectorAll('#board [data-tok].can')].filter((n) => {
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.bottom > 0 && r.top < top && r.left < W && r.right > 0;
  });
  if (!answers.length && !board.length) {
    const first = document.querySelector('#board [data-tok].can')?.getBoundingClientRect();
    out.push(`no answer in the viewport (bar top ${Math.round(top)}, scrollY ${Math.round(scrollY)}, first on the board at ${first ? Math.round(first.top) : 'none'}, selection ${window.sylvanTable?.sel.length})`);
  }
  return out;
});

// Waits until the page has drawn two frames (a resize's redraw done).
// Two animation frames, or a second at most: a headless page's frames may stall, and a test must not wait
// for them for ever.
const frames = (page) => page.evaluate(() => new Promise((ok) => {
  requestAnimationFrame(() => requestAnimationFrame(ok));
  setTimeout(ok, 1000);
}));

// Plays the page's seat by clicking until the game ends (checking every decision: the question and an
// answer in the viewport, no sideways overflow); returns how many clicks it made.
// `alsoAt`: other viewports where every decision is checked too (the page resized to each and back);
// `clicked`: a set that receives what each click named.
async function playByClicking(page, random, { maxClicks = 4000, onState, alsoAt = [], clicked } = {}) {
  let clicks = 0;
  let checked = -1;
  for (;;) {
    // The page loaded: its card catalog arrived (until then a board cannot name, nor draw, the cards
    // that answer a decision, such as the spirit duel's hand).
    await page.waitForFunction(() => {
      const t = window.sylvanTable;
      return t && t.msg && !t.pending && (t.msg.over || t.msg.to_move === t.msg.seat)
        && t.catalog && Object.keys(t.catalog).length > 0;
    }, null, { timeout: 120_000 });
    let st = await stateOf(page);
    if (onState) {
      await onState(st);
      st = await stateOf(page);
    }
    if (st.over) return clicks;
    if (!st.mine) continue;
    assert.ok(clicks < maxClicks, `still playing after ${clicks} clicks`);
    if (checked !== st.move) {
      checked = st.move;
      const size = page.viewportSize();
      assert.deepEqual(await decisionProblems(page), [], `move ${st.move} at ${size.width}×${size.height}`);
      for (const vp of alsoAt) {
        await page.setViewportSize(vp);
        await frames(page);
        assert.deepEqual(await decisionProblems(page), [], `move ${st.move} at ${vp.width}×${vp.height}`);
        await page.setViewportSize(size);
        await frames(page);
      }
    }
    // At every step of a decision (the menu a selection opens included): no typed notation.
    assert.deepEqual(await shownNotations(page), [], `typed notations shown at move ${st.move} (selection ${st.sel})`);
    const what = await clickSomething(page, random(), random());
    if (!what || what.missing) {
      const now = await stateOf(page);
      if (now.move !== st.move || !now.mine) continue;
      assert.fail(`nothing on the board answers move ${st.move}: ${what?.missing}`);
    }
    clicks++;
    clicked?.add(what);
    // Either the action went (the move changes) or the selection grew.
    await page.waitForFunction(({ move, sel }) => {
      const t = window.sylvanTable;
      return t.msg.move !== move || t.sel.length !== sel || t.msg.over;
    }, st, { timeout: 60_000 });
  }
}

// Creates a game from the lobby form: seat 0 is me, the others bots (easy) unless `seats` says;
// `options` fills the options' fields (`{ turn_limit: '8' }`).
async function createFromLobby(page, game, { seats, options = {} } = {}) {
  await page.goto(`${base}/`);
  await page.selectOption('#g', game);
  if (seats) {
    await page.selectOption('#players', String(seats.length));
    for (let s = 0; s < seats.length; s++) await page.selectOption(`[data-seat="${s}"]`, seats[s]);
  }
  await page.evaluate(() => { const d = document.querySelector('details.options'); if (d) d.open = true; });
  for (const [name, value] of Object.entries(options)) {
    const input = page.locator(`[data-opt="${name}"]`);
    const tag = await input.evaluate((n) => (n.type === 'checkbox' ? 'checkbox' : n.tagName));
    if (tag === 'FIELDSET') {
      // A pick by name: exactly the values listed are ticked (those always used stay ticked).
      const want = value.split(',');
      for (const box of await input.locator('input[type=checkbox]:not([disabled])').all()) await box.setChecked(want.includes(await box.getAttribute('value')));
    } else if (tag === 'checkbox') await input.setChecked(value === 'true');
    else if (tag === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
  if (!seats) {
    const n = await page.locator('[data-seat]').count();
    for (let s = 1; s < n; s++) await page.selectOption(`[data-seat="${s}"]`, 'bot:easy');
  }
  await page.click('#go');
  await page.waitForSelector('.seat-link');
  return page.locator('.seat-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
}

// The lobby settings of the games against bots: Mystic Vale's Essential Edition (draft, leaders,
// amulets) and Command of Nature 2 against 2.
const AGAINST_BOTS = {
  equinox: {},
  'mystic-vale': { options: { edition: 'essential' } },
  'spirit-duel': {},
  'command-of-nature': { seats: ['me', 'bot:easy', 'bot:easy', 'bot:easy'], options: { turn_limit: '10' } },
};

// axe-core's serious and critical violations on the page, as one line each.
async function axeProblems(page) {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

// Switches the page's language and waits until the table is drawn again in it.
async function switchLang(page, code) {
  await page.selectOption('#lang', code);
  await page.waitForFunction((code) => document.documentElement.lang === code && window.sylvanTable?.msg && !window.sylvanTable.fresh
    && window.sylvanTable.catalog && Object.keys(window.sylvanTable.catalog).length, code);
  await page.waitForTimeout(300);
}

for (const [i, game] of GAMES.entries()) {
  test(`${game}: a person plays a whole game against bots by clicking the board only, the decision always in sight`, async () => {
    const page = await newPage();
    const [link] = await createFromLobby(page, game, AGAINST_BOTS[game]);
    await page.goto(`${base}${link}`);
    let shot = false;
    let undone = false;
    let hinted = false;
    let reloaded = false;
    let keyed = false;
    let plantings = 0;
    let sleeves = 0;
    const ids = new Set();
    const clicked = new Set();
    // Every decision is checked on a phone too (the page resized to 390×844 and back).
    const clicks = await playByClicking(page, rng(1000 + i), { alsoAt: [PHONE], clicked,
      onState: async (st) => {
        // No id on the board, in the question or its answers (the menu of a selection included).
        if (st.mine) for (const x of await idsShown(page, game)) ids.add(`move ${st.move}${st.sel ? ' (menu)' : ''}: ${x}`);
        // Mystic Vale's Planting Phase at 1440×900: one's own field is on screen, above the decision bar.
        if (game === 'mystic-vale' && st.mine && st.sel === 0 && page.viewportSize().width === DESKTOP.width) {
          const field = await page.evaluate(() => {
            const v = window.sylvanTable.msg.view;
            const phase = v.phase && typeof v.phase === 'object' ? Object.keys(v.phase)[0] : v.phase;
            if (phase !== 'Planting') return null;
            const f = document.querySelector('.mvplayer.me .field')?.getBoundingClientRect();
            const bar = document.querySelector('#decision').getBoundingClientRect();
            return f ? { top: Math.round(f.top), bottom: Math.round(f.bottom), bar: Math.round(bar.top) } : { missing: true };
          });
          if (field) {
            plantings++;
            assert.ok(!field.missing && field.top >= 0 && field.top < field.bar && field.bottom > 0, `move ${st.move}: own field at ${JSON.stringify(field)}`);
          }
        }
        // Mystic Vale's Sleeve step, at both sizes: what was bought (the thing to sleeve) is on screen,
        // above the decision bar, and so is one's own field.
        if (game === 'mystic-vale' && st.mine && st.sel === 0 && await page.evaluate(() => {
          const p = window.sylvanTable.msg.view.phase;
          return (p && typeof p === 'object' ? Object.keys(p)[0] : p) === 'Sleeve';
        })) {
          // The page scrolled away first (a resize brings the decision back, as a phone turned does).
          for (const vp of [PHONE, DESKTOP]) {
            await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight / 3));
            await page.setViewportSize(vp);
            await frames(page);
            const got = await page.evaluate(() => {
              const bar = document.querySelector('#decision').getBoundingClientRect().top;
              const inView = (n) => { const r = n?.getBoundingClientRect(); return !!r && r.width > 0 && r.top >= 0 && r.bottom <= bar + 0.5; };
              return { bought: [...document.querySelectorAll('.harvest [data-tok^="purchase"]')].some(inView), field: inView(document.querySelector('.mvplayer.me .phead')) };
            });
            assert.deepEqual(got, { bought: true, field: true }, `Sleeve at move ${st.move}, ${vp.width}×${vp.height}`);
            if (!sleeves) await page.screenshot({ path: path.join(ARTIFACTS, `mystic-vale-sleeve-${vp === PHONE ? 'phone' : 'desktop'}.png`) });
          }
          await page.setViewportSize(DESKTOP);
          await frames(page);
          sleeves++;
        }
        // The first time the server offers undo, take the last action back.
        if (!undone && st.canUndo && !st.over) {
          undone = true;
          assert.ok(await page.locator('#undo').isEnabled());
          await page.click('#undo');
          await page.waitForFunction((m) => window.sylvanTable.msg.move === m - 1, st.move);
          // One entry says who took back which action, numbered as that action was.
          await page.waitForSelector('#log .turn.undo');
          const undoEntry = await page.locator('#log .turn.undo').last().innerText();
          assert.match(undoEntry, new RegExp(`Move ${st.move}\\b[\\s\\S]*took back`));
        }
        // Against bots the hint is offered: it names a legal move, and "play it" plays it.
        if (!hinted && st.mine && !st.over && game === 'spirit-duel' && st.sel === 0) {
          hinted = true;
          await page.click('#hintbtn');
          await page.waitForSelector('#play-hint', { timeout: 30_000 });
          const advice = await page.evaluate(() => {
            const t = window.sylvanTable;
            return { id: t.advice.id, win: t.advice.win, legal: t.msg.legal.map((a) => a.id), move: t.msg.move };
          });
          assert.ok(advice.legal.includes(advice.id), `hint ${advice.id} is legal`);
          assert.ok(advice.win >= 0 && advice.win <= 1);
          assert.match(await page.locator('#advice').innerText(), /analysis bot would play/);
          await page.screenshot({ path: path.join(ARTIFACTS, 'hint.png'), fullPage: true });
          await page.click('#play-hint');
          await page.waitForFunction((m) => window.sylvanTable.msg.move > m, advice.move);
        }
        // Keyboard: a highlighted board element takes the focus, and Space acts on it.
        if (!keyed && st.mine && !st.over && st.sel === 0 && await page.locator('#board [data-tok].can').count()) {
          keyed = true;
          await page.locator('#board [data-tok].can').first().focus();
          assert.ok(await page.evaluate(() => document.activeElement.matches('#board [data-tok].can')), 'the element has the focus');
          clicked.add(await page.evaluate(() => document.activeElement.dataset.tok));
          await page.keyboard.press('Space');
          await page.waitForFunction(({ move, sel }) => window.sylvanTable.msg.move !== move || window.sylvanTable.sel.length !== sel, st);
        }
        // Reload mid-game: the log holds every move so far, from the server.
        if (!reloaded && game === 'mystic-vale' && st.mine && st.move >= 30) {
          reloaded = true;
          await page.reload();
          await page.waitForFunction(() => window.sylvanTable?.msg && window.sylvanTable.logReady);
          const { move, entries } = await page.evaluate(() => ({ move: window.sylvanTable.msg.move, entries: document.querySelectorAll('#log .turn:not(.undo)').length }));
          assert.equal(entries, move, 'one log entry per move after a reload');
          assert.doesNotMatch(await page.locator('#log').innerText(), /Nothing yet/);
        }
        if (!shot && st.mine && st.move >= 6 && st.sel === 0) {
          shot = true;
          for (const code of ['en', 'fr']) {
            if (code === 'fr') await switchLang(page, 'fr');
            await page.screenshot({ path: path.join(ARTIFACTS, `${game}-desktop-${code}.png`) });
            await page.setViewportSize(PHONE);
            await page.waitForTimeout(400);
            assert.deepEqual(await decisionProblems(page), [], `phone, ${code}`);
            await page.screenshot({ path: path.join(ARTIFACTS, `${game}-phone-${code}.png`) });
            await page.setViewportSize(DESKTOP);
          }
          await switchLang(page, 'en');
          assert.deepEqual(await axeProblems(page), [], `${game} page`);
        }
      },
    });
    await page.waitForSelector('#end');
    // The result comes into sight when the game ends, wherever the last decision left the page.
    assert.ok(await page.evaluate(() => { const r = document.querySelector('#end h2').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }), 'the result in the viewport at the end');
    assert.deepEqual([...ids].slice(0, 40), [], 'ids shown');
    const end = await page.locator('#end').innerText();
    assert.match(end, /Final score/);
    assert.match(end, /Winner|Draw/, "the winners, or a draw");
    assert.match(end, /You won|You lost|Draw/);
    // The win-probability chart: one line per seat that decided.
    await page.waitForSelector('#chart svg .winline', { timeout: 90_000 });
    assert.ok(await page.locator('#chart svg .winline').count() >= 1);
    // The log is grouped by round or turn, and by phase.
    assert.ok(await page.locator('#log h4.round').count() >= 2, 'round headings');
    assert.ok(await page.locator('#log h5.phase').count() >= 1, 'phase headings');
    assert.doesNotMatch(await page.locator('#log').innerText(), /\bp[0-9]\b/, 'names, not seat ids, in the log');
    await page.screenshot({ path: path.join(ARTIFACTS, `${game}-end.png`), fullPage: true });
    finished[game] = (await stateOf(page)).id;
    // A rematch: the same game and options, a new deal.
    if (game === 'mystic-vale') {
      await page.click('#rematch');
      await page.waitForFunction((id) => window.sylvanTable?.msg && window.sylvanTable.msg.game_id !== id, finished[game]);
      assert.ok(await page.evaluate(() => !!window.sylvanTable.msg.view.draft), 'the rematch is an Essential Edition game (its draft)');
    }
    if (game === 'equinox') assert.ok(undone, 'undo was offered and used');
    if (game === 'spirit-duel') assert.ok(hinted, 'the hint was asked');
    if (game === 'mystic-vale') assert.ok(reloaded, 'the page was reloaded mid-game');
    // The Essential Edition's draft and the market were played from the board.
    if (game === 'mystic-vale') {
      const took = [...clicked].filter((x) => /^take (leader|amulet) /.test(x));
      assert.ok(took.some((x) => x.includes('leader')) && took.some((x) => x.includes('amulet')), `a leader and an amulet taken from the draft table: ${took}`);
      assert.ok([...clicked].some((x) => /^buy /.test(x)), 'a card bought from the market');
    }
    if (game === 'mystic-vale') assert.ok(plantings > 5, `own field checked at ${plantings} Planting decisions`);
    if (game === 'mystic-vale') assert.ok(sleeves > 0, 'a Sleeve step checked');
    assert.ok(shot && keyed && clicks > 0);
    await page.context().close();
  });
}

// Per game: the cards a page's seat holds in secret (`secret`: tokens and names), and those another
// seat's page may know of them (`known`: from its own view). Checked on the page's state in the browser.
const SECRETS = {
  // Equinox: the hand's cards whose notation names one card only (the trees share theirs); a seat
  // may know cards of the other's hand (Le Duc's question, a card given): its view's `known`.
  equinox: {
    secret: () => {
      const t = window.sylvanTable;
      const count = {};
      for (const c of Object.values(t.catalog?.cards || {})) count[c.notation] = (count[c.notation] || 0) + 1;
      return { tokens: [...document.querySelectorAll('.hand [data-tok]')].map((n) => n.dataset.tok).filter((c) => count[c] === 1), names: [] };
    },
    known: (other) => {
      const t = window.sylvanTable;
      const out = [...document.querySelectorAll('.hand [data-tok]')].map((n) => n.dataset.tok);
      (t.msg.view.known?.[other] || []).forEach((w, i) => {
        let b = BigInt(w ?? 0);
        for (let k = 0; b > 0n; k++, b >>= 1n) if (b & 1n) out.push(t.catalog.cards[i * 64 + k]?.notation);
      });
      return out;
    },
  },
  // The spirit duel: the hand's ability cards (each team has its own), by code and name.
  'spirit-duel': {
    secret: () => {
      const t = window.sylvanTable;
      const ab = t.catalog?.abilities || {};
      const codes = Object.keys(ab).filter((c) => BigInt(t.msg.view.hand ?? 0) >> BigInt(ab[c].index) & 1n);
      return { tokens: codes, names: codes.map((c) => ab[c].name) };
    },
    // What the view shows of cards: those played (in a discard pile) or in play, and its own hand.
    known: () => {
      const t = window.sylvanTable;
      const ab = t.catalog?.abilities || {};
      const v = t.msg.view;
      const masks = [v.hand, ...v.sides.map((s) => s.discard)].map((m) => BigInt(m ?? 0));
      const json = JSON.stringify({ ...v, hand: null });
      return Object.keys(ab).filter((c) => masks.some((m) => m >> BigInt(ab[c].index) & 1n) || json.includes(`"${c}"`))
        .flatMap((c) => [c, ab[c].name]);
    },
  },
  // Command of Nature: the hand's cards by code and name, unless the other seat's view names that
  // card anywhere (a market, a formation, its own hand: copies are alike).
  'command-of-nature': {
    secret: () => {
      const t = window.sylvanTable;
      const codes = t.msg.view.seats[t.msg.seat]?.hand || [];
      return { tokens: codes, names: codes.map((c) => t.catalog?.cards?.[c]?.name).filter(Boolean) };
    },
    known: () => {
      const t = window.sylvanTable;
      const json = JSON.stringify(t.msg.view);
      return Object.entries(t.catalog?.cards || {}).filter(([c]) => json.includes(`"${c}"`)).flatMap(([c, x]) => [c, x.name]);
    },
  },
  // Mystic Vale: a seat's discard pile is its own (the others see its size); no hand.
  'mystic-vale': {
    secret: () => ({ tokens: [], names: [], discard: window.sylvanTable.msg.view.players[window.sylvanTable.msg.seat].discard }),
    known: () => [],
  },
};

const TWO_PEOPLE = [
  { game: 'equinox', seed: 7, minChecks: 20 },
  { game: 'spirit-duel', seed: 8, minChecks: 10 },
  { game: 'command-of-nature', seed: 9, options: { turn_limit: '6' }, minChecks: 20 },
  { game: 'mystic-vale', seed: 10, every: 4, minChecks: 20 },
];

for (const { game, seed, options, every = 1, minChecks } of TWO_PEOPLE) {
  test(`${game}: two people play each other; neither page ever shows the other seat's secret cards`, async () => {
    const page = await newPage();
    const links = await createFromLobby(page, game, { seats: ['me', 'me'], options });
    assert.equal(links.length, 2);
    await page.context().close();
    // One person on a desktop, the other on a phone.
    const a = await newPage();
    const b = await newPage(PHONE);
    await a.goto(`${base}${links[0]}`);
    await b.goto(`${base}${links[1]}`);
    for (const p of [a, b]) await p.waitForFunction(() => window.sylvanTable?.catalog && Object.keys(window.sylvanTable.catalog).length);
    const { secret, known } = SECRETS[game];
    // What of `cards` (tokens as words, names as text) the page shows outside its log (the log holds
    // the server's events for the seat, checked by the server's own tests).
    const leaks = (p, { tokens, names }) => p.evaluate(([tokens, names]) => {
      const root = document.documentElement.cloneNode(true);
      root.querySelector('#log')?.remove();
      const html = root.outerHTML;
      const text = root.textContent;
      return [...tokens.map((c) => html.match(new RegExp(`.{0,120}(^|[^\\w>-])${c}([^\\w-]|$).{0,60}`))?.[0]),
        ...names.map((n) => (new RegExp(`(^|[^\\p{L}])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\p{L}]|$)`, 'u').test(text) ? `name ${n}` : null))].filter(Boolean);
    }, [tokens, names]);
    let checks = 0;
    const check = async () => {
      const [sa, sb] = [await a.evaluate(secret), await b.evaluate(secret)];
      if (game === 'mystic-vale') {
        // Each page holds its own discard pile and never the other's.
        const other = (p, s) => p.evaluate((s) => window.sylvanTable.msg.view.players[s].discard, s);
        assert.ok(Array.isArray(sa.discard) && Array.isArray(sb.discard));
        assert.equal(await other(a, 1), null, 'p0 has p1\'s discard pile');
        assert.equal(await other(b, 0), null, 'p1 has p0\'s discard pile');
      } else if (sa.tokens.length + sb.tokens.length === 0) {
        return; // nobody holds a secret card now (Command of Nature's setup)
      }
      // The check sees a page's own secret cards on that page (it would see them on the other).
      if (sa.tokens.length) assert.ok((await leaks(a, sa)).length > 0, 'p0\'s own hand is found on its page');
      const [ka, kb] = [await a.evaluate(known, 1), await b.evaluate(known, 0)];
      const hide = (s, k) => ({ tokens: s.tokens.filter((c) => !k.includes(c)), names: s.names.filter((n) => !k.includes(n)) });
      assert.deepEqual(await leaks(a, hide(sb, ka)), [], 'p0 sees p1\'s secret cards');
      assert.deepEqual(await leaks(b, hide(sa, kb)), [], 'p1 sees p0\'s secret cards');
      checks++;
    };
    const random = rng(seed);
    let lastChecked = -1;
    let focusKept = false;
    const decided = new Set();
    for (let k = 0; k < 6000; k++) {
      await a.waitForFunction(() => window.sylvanTable?.msg && !window.sylvanTable.pending);
      await b.waitForFunction(() => window.sylvanTable?.msg && !window.sylvanTable.pending);
      const [sa, sb] = [await stateOf(a), await stateOf(b)];
      if (sa.move === sb.move && (sa.over || sa.move - lastChecked >= every)) {
        await check();
        lastChecked = sa.move;
      }
      if (sa.over && sb.over) break;
      const p = sa.mine ? a : sb.mine ? b : null;
      if (!p) { await a.waitForTimeout(30); continue; }
      const st = sa.mine ? sa : sb;
      if (!decided.has(st.move)) {
        decided.add(st.move);
        assert.deepEqual(await decisionProblems(p), [], `${p === a ? 'desktop' : 'phone'}, move ${st.move}`);
      }
      // Focus stays on the chosen element of the waiting page when the other seat moves.
      const waiting = p === a ? b : a;
      if (!focusKept && st.sel === 0 && await waiting.locator('#board :is(.card, .unit, .sleeve)[data-key]').count()) {
        await waiting.evaluate(() => {
          // A card of the board: focusable whether or not it can be clicked now.
          const n = ['.card', '.unit', '.sleeve'].map((c) => document.querySelector(`#board ${c}[data-key]`)).find(Boolean);
          n.focus();
          window.focusMark = n;
        });
        const what = await clickSomething(p, random(), random());
        assert.ok(what && !what.missing, `nothing on the board answers move ${st.move}: ${what?.missing}`);
        await p.waitForFunction(({ move, sel }) => window.sylvanTable.msg.move !== move || window.sylvanTable.sel.length !== sel, st);
        if ((await stateOf(p)).move !== st.move) {
          await waiting.waitForFunction((m) => window.sylvanTable.msg.move !== m, st.move);
          await waiting.waitForTimeout(100);
          if (await waiting.evaluate(() => window.focusMark.isConnected)) {
            assert.ok(await waiting.evaluate(() => document.activeElement === window.focusMark), 'the focus stayed on the element');
            focusKept = true;
          }
        }
        continue;
      }
      const what = await clickSomething(p, random(), random());
      assert.ok(what && !what.missing, `nothing on the board answers move ${st.move}: ${what?.missing}`);
      await p.waitForFunction(({ move, sel }) => window.sylvanTable.msg.move !== move || window.sylvanTable.sel.length !== sel, st);
    }
    assert.ok((await stateOf(a)).over, 'the game ended');
    assert.ok(checks >= minChecks, `checked ${checks} positions`);
    assert.ok(focusKept, 'the focus was kept through another seat\'s move');
    // Both pages asked for the analysis at once: each gets the chart (the second waits for the first).
    for (const p of [a, b]) await p.waitForSelector('#chart svg .winline', { timeout: 120_000 });
    await a.screenshot({ path: path.join(ARTIFACTS, `${game}-two-people.png`), fullPage: true });
    await a.context().close();
    await b.context().close();
  });
}

test('the replay viewer steps through a finished game from any seat', async () => {
  const id = finished.equinox;
  assert.ok(id, 'the equinox game finished first');
  const page = await newPage();
  await page.goto(`${base}/replay/${id}`);
  await page.waitForSelector('#pos');
  const pos = () => page.locator('#pos').innerText();
  const total = Number((await pos()).split('/')[1]);
  assert.ok(total > 10);
  await page.click('#first');
  await page.waitForFunction(() => document.querySelector('#pos').innerText.match(/ 0 \//));
  for (let k = 1; k <= 5; k++) {
    await page.click('#next');
    await page.waitForFunction((k) => document.querySelector('#pos').innerText.includes(` ${k} /`), k);
  }
  assert.ok(await page.locator('#log .turn').count() >= 1);
  await page.click('#prev');
  await page.waitForFunction(() => document.querySelector('#pos').innerText.includes(' 4 /'));
  await page.selectOption('#seat', '1');
  await page.waitForFunction(() => document.querySelector('#seat').value === '1' && document.querySelector('#pos').innerText.includes(' 4 /'));
  await page.click('#last');
  await page.waitForSelector('#end');
  await page.waitForSelector('#chart svg .winline', { timeout: 90_000 });
  await page.screenshot({ path: path.join(ARTIFACTS, 'replay.png'), fullPage: true });
  assert.deepEqual(await axeProblems(page), [], 'the replay viewer');
  // The same game as an uploaded record file.
  const record = await (await fetch(`${base}/api/games/${id}/record`)).text();
  await page.goto(`${base}/replay`);
  await page.setInputFiles('#file', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(record) });
  await page.waitForSelector('#pos');
  assert.equal(Number((await pos()).split('/')[1]), total);
  await page.click('#first');
  await page.waitForFunction(() => document.querySelector('#pos').innerText.match(/ 0 \//));
  await page.click('#next');
  await page.waitForFunction(() => document.querySelector('#pos').innerText.includes(' 1 /'));
  await page.context().close();
});

// What a Command of Nature board shows against the view it was drawn from: the attack (command,
// attacker, targets), the commands in play, each discard pile (size and top card), and every slot of
// each formation (rows of 1, 2, 3 units per column; two columns in 2v2).
const conBoardProblems = (page) => page.evaluate(() => {
  const d = window.sylvanReplay;
  const v = d.view;
  const name = (c) => d.catalog.cards[c].name;
  const text = (sel) => document.querySelector(sel)?.textContent || '';
  const out = [];
  const cols = v.seats.length === 4 ? 2 : 1;
  const slots = document.querySelectorAll('.con .cside .unit').length;
  if (slots !== 2 * 6 * cols) out.push(`${slots} slots drawn`);
  if (v.attack) {
    if (!text('.con .attack').includes(name(v.attack.cmd))) out.push('attack panel');
    const find = (uid) => v.formations.flat(2).find((u) => u && u.uid === uid);
    const attacker = document.querySelectorAll('.con .unit.attacker');
    if (attacker.length !== 1 || !attacker[0].textContent.includes(name(find(v.attack.attacker).card))) out.push('attacker');
    if (document.querySelectorAll('.con .unit.target').length !== new Set(v.attack.targets.slice(0, v.attack.count)).size) out.push('targets');
  } else if (document.querySelector('.con .attack')) out.push('attack panel without an attack');
  for (const step of v.stack) if (step?.Discard && !text('.con .inplay').includes(name(step.Discard.card))) out.push(`in play ${step.Discard.card}`);
  v.seats.forEach((st, s) => {
    const pile = text(`.con .pile[data-seat="${s}"]`);
    if (!pile.includes(String(st.discard.length))) out.push(`p${s} discard size`);
    if (st.discard.length && !pile.includes(name(st.discard[st.discard.length - 1]))) out.push(`p${s} discard top`);
  });
  return out;
});

// Moves the replay viewer to move `k`.
async function replayTo(page, k) {
  await page.evaluate((k) => {
    const s = document.querySelector('#slider');
    s.value = String(k);
    s.dispatchEvent(new Event('change'));
  }, k);
  await page.waitForFunction((k) => document.querySelector('#pos')?.innerText.includes(` ${k} /`) && window.sylvanReplay?.move === k, k);
}

test('Command of Nature\'s board draws the attack, the commands in play, the discard piles and every 2v2 slot', async () => {
  const id = finished['command-of-nature'];
  assert.ok(id, 'the command-of-nature game finished first');
  const step = async (k) => (await fetch(`${base}/api/games/${id}/replay?seat=0&upto=${k}`)).json();
  const total = (await step(0)).total;
  // The first position with an attack whose command is in play, and one with a discard pile.
  let attack = null;
  let pile = null;
  for (let k = 1; k <= total && (attack === null || pile === null); k++) {
    const v = (await step(k)).view;
    if (attack === null && v.attack && v.stack.some((s) => s?.Discard)) attack = k;
    if (pile === null && v.seats.some((st) => st.discard.length)) pile = k;
  }
  assert.ok(attack !== null && pile !== null, `an attack (${attack}) and a discard pile (${pile}) in ${total} moves`);
  const page = await newPage();
  await page.goto(`${base}/replay/${id}`);
  await page.waitForSelector('#pos');
  for (const k of [attack, pile]) {
    await replayTo(page, k);
    assert.deepEqual(await conBoardProblems(page), [], `move ${k}`);
  }
  await replayTo(page, attack);
  await page.screenshot({ path: path.join(ARTIFACTS, 'command-of-nature-attack.png'), fullPage: true });
  // A 2v2 game (random moves from the terminal), uploaded: every slot, partners' hands.
  const file = path.join(dir, 'con4.json');
  const played = spawnSync(BIN, ['play', 'command-of-nature', '-p', '4', '-b', 'random', '--seed', '5', '-r', file], { input: '1\n'.repeat(2000) });
  assert.equal(played.status, 0, String(played.stderr));
  await page.goto(`${base}/replay`);
  await page.setInputFiles('#file', { name: 'con4.json', mimeType: 'application/json', buffer: readFileSync(file) });
  await page.waitForSelector('#pos');
  const total4 = Number((await page.locator('#pos').innerText()).split('/')[1]);
  for (const k of [1, Math.floor(total4 / 2), total4]) {
    await replayTo(page, k);
    assert.deepEqual(await conBoardProblems(page), [], `2v2 move ${k}`);
  }
  assert.match(await page.locator('.con').innerText(), /Your partner's hand \(Player 3\)/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'command-of-nature-2v2.png'), fullPage: true });
  await page.context().close();
});

// Command of Nature on a phone: a 2v2 back row is six slots of about 50 px. Every elemental's name,
// in English and in French, drawn in such a slot, keeps each word whole on one line (smaller if need be, never below the
// floor), inside its slot, and is still read whole by tapping the slot.
test('Command of Nature on a phone: every elemental\'s name fits a 2v2 back-row slot, word by word, and reads whole on a tap', async () => {
  const page = await newPage(PHONE);
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'command-of-nature', players: 4, seed: 3, seats: [{ kind: 'taken', name: 'Ann' }, ...Array(3).fill({ kind: 'bot', spec: 'easy' })] }) });
  assert.equal(r.status, 201);
  const { seats } = await r.json();
  await page.goto(seats[0].link.startsWith('http') ? seats[0].link : `${base}${seats[0].link}`);
  await page.waitForFunction(() => window.sylvanTable?.catalog && Object.keys(window.sylvanTable.catalog).length && document.querySelector('.unit'));
  const got = await page.evaluate(async () => {
    const { unitName, fitNames, NAME_FLOOR_PX } = await import('/web/boards.js');
    // The names in English and in French (the French book names the cards).
    const names = [];
    for (const code of ['en', 'fr']) {
      const cat = await (await fetch(`/api/games/${window.sylvanTable.id}/catalog?lang=${code}`)).json();
      names.push(...Object.values(cat.cards || cat).filter((c) => c.health != null).map((c) => c.name));
    }
    // The back row (six slots), taken out of the redrawn table so the test's names stay.
    const row = [...document.querySelectorAll('.cside .crow')].find((x) => x.querySelectorAll('.unit').length === 6);
    const copy = row.cloneNode(true);
    row.parentElement.replaceChild(copy, row);
    const slot = copy.querySelector('.unit');
    slot.classList.remove('empty');
    const width = slot.getBoundingClientRect().width;
    const bad = [];
    for (const name of names) {
      slot.innerHTML = `<div class="cname"><span>${unitName(name)}</span></div><div class="stats">3 12</div>`;
      fitNames(copy);
      const span = slot.querySelector('.cname > span');
      const box = slot.getBoundingClientRect();
      const size = parseFloat(getComputedStyle(span).fontSize);
      if (size < NAME_FLOOR_PX) bad.push(`${name}: ${size}px`);
      if (span.classList.contains('clipped')) bad.push(`${name}: shortened with …`);
      const walker = document.createTreeWalker(span, NodeFilter.SHOW_TEXT);
      for (let tn = walker.nextNode(); tn; tn = walker.nextNode()) {
        for (const m of tn.nodeValue.matchAll(/\S+/g)) {
          const rg = document.createRange();
          rg.setStart(tn, m.index);
          rg.setEnd(tn, m.index + m[0].length);
          const rects = [...rg.getClientRects()].filter((x) => x.width > 0);
          if (new Set(rects.map((x) => Math.round(x.top))).size > 1) bad.push(`${name}: "${m[0]}" on two lines`);
          if (rects.some((x) => x.right > box.right + 0.5 || x.left < box.left - 0.5)) bad.push(`${name}: "${m[0]}" out of its slot`);
        }
      }
    }
    return { count: names.length, width, bad };
  });
  assert.ok(got.count >= 80, `${got.count} elementals' names`);
  assert.ok(got.width < 60, `a back-row slot is ${got.width} px wide`);
  assert.deepEqual(got.bad, []);
  // Tap-to-read stays: a unit on the board opens the card's detail with its whole name (the setup
  // answered until the formation holds one).
  await page.reload();
  await page.waitForFunction(() => window.sylvanTable?.catalog && Object.keys(window.sylvanTable.catalog).length && window.sylvanTable.msg);
  for (let k = 0; k < 20 && !(await page.locator('.unit:not(.empty)').count()); k++) {
    await page.waitForFunction(() => { const t = window.sylvanTable; return !t.pending && t.msg.to_move === t.msg.seat; });
    const st = await stateOf(page);
    await clickSomething(page, 0, 0);
    await page.waitForFunction(({ move, sel }) => window.sylvanTable.msg.move !== move || window.sylvanTable.sel.length !== sel, st);
  }
  const name = await page.evaluate(async () => {
    const n = document.querySelector('.unit:not(.empty)');
    const at = { bubbles: true, pointerType: 'touch', isPrimary: true };
    n.dispatchEvent(new PointerEvent('pointerdown', at));
    await new Promise((ok) => setTimeout(ok, 700));
    n.dispatchEvent(new PointerEvent('pointerup', at));
    n.click();
    return n.dataset.name.split(' (')[0];
  });
  await page.waitForSelector('dialog#detail[open]');
  assert.ok((await page.locator('dialog#detail .dtext').innerText()).includes(name), `the detail names ${name}`);
  await page.context().close();
});

// The spirit duel alone against the rulebook's Robot: the seat the game plays is named as a bot
// ("Bot 2", "Robot 2"), never as a person ("Player 2").
test('the spirit duel\'s solo Robot is named as a bot, in English and French', async () => {
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'spirit-duel', players: 2, options: ['solo=true'], seed: 4, seats: [{ kind: 'taken' }, { kind: 'open' }] }) });
  assert.equal(r.status, 201);
  const { seats, game } = await r.json();
  assert.equal(game.seats[1].kind, 'automated');
  for (const [code, bot, person] of [['en', 'Bot 2', 'Player 2'], ['fr', 'Robot 2', 'Joueur 2']]) {
    const page = await newPage(PHONE);
    await page.context().addInitScript((code) => localStorage.setItem('sylvan.lang', code), code);
    await page.goto(seats[0].link.startsWith('http') ? seats[0].link : `${base}${seats[0].link}`);
    await page.waitForFunction(() => window.sylvanTable?.summary && window.sylvanTable.msg && document.querySelector('#board'));
    const board = await page.locator('#board').innerText();
    assert.ok(board.includes(bot), `${code}: the Robot's seat reads ${bot}`);
    assert.ok(!board.includes(person), `${code}: no ${person}`);
    await page.context().close();
  }
});

// What a Mystic Vale board shows against the view it was drawn from: the draft table (every leader and
// amulet on it, clickable by its `take` notation), each leader on its card with its side, each amulet
// with its side, and each player's decay and growth as the rules count them (the view's `showing`).
const mvBoardProblems = (page) => page.evaluate(() => {
  const d = window.sylvanReplay;
  const v = d.view;
  const c = d.catalog;
  const out = [];
  const text = (sel) => document.querySelector(sel)?.textContent || '';
  if (v.draft) {
    for (const id of v.draft.leaders) {
      const el = document.querySelector(`.mv .draft [data-tok="take leader ${id}"]`);
      if (!el || !el.textContent.includes(c.leaders[id].name)) out.push(`draft leader ${id}`);
    }
    for (const id of v.draft.amulets) {
      const el = document.querySelector(`.mv .draft [data-tok="take amulet ${id}"]`);
      if (!el || !el.textContent.includes(c.amulets[id].name) || !el.textContent.includes(c.amulets[id].text)) out.push(`draft amulet ${id}`);
    }
  } else if (document.querySelector('.mv .draft')) out.push('a draft table after the draft');
  v.players.forEach((p, s) => {
    const box = document.querySelector(`.mv .mvplayer[data-seat="${s}"]`);
    if (!box) { out.push(`p${s} missing`); return; }
    const risk = box.querySelector('.risk')?.textContent || '';
    const m = risk.match(/(-?\d+) − \D+ (-?\d+) =/);
    if (!m || Number(m[1]) !== p.showing.decay || Number(m[2]) !== p.showing.growth) out.push(`p${s} decay/growth: ${risk}`);
    if (p.amulet != null && !box.querySelector('.phead .amulet')?.textContent.includes(c.amulets[p.amulet].name)) out.push(`p${s} amulet`);
    if (p.amulet == null && !box.querySelector('.phead .token')) out.push(`p${s} mana token`);
    const shown = [...(p.field || []), ...(p.on_deck != null ? [p.on_deck] : [])];
    if (p.leader && p.leader.id != null && shown.includes(p.leader.card)) {
      const card = box.querySelector(`.sleeve.leader[data-card="${p.leader.card}"]`);
      const face = c.leaders[p.leader.id]?.sides?.[p.leader.upgraded ? 1 : 0]?.text || '';
      if (!card || !card.textContent.includes(c.leaders[p.leader.id].name) || !card.textContent.includes(face)) out.push(`p${s} leader card`);
    }
    if (box.querySelectorAll('.sleeve').length !== shown.length) out.push(`p${s} cards drawn`);
  });
  if (v.spoil_risk != null && !text(`.mv .mvplayer[data-seat="${v.seat}"] .risk`).includes('%')) out.push('spoil risk');
  return out;
});

test('Mystic Vale\'s board draws the Essential Edition: draft table, leaders, amulets, the rules\' decay and growth', async () => {
  // A whole Essential Edition game from the terminal (the second action each time), uploaded.
  const file = path.join(dir, 'mv-essential.json');
  const played = spawnSync(BIN, ['play', 'mystic-vale', '-o', 'edition=essential', '-b', 'random', '--seed', '5', '-r', file], { input: '2\n'.repeat(5000), stdio: ['pipe', 'ignore', 'pipe'] });
  assert.equal(played.status, 0, String(played.stderr));
  const page = await newPage();
  await page.goto(`${base}/replay`);
  await page.setInputFiles('#file', { name: 'mv-essential.json', mimeType: 'application/json', buffer: readFileSync(file) });
  await page.waitForSelector('#pos');
  const total = Number((await page.locator('#pos').innerText()).split('/')[1]);
  assert.ok(total > 100, `${total} moves`);
  await replayTo(page, 0);
  assert.equal(await page.locator('.mv .draft [data-tok^="take leader"]').count(), 3, 'three leaders on a 2-player table');
  assert.equal(await page.locator('.mv .draft [data-tok^="take amulet"]').count(), 3, 'three amulets');
  assert.deepEqual(await mvBoardProblems(page), [], 'move 0');
  await page.screenshot({ path: path.join(ARTIFACTS, 'mystic-vale-draft.png'), fullPage: true });
  // Positions through the game, and the first where p0's leader card is in sight.
  let leaderSeen = null;
  for (let k = 1; k <= total; k += Math.max(1, Math.floor(total / 40))) {
    await replayTo(page, k);
    assert.deepEqual(await mvBoardProblems(page), [], `move ${k}`);
    if (leaderSeen === null && await page.locator('.mv .mvplayer[data-seat="0"] .sleeve.leader').count()) leaderSeen = k;
  }
  assert.ok(leaderSeen !== null, 'p0\'s leader card was drawn at some position');
  await replayTo(page, leaderSeen);
  await page.screenshot({ path: path.join(ARTIFACTS, 'mystic-vale-leader.png'), fullPage: true });
  await page.context().close();
});

// Issue 34: Mystic Vale's setup (the Essential Edition's draft of leaders and amulets, 3 players, then
// keeping or trading the amulet) at 1440×900 and 390×844: at each of one's own decisions, one's own
// area is in the first screen above the decision bar (on a desktop without scrolling), so is an offer
// of the draft table while drafting, and, when asked to keep or trade the amulet, the amulet itself
// with its text; the answers are a player's words, in English and French.
test('Mystic Vale\'s setup: your own area, the draft and your amulet in the first screen at both sizes; the answers in plain words', async () => {
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'mystic-vale', players: 3, options: ['edition=essential'], seed: 12,
      seats: [{ kind: 'taken' }, { kind: 'bot', spec: 'easy' }, { kind: 'bot', spec: 'easy' }] }) });
  assert.equal(r.status, 201);
  const { seats } = await r.json();
  const page = await newPage(DESKTOP);
  await page.goto(seats[0].link.startsWith('http') ? seats[0].link : `${base}${seats[0].link}`);
  const seen = { Draft: 0, AmuletTrade: 0 };
  for (let k = 0; k < 12; k++) {
    await page.waitForFunction(() => {
      const t = window.sylvanTable;
      return t?.msg && t.catalog && Object.keys(t.catalog).length && !t.pending && t.msg.to_move === t.msg.seat;
    }, null, { timeout: 60_000 });
    const phase = await page.evaluate(() => { const p = window.sylvanTable.msg.view.phase; return p && typeof p === 'object' ? Object.keys(p)[0] : p; });
    if (!(phase in seen)) break;
    seen[phase]++;
    for (const vp of [DESKTOP, PHONE]) {
      await page.setViewportSize(vp);
      await page.waitForTimeout(300);
      const where = `${phase}, ${vp.width}×${vp.height}`;
      const got = await page.evaluate(() => {
        const box = (n) => { if (!n) return null; const r = n.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
        return {
          me: box(document.querySelector('.mvplayer.me .phead')),
          bar: box(document.querySelector('#decision')),
          offers: [...document.querySelectorAll('.draft [data-tok].can')].map(box),
          amulet: box(document.querySelector('.mvplayer.me .amulet')),
          amuletText: document.querySelector('.mvplayer.me .amulet')?.innerText || '',
          scrollY, H: innerHeight, W: innerWidth,
          answers: [...document.querySelectorAll('#decision .answers button')].map((b) => b.innerText.trim()),
        };
      });
      const above = (b) => b && b.top >= 0 && b.bottom <= got.bar.top + 0.5 && b.left >= 0 && b.right <= got.W + 0.5;
      assert.ok(above(got.me), `${where}: one's own area ${JSON.stringify(got.me)} above the bar at ${got.bar.top}`);
      if (vp === DESKTOP) assert.ok(got.scrollY + got.me.bottom <= got.H, `${where}: one's own area in the first screen (scrolled ${got.scrollY})`);
      assert.deepEqual(await decisionProblems(page), [], where);
      if (phase === 'Draft') assert.ok(got.offers.some(above), `${where}: an offer of the draft table in sight`);
      if (phase === 'AmuletTrade') {
        assert.ok(above(got.amulet), `${where}: the amulet ${JSON.stringify(got.amulet)} in sight`);
        const { amulets } = await page.evaluate(() => window.sylvanTable.catalog);
        const mine = await page.evaluate(() => window.sylvanTable.msg.view.players[window.sylvanTable.msg.seat].amulet);
        assert.ok(got.amuletText.replace(/\s+/g, ' ').includes(amulets[mine].text.replace(/\s+/g, ' ')), `${where}: the amulet's text: ${got.amuletText}`);
        assert.deepEqual(got.answers, ['keep your amulet', 'trade your amulet for a regular mana token']);
      }
    }
    await page.setViewportSize(DESKTOP);
    if (phase === 'AmuletTrade') {
      await page.screenshot({ path: path.join(ARTIFACTS, 'mystic-vale-amulet-desktop-en.png') });
      await switchLang(page, 'fr');
      const answers = await page.locator('#decision .answers button').allInnerTexts();
      assert.deepEqual(answers.map((x) => x.trim()), ['garder votre amulette', 'échanger votre amulette contre un jeton Mana ordinaire']);
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(ARTIFACTS, 'mystic-vale-amulet-phone-fr.png') });
      await page.setViewportSize(DESKTOP);
      await switchLang(page, 'en');
    } else if (seen.Draft === 1) {
      await page.screenshot({ path: path.join(ARTIFACTS, 'mystic-vale-draft-3p-desktop-en.png') });
    }
    const st = await stateOf(page);
    // The first offer of the draft (by the board), or keeping the amulet (by the bar).
    await page.locator(phase === 'Draft' ? '.draft [data-tok].can' : '#decision .answers button').first().click();
    await page.waitForFunction((m) => window.sylvanTable.msg.move > m, st.move);
  }
  assert.equal(seen.Draft, 2, 'two picks of the draft');
  assert.equal(seen.AmuletTrade, 1, 'the amulet question');
  await page.context().close();
});

test('the French switch changes the interface and the card texts', async () => {
  const page = await newPage();
  const [link] = await createFromLobby(page, 'spirit-duel');
  await page.goto(`${base}${link}`);
  await page.waitForSelector('.hand .card .ctext');
  const text = () => page.evaluate(() => [...document.querySelectorAll('.hand .card .ctext')].map((n) => n.textContent).join('|'));
  const before = await text();
  assert.match(await page.locator('.bar').innerText(), /You are Player 1/);
  await page.selectOption('#lang', 'fr');
  await page.waitForFunction(() => document.querySelector('.bar').innerText.includes('Vous êtes Joueur 1'));
  // The card texts themselves (from the catalog), not only the interface's words, change.
  await page.waitForFunction((b) => [...document.querySelectorAll('.hand .card .ctext')].map((n) => n.textContent).join('|') !== b, before);
  assert.notEqual(await text(), before);
  // So do the server's words (the connection says hello again in French): the table as text, and the
  // hand still drawn from it.
  await page.waitForFunction(() => /Votre main/.test(window.sylvanTable?.msg?.text || ''));
  assert.ok(await page.locator('.hand .card').count() > 0, 'the hand is still drawn in French');
  await page.screenshot({ path: path.join(ARTIFACTS, 'spirit-duel-fr.png'), fullPage: true });
  // French typography in the interface's words: no plain space before « : ; ! ? », none after « and
  // before ».
  const words = async () => page.evaluate(() => [...document.querySelectorAll('.bar, #decision .dq, .info, .phead, .field label, h2, h3, small')]
    .map((n) => n.innerText).join('\n'));
  const plain = (s) => s.match(/.{0,20} [:;!?»].{0,10}|«[ ].{0,10}/g);
  assert.equal(plain(await words()), null);
  await page.goto(`${base}/`);
  await page.waitForSelector('#go');
  assert.match(await page.locator('#create').innerText(), /Nouvelle partie/);
  assert.equal(plain(await words()), null);
  await page.screenshot({ path: path.join(ARTIFACTS, 'lobby-fr.png'), fullPage: true });
  await page.context().close();
});

// Issue 35: the page knows no language by hand. Its menu is the server's list (`GET /api/i18n`: each
// language of the engine's list, named in itself from its `locale.ftl`; the pseudo-locale only once
// chosen), and the chosen locale's code goes to the server as it is: in the connection's `hello` and
// in the `?lang=` of the game's requests. A third language is a folder and one line on the server.
test('the language menu lists the server\'s locales in their own names and sends the chosen code as is', async () => {
  const { locales } = await (await fetch(`${base}/api/i18n`)).json();
  const real = locales.filter((l) => !l.pseudo);
  assert.ok(real.length >= 2 && locales.some((l) => l.pseudo), JSON.stringify(locales));
  const page = await newPage();
  const menu = () => page.evaluate(() => [...document.querySelectorAll('#lang option')]
    .map((o) => ({ code: o.value, name: o.textContent, lang: o.lang, selected: o.selected })));
  const [link] = await createFromLobby(page, 'spirit-duel');
  assert.deepEqual((await menu()).map(({ code, name, lang }) => ({ code, name, lang })),
    real.map((l) => ({ code: l.code, name: l.name, lang: l.code })));
  // What the page sends: each `hello` and each `?lang=` it asks with.
  const hellos = [];
  const asked = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => {
    try { const m = JSON.parse(f.payload); if (m.type === 'hello') hellos.push(m.lang); } catch { /* not JSON */ }
  }));
  page.on('request', (r) => { const l = new URL(r.url()).searchParams.get('lang'); if (l) asked.push(l); });
  await page.goto(`${base}${link}`);
  await page.waitForFunction(() => window.sylvanTable?.msg && window.sylvanTable.catalog);
  assert.deepEqual(hellos, [real[0].code]);
  for (const l of [...real.slice(1), real[0]]) {
    await switchLang(page, l.code);
    assert.equal(hellos.at(-1), l.code, `${l.code}: ${hellos}`);
    assert.equal(asked.at(-1), l.code, `${l.code}: ${asked}`);
    assert.equal((await menu()).find((o) => o.selected)?.code, l.code);
  }
  // The pseudo-locale: offered once chosen (`?lang=en-XA`), named as the server names it, sent as it is.
  const pseudo = locales.find((l) => l.pseudo);
  hellos.length = 0;
  const [path, hash] = link.split('#');
  await page.goto(`${base}${path}?lang=${encodeURIComponent(pseudo.code)}#${hash}`);
  await page.waitForFunction((code) => document.documentElement.lang === code && window.sylvanTable?.msg, pseudo.code);
  assert.deepEqual(hellos, [pseudo.code]);
  const shown = await menu();
  assert.deepEqual(shown.map((o) => o.code), [...real.map((l) => l.code), pseudo.code]);
  assert.equal(shown.at(-1).name, pseudo.name);
  assert.ok(shown.at(-1).selected);
  // The server answers it in pseudo-English (the table as text), so hard-coded text stands out.
  await page.waitForFunction(() => /[ȧḗīǿŭ]/.test(window.sylvanTable?.msg?.text || ''));
  await page.context().close();
});

test('the lobby: typed widgets, presets, an error kept next to its field; readable and fitting at both sizes', async () => {
  const page = await newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#go');
  // The registry's kinds: a switch, a number with its range, a list of choices.
  await page.selectOption('#g', 'mystic-vale');
  assert.equal(await page.locator('[data-opt="buy_vp"]').getAttribute('role'), 'switch');
  assert.equal(await page.locator('[data-opt="leaders"]').evaluate((n) => n.tagName), 'SELECT');
  await page.selectOption('#g', 'command-of-nature');
  assert.equal(await page.locator('[data-opt="turn_limit"]').getAttribute('max'), '100000');
  // No command-line words or ruling codes in the help.
  assert.doesNotMatch(await page.locator('#form').innerText(), /`|-o |EN:\d|ruling C\d|sylvan cards/);
  // A preset fills the game, players and options.
  const preset = await page.locator('#preset option').evaluateAll((os) => os.find((o) => /2 against 2/.test(o.textContent))?.value);
  await page.selectOption('#preset', preset);
  assert.equal(await page.locator('#players').inputValue(), '4');
  assert.ok(await page.locator('[data-opt="teams"]').isChecked());
  // A number out of range: the error stays next to its field until the field changes.
  await page.click('details.options summary');
  await page.fill('[data-opt="turn_limit"]', '0');
  await page.click('#go');
  const err = page.locator('[data-field="turn_limit"] .err');
  await err.waitFor();
  await page.waitForTimeout(5500);
  assert.ok(await err.isVisible(), 'the error is still shown');
  assert.match(await err.innerText(), /1 to 100000/);
  await page.fill('[data-opt="turn_limit"]', '5');
  assert.ok(!(await err.isVisible()), 'the error goes once the field changes');
  for (const [size, vp] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await page.setViewportSize(vp);
    for (const code of ['en', 'fr']) {
      await page.selectOption('#lang', code);
      await page.waitForSelector('#go');
      await page.waitForFunction(() => document.querySelectorAll('#games li, #games').length);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `lobby overflows (${size}, ${code})`);
      await page.screenshot({ path: path.join(ARTIFACTS, `lobby-${size}-${code}.png`), fullPage: true });
    }
  }
  await page.selectOption('#lang', 'en');
  await page.waitForSelector('#go');
  assert.deepEqual(await axeProblems(page), [], 'the lobby');
  assert.equal((await fetch(`${base}/favicon.ico`)).status, 200, 'favicon');
  await page.context().close();
});

// Issue 34: the lobby's list options (Mystic Vale's card sets, Equinox's champions) are chips named in
// the page's language, never codes; a game is created with exactly the ones ticked, and a pick of the
// wrong size is refused next to its field.
test('the lobby picks card sets and champions by name, and the game has the ones picked', async () => {
  const page = await newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#go');
  const chips = (name) => page.locator(`[data-opt="${name}"] label.chip`).evaluateAll((ls) => ls.map((l) => ({
    name: l.innerText.trim(), value: l.querySelector('input').value, checked: l.querySelector('input').checked, fixed: l.querySelector('input').disabled })));
  await page.selectOption('#g', 'mystic-vale');
  const sets = await chips('sets');
  assert.deepEqual(sets.map((c) => c.name).slice(0, 4), ['Base game', 'Vale of Magic', 'Vale of the Wild', 'Mana Storm']);
  assert.deepEqual(sets[0], { name: 'Base game', value: 'base', checked: true, fixed: true }, 'the base game is always in');
  await page.selectOption('#g', 'equinox');
  const champions = await chips('champions');
  assert.equal(champions.length, 14);
  assert.ok(champions.some((c) => c.name === 'Ursus') && champions.every((c) => !c.checked), JSON.stringify(champions));
  // No code is shown: every chip's text is a name, not its value.
  for (const c of [...sets.slice(0, 4), ...champions]) assert.notEqual(c.name, c.value);
  assert.doesNotMatch(await page.locator('#form').innerText(), /\b(gru|lic|urs|pel|manastorm)\b|base,|codes?\b/);
  // French names.
  // The lobby is drawn again once the French words are loaded: the old form's button must not be taken
  // for the new one's.
  await page.selectOption('#lang', 'fr');
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  await page.waitForSelector('#go');
  await page.selectOption('#g', 'mystic-vale');
  // The form is drawn again in French once the catalog arrives: wait for it, not for the old form.
  // (A chip, not its absence while the form is redrawn: a missing chip is not a French one.)
  await page.waitForFunction(() => {
    const chip = document.querySelector('[data-opt="sets"] label.chip');
    return !!chip && chip.innerText.trim() !== 'Base game';
  }, null, { timeout: 30_000 }).catch(() => {});
  assert.equal((await chips('sets'))[0]?.name, 'Jeu de base');
  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.waitForSelector('#go');
  await page.screenshot({ path: path.join(ARTIFACTS, 'lobby-pickers-desktop-en.png'), fullPage: true });
  // On a phone the chips wrap under their label, and the help keeps the width of the form.
  await page.setViewportSize(PHONE);
  await page.selectOption('#g', 'equinox');
  const box = (sel) => page.locator(sel).evaluate((n) => { const r = n.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, width: r.width }; });
  const [label, chipsBox, help] = [await box('[data-field="champions"] .label'), await box('[data-opt="champions"]'), await box('#opt-champions-help')];
  assert.ok(label.bottom <= chipsBox.top + 1, `the label sits above the chips: ${JSON.stringify([label, chipsBox])}`);
  assert.ok(help.width > 300, `the help is as wide as the form: ${help.width}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the pickers fit a phone');
  await page.screenshot({ path: path.join(ARTIFACTS, 'lobby-pickers-phone-en.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);

  // Mystic Vale with the base game and Vale of the Wild, from the chips.
  await createFromLobby(page, 'mystic-vale', { options: { sets: 'base,wild' } });
  const mvId = (await page.locator('.seat-link').first().getAttribute('href')).match(/\/play\/([^#]+)/)[1];
  const mv = await (await fetch(`${base}/api/games/${mvId}`)).json();
  assert.equal(mv.options.sets, 'base,wild', JSON.stringify(mv.options));

  // Equinox: 7 champions are refused next to the field; the 8th makes a game with them, in the listed order.
  await page.goto(`${base}/`);
  await page.waitForSelector('#go');
  await page.selectOption('#g', 'equinox');
  await page.evaluate(() => { document.querySelector('details.options').open = true; });
  const picked = ['Lichen', 'Griso', 'Le Duc', 'Bolet', 'Rainette', 'Plume de velours', 'Ursus', 'Le Pèlerin'];
  for (const name of picked.slice(0, 7)) await page.locator('[data-opt="champions"] label.chip', { hasText: name }).click();
  assert.match(await page.locator('[data-field="champions"] .count').innerText(), /7 of 8/);
  await page.click('#go');
  const err = page.locator('[data-field="champions"] .err');
  await err.waitFor();
  assert.match(await err.innerText(), /exactly 8/);
  await page.locator('[data-opt="champions"] label.chip', { hasText: 'Le Pèlerin' }).click();
  assert.ok(!(await err.isVisible()), 'the error goes once the pick changes');
  await page.click('#go');
  await page.waitForSelector('.seat-link');
  const eqId = (await page.locator('.seat-link').first().getAttribute('href')).match(/\/play\/([^#]+)/)[1];
  const eq = await (await fetch(`${base}/api/games/${eqId}`)).json();
  const codes = champions.filter((c) => picked.includes(c.name)).map((c) => c.value);
  assert.equal(codes.length, 8);
  assert.deepEqual(JSON.stringify(eq.options.champions).match(/[a-z]+/gi).map((x) => x.toLowerCase()).filter((x) => codes.includes(x)), codes,
    JSON.stringify(eq.options));
  await page.context().close();
});

// ---------------------------------------------------------------- sweeps: no hard-coded words (issue 35)

// The visible text of the page: each text node shown (not hidden, not in a closed <details>, not in
// the language picker, whose entries are each language's own name), plus the words users meet outside
// text nodes (placeholders, tooltips, accessible names).
const visibleTexts = (page) => page.evaluate(() => {
  const out = [];
  const shown = (el) => {
    // The live region repeats, for screen readers, what the page shows (its own words are the
    // catalog's `your_turn_q` and `game_over`), and keeps a past question until the next news.
    if (el.closest('script, style, #lang, #live, [hidden], template')) return false;
    // A name a person typed for their seat is theirs, in no language of ours.
    if (el.closest('.username')) return false;
    const d = el.closest('details');
    if (d && !d.open && !el.closest('summary')) return false;
    const r = el.getBoundingClientRect();
    return (r.width > 0 || r.height > 0) && getComputedStyle(el).visibility !== 'hidden';
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.replace(/\s+/g, ' ').trim();
    if (text && n.parentElement && shown(n.parentElement)) out.push(text);
  }
  for (const el of document.querySelectorAll('[placeholder], [aria-label], button[title], a[title]')) {
    if (!shown(el)) continue;
    for (const a of ['placeholder', 'aria-label', 'title']) if (el.getAttribute(a)) out.push(el.getAttribute(a).trim());
  }
  out.push(document.title);
  return out;
});

// THE ALLOW-LIST: text the browser shows that the game crates write, not yet on catalogs (issue 35's
// remainder: Mystic Vale, Command of Nature and the spirit duel, and the server's words). Read from
// the page's own data, as the page shows it (seats as names):
// - the game's card catalog (card names, texts, codes: "card names and numbers excepted");
// - the legal actions' descriptions and notations (the engine's `describe`);
// - the log's events and the table as text (the question line of Equinox and Command of Nature);
// - the score breakdown (rows, notes, the reason the game ended) and the hint's description;
// - the rules dialog's table of notations.
const gameWords = (page) => page.evaluate(() => {
  const t = window.sylvanTable;
  const out = [];
  const named = (x) => (t ? t.named(String(x)) : String(x));
  const walk = (x) => {
    if (typeof x === 'string') out.push(named(x));
    else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) { out.push(k); walk(v); }
  };
  // The lobby's named choices (card sets, creatures) are the games' own words, said by the server.
  for (const el of document.querySelectorAll('fieldset.chips label.chip')) out.push(el.textContent.trim());
  if (!t) return out;
  walk(t.catalog);
  for (const a of t.msg?.legal || []) out.push(named(a.description || ''), a.notation, t.describe(a));
  for (const g of t.log) for (const e of g.events) out.push(named(e));
  out.push(...String(t.msg?.text || '').split('\n').flatMap((l) => [named(l), ...named(l).split(' — ')]));
  walk(t.breakdown);
  if (t.advice) out.push(named(t.advice.description || ''), t.advice.notation || '');
  // The rules dialog's table of every notation (`/api/games/{id}/help`: the engine's words).
  for (const td of document.querySelectorAll('dialog.help .helptable td')) out.push(td.textContent.trim());
  return out;
});

// A text with its runs of white space (no-break spaces included) as one space, as the page is read.
const squash = (x) => String(x).replace(/\s+/g, ' ').trim();

// The words of a text in plain ASCII letters (2 or more), leaving out notations and ids (`c3`, `gru7`,
// `1.2`, `I1`: any token with a digit) and addresses (the seats' links).
const plainWords = (text) => text.replace(/\bhttps?:\/\/\S+/g, ' ').split(/[\s·—–,;:!?()[\]«»"“”/+=→↶✦★⚑☠●|…]+/)
  .filter((w) => !/\d/.test(w)).flatMap((w) => w.match(/[A-Za-z]{2,}/g) || []);

// In the pseudo-locale: the visible texts with plain words that no game crate wrote (see the
// allow-list above).
async function notPseudo(page) {
  const texts = await visibleTexts(page);
  const game = (await gameWords(page)).map(squash);
  const gameWordSet = new Set(game.flatMap(plainWords));
  return [...new Set(texts.filter((x) => {
    const words = plainWords(x);
    if (!words.length) return false;
    if (game.some((g) => g.includes(x))) return false;
    return !words.every((w) => gameWordSet.has(w));
  }))];
}

// The English catalog's words that are not French: each word of a text part of `/api/i18n/en` that no
// message of `/api/i18n/fr` uses (so "Mystic Vale", "Options", "Sage" stay allowed).
async function englishOnlyWords() {
  const words = async (code) => {
    const { messages } = await (await fetch(`${base}/api/i18n/${code}`)).json();
    const out = new Set();
    const walk = (x) => {
      if (typeof x === 'string') for (const w of x.match(/[\p{L}'’]+/gu) || []) out.add(w.toLowerCase());
      else if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') { if (x.variants) x.variants.forEach((v) => walk(v.parts)); }
    };
    Object.values(messages).forEach(walk);
    return out;
  };
  const [en, fr] = [await words('en'), await words('fr')];
  return new Set([...en].filter((w) => !fr.has(w) && w.length >= 3 && /^[a-z]+$/.test(w)));
}

// In French: the visible texts holding a word of the English catalog (outside the game crates' card
// names and texts, where the French books name no French card: `fr: none`, and the rules dialog's
// table of typed notations).
async function englishInFrench(page, english) {
  const texts = await visibleTexts(page);
  const game = (await page.evaluate(() => {
    const t = window.sylvanTable;
    const out = [];
    const walk = (x) => { if (typeof x === 'string') out.push(x); else if (x && typeof x === 'object') Object.values(x).forEach(walk); };
    walk(t?.catalog);
    // The rules dialog's table of notations: typed commands, described by the game crates.
    for (const td of document.querySelectorAll('dialog.help .helptable td')) out.push(td.textContent);
    return out;
  })).map(squash);
  // Card names (and other catalog text) may sit inside a French line ("Robot 2 achète Field of Flowers"
  // for a card with no French source): they are cut out before the line's own words are checked.
  const names = [...new Set(game)].filter((g) => g.length >= 3).sort((a, b) => b.length - a.length);
  return [...new Set(texts.filter((x) => {
    const own = names.reduce((rest, g) => (rest.includes(g) ? rest.split(g).join(' ') : rest), x);
    // Words only: a token with a digit is an id or a notation (the lobby's game id `4add97d2…` holds
    // no word "add"), as `plainWords` has it.
    const hits = (own.replace(/\bhttps?:\/\/\S+/g, ' ').match(/[\p{L}\p{N}'’]+/gu) || [])
      .filter((w) => !/\p{N}/u.test(w) && english.has(w.toLowerCase()));
    if (!hits.length) return false;
    return !game.some((g) => g.includes(x));
  }))];
}

const SWEEP_GAMES = {
  equinox: { seats: ['me', 'bot:easy'] },
  'mystic-vale': {},
  'spirit-duel': {},
  'command-of-nature': { options: { turn_limit: '6' } },
};

for (const [code, viewport] of [['en-XA', DESKTOP], ['fr', PHONE]]) {
  for (const [i, game] of GAMES.entries()) {
    test(`${game} in ${code}: a whole game shows no ${code === 'fr' ? 'English word of the catalog' : 'text that is not pseudo-localized'}`, async () => {
      const page = await newPage(viewport);
      await page.context().addInitScript((code) => localStorage.setItem('sylvan.lang', code), code);
      const english = code === 'fr' ? await englishOnlyWords() : null;
      const problems = async () => [...await (code === 'fr' ? englishInFrench(page, english) : notPseudo(page)),
        ...(await shownNotations(page)).map((x) => `a typed notation: ${x}`)];
      const [link] = await createFromLobby(page, game, SWEEP_GAMES[game]);
      assert.deepEqual(await problems(), [], `${code} lobby`);
      await page.goto(`${base}${link}`);
      await page.waitForFunction(() => window.sylvanTable?.catalog && Object.keys(window.sylvanTable.catalog).length && window.sylvanTable.logReady);
      let swept = -1;
      let shot = false;
      await playByClicking(page, rng(2000 + i), {
        onState: async (st) => {
          if (!st.mine || st.over || st.move === swept) return;
          swept = st.move;
          assert.deepEqual(await problems(), [], `${code}, move ${st.move}`);
          if (!shot && st.move >= 6) {
            shot = true;
            await page.screenshot({ path: path.join(ARTIFACTS, `${game}-${code === 'fr' ? 'phone' : 'desktop'}-${code}-sweep.png`) });
          }
        },
      });
      await page.waitForSelector('#end');
      await page.waitForFunction(() => window.sylvanTable.breakdown !== undefined && window.sylvanTable.analysis !== 'loading', null, { timeout: 90_000 });
      assert.deepEqual(await problems(), [], `${code}, the end`);
      await page.screenshot({ path: path.join(ARTIFACTS, `${game}-end-${code}.png`), fullPage: true });
      // The rules dialog, then its table of typed notations (closed until asked for).
      await page.click('#help');
      await page.waitForSelector('dialog.help .helptable', { state: 'attached' });
      assert.deepEqual(await problems(), [], `${code}, the rules`);
      await page.click('dialog.help .notations summary');
      await page.waitForSelector('dialog.help .helptable');
      assert.deepEqual(await problems(), [], `${code}, the rules' notations`);
      await page.context().close();
    });
  }
}

// The board's target matching knows no game's verbs: an element is the target of every legal action
// whose notation names it (today's `ability c7`, `claim 1.2`, and a `use c7 2` naming its source card).
test('a board element is the target of every action whose notation names it', async () => {
  const page = await newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#go');
  const cases = [
    ['ability c7', { tok: 'c7' }, true],
    ['use c7 2', { tok: 'c7' }, true],
    ['use c7:2', { tok: 'c7' }, true],
    ['use c7.top 1', { tok: 'c7' }, true],
    ['use c70 2', { tok: 'c7' }, false],
    ['use c7 2', { tok: 'c7 top' }, false],
    ['ability p1 c7 top', { tok: 'p1 c7' }, true],
    // Cyrilla's choice of another seat's card: one's own card 7 (seat 0) is not its target, player 1's is.
    ['ability p1 c7 top', { tok: 'c7 top', seat: '0' }, false],
    ['ability p1 c7 top', { tok: 'c7', seat: '0' }, false],
    ['ability p1 c7 top', { tok: 'p1 c7 top', seat: '1' }, true],
    ['ability p0 c7 top', { tok: 'c7 top', seat: '0' }, true],
    ['ability c7', { tok: 'c7', seat: '0' }, true],
    ['use c7 2', { tok: 'c7', seat: '0' }, true],
    ['claim 1.2', { tok: '1.2' }, true],
    ['claim 1.2', { tok: 'buy 1.2' }, false],
    ['claim soil.top', { tok: 'soil.top' }, true],
    ['vale 1.2', { tok: '1.2', not: 'vale' }, false],
    ['aim I1', { tok: 'I1', not: 'aim' }, false],
    ['aim I1', { tok: 'aim I1' }, true],
    ['play cam7>gru', { tok: 'gru' }, true],
    ['play gru7', { tok: 'gru' }, false],
  ];
  const got = await page.evaluate(async (cases) => {
    const { hasTok } = await import('/web/app.js');
    return cases.map(([notation, entry]) => hasTok({ notation }, { not: '', ...entry }));
  }, cases);
  assert.deepEqual(got, cases.map((c) => c[2]), cases.map((c, k) => `${c[0]} ~ ${c[1].tok}: ${got[k]}`).join('\n'));
  // On a board: a Mystic Vale field's slot takes its seat from the player's area it sits in, so
  // Cyrilla's `ability p1 c7 top` (player 1's card 7) reaches player 1's card, not one's own card 7.
  const board = await page.evaluate(async () => {
    const { hasTok, entriesOf } = await import('/web/app.js');
    const box = document.createElement('div');
    box.innerHTML = `<div class="mvplayer me" data-seat="0"><div class="slot" data-tok="c7 top"></div></div>
      <div class="mvplayer opp" data-seat="1"><div class="slot" data-tok="p1 c7 top"></div></div>`;
    const [mine, theirs] = [...box.querySelectorAll('.slot')].map(entriesOf);
    const reaches = (notation, es) => es.some((e) => hasTok({ notation }, e));
    return {
      mineOther: reaches('ability p1 c7 top', mine), theirsOther: reaches('ability p1 c7 top', theirs),
      mineOwn: reaches('ability p0 c7 top', mine), theirsOwn: reaches('ability p0 c7 top', theirs),
    };
  });
  assert.deepEqual(board, { mineOther: false, theirsOther: true, mineOwn: true, theirsOwn: false });
  await page.context().close();
});

// Mystic Vale's order of a card's "when played" abilities (`resolve top`, `resolve middle`): nothing in the
// notation names the card, so the card's own slots must answer, each the ability it holds, and no other
// card's. A real position of a finished game (one's own field at a Planting step), put in that phase.
test('Mystic Vale: the order of a card\'s "when played" abilities is answered by the card\'s slots', async () => {
  const file = path.join(dir, 'mv-order.json');
  const played = spawnSync(BIN, ['play', 'mystic-vale', '-b', 'random', '--seed', '3', '-r', file], { input: '1\n'.repeat(3000) });
  assert.equal(played.status, 0, String(played.stderr));
  const record = readFileSync(file);
  let step;
  for (let k = 1; k < 200 && !step; k++) {
    const res = await fetch(`${base}/api/replay?seat=0&upto=${k}`, { method: 'POST', body: record, headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 200, `replay step ${k}`);
    const d = await res.json();
    if (d.view.current === 0 && (d.view.players[0].field || []).length >= 2) step = d;
  }
  assert.ok(step, 'a Planting step of seat 0 with two cards in the field');
  const page = await newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#go');
  const got = await page.evaluate(async (d) => {
    const { boards } = await import('/web/boards.js');
    const { hasTok, entriesOf } = await import('/web/app.js');
    const { t } = await import('/web/i18n.js');
    const [card, other] = d.view.players[0].field;
    const view = { ...d.view, phase: { Order: { card, pending: 3, prep: false } } };
    const box = document.createElement('div');
    box.innerHTML = boards['mystic-vale'](view, { seat: 0, catalog: {}, t, over: false, toMove: 0, legal: [], who: (s) => `P${s}`, question: '' });
    const reach = (notation) => [...box.querySelectorAll('[data-tok]')]
      .filter((n) => entriesOf(n).some((e) => hasTok({ notation }, e))).map((n) => n.dataset.key);
    return { card, other, top: reach('resolve top'), middle: reach('resolve middle') };
  }, step);
  assert.deepEqual(got.top, [`p0c${got.card}top`], JSON.stringify(got));
  assert.deepEqual(got.middle, [`p0c${got.card}middle`], JSON.stringify(got));
  await page.context().close();
});

// The win-probability chart marks every seat that decided, one that decided only once included (a line
// of one point draws nothing).
test('the win chart shows a mark for each seat that decided, even once', async () => {
  const page = await newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#go');
  const sizes = await page.evaluate(async () => {
    const { winChart } = await import('/web/app.js');
    const box = document.createElement('div');
    box.innerHTML = winChart({ moves: 20, decisions: [{ seat: 0, move: 3, before: 0.4 },
      { seat: 1, move: 4, before: 0.5 }, { seat: 1, move: 9, before: 0.7 }] });
    document.body.append(box);
    const out = [...box.querySelectorAll('.winline')].map((n) => { const r = n.getBoundingClientRect(); return [n.dataset.seat, r.width > 0 && r.height > 0]; });
    box.remove();
    return out;
  });
  assert.deepEqual(sizes, [['0', true], ['1', true]]);
  await page.context().close();
});

// ---------------------------------------------------------------- no id on the board (issue 34)

// The ids a newcomer must never meet, per game: the notation's words for cards, slots and positions
// (Mystic Vale's `c17`, `v38`, market `1.2`; Equinox's `bol3`; Command of Nature's slots `III1` and
// market places `e1`/`c1`, sides counted from 0), seats written `p0`, and every card code of the game's catalog (Equinox's
// creatures `gru`, the spirit duel's `bond`, Command of Nature's `acorn-squire`), matched as whole
// words with their case.
const ID_PATTERNS = {
  'mystic-vale': ['\\bc\\d+\\b', '\\bv\\d+\\b', '(^|[^\\w.])\\d+\\.\\d+($|[^\\w.])', '\\bsoil\\.(top|middle|bottom)\\b'],
  equinox: ['\\b[a-z]{3}\\d+\\b'],
  'spirit-duel': [],
  'command-of-nature': ['\\b(I|II|III)\\d\\b', '\\b[ec]\\d\\b', '\\b([Ss]ide|[Cc]amp) 0\\b'],
};

// The visible texts of the board, the question and its answers, the log, the end panel and the hint
// that show an id: `text` (where).
const idsShown = (page, game) => page.evaluate(([game, patterns]) => {
  const data = window.sylvanTable || window.sylvanReplay;
  const catalog = data?.catalog || {};
  const codes = new Set();
  if (game === 'equinox') for (const c of Object.values(catalog.cards || {})) if (c.creature) codes.add(c.creature);
  if (game === 'spirit-duel') for (const k of ['spirits', 'abilities']) for (const c of Object.keys(catalog[k] || {})) codes.add(c);
  if (game === 'command-of-nature') for (const c of Object.keys(catalog.cards || {})) codes.add(c);
  const res = [...patterns, '\\bp\\d\\b'].map((p) => new RegExp(p));
  const word = /[\p{L}\d-]+/gu;
  const out = [];
  const shown = (el) => {
    if (el.closest('[hidden], details:not([open]) > :not(summary)')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  for (const scope of document.querySelectorAll('#board, #decision .dq, #decision .answers, #log, #end, #advice')) {
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.nodeValue.replace(/\s+/g, ' ').trim();
      if (!text || !n.parentElement || !shown(n.parentElement)) continue;
      const hit = res.find((re) => re.test(text)) || (text.match(word) || []).find((w) => codes.has(w));
      if (hit) {
        const el = n.parentElement;
        out.push(`"${text}" (${el.tagName.toLowerCase()}.${[...el.classList].join('.')} in ${el.closest('[class]:not(span):not(b):not(small)')?.className || scope.id})`);
      }
    }
  }
  return [...new Set(out)];
}, [game, ID_PATTERNS[game]]);

// Whole games from the terminal (random bots), each uploaded to the replay viewer and stepped through
// at both sizes: no visible text of any game's board (nor of its log) shows an id.
const ID_GAMES = [
  { game: 'equinox', args: ['-p', '3'] },
  { game: 'mystic-vale', args: ['-o', 'edition=essential'] },
  { game: 'mystic-vale', args: ['-o', 'sets=all', '-o', 'leaders=choose', '-o', 'amulets=random'] },
  { game: 'spirit-duel', args: [] },
  { game: 'command-of-nature', args: ['-p', '4'] },
  { game: 'command-of-nature', args: [] },
];

test('no board of any game shows an id, at either size (replays of whole games)', async () => {
  const page = await newPage();
  const found = [];
  for (const [k, { game, args }] of ID_GAMES.entries()) {
    const file = path.join(dir, `ids-${k}.json`);
    // The terminal's seat answers with the 1st to 4th action, at random.
    const random = rng(40 + k);
    const input = Array.from({ length: 8000 }, () => String(1 + Math.floor(random() * 4))).join('\n');
    const played = spawnSync(BIN, ['play', game, ...args, '-b', 'random', '--seed', String(40 + k), '-r', file], { input, stdio: ['pipe', 'ignore', 'pipe'] });
    assert.equal(played.status, 0, `${game} ${args.join(' ')}: ${played.stderr}`);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${base}/replay`);
    await page.setInputFiles('#file', { name: `${game}.json`, mimeType: 'application/json', buffer: readFileSync(file) });
    await page.waitForSelector('#pos');
    const total = Number((await page.locator('#pos').innerText()).split('/')[1]);
    for (const vp of [DESKTOP, PHONE]) {
      await page.setViewportSize(vp);
      // Some 30 positions through the game, and its end (the score breakdown's notes).
      const at = [];
      for (let m = 0; m < total; m += Math.max(1, Math.floor(total / 30))) at.push(m);
      for (const m of [...at, total]) {
        await replayTo(page, m);
        for (const x of await idsShown(page, game)) found.push(`${game} ${args.join(' ')} ${vp.width}px move ${m}: ${x}`);
        // The replay viewer never overflows sideways either.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        if (wide > 0) found.push(`${game} ${args.join(' ')} ${vp.width}px move ${m}: ${wide} px of horizontal overflow`);
      }
    }
  }
  assert.deepEqual([...new Set(found.map((x) => x.replace(/ move \d+/, '')))].slice(0, 60), []);
  await page.context().close();
});

// Issue 34's "done means" on a phone: every card can be read in full (a long press on a card that a
// tap would play, a tap on one that nothing can be done with), the tab title says whose turn it is,
// and what the bot did is seen: its move is the marked entry of the log, the live region names it,
// and what it changed on the board is outlined.
test('on a phone a newcomer reads any card in full and sees what the bot did', async () => {
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => { throw e; });
  const [link] = await createFromLobby(page, 'spirit-duel');
  await page.goto(`${base}${link}`);
  await page.waitForFunction(() => window.sylvanTable?.catalog && Object.keys(window.sylvanTable.catalog).length && window.sylvanTable.logReady);
  const read = async (sel, touch) => {
    const before = await stateOf(page);
    const want = await page.evaluate(async ([sel, touch]) => {
      const n = document.querySelector(sel);
      const { abilities = {}, spirits = {} } = window.sylvanTable.catalog;
      const text = Object.values({ ...abilities, ...spirits }).find((c) => c.name === n.dataset.name)?.text;
      const at = { bubbles: true, pointerType: 'touch', isPrimary: true };
      if (touch) {
        n.dispatchEvent(new PointerEvent('pointerdown', at));
        await new Promise((ok) => setTimeout(ok, 700));
        n.dispatchEvent(new PointerEvent('pointerup', at));
      }
      n.click();
      return text;
    }, [sel, touch]);
    assert.ok(want, `the catalog text of ${sel}`);
    await page.waitForSelector('dialog#detail[open]');
    assert.ok((await page.locator('dialog#detail .dtext').innerText()).replace(/\s+/g, ' ').includes(want.replace(/\s+/g, ' ')), 'the whole text');
    const after = await stateOf(page);
    assert.equal(after.move, before.move, 'reading a card plays nothing');
    assert.equal(after.sel, 0, 'reading a card selects nothing');
    await page.click('dialog#detail .close');
    await page.waitForSelector('dialog#detail[open]', { state: 'detached' }).catch(() => {});
    assert.ok(!(await page.evaluate(() => document.querySelector('dialog#detail')?.open)), 'the dialog closes');
  };
  await page.waitForFunction(() => window.sylvanTable.msg.to_move === window.sylvanTable.msg.seat);
  assert.match(await page.title(), /Your turn/);
  // The spirit duel asks an attacked player even with no Défense to pay (ruling SD-6): answer such
  // questions until a hand card can be played.
  for (let i = 0; i < 12 && !(await page.locator('#board .hand .card.can').count()); i++) {
    const { move } = await stateOf(page);
    await page.locator('#decision button.choice').first().click();
    await page.waitForFunction((m) => window.sylvanTable.msg.move > m && window.sylvanTable.msg.to_move === window.sylvanTable.msg.seat, move, { timeout: 60_000 });
  }
  await page.waitForSelector('#board .hand .card.can');
  await read('#board .hand .card.can', true);
  // Play on until a bot's move changed something on the board.
  let seen = null;
  let last = -1;
  await playByClicking(page, rng(77), {
    onState: async (st) => {
      if (seen || !st.mine || st.sel || st.move === last) return;
      last = st.move;
      const got = await page.evaluate(() => ({
        changed: document.querySelectorAll('#board .changed').length,
        logged: document.querySelector('#log .turn.lastother .turnhead')?.textContent || '',
        live: document.getElementById('live')?.textContent || '',
        title: document.title,
      }));
      if (got.changed && got.logged) seen = got;
    },
  });
  assert.ok(seen, 'a bot\'s move was outlined on the board');
  assert.match(seen.logged, /Bot 2/, 'the last entry by the bot is marked in the log');
  assert.match(seen.live, /Bot 2/, 'the live region names the bot');
  assert.match(seen.title, /Your turn/);
  // Once the game is over nothing can be played: a tap reads a card.
  await page.waitForSelector('#end');
  assert.equal(await page.locator('#board .card.can').count(), 0);
  await read('#board .card', false);
  await context.close();
});

// A seat link with its token in the query (the server's links put it in the fragment, never sent): the
// page plays the seat and moves the token to the fragment, so that a reload does not send it again.
test('a token in the query plays the seat and moves to the fragment', async () => {
  const page = await newPage(PHONE);
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'equinox', players: 2, seats: [{ kind: 'taken', name: 'Ann' }, { kind: 'bot', spec: 'easy' }] }) });
  assert.equal(r.status, 201);
  const { id, seats } = await r.json();
  const token = new URL(seats[0].link, base).hash.replace('#token=', '');
  await page.goto(`${base}/play/${id}?token=${token}`);
  await page.waitForFunction(() => window.sylvanTable?.msg);
  const { seat, search, hash } = await page.evaluate(() => ({ seat: window.sylvanTable.msg.seat, search: location.search, hash: location.hash }));
  assert.deepEqual({ seat, search, hash }, { seat: 0, search: '', hash: `#token=${token}` });
  await page.reload();
  await page.waitForFunction(() => window.sylvanTable?.msg);
  assert.equal(await page.evaluate(() => window.sylvanTable.msg.seat), 0);
  await page.context().close();
});
