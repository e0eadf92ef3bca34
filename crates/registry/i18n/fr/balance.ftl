# Le résumé du laboratoire d'équilibrage (`sylvan balance`). $a et $b : la valeur d'un bras avec son
# intervalle ; $diff : la différence B − A avec son intervalle, ou rien ; $what : le nom d'une mesure
# (celles du laboratoire, ci-dessous, ou une statistique du jeu, donnée du jeu).

balance-identical = A et B ont donné des parties identiques dans { $games ->
    [one] la seule paire
   *[other] les { $games } paires
} : rien n'a changé.
balance-over = Sur { $games ->
    [one] { $games } partie appariée
   *[other] { $games } parties appariées
}, { $flagged } { $tested ->
    [one] mesure sur { $tested } a changé
   *[other] mesures sur { $tested } ont changé
} au-delà du bruit (taux de fausses découvertes de 5 %).
balance-sentence = { $what } { $change ->
    [rise] monte de { $a } sous A à { $b } sous B
    [fall] descend de { $a } sous A à { $b } sous B
   *[same] vaut { $a } sous A, { $b } sous B
}{ $diff }
balance-diff = {" "}({ $d }{ $share ->
    [yes] {" "}points
   *[no] {""}
} [{ $lo } ; { $hi }])
balance-diff-bare = {" "}({ $d }{ $share ->
    [yes] {" "}points
   *[no] {""}
})
balance-flagged = { $sentence }.
balance-more = … et { $n ->
    [one] { $n } autre mesure changée
   *[other] { $n } autres mesures changées
} dans les tableaux ci-dessous.
balance-verdict = { $sentence } : { $changed ->
    [yes] changé
   *[no] inchangé, dans le bruit
}.
balance-arms = { $what } { $a } sous A, { $b } sous B{ $diff }{ $changed ->
    [yes] {" "}(changé)
   *[no] {""}
}
balance-ends = Parties terminées par : { $ends }.
balance-ladder = Classement (cotes de Bradley-Terry, échelle Elo, moyenne 0) : { $bots }.
balance-cell = { $row } : { $column }
balance-metric-all-games = toutes les parties
balance-metric-first-seat = taux de victoire du premier joueur
balance-metric-length = coups par partie
balance-metric-spread = écart des scores (meilleur - pire)
balance-metric-winning-score = score du vainqueur
balance-metric-mean-score = score moyen
balance-metric-draws = taux d'égalités
balance-metric-win-rate = taux de victoire
balance-metric-rating = cote (Bradley-Terry, échelle Elo)
balance-metric-seat = place { $seat }

# Noms des statistiques de conception (tables, lignes et colonnes des `DesignerStats` de chaque jeu et
# celles du moteur), par le nom anglais qu'elles enregistrent : `stat-<nom en minuscules, suites
# d'autres caractères en un tiret>` ; un nom avec un nombre (`after round 3`, `4 players`) est le
# message du nom sans lui, avec $n. Un nom sans message (le nom d'une carte) s'affiche tel qu'enregistré.
stat-end-triggers = fins de partie
stat-share-of-games-ended = part des parties terminées
stat-drawn = piochée
stat-drawn-in-game = piochée dans la partie
stat-improvement-when-drawn-same-game = gain quand piochée (même partie)
stat-win-rate-drew-it = taux de victoire, l'a piochée
stat-win-rate-did-not-draw-it = taux de victoire, ne l'a pas piochée
stat-cards-drawn-improvement-when-drawn = cartes piochées : gain quand piochée
stat-fifth-round-ended = fin de la cinquième manche
stat-draw-pile-exhausted = pioche épuisée
stat-a-table-turn-passed-with-no-play = un tour de table sans jeu
stat-creature-survival = survie des créatures
stat-creature-survived = créature survivante
stat-prediction-value-by-round = valeur des prédictions par manche
stat-prestige-scored = prestige marqué
stat-owner-won = victoire du propriétaire
stat-at-the-end = à la fin
stat-sage-defeated = Sage vaincu
stat-turn-limit-reached = limite de tours atteinte
stat-bought-in-game = achetée dans la partie
stat-cards-played-impact = cartes jouées : impact
stat-impact-buyers-others-same-game = impact (acheteurs - autres, même partie)
stat-impact-players-others-same-game = impact (joueurs - autres, même partie)
stat-market-cards-taken-and-impact = cartes du marché : prises et impact
stat-taken-when-offered-rate = prise quand offerte (taux)
stat-win-rate-buyers = taux de victoire, acheteurs
stat-win-rate-others = taux de victoire, autres
stat-win-rate-players = taux de victoire, joueurs
stat-vp-pool-emptied = réserve de PV épuisée
stat-round-limit-reached = limite de manches atteinte
stat-actions = actions
stat-advancements = améliorations
stat-advancements-card-impact = améliorations : impact des cartes
stat-advancements-improvement-when-drawn = améliorations : gain quand piochée
stat-amulets-pick-rate-and-impact = amulettes : taux de choix et impact
stat-bought-per-game = achetées par partie
stat-bought-per-other-player = achetées par autre joueur
stat-bought-per-winner = achetées par vainqueur
stat-card-impact = impact de la carte
stat-copies-bought-per-game = exemplaires achetés par partie
stat-first-player-win-rate = taux de victoire du premier joueur
stat-games-by-player-count = parties par nombre de joueurs
stat-held-in-game = tenu dans la partie
stat-impact-holder-others-same-game = impact (détenteur - autres, même partie)
stat-leaders-pick-rate-and-impact = meneurs : taux de choix et impact
stat-mean-score = score moyen
stat-pick-rate-when-offered = taux de choix quand offert
stat-purchases-by-level = achats par niveau
stat-rounds = manches
stat-score-from-it-per-buyer = score qu'elle rapporte, par acheteur
stat-score-buyers = score, acheteurs
stat-score-holder = score, détenteur
stat-score-others = score, autres
stat-share-of-purchases = part des achats
stat-vales = vallées
stat-vales-card-impact = vallées : impact des cartes
stat-win-rate-holder = taux de victoire, détenteur
stat-winning-score = score gagnant
stat-a-pile-ran-out-a-second-time = une pioche épuisée une seconde fois
stat-every-enemy-spirit-destroyed = tous les esprits adverses détruits
stat-impact-its-side-other-same-game = impact (son camp - l'autre, même partie)
stat-last-round-ended-draw = fin de la dernière manche (égalité)
stat-on-the-field-at-the-end = en jeu à la fin
stat-spirits-survival-and-impact = esprits : survie et impact
stat-win-rate-its-side = taux de victoire, son camp
stat-after-round-n = après la manche { $n }
stat-round-n = manche { $n }
stat-secret-round-n = secrète, manche { $n }
stat-players-n = { $n } joueurs
