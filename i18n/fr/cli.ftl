# Les mots de la ligne de commande (`sylvan play`, `sylvan replay`) ; ceux des jeux sont dans le
# catalogue de chaque jeu. Arguments : $seat est un joueur (p0) ; $game le nom du jeu, en notation.

## play

play-help = tapez le numéro d'une action ou sa notation ; {"`view`"} réaffiche la table, {"`help`"} liste les notations, {"`quit`"} arrête (en enregistrant la partie si {"--record"} est donné)
play-header = { $game }, { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, graine { $seed } : { $table }
play-seat-you = { $seat } vous
play-seat-other = { $seat } { $who }
play-your-move = à vous de jouer :
play-over = partie terminée après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
# The label of the breakdown's totals line.
play-total = total
play-final-scores = scores finaux : { $scores }
play-score = { $seat } { $score }
play-score-separator = {" · "}
play-no-number = pas d'action numéro { $number } : choisissez de 1 à { $count }
play-not-legal = `{ $action }` ne fait pas partie de vos actions possibles maintenant
play-bad-input = { $error } ; tapez un numéro de 1 à { $count }, ou {"`help`"}
play-record-saved = partie enregistrée dans le fichier { $path }
play-left = vous avez quitté la partie au coup { $moves }
play-input-ended = l'entrée s'est terminée au coup { $moves } ; la partie est enregistrée

## résultats

result-none = pas de gagnant
result-draw = match nul
result-winner = gagnant : { $seat }
result-winners = gagnants (ex æquo) : { $seats }

## replay

replay-header = { $game }, { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, { $moves ->
    [one] { $moves } coup rejoué
   *[other] { $moves } coups rejoués
}, { $over ->
    [yes] partie terminée
   *[no] à { $seat } de jouer
}
replay-view = == vue de { $seat } ==
replay-scores = { $over ->
    [yes] scores finaux : { $scores }
   *[no] scores actuels : { $scores }
}
