// The interface's words: the messages of web/i18n/<locale>/web.ftl (Project Fluent), served by the
// server as plain parts (`GET /api/i18n/{locale}`) and formatted here: text, `{ $var }`, and selects on
// a variable (an exact value, else the number's plural category by `Intl.PluralRules`, else the
// default). Card names and texts come from the server's game catalogs.

const KEY = 'sylvan.lang';
/** The locales the interface offers (`en-XA`: the pseudo-locale, for finding hard-coded text). */
export const LOCALES = ['en', 'fr', 'en-XA'];

function initial() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked && LOCALES.includes(asked)) { localStorage.setItem(KEY, asked); return asked; }
  const stored = localStorage.getItem(KEY);
  if (LOCALES.includes(stored)) return stored;
  return (navigator.language || 'en').toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

let current = initial();
let messages = {};
let plurals = new Intl.PluralRules('en');

/** The locale in use: `en`, `fr` or `en-XA`. */
export function lang() { return current; }

/** The language the server's words come in (the game crates know `en` and `fr`). */
export function serverLang() { return current === 'fr' ? 'fr' : 'en'; }

/** Loads the messages of the locale in use (call before drawing anything). */
export async function loadWords() {
  const code = current;
  try {
    const r = await fetch(`/api/i18n/${encodeURIComponent(code)}`);
    const body = await r.json();
    if (code === current && body.messages) messages = body.messages;
  } catch { /* the ids stay visible: a missing catalog is seen at once */ }
  plurals = new Intl.PluralRules(code === 'en-XA' ? 'en' : code);
}

/** Switches the locale (remembered in this browser) and loads its messages. */
export async function setLang(l) {
  current = LOCALES.includes(l) ? l : 'en';
  localStorage.setItem(KEY, current);
  await loadWords();
}

/**
 * French typography: a no-break space before `:`, a narrow no-break space before `;`, `!`, `?` and
 * `%`, and no-break spaces inside « ». Plain spaces there are replaced; none is added where a word
 * touches the sign (`12:30`, an address).
 */
export function frenchTypography(s) {
  return String(s)
    .replace(/ :/g, '\u00a0:')
    .replace(/ ([;!?%])/g, '\u202f$1')
    .replace(/« ?/g, '«\u00a0')
    .replace(/ ?»/g, '\u00a0»');
}

/** Whether the catalog has a message `key` (else a caller falls back to the server's words). */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

function format(parts, args) {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'string') out += p;
    else if (p.var != null) out += args[p.var] ?? '';
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
  const s = format(parts, args);
  return current === 'fr' ? frenchTypography(s) : s;
}

/** A game's name as players know it. */
export function gameName(name) {
  return has(`game_${name}`) ? t(`game_${name}`) : name;
}
