# Les mots du moteur, communs à tous les jeux et à toutes les interfaces (sylvan_words::engine).

## Ce que le joueur a tapé

engine-cannot-read = impossible de lire {"`"}{ $text }{"`"} : { $expected }
engine-illegal = action interdite `{ $action }` : { $reason }
engine-game-over = la partie est terminée
engine-not-legal = ce n'est pas une action permise à { $seat } au coup { $moves }
engine-no-nth = { $count ->
    [one] il y a { $count } action permise
   *[other] il y a { $count } actions permises
}
engine-unknown-id = { $game } n'a pas d'action numéro { $id } (les numéros vont de 0 à { $last })
engine-no-such-seat = la place { $seat } n'existe pas à une table de { $seats }
engine-wrong-game = une vue de { $found } donnée à { $expected }
engine-nothing-to-undo = aucune action à reprendre
engine-deal-again-failed = impossible de redistribuer la partie : { $detail }
engine-seat-expected = une place s'écrit p0, p1, … p31

## Options et mises en place

engine-invalid-setup = mise en place invalide : { $field } : { $problem }
engine-player-count = { $game } se joue de { $min } à { $max } joueurs, pas { $players }
engine-no-options = { $game } n'a pas d'option réglable
engine-players-option = le nombre de joueurs se règle avec --players
engine-unknown-option = { $game } n'a pas d'option `{ $name }` (options : { $known })
engine-bad-value = impossible d'utiliser `{ $value }` : { $detail }

## Places que le jeu joue lui-même

# L'adversaire du mode solo du duel d'esprits, tel que son livret de règles le nomme.
engine-robot = Robot

## Records that do not replay ($step is an action's 0-based number, $text its notation; $detail the
## JSON reader's own words, in English: another language quotes them in backticks)

engine-replay-malformed = enregistrement mal formé : `{ $detail }`
engine-replay-malformed-at = enregistrement mal formé : `{ $detail }` (ligne { $line }, colonne { $column })
engine-replay-wrong-game = l'enregistrement est une partie de `{ $found }`, pas de `{ $expected }`
engine-replay-newer = enregistrement écrit par la version { $record } du moteur, plus récente que celle-ci ({ $ours }) : mettez Sylvan à jour pour le rejouer
engine-replay-bad-version = l'enregistrement indique la version de moteur `{ $version }`, attendu MAJEURE.MINEURE.CORRECTIF
engine-replay-content = la partie enregistrée a été jouée avec les données de cartes { $recorded }, mais ces options donnent { $ours } : les cartes ont changé
engine-replay-notation = action { $step } `{ $text }` : { $error }
engine-replay-illegal = l'action { $step } `{ $text }` est illégale : { $reason }
engine-replay-truncated = l'enregistrement n'a que { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}, pas { $upto }
engine-replay-not-over = l'enregistrement annonce les scores { $claimed }, mais la partie n'est pas finie après ses { $moves ->
    [one] { $moves } action
   *[other] { $moves } actions
}
engine-replay-mismatch = l'enregistrement annonce les scores { $claimed }, mais la partie rejouée donne { $actual }

## Fichiers de cartes (`--cards FICHIER`, `--sets`) : ce qui ne va pas, après l'endroit
## (`fichier:ligne: champ`) que donne le catalogue du jeu. $detail : les mots du système ou du lecteur
## TOML, en anglais, cités entre accents graves.

engine-data-forbidden = les fichiers de cartes ne sont pas lus ici : seulement les jeux intégrés et ceux que l'opérateur propose
engine-data-cannot-read = lecture impossible : {"`"}{ $detail }{"`"}
engine-data-directory = lecture impossible : c'est un dossier
engine-data-special-file = lecture impossible : ce n'est pas un fichier ordinaire (périphérique, tube ou socket)
engine-data-too-big = lecture impossible : plus grand que la limite de { $megabytes } Mo
engine-data-not-utf8 = ce n'est pas du texte UTF-8 (octet invalide)
engine-data-integer-range = entier hors limites (les nombres d'un fichier de cartes sont petits : voir les bornes du champ)
engine-data-toml = fichier TOML illisible : {"`"}{ $detail }{"`"}
engine-data-provenance-kind = {"`"}{ $text }{"`"} n'est ni {"`"}rulebook: …{"`"}, ni {"`"}fan: …{"`"}, ni {"`"}provisional: …{"`"}
engine-data-provenance-empty = il manque { $kind ->
    [rulebook] un passage
    [fan] une source
   *[other] une raison
} à {"`"}{ $text }{"`"}
engine-data-provenance-line = il manque à {"`"}{ $text }{"`"} un renvoi à une ligne du livret (par exemple {"`"}rulebook: FR:21, ...{"`"} ou {"`"}EN:983-991{"`"})
engine-data-provenance-missing = il manque la provenance de ce champ
engine-data-provenance-string = une provenance est un texte
engine-data-provenance-unknown = ce n'est pas un champ de cette carte
