// The interface's words: the messages of web/i18n/<locale>/web.ftl (Project Fluent), served by the
// server as plain parts (`GET /api/i18n/{locale}`) and formatted here: text, `{ $var }`, and selects on
// a variable (an exact value, else the number's plural category by `Intl.PluralRules`, else the
// default). Card names and texts come from the server's game catalogs.

const KEY = 'sylvan.lang';

// The locales the server offers (`GET /api/i18n`): each language of the engine's list with its name
// in itself and how it writes (`typography`, from its `locale.ftl`), then the pseudo-locale `en-XA`
// (`pseudo`: accented English, for finding hard-coded text). The page knows no language by hand.
let offered = [];
let current = null;
let messages = {};
let plurals = new Intl.PluralRules('en');
const PLAIN = { decimal: '.', percent: '%', sign_space: ' ', space_before: [], quotes: [] };
let typo = PLAIN;

/** The locales the server offers, in order: `{ code, name, pseudo, lang, typography }`. */
export function locales() { return offered; }

/** The locale in use: a code of [`locales`] (`en`, `fr`, `en-XA`…), sent to the server as it is. */
export function lang() { return current; }

const known = (code) => offered.find((l) => l.code === code);

// The locale asked for (`?lang=`), else the one remembered, else the browser's first language the
// server offers (by its code, then its language's), else the server's first (English).
function initial() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked && known(asked)) { localStorage.setItem(KEY, asked); return asked; }
  const stored = localStorage.getItem(KEY);
  if (stored && known(stored)) return stored;
  const real = offered.filter((l) => !l.pseudo);
  for (const want of navigator.languages?.length ? navigator.languages : [navigator.language || '']) {
    const w = String(want).toLowerCase();
    const hit = real.find((l) => l.code.toLowerCase() === w) || real.find((l) => l.code.toLowerCase() === w.split('-')[0]);
    if (hit) return hit.code;
  }
  return real[0]?.code || offered[0]?.code || 'en';
}

/** Loads the offered locales, then the messages of the locale in use (call before drawing anything). */
export async function loadWords() {
  if (!offered.length) {
    try {
      const r = await fetch('/api/i18n');
      offered = (await r.json()).locales || [];
    } catch { /* no list: the ids stay visible, a missing catalog is seen at once */ }
  }
  if (current === null || !known(current)) current = initial();
  const code = current;
  try {
    const r = await fetch(`/api/i18n/${encodeURIComponent(code)}`);
    const body = await r.json();
    if (code === current && body.messages) messages = body.messages;
  } catch { /* the ids stay visible: a missing catalog is seen at once */ }
  const l = known(code);
  typo = { ...PLAIN, ...(l?.typography || {}) };
  try { plurals = new Intl.PluralRules(l?.lang || code); } catch { plurals = new Intl.PluralRules('en'); }
}

/** Switches the locale (remembered in this browser) and loads its messages. */
export async function setLang(l) {
  current = known(l) ? l : (offered.find((x) => !x.pseudo)?.code || l);
  localStorage.setItem(KEY, current);
  await loadWords();
}

/**
 * A text in the typography of the locale in use (the engine's `Lang::typeset`, from its `locale.ftl`):
 * its `sign_space` before the signs of `space_before` and inside its `quotes`, replacing a plain space
 * there or added where a word ends right on the sign; a sign glued to a word gets its space only when
 * a space or the end follows it, so `12:30` and addresses stay as they are. Then a number's `%` is
 * written as the locale's `percent` (French `41 %`). Unchanged in English.
 */
export function typeset(s) {
  const text = String(s);
  const { sign_space: space, space_before: before, quotes, percent } = typo;
  const [open, close] = quotes.length === 2 ? quotes : [null, null];
  let out = text;
  if (before.length || open) {
    const chars = [...text];
    out = '';
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      const next = chars[i + 1];
      const prev = out.slice(-1);
      if (before.includes(c) || c === close) {
        const ends = c === close || next === undefined || /\s/.test(next) || next === '`' || next === "'";
        if (prev === ' ') out = out.slice(0, -1) + space;
        else if (prev && ends && prev !== space && prev !== '\n' && prev !== '`' && !before.includes(prev)) out += space;
        out += c;
      } else if (c === ' ' && open && prev === open) {
        out += space;
      } else if (c === open) {
        out += c;
        if (next !== undefined && next !== ' ' && next !== space) out += space;
      } else {
        out += c;
      }
    }
  }
  return percent === '%' ? out : out.replace(/(\d)[ \u00a0\u202f]?%/g, `$1${percent}`);
}

/** A number as the locale in use writes it (its decimal separator: `2.5`, in French `2,5`). */
export function number(n) {
  const s = String(n);
  return typo.decimal === '.' ? s : s.replace('.', typo.decimal);
}

/** Whether the catalog has a message `key` (else a caller falls back to the server's words). */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

function format(parts, args) {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'string') out += p;
    else if (p.var != null) { const v = args[p.var]; out += typeof v === 'number' ? number(v) : (v ?? ''); }
    else if (p.select != null) {
      const v = args[p.select];
      const vs = p.variants;
      const pick = vs.find((x) => x.key === String(v))
        || (typeof v === 'number' ? vs.find((x) => x.key === plurals.select(v)) : null)
        || vs.find((x) => x.default) || vs[0];
      if (pick) out += format(pick.parts, args);
    }
  }
  return out;
}

/** The message `key` formatted with the named arguments `args` (`t('player_n', { n: 2 })`). */
export function t(key, args = {}) {
  const parts = messages[key];
  if (!parts) return key;
  return typeset(format(parts, args));
}

/** A game's name as players know it. */
export function gameName(name) {
  return has(`game_${name}`) ? t(`game_${name}`) : name;
}
