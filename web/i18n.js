// The interface's words in English and French. Card names and texts come from the server's catalog.
const S = {
  lobby: ['Lobby', 'Salon'],
  replays: ['Replays', 'Parties rejouées'],
  new_game: ['New game', 'Nouvelle partie'],
  games: ['Games', 'Parties'],
  loading: ['Loading…', 'Chargement…'],
  game: ['Game', 'Jeu'],
  players: ['Players', 'Joueurs'],
  seats: ['Seats', 'Places'],
  seat_me: ['Me', 'Moi'],
  seat_open: ['Open (another person)', 'Libre (une autre personne)'],
  seat_taken: ['a person', 'une personne'],
  seat_automated: ['played by the game', 'jouée par le jeu'],
  seat_bot: ['bot', 'robot'],
  bot: ['Bot', 'Robot'],
  easy: ['easy', 'facile'],
  medium: ['medium', 'moyen'],
  hard: ['hard', 'difficile'],
  expert: ['expert', 'expert'],
  random: ['random', 'au hasard'],
  colon: [':', ' :'],
  percent: ['{0}%', '{0} %'],
  hints_for_all: ['Hints for everybody', 'Conseils pour tous'],
  hints_help: ['Every seat may ask the analysis bot for a hint; whoever joins agrees. Without it, only a seat playing against bots only gets hints.', 'Chaque place peut demander un conseil au robot d’analyse ; qui rejoint la partie l’accepte. Sinon, seule une place qui ne joue que contre des robots reçoit des conseils.'],
  hint: ['Hint', 'Conseil'],
  thinking: ['The analysis bot is thinking…', 'Le robot d’analyse réfléchit…'],
  hint_says: ['The analysis bot would play:', 'Le robot d’analyse jouerait :'],
  win_chance: ['estimated chance to win {0}%', 'chances de gagner estimées à {0} %'],
  play_it: ['Play it', 'Le jouer'],
  analysing: ['Analysing the game…', 'Analyse de la partie…'],
  win_chart: ['Win probability', 'Probabilité de gagner'],
  win_chart_help: ['The analysis bot’s estimate at each decision of each seat, from that seat’s view only (a short search: a rough guide).', 'L’estimation du robot d’analyse à chaque décision de chaque place, depuis ce que voit cette place seulement (une recherche courte : un ordre d’idée).'],
  partial_analysis: ['the analysis stopped before the end (time limit)', 'l’analyse s’est arrêtée avant la fin (limite de temps)'],
  ph_setup: ['Setup', 'Mise en place'],
  ph_over: ['Game over', 'Partie terminée'],
  ph_predict: ['Phase 1: prediction', 'Phase 1 : prédiction'],
  ph_play: ['Phase 2: playing a card', 'Phase 2 : jouer une carte'],
  ph_prep: ['Prep phase', 'Phase de préparation'],
  ph_planting: ['Planting phase', 'Phase de plantation'],
  ph_harvest: ['Harvest phase', 'Phase de récolte'],
  ph_discard: ['Discard phase', 'Phase de défausse'],
  ph_combat: ['Combat phase', 'Phase de combat'],
  ph_defend: ['Defence against an attack', 'Défense contre une attaque'],
  ph_daybreak: ['Phase I: daybreak', 'Phase I : aube'],
  ph_actions: ['Phase II: actions', 'Phase II : actions'],
  ph_market: ['Phase III: markets', 'Phase III : marchés'],
  ph_reset: ['Phase IV: reset', 'Phase IV : remise à zéro'],
  create: ['Create the game', 'Créer la partie'],
  created: ['Game created:', 'Partie créée :'],
  links_private: ['Each link plays its seat: keep yours, send the others.', 'Chaque lien joue sa place : gardez le vôtre, envoyez les autres.'],
  copy: ['Copy', 'Copier'],
  watch_link: ['Spectators', 'Spectateurs'],
  no_games: ['No games yet.', 'Aucune partie pour l’instant.'],
  status: ['Status', 'État'],
  move: ['Move', 'Coup'],
  open: ['open', 'ouverte'],
  running: ['running', 'en cours'],
  finished: ['finished', 'terminée'],
  join: ['Join', 'Rejoindre'],
  watch: ['Watch', 'Regarder'],
  replay: ['Replay', 'Revoir'],
  game_over: ['Game over', 'Partie terminée'],
  your_turn: ['Your turn', 'À vous de jouer'],
  waiting_for: ['Waiting for {0}', 'En attente de {0}'],
  spectator: ['Spectator', 'Spectateur'],
  you_are: ['You are {0}', 'Vous êtes {0}'],
  undo: ['Undo', 'Annuler'],
  undone: ['An action was taken back.', 'Une action a été annulée.'],
  rules: ['Rules', 'Règles'],
  log: ['What happened', 'Ce qui s’est passé'],
  as_text: ['The table as text', 'La table en texte'],
  nothing_yet: ['Nothing yet.', 'Rien pour l’instant.'],
  selected: ['Selected', 'Choisi'],
  click_hint: ['Click a highlighted card or place, or choose:', 'Cliquez une carte ou une case en surbrillance, ou choisissez :'],
  all_actions: ['All legal actions', 'Toutes les actions permises'],
  final_score: ['Final score', 'Score final'],
  winners: ['Winner(s)', 'Gagnant(s)'],
  total: ['Total', 'Total'],
  upload_hint: ['Open a game record (the JSON that `sylvan replay` reads), or pick a finished game.', 'Ouvrez un enregistrement de partie (le JSON que lit `sylvan replay`), ou choisissez une partie terminée.'],
  finished_games: ['Finished games', 'Parties terminées'],
  view_of: ['Seen by', 'Vue de'],
  hand: ['Hand', 'Main'],
  deck: ['Deck', 'Pioche'],
  discard: ['Discard', 'Défausse'],
  round: ['Round', 'Manche'],
  phase: ['Phase', 'Phase'],
  stones: ['stones', 'cailloux'],
  predictions: ['Predictions', 'Prédictions'],
  secret: ['Secret prediction', 'Prédiction secrète'],
  hidden: ['hidden', 'cachée'],
  cards: ['cards', 'cartes'],
  row: ['Row', 'Rangée'],
  worth: ['worth {0}', 'vaut {0}'],
  field: ['Field', 'Champ'],
  on_deck: ['On deck', 'Sur la pioche'],
  mana: ['Mana', 'Mana'],
  spirits: ['Spirits', 'Esprits'],
  decay: ['Decay', 'Pourriture'],
  growth: ['Growth', 'Croissance'],
  spoil_risk: ['4 spoil: field and on-deck card, each growth cancels one decay', '4 gâtent : champ et carte sur la pioche, chaque croissance annule une pourriture'],
  token: ['spirit token active', 'jeton Esprit actif'],
  token_help: ['Turned active after spoiling', 'Activé après avoir gâté'],
  commons: ['Advancements', 'Améliorations'],
  vales: ['Vales', 'Vallons'],
  vp_pool: ['VP pool', 'Réserve de PV'],
  vp: ['VP', 'PV'],
  soil: ['Fertile soil', 'Sol fertile'],
  level: ['Level', 'Niveau'],
  empty: ['empty', 'vide'],
  team: ['Team', 'Équipe'],
  pm: ['PM', 'PM'],
  pv: ['PV', 'PV'],
  power: ['power', 'puissance'],
  critical: ['critical', 'critique'],
  weakness: ['weak to', 'faiblesse'],
  attack: ['Attack in progress', 'Attaque en cours'],
  attacked: ['attacked this turn', 'a attaqué ce tour'],
  cut: ['damage cut by {0}', 'dégâts réduits de {0}'],
  in_play: ['In play, then to the discard pile', 'En jeu, puis vers la défausse'],
  top_card: ['top', 'dessus'],
  partner_hand: ['Your partner\'s hand', 'Main de votre coéquipier'],
  die: ['Die', 'Dé'],
  day: ['Day', 'Jour'],
  night: ['Night', 'Nuit'],
  exhausted: ['exhausted', 'épuisé'],
  charged: ['charged', 'chargé'],
  opponent: ['Opponent', 'Adversaire'],
  you: ['You', 'Vous'],
  gold: ['gold', 'or'],
  ap: ['AP', 'PA'],
  sage: ['Sage', 'Sage'],
  markets: ['Markets', 'Marchés'],
  elemental_market: ['Elemental market', 'Marché élémentaire'],
  command_market: ['Command market', 'Marché de commandement'],
  strength: ['strength', 'force'],
  health: ['health', 'vie'],
  damage: ['damage', 'dégâts'],
  legend: ['Legend', 'Légende'],
  shield: ['shield', 'bouclier'],
  boost: ['boost', 'bonus'],
  side: ['Side', 'Camp'],
  question: ['Decision', 'Décision'],
  turn: ['Turn', 'Tour'],
  tokens: ['Tokens', 'Jetons'],
  scores: ['Scores', 'Scores'],
  aside: ['Set aside', 'Mises de côté'],
  top: ['top', 'haut'],
  middle: ['middle', 'milieu'],
  bottom: ['bottom', 'bas'],
  animal: ['animal', 'animal'],
  forest: ['forest', 'forêt'],
  sky: ['sky', 'ciel'],
  wild: ['wild', 'sauvage'],
  any: ['any', 'au choix'],
  notations: ['Every action, as typed in the terminal', 'Chaque action, telle qu’on la tape au terminal'],
};

const KEY = 'sylvan.lang';
let current = localStorage.getItem(KEY) || ((navigator.language || 'en').toLowerCase().startsWith('fr') ? 'fr' : 'en');

/** The language in use: `en` or `fr`. */
export function lang() { return current; }

/** Switches the language (remembered in this browser). */
export function setLang(l) {
  current = l === 'fr' ? 'fr' : 'en';
  localStorage.setItem(KEY, current);
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

/** The interface string `key`, with `{0}`, `{1}`... filled from `args`. */
export function t(key, ...args) {
  const pair = S[key];
  let s = pair ? pair[current === 'fr' ? 1 : 0] : key;
  args.forEach((a, i) => { s = s.replace(`{${i}}`, a); });
  return current === 'fr' ? frenchTypography(s) : s;
}

const NAMES = {
  equinox: ['Equinox', 'Equinox'],
  'mystic-vale': ['Mystic Vale', 'Mystic Vale'],
  'spirit-duel': ['The spirit duel', 'Le duel des esprits'],
  'command-of-nature': ['Command of Nature', 'Command of Nature'],
};

/** A game's name as players know it. */
export function gameName(name) {
  const p = NAMES[name];
  return p ? p[current === 'fr' ? 1 : 0] : name;
}
