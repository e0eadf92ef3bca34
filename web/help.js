// Rules help: a short summary of each game, from the catalog (the play page adds every action notation
// with what it does, from the engine).
import { esc } from './boards.js';
import { t, has, gameName } from './i18n.js';

/** The rules help of `game` in the page's language, as HTML. */
export function rulesHelp(game) {
  if (!has(`help_${game}`)) return `<h2>${esc(gameName(game))}</h2>`;
  return `<h2>${esc(gameName(game))}</h2><p>${esc(t(`help_${game}`))}</p><p><i>${esc(t('help_how'))}</i></p>`;
}
