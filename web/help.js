// Rules help: a short summary of each game and what its actions do, in English and French.
import { esc } from './boards.js';

const HELP = {
  equinox: {
    en: ['Five rounds. Each turn: (1) you may place a prediction stone on a creature of the current row, or make your one secret prediction with a creature card; (2) play a card from your hand into its creature’s column (chameleons on any creature of the row, trees for their effect) or pass; (3) discard down; the creature played may use its power. At the end of each round the weakest creature of the row is eliminated. At the end, each stone on a surviving creature scores its row’s worth (4, 3, 2, 1, 0); secret predictions score more.',
      [['predict CRE', 'a stone on creature CRE in the current row'], ['secret CARD', 'secret prediction with a creature card'], ['play CARD', 'play a card in its column'], ['play camN>CRE', 'a chameleon on CRE'], ['pass', 'play no card'], ['discard CARD / done', 'phase 3'], ['use / decline', 'the creature’s power'], ['stone rN CRE, take rN CRE, retrieve …, target pN, ask pN CRE, give CARD, bolet CRE, swap, remove, name', 'powers: click the cell, player or column']]],
    fr: ['Cinq manches. À chaque tour : (1) posez éventuellement un caillou de prédiction sur une créature de la rangée actuelle, ou faites votre unique prédiction secrète avec une carte Créature ; (2) jouez une carte dans la colonne de sa créature (caméléons sur n’importe quelle créature de la rangée, arbres pour leur effet) ou passez ; (3) défaussez ; la créature jouée peut activer son pouvoir. En fin de manche, la créature la plus faible de la rangée est éliminée. À la fin, chaque caillou sur une créature survivante rapporte la valeur de sa rangée (4, 3, 2, 1, 0) ; les prédictions secrètes rapportent plus.',
      [['predict CRE', 'un caillou sur la créature CRE de la rangée actuelle'], ['secret CARTE', 'prédiction secrète avec une carte Créature'], ['play CARTE', 'jouer une carte dans sa colonne'], ['play camN>CRE', 'un caméléon sur CRE'], ['pass', 'ne jouer aucune carte'], ['discard CARTE / done', 'phase 3'], ['use / decline', 'le pouvoir de la créature'], ['stone, take, retrieve, target, ask, give, bolet, swap, remove, name', 'pouvoirs : cliquez la case, le joueur ou la colonne']]],
  },
  'mystic-vale': {
    en: ['Plant cards from your deck into your field until you stop or spoil (4 or more decay symbols on your field and on-deck card, each growth cancelling one, spoil the turn: no harvest). Then harvest: spend mana on advancements (sleeved into your cards’ empty top, middle or bottom slots) and spirit symbols on vales. VP come from VP tokens, cards and vales. The game ends after the round in which the VP pool runs out.',
      [['plant / stop', 'turn the on-deck card into your field, or stop'], ['buy L.K / buy soil.SLOT', 'buy an advancement (then choose a card of your field)'], ['buy L.K on cN', 'buy and sleeve onto field card N'], ['vale L.K', 'buy a vale with spirits'], ['use vN', 'use a vale ability'], ['done', 'end the phase']]],
    fr: ['Plantez des cartes de votre pioche dans votre champ jusqu’à vous arrêter ou gâter (4 symboles de pourriture ou plus sur votre champ et la carte sur la pioche, chaque croissance en annulant un, gâtent le tour : pas de récolte). Puis récoltez : dépensez le mana en améliorations (glissées dans les emplacements vides haut, milieu ou bas de vos cartes) et les symboles d’esprit en vallons. Les PV viennent des jetons, des cartes et des vallons. La partie s’arrête après la manche où la réserve de PV s’épuise.',
      [['plant / stop', 'planter la carte sur la pioche, ou s’arrêter'], ['buy N.K / buy soil.EMPL', 'acheter une amélioration'], ['buy N.K on cN', 'acheter et glisser sur la carte N du champ'], ['vale N.K', 'acheter un vallon avec des esprits'], ['use vN', 'utiliser un vallon'], ['done', 'finir la phase']]],
  },
  'spirit-duel': {
    en: ['Two teams of spirits fight over eight rounds (day and night alternate). On your turn spend PM (magic points) to play ability cards: attacks against an enemy spirit, supports on your own, or your spirit’s own attack (which exhausts it). The defender may answer with a defence card. Power against a spirit’s critical element hits harder; its weakness softens. Some cards roll the die. A team whose spirits are all knocked out loses; otherwise PV decide.',
      [['attack CARD SPIRIT', 'attack card against an enemy spirit'], ['strike SPIRIT TARGET', 'your spirit’s own attack'], ['support CARD [SPIRIT]', 'support card'], ['recycle CARD', 'card under your pile, draw (once a turn)'], ['defend CARD / take', 'answer an attack'], ['end', 'end your turn']]],
    fr: ['Deux équipes d’Esprits s’affrontent en huit manches (jour et nuit alternent). À votre tour, dépensez des PM pour jouer des cartes : attaques contre un Esprit adverse, soutiens sur les vôtres, ou l’attaque propre d’un Esprit (qui l’épuise). Le défenseur peut répondre par une carte Défense. Les éléments critiques renforcent, les faiblesses atténuent. Certaines cartes lancent le dé. Une équipe dont tous les Esprits sont à terre perd ; sinon les PV décident.',
      [['attack CARTE ESPRIT', 'carte Attaque contre un Esprit adverse'], ['strike ESPRIT CIBLE', 'l’attaque propre de votre Esprit'], ['support CARTE [ESPRIT]', 'carte Soutien'], ['recycle CARTE', 'sous la pioche, piocher (une fois par tour)'], ['defend CARTE / take', 'répondre à une attaque'], ['end', 'finir le tour']]],
  },
  'command-of-nature': {
    en: ['Each side has a Sage and a formation of rows I (front, 1 slot), II (2) and III (3). Turns go through phases: gain gold and action points, buy from the elemental (warriors) and command markets, summon warriors into free slots, play commands, then fight: units attack enemy slots they can reach. Damage stays until healed; boosts add strength; shields absorb a hit. Defeat the enemy Sage to win.',
      [['buy eN / cN, buy+ …', 'buy from a market (and place)'], ['summon CARD', 'summon a warrior, then pick a slot'], ['play CARD / instant CARD', 'play a command'], ['aim SLOT / pick SLOT', 'choose a target or a slot'], ['swap A B, refill A B', 'move units'], ['sell, discard, refresh, faction, amount, draw, done', 'the other decisions']]],
    fr: ['Chaque camp a un Sage et une formation en rangées I (avant, 1 case), II (2) et III (3). Le tour passe par des phases : or et points d’action, achats aux marchés élémentaire (guerriers) et de commandement, invocation dans les cases libres, commandements, puis combat : les unités attaquent les cases ennemies qu’elles atteignent. Les dégâts restent ; les bonus ajoutent de la force ; les boucliers absorbent un coup. Battez le Sage adverse pour gagner.',
      [['buy eN / cN, buy+ …', 'acheter au marché (et placer)'], ['summon CARTE', 'invoquer un guerrier, puis choisir une case'], ['play CARTE / instant CARTE', 'jouer un commandement'], ['aim CASE / pick CASE', 'choisir une cible ou une case'], ['swap A B, refill A B', 'déplacer des unités'], ['sell, discard, refresh, faction, amount, draw, done', 'les autres décisions']]],
  },
};

/** The rules help of `game` in `lang`, as HTML. */
export function rulesHelp(game, lang) {
  const h = HELP[game]?.[lang === 'fr' ? 'fr' : 'en'];
  if (!h) return `<p>${esc(game)}</p>`;
  const [summary, actions] = h;
  const how = lang === 'fr'
    ? 'Cliquez ce sur quoi une action agit (une carte, puis une case) ; la liste des actions permises reste disponible sous le plateau. Survolez ou touchez une carte pour son texte complet.'
    : 'Click what an action acts on (a card, then a place); the list of legal actions stays available below the board. Hover or tap a card for its full text.';
  return `<h2>${esc(game)}</h2><p>${esc(summary)}</p><p><i>${esc(how)}</i></p>
    <table class="helptable">${actions.map(([n, d]) => `<tr><td><code>${esc(n)}</code></td><td>${esc(d)}</td></tr>`).join('')}</table>`;
}
