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
stat-vp-pool-emptied = pool de jetons PV épuisé
stat-round-limit-reached = limite de rondes atteinte
stat-actions = actions
stat-advancements = Évolutions
stat-advancements-card-impact = Évolutions : impact des cartes
stat-advancements-improvement-when-drawn = Évolutions : gain quand piochée
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
stat-rounds = rondes
stat-score-from-it-per-buyer = score qu'elle rapporte, par acheteur
stat-score-buyers = score, acheteurs
stat-score-holder = score, détenteur
stat-score-others = score, autres
stat-share-of-purchases = part des achats
stat-vales = cartes Val
stat-vales-card-impact = cartes Val : impact des cartes
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

# Légendes des tables du concepteur : ce que montre chaque table et comment lire ses cases. Les termes
# suivent les glossaires (docs/glossary/) : Évolution, carte Val, réserve, ronde (Mystic Vale), manche
# (Equinox), Marché, Ordre immédiat, coéquipier (Command of Nature).
stat-caption-end-triggers = Quelle condition de fin a terminé chaque partie : par condition, la part des parties qu'elle a terminées.
stat-caption-mystic-vale-advancements-card-impact = Par titre d'Évolution, par niveau : la part des parties où un joueur l'a achetée, les exemplaires achetés par partie, son taux de prise quand elle est offerte (à chaque achat, chaque titre face visible dans la réserve ou la réserve de Sol Fertile compte une fois), le taux de victoire des joueurs qui l'ont achetée et de ceux qui ne l'ont pas achetée (une victoire partagée compte 1/k), la différence au sein des parties où les deux étaient à la table (l'impact de la carte), le score final moyen de chaque groupe, et les PV imprimés sur les exemplaires que chaque acheteur avait à la fin (ce qu'elle rapporte au score).
stat-caption-mystic-vale-vales-card-impact = Par titre de carte Val, par niveau : comme pour les Évolutions (taux d'achat, exemplaires par partie, taux de prise quand elle est face visible dans la rangée des cartes Val lors d'un achat de carte Val, taux de victoire des acheteurs et des autres, leur différence au sein d'une partie, scores finaux moyens, et les PV de la carte Val par acheteur).
stat-caption-mystic-vale-advancements-improvement-when-drawn = Par titre d'Évolution : la part des parties où un joueur l'a piochée (une carte qui la porte est arrivée dans son champ), le taux de victoire des joueurs qui l'ont piochée et de ceux qui ne l'ont pas piochée, et leur différence au sein d'une partie (le gain quand piochée).
stat-caption-mystic-vale-purchases-by-level = Achats par niveau : par partie (tous les joueurs), par vainqueur et par autre joueur, et la part du niveau dans les achats d'Évolutions (ou de cartes Val) de la partie.
stat-caption-mystic-vale-games-by-player-count = Par nombre de joueurs : le taux de victoire du premier joueur (celui qui commence, désigné par les jetons Mana), les rondes et les actions par partie, le score gagnant et le score final moyen.
stat-caption-mystic-vale-leaders-pick-rate-and-impact = Par meneur : la part des parties où un joueur l'avait, son taux de choix quand il est offert (table de draft, les deux distribués, ou distribué au hasard), le taux de victoire de son détenteur et des autres (une victoire partagée compte 1/k), leur différence au sein d'une partie, et les scores finaux moyens.
stat-caption-mystic-vale-amulets-pick-rate-and-impact = Par amulette : comme pour les meneurs (détenue à la fin, taux de choix quand elle est offerte, taux de victoire de sa détentrice ou son détenteur et des autres, leur différence au sein d'une partie, scores finaux moyens) ; une amulette échangée n'est pas détenue.
stat-caption-equinox-creature-survival = Part des parties où chaque créature (quand elle est un Champion) est encore en jeu après chaque manche terminée par une élimination, et à la fin.
stat-caption-equinox-prediction-value-by-round = Cailloux placés à chaque manche (prédictions et caillou de Griso ; prédictions secrètes à part) : la part dont la créature a survécu, le prestige que chacun a marqué, et la part des parties gagnées par son propriétaire.
stat-caption-equinox-cards-drawn-improvement-when-drawn = Par carte tenue en main à un moment (la main de départ comprise ; les exemplaires d'un arbre comptent pour un) : la part des parties où un joueur l'a piochée, le taux de victoire des joueurs qui l'ont piochée et des autres (une victoire partagée compte 1/k), et leur différence au sein d'une partie (le gain quand piochée).
stat-caption-command-of-nature-market-cards-taken-and-impact = Par carte du Marché : la part des parties où elle était face visible lors d'un achat où un joueur l'a achetée, son taux de prise quand elle est offerte (à chaque achat, chaque carte face visible de ce Marché compte une fois), le taux de victoire de ses acheteurs et des autres (la victoire d'une équipe compte pour les deux coéquipiers, une égalité 1/2), et leur différence au sein d'une partie.
stat-caption-command-of-nature-cards-played-impact = Par carte jouée (invoquée, jouée, ou utilisée comme Ordre immédiat), dans les parties où elle a été jouée : le taux de victoire des joueurs qui l'ont jouée et des autres, et leur différence au sein d'une partie (le gain quand jouée).
stat-caption-command-of-nature-cards-drawn-improvement-when-drawn = Par carte piochée (tenue en main à un moment, la main de départ comprise) : la part des parties où un joueur l'a piochée, le taux de victoire des joueurs qui l'ont piochée et des autres, et leur différence au sein d'une partie (le gain quand piochée).
stat-caption-spirit-duel-cards-drawn-improvement-when-drawn = Par carte tenue en main à un moment (la main de départ comprise) : la part des parties où un camp l'a piochée, le taux de victoire des camps qui l'ont piochée et des autres (une égalité compte 1/2), et leur différence au sein d'une partie (le gain quand piochée).
stat-caption-spirit-duel-cards-played-impact = Par carte jouée par un siège (une Attaque, un Soutien ou une Défense) : le taux de victoire des camps qui l'ont jouée et des autres, et leur différence au sein d'une partie.
stat-caption-spirit-duel-spirits-survival-and-impact = Par Esprit aligné : la part des parties où il était encore en jeu à la fin, le taux de victoire de son camp et de l'autre, et leur différence au sein d'une partie.
