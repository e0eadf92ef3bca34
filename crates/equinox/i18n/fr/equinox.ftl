# Equinox en français : les textes du livret de règles (equinox.fr.txt ; termes : docs/glossary/equinox.md).
# Arguments : $seat $victim $to $from sont des joueurs (p0) ; $creature est le code d'une créature
# (gru), nommée par le message `creature` ; $card et $cards sont des noms de cartes déjà formatés.

## Noms

creature = { $creature ->
    [gru] Gruyère
    [lic] Lichen
    [pan] Panache
    [gri] Griso
    [bic] Bicéphale
    [duc] Le Duc
    [car] Carmen
    [bol] Bolet
    [sab] Sabot
    [cro] Croc ardent
    [rai] Rainette
    [plu] Plume de velours
    [urs] Ursus
    [pel] Le Pèlerin
   *[other] { $creature }
}
# « de » devant le nom d'une créature, avec élision et contraction : de Griso, d'Ursus, du Duc.
de-creature = { $creature ->
    [urs] d'Ursus
    [duc] du Duc
    [pel] du Pèlerin
   *[other] de { creature }
}
tree-name = { $tree ->
    [ancetre] L'Ancêtre
   *[dryade] Dryade
}
card-creature = { creature } { $strength }
card-chameleon = Caméléon { $strength }
card-tree = { tree-name }

## Textes des cartes (equinox.fr.txt:345-420)

