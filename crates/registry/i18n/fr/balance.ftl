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
