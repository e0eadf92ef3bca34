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

## erreurs (la ligne qu'écrit `main` ; les causes qui suivent viennent de la commande)

error-line = erreur : { $error }
error-seat-not-number = la place `{ $seat }` n'est pas un numéro (écrivez 0, 1, ... ou p0, p1, ...)
error-seat-missing = la place `{ $seat }` n'existe pas à une table de { $seats } (les places vont de 0 à { $last })
error-bot-count = --bots `{ $bots }` : { $given ->
    [one] { $given } bot
   *[other] { $given } bots
} pour { $count } { $whose ->
    [game] { $count ->
        [one] place de bot (les autres sont jouées par le jeu)
       *[other] places de bots (les autres sont jouées par le jeu)
    }
    [bots] { $count ->
        [one] place de bot
       *[other] places de bots
    }
   *[all] { $count ->
        [one] place
       *[other] places
    }
} (donnez-en un pour toutes, ou un par place dans l'ordre)
error-seat-automated = --seat { $seat } : cette place est celle de { $who } ; choisissez-en une autre
error-option = option `{ $field }` : { $problem }
error-malformed-json = { $file } : JSON mal formé à la ligne { $line }, colonne { $column } : `{ $error }`
error-not-record = { $file } : ce n'est pas l'enregistrement d'une partie (pas de champ {"`game`"} avec le nom du jeu)
error-upto = --upto { $upto } : l'enregistrement n'a que { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}
error-one-judge = --bot `{ $bot }` : un seul bot juge, pas une liste de bots ; donnez-en un, par exemple `{ $first }`
error-no-card-database = `{ $game }` n'a pas de base de cartes (jeux qui en ont une : { $games })
error-no-card-files = --game `{ $game }` n'a pas de fichiers de cartes (utilisez { $games })
error-no-conclaves = `{ $game }` n'a pas de conclaves
error-no-card-section = { $file } : aucune section de cartes d'un jeu connu ; utilisez --game ({ $games })
error-several-games = { $file } : contient des sections de cartes de plusieurs jeux ({ $games }) ; utilisez --game

## jeux

games-line = { $game }  (de { $min } à { $max } joueurs)  { $summary }
games-option = { $name } défaut { $default } { $help }
games-shorthands = raccourcis : { $flags }
games-bots = bots : { $bots }

## sim

sim-header = { $game } : { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}, { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, graine { $seed }, { $threads ->
    [one] { $threads } fil d'exécution
   *[other] { $threads } fils d'exécution
} ; { $bots }
sim-seat-wins = victoires par place : { $wins }
sim-seat-win = { $seat } { $wins } ({ $rate })
sim-bot-wins = victoires par bot : { $wins }
sim-bot-win = { $bot } { $wins } sur { $games } parties-places ({ $rate })
sim-mean-score = score moyen : { $scores }
sim-moves = coups par partie : { $mean } (min. { $min }, max. { $max })
sim-speed = vitesse : { $games } parties/s, { $moves } coups/s ({ $seconds } s)

## analyze

analyze-header = { $game }, { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
} ; jugé par `{ $bot }` ({ $plays }) depuis la vue de chaque joueur
analyze-col-move = coup
analyze-col-seat = place
analyze-col-before = avant
analyze-col-after = après
analyze-col-loss = perte
analyze-col-played = joué
analyze-col-preferred = préféré
analyze-count = { $decisions ->
    [one] { $decisions } décision analysée
   *[other] { $decisions } décisions analysées
}, { $forced ->
    [one] { $forced } coup forcé ignoré
   *[other] { $forced } coups forcés ignorés
}
analyze-seat = { $seat } : { $decisions ->
    [one] { $decisions } décision
   *[other] { $decisions } décisions
}, { $agree } comme le bot jouerait, perte totale { $loss }
analyze-blunders = plus grosses erreurs :
analyze-blunder = coup { $move } { $seat } : a joué { $played } ({ $after }), { $preferred } valait { $before } (−{ $points } points)
analyze-final = scores finaux : { $scores } ; { $result }

## tournament

tournament-header = { $game } : { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}, { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, graine { $seed }, { $threads ->
    [one] { $threads } fil d'exécution
   *[other] { $threads } fils d'exécution
}, { $seconds } s
tournament-col-bot = bot
tournament-col-games = parties
tournament-col-wins = victoires
tournament-col-rate = taux de victoire (IC 95 %)
tournament-col-rating = classement (IC 95 %)
tournament-col-score = score moyen
tournament-matrix = taux de victoire de la ligne contre la colonne (IC 95 %) :
tournament-first-seat = taux de victoire de la première place : { $rate } (par place : { $seats })
tournament-moves = coups par partie : { $mean } (min. { $min }, max. { $max })
tournament-search = recherche (par décision cherchée) :
tournament-search-line = { $bot }  { $iterations } itérations/s, { $determinizations } déterminisations/s, { $per_decision } itérations, { $nodes } nœuds d'arbre, { $ms } ms par décision ({ $searched } décisions cherchées sur { $decisions })
report-written = rapport : { $path }

## balance

balance-header = { $game } : { $games ->
    [one] { $games } partie appariée
   *[other] { $games } parties appariées
} ({ $stopped ->
    [interval] intervalle atteint
   *[other] plafond de parties
}), { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, bots { $bots }, graine { $seed }
# A game's summary in `sylvan games`, by its registry name (a game not listed here shows the registry's).
games-summary-equinox = Equinox (Reiner Knizia) : de 2 à 5 joueurs
games-summary-mystic-vale = Mystic Vale (AEG) : de 2 à 4 joueurs, la boîte de base et ses extensions
games-summary-command-of-nature = Command of Nature : 2 joueurs, ou deux équipes de 2
games-summary-spirit-duel = Le duel d'Esprits : en tête-à-tête, ou seul contre son Robot

## les erreurs propres à play

play-no-legal = { $game } : aucune action possible pour { $seat } au coup { $moves }
play-bot-illegal = le bot `{ $bot }` en { $seat } a choisi l'action interdite `{ $action }` au coup { $moves }
play-input-error = impossible de lire l'entrée au coup { $moves } : { $error }
play-error-saved = { $error } ; { $over ->
    [yes] la partie est enregistrée dans le fichier { $path }
   *[no] la partie jusqu'ici est enregistrée dans le fichier { $path }
}
play-error-and = { $error } ; et { $more }
play-input-ended-unsaved = l'entrée s'est terminée au coup { $moves } avant la fin de la partie ; rien n'est enregistré (utilisez {"--record"} FICHIER)
input-too-long = ligne trop longue (plus de { $max } octets) : ignorée
error-flag = { $flag } `{ $value }` : { $error }

## les fichiers qu'écrit une commande (`--record`, `--report`)

output-empty = { $flag } : un chemin vide
output-directory = { $flag } { $path } : un dossier, pas un fichier
output-special = { $flag } { $path } : pas un fichier ordinaire (un tube nommé, un périphérique ou une socket) ; écrivez dans un fichier
output-same-as-input = { $flag } { $path } : le même fichier que l'entrée { $error } ; il serait écrasé
output-error = { $flag } { $path } : { $error }
output-cannot-create = { $flag } : impossible d'écrire { $what ->
    [record] la partie
   *[report] le rapport
} dans { $path } : impossible de créer des fichiers dans { $dir } ({ $error })
output-cannot-write = impossible d'écrire { $what ->
    [record] la partie
   *[report] le rapport
} dans { $path } : { $error }
output-not-regular = pas un fichier ordinaire

## bench

bench-header = { $game } : { $games ->
    [one] { $games } partie aléatoire
   *[other] { $games } parties aléatoires
}, { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, graine { $seed }
bench-checksum = somme de contrôle : { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}, somme des scores { $sum }
bench-rate = { $games } parties/s, { $moves } coups/s, { $ns } ns/coup ({ $seconds } s)
bench-speed = vitesse :   { $rate }
bench-erased = effacé :    { $rate }
bench-slowdown = surcoût :   { $percent } % par {"DynGame"}
bench-time = durée :     { $seconds } s
bench-erased-differs = { $game } : les parties par le jeu effacé diffèrent de celles du jeu typé ({ $erased } contre { $typed })
bench-bot-header = { $game } : { $decisions ->
    [one] { $decisions } décision
   *[other] { $decisions } décisions
} de { $bot }, graine { $seed } (somme de contrôle { $checksum })
bench-search = recherche : { $iterations } itérations/s, { $determinizations } déterminisations/s, { $nodes } nœuds d'arbre et { $ms } ms par décision

## balance (les phrases du résumé sont celles du laboratoire : crates/registry/i18n/*/balance.ftl)

balance-until-ci = {"--until-ci"} { $width } : la largeur doit être un nombre positif
balance-same-options = remarque : A et B ont les mêmes options (donnez {"--a"} et {"--b"}) : toutes les différences seront nulles
balance-arms-differ = A installe { $a } joueurs et B { $b } : les deux bras doivent installer le même nombre de joueurs, de la même façon
balance-common-options = les options communes

## ladder

ladder-not-json = { $file } : pas du JSON : `{ $error }`
ladder-header = { $game } : { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} issues { $reports ->
    [one] d'{ $reports } rapport
   *[other] de { $reports } rapports
}
ladder-steps = marches, de la plus basse (IC 95 % de la marche ; si les intervalles des bots sont disjoints ; rencontres) :
ladder-step = { $from } → { $to } : { $step } [{ $lo }, { $hi }], intervalles { $apart ->
    [yes] disjoints
   *[no] chevauchants
}, { $meetings ->
    [one] { $meetings } rencontre
   *[other] { $meetings } rencontres
}

## serve et create

serve-listening = {"sylvan serve"} : à l'écoute sur { $url } (base de données { $db })
serve-links = {"sylvan serve"} : les liens pointent vers { $url }
serve-db-directory = {"--db"} { $db } : un dossier, pas un fichier de base de données
serve-db-special = {"--db"} { $db } : pas un fichier ordinaire (un tube nommé, un périphérique ou une socket)
serve-db-unreadable = {"--db"} { $db } : lecture impossible : { $error }
serve-db-not-sqlite = {"--db"} { $db } : pas une base de données {"SQLite"} (pas d'en-tête {"SQLite"})
serve-db-error = { $flag } { $db } : { $error }
serve-db-no-dir = {"--db"} { $db } : le dossier { $error } n'existe pas
create-created = partie { $id } créée sur { $server }
create-open = { $open ->
    [one] { $open } place libre
   *[other] { $open } places libres
} : {"POST /api/games/"}{ $id }{"/join"} donne le lien d'une place

## `-v` sur la sortie d'erreur (`play`, `sim`) : chaque coup d'un bot, avec ce qu'a fait sa recherche.
## $ms, $rate, $determinizations et $nodes sont des nombres déjà écrits à la manière de la langue.

verbose-unsearched = { $decisions ->
    [one] { $decisions } décision
   *[other] { $decisions } décisions
}, aucune cherchée (une seule action permise)
verbose-search = { $iterations } itérations en { $ms } ms : { $rate } itérations/s, { $determinizations } tirages d'états/s, { $nodes } nœuds d'arbre{ $searched ->
    [one] {""}
   *[other] {" "}par décision sur { $searched } décisions cherchées
}
verbose-move = coup { $moves } { $seat } { $bot } : { $action } ({ $stats })
verbose-sim-move = partie { $game } coup { $moves } { $seat } { $bot } [{ $legal } permises] : { $action }{ $stats ->
    [none] {""}
   *[other] {" "}({ $stats })
}

## La liste `--bots` d'un tournoi ou du banc d'essai (games.rs `schedule`), après `--bots `LISTE` : `.
error-bot-twice = {"`"}{ $bot }{"`"} est donné deux fois (chaque bot une fois ; le calendrier remplit les places)
error-no-bot-seat = le jeu joue lui-même toutes les places : il n'en reste aucune pour un bot

## Les rapports HTML de `tournament --report` et `balance --report` (src/report.rs, src/balance_report.rs).

html-same-json = Chaque nombre de cette page est dans { $command } avec les mêmes arguments.
html-t-title = Tournoi Sylvan : { $game }
html-t-heading = Tournoi : { $game }
html-t-bots = Bots
html-col-bot = bot
html-col-games = parties
html-col-wins = victoires
html-col-rate = taux de victoire
html-col-ci = IC 95 %
html-col-rating = classement
html-col-score = score moyen
html-t-seats = Taux de victoire de la première place { $rate } (par place : { $seats }). Coups par partie : moyenne { $mean }, min. { $min }, max. { $max }.
html-t-matrix = Taux de victoire de la ligne contre la colonne
html-t-matrix-note = Chaque paire de places tenues par des bots différents dans une partie compte une fois (½ chacun à retours égaux) ; intervalles de Wilson à 95 %.
html-t-ratings = Classements
html-t-rating-model = Bradley–Terry sur les résultats par paires, échelle Elo (400 log10), moyenne 0 ; intervalles à 95 % par bootstrap de Poisson.
html-t-rating-axis = classement (échelle Elo)
html-t-scores = Distribution des scores
html-t-score-axis = score final
html-t-length = Durée des parties
html-t-length-axis = actions par partie
html-axis-games = parties
html-t-search = Recherche
html-col-iterations = itérations/s
html-col-determinizations = déterminisations/s
html-col-iterations-decision = itérations par décision
html-col-nodes-decision = nœuds d'arbre par décision
html-col-ms-decision = ms par décision
html-t-designer = Vue du concepteur : { $game }
html-t-designer-games = Sur { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}.
html-b-title = Banc d'essai Sylvan : { $game }
html-b-heading = Banc d'essai : { $game }
html-b-method = Appariement : la partie g sous A et sous B, même donne, mêmes places et mêmes graines des bots. Intervalles : bootstrap de Poisson sur les parties, { $replicates } répliques aux mêmes poids pour A et B ; l'intervalle à 95 % d'une différence va des quantiles 2,5 % à 97,5 % des différences des répliques (B − A) ; celui d'un bras est l'intervalle de Wilson à 95 % pour une proportion sur les parties, les quantiles bootstrap sinon. Changé : Benjamini–Hochberg à { $fdr } de fausses découvertes sur { $tested } mesures, p tiré de l'écart type bootstrap ; au moins { $min } parties sous chaque bras.
html-b-facts = Faits de jeu
html-b-facts-note = Avantage de la première place, durée, scores, égalités, et quelle condition de fin a terminé les parties (la part des parties terminées par chacune).
html-b-ladder = Échelle des bots
html-b-ladder-note = Le taux de victoire de chaque bot (son retour ; une victoire partagée compte 1/k), son score moyen et son classement de Bradley–Terry (échelle Elo, moyenne 0, ajusté aux résultats par paires comme dans un tournoi ; intervalles tirés des ajustements des répliques bootstrap) sous A et sous B, le meilleur sous A en premier.
html-b-largest = Plus grandes différences de taux
html-b-largest-note = B − A en points de pourcentage avec son intervalle à 95 %, pour les taux les plus éloignés de zéro relativement à leur bruit (plus grand |z| en premier).
html-b-largest-axis = B − A (points de pourcentage)
html-b-cards = Mesures des cartes
html-b-no-cards = Ce jeu ne donne aucune statistique par carte : seuls les faits de jeu et l'échelle ci-dessus comparent A et B.
html-b-cards-note = Chaque mesure de carte, de meneur, d'amulette ou de créature que donne le jeu, sous A et sous B. Cliquez sur un en-tête pour trier ; tapez pour filtrer (un niveau : { $level }, un titre, une mesure).
html-b-filter = filtrer : L1, un titre, taux de victoire…
html-b-every-table = toutes les tables
html-b-changed-only = changées seulement
html-b-count = { $shown } lignes sur { $rows }
html-col-fact = fait
html-col-metric = mesure
html-col-table = table
html-col-card = carte
html-col-arm = { $arm } [IC 95 %]
html-col-n = n { $arm }
html-col-diff = B − A
html-col-diff-ci = IC 95 % de B − A
html-col-changed = changé
html-yes = oui
html-points = { $value } pt

# The balance lab's card section: what each of its tables shows (the tables' captions follow).
html-b-tables = Ce que montre chaque table
