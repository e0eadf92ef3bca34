// Rules help: a short summary of each game in English and French (the play page adds every action
// notation with what it does, from the engine).
import { esc } from './boards.js';
import { frenchTypography, gameName } from './i18n.js';

const HELP = {
  equinox: {
    en: ['Five rounds (rulebook: equinox.fr.txt). On your turn: (1) you may place a prediction stone on a creature in the current row, or make your one secret prediction with a creature card (worth 5 if the creature survives); (2) play a creature card in its column, a chameleon, or a tree, or pass only if you cannot play; (3) discard up to 3 cards of eliminated creatures; (4) the creature played may use its power; (5) when every column of the current row still in play is filled and exactly one card is the weakest, that creature is eliminated and the round ends. Taking the last card of the pile ends the game at once. Each stone on a creature still in play scores its row’s worth (4, 3, 2, 1, 0); ties go to a secret prediction, then to stones in row 1, 2…'],
    fr: ['Cinq manches. À votre tour : (1) posez éventuellement un caillou de prédiction sur une créature de la rangée actuelle, ou faites votre unique prédiction secrète avec une carte Créature (5 PP si la créature survit) ; (2) jouez une carte Créature dans sa colonne, un Caméléon ou un Arbre, ou passez seulement si vous ne pouvez pas jouer ; (3) défaussez jusqu’à 3 cartes de créatures éliminées ; (4) la créature jouée peut activer son pouvoir ; (5) quand toutes les colonnes encore en jeu de la rangée actuelle sont occupées et qu’une seule carte est la plus faible, sa créature est éliminée et la manche prend fin. Prendre la dernière carte de la pioche termine aussitôt la partie. Chaque caillou sur une créature encore en jeu rapporte la valeur de sa rangée (4, 3, 2, 1, 0) ; égalité : prédiction secrète, puis cailloux de la rangée 1, 2…'],
  },
  'mystic-vale': {
    en: ['Plant cards from your deck into your field until you stop or spoil (4 or more decay symbols on your field and on-deck card, each growth cancelling one, spoil the turn: no harvest). Then harvest: spend mana on advancements (sleeved into your cards’ empty top, middle or bottom slots) and spirit symbols on vales. VP come from VP tokens, cards and vales. The game ends after the round in which the VP pool runs out.'],
    fr: ['Plantez des cartes de votre pioche dans votre champ jusqu’à vous arrêter ou gâter (4 symboles de pourriture ou plus sur votre champ et la carte sur la pioche, chaque croissance en annulant un, gâtent le tour : pas de récolte). Puis récoltez : dépensez le mana en améliorations (glissées dans les emplacements vides haut, milieu ou bas de vos cartes) et les symboles d’esprit en vallons. Les PV viennent des jetons, des cartes et des vallons. La partie s’arrête après la manche où la réserve de PV s’épuise.'],
  },
  'spirit-duel': {
    en: ['Two teams of spirits fight (day and night alternate). On your turn spend PM (magic points) to play ability cards: attacks against an enemy spirit, supports, or a spirit’s own attack (which exhausts it); you may recycle one card a turn. The defender may answer an attack with a defence card or take it. An element the target is critical to hits harder, one it resists softens. Some cards roll the die. The game ends when every spirit of one side is destroyed, when a side’s pile runs out a second time, or after round 8.'],
    fr: ['Deux équipes d’Esprits s’affrontent (jour et nuit alternent). À votre tour, dépensez des PM pour jouer des cartes : attaques contre un Esprit adverse, soutiens, ou l’attaque propre d’un Esprit (qui l’épuise) ; vous pouvez recycler une carte par tour. Le défenseur répond par une carte Défense ou subit l’attaque. Un élément critique pour la cible frappe plus fort, un élément qu’elle supporte moins. Certaines cartes lancent le dé. La partie s’arrête quand tous les Esprits d’un camp sont détruits, quand la pioche d’un camp s’épuise une deuxième fois, ou après la manche 8.'],
  },
  'command-of-nature': {
    en: ['Each side has a Sage and a formation in rows I (front), II and III. On your turn you buy at the elemental market (warriors) and the command market (attacks, defences, utilities) with gold, summon warriors into your formation and play commands with your action points; units attack enemy units within their reach. Each unit shows its strength, health left, damage, boosts and shields. The side whose Sage falls loses.'],
    fr: ['Chaque camp a un Sage et une formation en rangées I (avant), II et III. À votre tour, vous achetez au marché élémentaire (guerriers) et au marché de commandement (attaques, défenses, utilitaires) avec votre or, invoquez des guerriers dans votre formation et jouez des commandements avec vos points d’action ; les unités attaquent les unités ennemies à leur portée. Chaque unité montre sa force, sa vie restante, ses dégâts, bonus et boucliers. Le camp dont le Sage tombe perd.'],
  },
};

/** The rules help of `game` in `lang`, as HTML. */
export function rulesHelp(game, lang) {
  const h = HELP[game]?.[lang === 'fr' ? 'fr' : 'en'];
  if (!h) return `<p>${esc(game)}</p>`;
  const [summary] = h;
  const how = lang === 'fr'
    ? 'Cliquez ce sur quoi une action agit (une carte, puis une case) ; la liste des actions permises reste disponible sous le plateau. Survolez ou touchez une carte pour son texte complet.'
    : 'Click what an action acts on (a card, then a place); the list of legal actions stays available below the board. Hover or tap a card for its full text.';
  const typo = lang === 'fr' ? frenchTypography : (x) => x;
  return `<h2>${esc(gameName(game))}</h2><p>${esc(typo(summary))}</p><p><i>${esc(typo(how))}</i></p>`;
}