power = { $creature ->
    [gru] Piochez 3 cartes (ni plus ni moins) pour les ajouter à votre main. Si de cette manière vous épuisez la pioche, la partie s'arrête immédiatement.
    [lic] Récupérez l'un de vos cailloux Prédiction déjà posés dans la colonne d'une créature (éliminée ou non). Si vous récupérez le caillou de votre prédiction secrète, défaussez la carte Créature qui y est associée. Vous pouvez placer une nouvelle prédiction avec ce caillou lors d'un tour suivant.
    [pan] Désignez un autre joueur. Piochez aléatoirement la moitié (arrondie au supérieur) de ses cartes en main et posez-les face cachée devant lui sans les regarder.
    [gri] Placez immédiatement un de vos cailloux Prédiction disponibles sur une créature qui n'en a pas déjà, dans n'importe quelle rangée (y compris les rangées précédentes). Vous ne pouvez placer ce caillou sur une carte Champion.
    [bic] Jouez immédiatement une seconde carte, comme si vous aviez une phase 2 supplémentaire à ce tour. Vous ne pouvez activer ce pouvoir spécial plus d'une fois par tour.
    [duc] Désignez un joueur et nommez une créature qui n'a pas encore été éliminée. Ce joueur doit vous donner une carte Créature de celle-ci s'il en a une. S'il n'en a pas, il doit vous montrer sa main.
    [car] À la phase 3 de votre tour, vous pouvez défausser des cartes de créatures encore en jeu ou éliminées, sans les montrer. Vous ne pouvez défausser plus de 3 cartes ce tour-ci.
    [bol] Choisissez une autre créature qui a été éliminée durant la partie et activez immédiatement son pouvoir spécial.
    [sab] Choisissez un autre joueur qui a au moins 3 cartes en main. Piochez 3 cartes dans la main de ce joueur et regardez-les. Gardez-en une de votre choix et rendez les deux autres à son propriétaire.
    [cro] Récupérez une carte Créature visible de Croc ardent dans une rangée précédente puis l'ajouter à votre main.
    [rai] Choisissez la colonne d'une créature encore en jeu. Échangez d'emplacements deux cartes Créature visibles de cette colonne.
    [plu] Défaussez une carte Créature ou une carte Caméléon visible dans une autre colonne de la rangée actuelle. Une carte révélée grâce à ce pouvoir est considérée comme la carte actuelle de cette créature.
    [urs] Ursus n'a pas de pouvoir particulier, mais la force de chacune de ses cartes Créature est d'une demie de plus que la normale (0,5 à 10,5). Lors du décompte final, si Ursus est encore en jeu, chaque joueur marque 0,5 PP pour chacun de ses cailloux Prédiction dans cette colonne.
   *[pel] Récupérez une carte Caméléon visible d'une rangée de votre choix pour l'ajouter à votre main. Une carte révélée grâce à ce pouvoir est considérée comme la carte actuelle de cette créature.
}
tree-text = { $tree ->
    [ancetre] Choisissez une créature encore en jeu. Chaque joueur qui a placé une prédiction secrète sur cette créature doit immédiatement la révéler. Une prédiction secrète vaut 5 PP.
   *[dryade] Récupérez une carte Créature visible (de la manche actuelle ou d'une manche précédente) puis ajoutez-la à votre main.
}
chameleon-text = Se joue sur n'importe quelle créature de la rangée actuelle ; compte comme une carte de cette créature avec sa force, sans activer de pouvoir.

## Fin de partie

end-five-rounds = La cinquième manche s'est terminée par une élimination.
end-deck-exhausted = La pioche est épuisée.
end-stalled = Un tour de table complet s'est passé sans que rien ne change : aucun joueur n'a joué, pioché, défaussé ni récupéré de cartes (décision E9).

## Événements

turn-started = — au tour de { $seat } (manche { $round })
predicted = { $seat } place une prédiction sur { creature } dans la rangée { $row }
secret-placed-card = { $seat } place une prédiction secrète sur { $card }
secret-placed = { $seat } place une prédiction secrète
secret-revealed = { $seat } révèle sa prédiction secrète : { $card }
prediction-skipped = { $seat } ne fait pas de prédiction
played-on = { $seat } joue { $card } sur { creature }
played = { $seat } joue { $card }
passed-showing-hand = { $seat } ne peut pas jouer et montre sa main : { $cards }
power-used = { $seat } active le pouvoir spécial { de-creature }
power-declined = { $seat } n'active pas le pouvoir spécial { de-creature }
discarded-card = { $seat } défausse { $card }
discarded = { $seat } défausse une carte face cachée
card-to-discard = { $card } va à la défausse
drew = { $seat } pioche { $cards }
drew-count = { $seat } pioche { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
stone-retrieved-at = { $seat } récupère son caillou de la colonne { de-creature } (rangée { $row })
stone-retrieved-secret = { $seat } récupère le caillou de sa prédiction secrète
stone-placed = { $seat } pose un caillou sur { creature } dans la rangée { $row }
set-aside = { $count ->
    [one] { $count } carte de { $victim } est mise de côté face cachée
   *[other] { $count } cartes de { $victim } sont mises de côté face cachée
}
aside-returned = { $count ->
    [one] { $seat } reprend sa carte mise de côté
   *[other] { $seat } reprend ses { $count } cartes mises de côté
}
asked = { $seat } demande à { $victim } une carte { de-creature }
gave-card = { $victim } donne { $card } à { $to }
gave = { $victim } donne une carte à { $to }
hand-shown-cards = { $from } montre sa main à { $to } : { $cards }
hand-shown = { $from } montre sa main à { $to }
sabot-drew-cards = { $seat } pioche dans la main de { $victim } : { $cards }
sabot-drew = { $seat } pioche 3 cartes dans la main de { $victim }
sabot-kept-card = { $seat } garde { $card } prise à { $victim }
sabot-kept = { $seat } garde une carte de { $victim } et lui rend les deux autres
took = { $seat } prend { $card } dans la colonne { de-creature } (rangée { $row })
swapped = dans la colonne { de-creature }, les cartes des rangées { $row_a } et { $row_b } sont échangées
removed = { $card } est défaussée de la colonne { de-creature }
named = { $seat } nomme { creature } avec L'Ancêtre
eliminated = { creature } est éliminé à la manche { $round }
game-over = partie terminée : { $reason } Scores : { $scores }
score = { $seat } { $score }
score-separator = {" · "}

## Ce que fait chaque action, pour le joueur qui doit jouer

describe-skip = ne placer aucune prédiction
describe-predict = placer une prédiction sur { creature } dans la rangée { $row } (vaut { $points } PP)
describe-secret = placer une prédiction secrète avec { $card }
describe-reveal = révéler votre prédiction secrète
describe-play = jouer { $card }
describe-play-chameleon = jouer { $card } sur { creature }
describe-pass = passer (aucune carte jouable : vous montrez votre main)
describe-discard = défausser { $card }
describe-end-discard = arrêter de défausser
describe-decline = ne pas activer le pouvoir spécial
describe-use-power = activer le pouvoir spécial : { power }
describe-use-power-any = activer le pouvoir spécial
describe-retrieve-secret = récupérer le caillou de votre prédiction secrète
describe-retrieve-champion = récupérer votre caillou de la carte Champion { de-creature }
describe-retrieve = récupérer votre caillou de la colonne { de-creature } (rangée { $row })
describe-set-aside = mettre de côté la moitié de la main de { $victim }
describe-sabot = piocher 3 cartes dans la main de { $victim } et en garder une
describe-place-stone = poser un caillou sur { creature } dans la rangée { $row }
describe-ask = demander à { $victim } une carte { de-creature }
describe-give = donner { $card }
describe-borrow = activer le pouvoir spécial { de-creature }
describe-keep = garder { $card }
describe-take-card = prendre { $card } dans la colonne { de-creature } (rangée { $row })
describe-take = prendre la carte visible de la colonne { de-creature } (rangée { $row })
describe-swap = échanger les cartes des rangées { $row_a } et { $row_b } dans la colonne { de-creature }
describe-remove = défausser la carte visible de la colonne { de-creature }
describe-name = nommer { creature } (ses prédictions secrètes sont révélées)

## Où en est le tour

phase-predict = phase 1 : placer ou révéler une prédiction
phase-play = phase 2 : jouer une carte
phase-play-extra = seconde phase 2 (Bicéphale) : jouer une autre carte
phase-power = pouvoir spécial { de-creature }
phase-dryade = Dryade : prendre une carte Créature visible
phase-ancetre = L'Ancêtre : nommer une créature
phase-reveals = L'Ancêtre : les prédictions secrètes sur { creature } sont révélées
phase-give = Le Duc : { $victim } donne une carte { de-creature }
phase-keep = Sabot : garder une des trois cartes
phase-discard = phase 3 : défausser des cartes
phase-over = partie terminée : { $reason }

## La table

view-header = Equinox — manche { $round }/5 — au tour de { $seat } — { $phase }
view-champion-row = Champion (5)
view-row = rangée { $row } ({ $points })
view-legend = (rangée N (P) : P PP par caillou ; cases : force visible, c = caméléon, + = cartes dessous, X = disparue, ●N = caillou de pN, ✗ = éliminée)
view-hand = Vous êtes { $seat }. Votre main : { $cards }
view-aside = Mises de côté par Panache (reviennent en phase 3) : { $cards }
view-secret = Votre prédiction secrète : { $card }
view-sabot-drawn = Piochées pour Sabot, en garder une : { $cards }
view-seat = { $seat } : { $cards ->
    [one] { $cards } carte
   *[other] { $cards } cartes
}, { $stones ->
    [one] { $stones } caillou disponible
   *[other] { $stones } cailloux disponibles
}
view-seat-aside = , { $count ->
    [one] { $count } mise de côté
   *[other] { $count } mises de côté
}
view-seat-secret = , prédiction secrète
view-seat-known = , cartes connues : { $cards }
view-deck = Pioche : { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
view-creatures = créatures (code, nom, pouvoir) :
view-creature = { $creature } { creature } : { power }
view-creature-eliminated = { $creature } { creature } [éliminée] : { power }
view-tree = { tree-name } : { tree-text }

## Le décompte final (equinox.fr.txt:295-306)

breakdown-secrets = prédictions secrètes (5 PP chacune)
breakdown-row = cailloux de la rangée { $row } ({ $points } PP chacun)
breakdown-ursus = Ursus (½ PP par caillou de sa colonne)
tie-shared = rien ne les départage : la victoire est partagée
tie-secret = une prédiction secrète sur une créature encore en jeu les départage
tie-row = le plus de cailloux sur des créatures en jeu dans la rangée { $row } les départage
tie = { $seats } à égalité avec { $score } PP ; { $why } ; { $winners_count ->
    [one] gagnant
   *[other] gagnants
} : { $winners }.

## Aide des notations (les notations ne se traduisent pas)

help-skip = ne placer aucune prédiction ce tour-ci
help-predict = placer une prédiction (un caillou) sur la créature {"CRE"} dans la rangée actuelle
help-secret = placer votre prédiction secrète avec la carte Créature {"CARD"} (p. ex. {"gru7"})
help-reveal = révéler votre prédiction secrète
help-play = jouer une carte Créature dans sa colonne (p. ex. {"play gru7"})
help-play-chameleon = jouer le caméléon N sur la créature {"CRE"}
help-play-tree = jouer une carte Arbre
help-pass = ne jouer aucune carte : montrer votre main
help-discard = défausser une carte en phase 3
help-done = terminer la phase 3
help-power = activer ou non le pouvoir spécial de la créature
help-retrieve = Lichen : récupérer un caillou
help-target = Panache ou Sabot : désigner un joueur
help-stone = Griso : poser un caillou sur {"CRE"} dans la rangée N
help-ask = Le Duc : demander au joueur N une carte de {"CRE"}
help-give = donner cette carte en réponse au Duc
help-bolet = Bolet : activer le pouvoir spécial de la créature éliminée {"CRE"}
help-keep = Sabot : garder cette carte parmi les trois
help-take = prendre la carte visible de la rangée N, colonne {"CRE"}
help-swap = Rainette : échanger deux cartes visibles d'une colonne
help-remove = Plume de velours : défausser la carte visible de {"CRE"} dans cette rangée
help-name = L'Ancêtre : nommer une créature
help-codes = un code de créature : {"gru lic pan gri bic duc car bol sab cro rai plu urs pel"}

## Une action tapée qui ne se lit pas (après « impossible de lire … : ») ou qui n'est pas permise

expect-action = une action d'Equinox (voir {"`help`"}) : p. ex. {"`predict gru`"}, {"`play gru7`"}, {"`done`"}
expect-row = une rangée {"r"}{ $lo }..{"r5"}
expect-secret-creature = une prédiction secrète se fait avec une carte Créature
expect-only-chameleon = seul un caméléon se joue avec {"`>creature`"}
expect-chameleon-target = un caméléon se joue ainsi : {"`play camN>creature`"}
expect-discard-creature = seules les cartes Créature se défaussent en phase 3
expect-give-creature = Le Duc demande une carte Créature
expect-swap-order = l'échange nomme d'abord la rangée du haut : {"`swap gru r1 r3`"}
expect-seat = les places d'Equinox vont de {"p0"} à {"p4"}
expect-creature = un code de créature : {"gru lic pan gri bic duc car bol sab cro rai plu urs pel"}
expect-card = une carte : code de créature et force ({"gru7"}), {"cam0..cam10"}, {"ancetre"} ou {"dryade"}
illegal-now = pas permis à { $seat } maintenant ({ $phase }) au coup { $moves }
illegal-not-in-hand = pas permis à { $seat } maintenant ({ $phase }) au coup { $moves } : la carte n'est pas dans la main

## Options : ce que dit chacune (`sylvan games`, le salon) ; les valeurs d'une option à liste, par leur nom.
option-players = nombre de joueurs, de 2 à 5
option-champions = les 8 cartes Champion dans l'ordre des colonnes, codes séparés par des virgules (gru,lic,pan,gri,bic,duc,car,bol,sab,cro,rai,plu,urs,pel)
option-ancestors = nombre de cartes Arbre L'Ancêtre (0 à 3)
option-dryads = nombre de cartes Arbre Dryade (0 à 3)
option-rules = révision des règles : 2 (la partie n'est bloquée qu'après un tour de table de passes sans pioche, sans défausse ni carte reprise) ou 1 (anciens enregistrements : des passes sans pioche suffisaient, décision E9)
