# Command of Nature en français : les mots du livret (command-of-nature.fr.txt ; termes :
# docs/glossary/command-of-nature.md). Arguments : $seat $by sont des joueurs (p0) ; $side vaut 1 ou 2 ;
# $card $cards $unit sont des noms de cartes déjà formatés ; $slot $from $to sont des cases en mots
# (message `slot`) ; $market vaut `elemental` ou `command` (message `market-name`), $place une place de
# ce Marché, à partir de 1.

## Noms

game-title = Command of Nature
faction = { $faction ->
    [twig] Brindille
    [pebble] Caillou
    [leaf] Feuille
    [droplet] Gouttelette
   *[neutral] Neutre
}
class = { $class ->
    [sage] Sage élémentaire
    [champion] Champion élémentaire
    [basic] Élémentaire de base
    [warrior] Guerrier élémentaire
    [melee] Ordre d'attaque au corps-à-corps
    [ranged] Ordre d'attaque à distance
    [instant] Ordre immédiat
   *[utility] Ordre stratégique
}
reach = { $reach ->
    [melee] corps-à-corps
    [row2] Rangée II
    [any] toute Rangée
   *[away] à { $rows } Rangées de distance
}
price = { $gold } or
gold = { $gold ->
    [one] { $gold } Pièce d'or
   *[other] { $gold } Pièces d'or
}
# Une case en mots (la notation I1, II3 ne sert qu'à taper) : $row de 1 à 3, $place de 1 à 6.
slot = Rangée { $row ->
    [1] I
    [2] II
   *[3] III
}, place { $place }
market-name = { $market ->
    [elemental] Élémentaires
   *[command] Ordres
}

## Fin de la partie

end-won = { $teams ->
    [yes] Le camp { $side } a vaincu les deux Sages de l'équipe adverse.
   *[no] Le camp { $side } a vaincu le Sage adverse.
}
end-draw = La limite de { $turns } tours est atteinte sans vainqueur : match nul.
breakdown-result = résultat (victoire 1, nul ½)
breakdown-seat = { $seat } (camp { $side }): niveau { $level }, { $standing ->
    [yes] Sage debout
   *[no] Sage vaincu
}

## Aide

help-summon = invoquer un Élémentaire de votre main dans votre formation (1 PA)
help-play = jouer un Ordre de votre main
help-choose = choisir une carte (Guerrier de départ, ou carte demandée)
help-pick = choisir votre Élémentaire en SLOT (p. ex. I1, II3)
help-aim = cibler l'Élémentaire adverse en SLOT
help-instant = répondre avec un Ordre immédiat
help-dawn = utiliser l'effet d'aube de l'Élémentaire en SLOT
help-swap = échanger deux de vos Élémentaires (1 PA)
help-refill = avancer un Élémentaire dans une case vide
help-draw = piocher une carte (1 PA)
help-buy = acheter au Marché des Élémentaires (e) ou des Ordres (c)
help-buy-place = acheter un Élémentaire et le placer aussitôt
help-refresh = rafraîchir un Marché
help-sell = vendre une carte de votre main contre de l'or
help-discard = défausser une carte de votre main
help-faction = utiliser l'action de faction débloquée au niveau L (1 PA)
help-amount = choisir un nombre
help-use = utiliser l'effet optionnel
help-partner = passer la main à votre coéquipier (équipes)
help-done = terminer la phase ou l'étape en cours
help-slot = Rangée I, II ou III puis position 1 à 6 : I1 est la première case de la Rangée I

## Événements : décisions

acted-done = { $seat } termine la phase ou l'étape
acted-draw = { $seat } pioche une carte (1 PA)
acted-partner = { $seat } passe la main à son coéquipier
acted-use = { $seat } utilise l'effet optionnel
acted-amount = { $seat } choisit { $amount }
acted-faction = { $seat } utilise l'action de faction du niveau { $level } (1 PA)
acted-buy = { $seat } achète la carte de la place { $place } du Marché des { market-name }
acted-buy-place = { $seat } achète la carte de la place { $place } du Marché des { market-name } et la place aussitôt
acted-refresh = { $seat } rafraîchit le Marché des { market-name }
acted-choose = { $seat } choisit { $card }
acted-summon = { $seat } invoque { $card }
acted-play = { $seat } joue { $card }
acted-sell = { $seat } vend { $card }
acted-discard = { $seat } défausse { $card }
acted-instant = { $seat } répond avec l'Ordre immédiat { $card }
acted-dawn = { $seat } utilise l'effet d'aube de l'Élémentaire en { $slot }
acted-pick = { $seat } choisit son Élémentaire en { $slot }
acted-aim = { $seat } cible l'Élémentaire adverse en { $slot }
acted-swap = { $seat } échange ses Élémentaires en { $from } et { $to }
acted-refill = { $seat } avance son Élémentaire de { $from } en { $to }

## Événements

hand = main de { $seat } : { $cards }
hand-count = { $seat } a { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
} en main
cut = { $seat } joue { $card } : DGT -{ $amount }
damaged = { $card } en { $slot } (camp { $side }) subit { $dealt } DGT infligés par { $by }{ $attack ->
    [yes] , en attaque
   *[no] {""}
} ({ $amount } avant les pions Bouclier, { $shielded } arrêtés)
defeated = { $card } en { $slot } (camp { $side }) est vaincu par { $by }
sage-fallen = le Sage de { $seat } est vaincu
level-up = { $seat } atteint le niveau { $level }
champion-to-discard = le Champion élémentaire { $card } de { $seat } va dans sa défausse
faction-unlocked = { $seat } débloque l'action de faction { $level }
refilled = camp { $side } : { $card } passe de { $from } à { $to }
bought = { $seat } achète { $card } pour { gold }{ $placed ->
    [yes] {" "}et le place dans sa formation
   *[no] {""}
}
sold = { $seat } vend { $card } pour { gold }
refreshed = { $seat } rafraîchit le Marché des { market-name }
market-face = { $card } arrive à la place { $place } du Marché des { market-name }
market-empty = la place { $place } du Marché des { market-name } reste vide
over-won = partie terminée : le camp { $side } gagne
over-draw = partie terminée : match nul (limite de tours)

## Actions

empty-slot = case vide
describe-aim = { $unit } adverse
describe-text = { $name } : { $text }
describe-summon = invoquer { $card } { $strength }/{ $health }
describe-buy = { $card } ({ gold })
describe-refill = avancer { $unit } en { $slot }
describe-swap = échanger { $unit } et { $other }
describe-done = terminer
describe-draw = piocher une carte (1 PA)
describe-partner = passer la main à votre coéquipier
describe-use = utiliser l'effet
describe-amount = choisir { $amount }
describe-faction = action de faction du niveau { $level } (1 PA)
describe-refresh = rafraîchir le Marché des { market-name } (1 Pièce d'or)

## Questions et phases

ask-deck-warrior = mise en place : choisissez le Guerrier élémentaire qui va dans votre deck
ask-inner-warrior = mise en place : choisissez le Guerrier élémentaire qui se place à côté de votre Sage, du côté de votre coéquipier
ask-place = placez { $card } dans la première Rangée qui a une case vide
ask-attacker = { $card } : choisissez l'attaquant
ask-target = { $card } : choisissez la cible
ask-target2 = Double Frappe Lointaine : une seconde cible dans la Rangée II, ou terminez
ask-instants = défense : jouez des Ordres immédiats, ou terminez
ask-charm-boost = Charme Brindille : un autre Élémentaire reçoit un pion Amélioration
ask-charm-shield = Charme Caillou : un autre Élémentaire reçoit un pion Bouclier
ask-intercept = subir les DGT à sa place (utiliser l'effet), ou non (terminer)
ask-tokens = placez { $boosts ->
    [one] { $boosts } pion Amélioration
   *[other] { $boosts } pions Amélioration
} et { $shields ->
    [one] { $shields } pion Bouclier
   *[other] { $shields } pions Bouclier
} sur
ask-discards = défaussez des cartes (de { $min } à { $max }, { $done ->
    [one] { $done } défaussée
   *[other] { $done } défaussées
} déjà)
ask-boost-or-shield = Escrimeur d'Épines : choisissez 1 pour un pion Amélioration, 2 pour un pion Bouclier
ask-from-discard = prenez dans votre défausse { $purpose ->
    [hand] dans votre main
    [deck] sur votre deck
    [attack] un Ordre d'attaque à jouer
   *[formation] dans votre formation
} (encore { $left ->
    [one] { $left } carte
   *[other] { $left } cartes
})
ask-hit = infligez { $damage } DGT à un Élémentaire adverse (encore { $left })
ask-swap = échange : { $kind ->
    [rows23] votre Rangée II avec votre Rangée III
    [rows12] votre Rangée I avec votre Rangée II
    [rows13] votre Rangée I avec votre Rangée III
    [enemy-rows12] la Rangée I adverse avec sa Rangée II
    [any-two] deux de vos Élémentaires
    [razor] lui et un Élémentaire adjacent
   *[leaf-send] un Élémentaire voisin de votre Sage va dans la défausse
}
ask-spend = combien de pions dépenser
ask-faction-pick = action de faction { $level } : choisissez un Élémentaire
ask-redistribute = placez { $left ->
    [one] { $left } pion Bouclier
   *[other] { $left } pions Bouclier
} un par un
ask-refill = complétez les premières Rangées
asked = { $seat } — { $what }
phase-setup = mise en place
phase-daybreak = { $seat } — phase I : effets d'aube
phase-actions = { $seat } — phase II : { $ap ->
    [one] { $ap } PA restant
   *[other] { $ap } PA restants
}
phase-market = { $seat } — phase III : Marchés
phase-reset = { $seat } — phase IV : défaussez, puis piochez jusqu'à 5 cartes
phase-over-draw = partie terminée : match nul (limite de tours)
phase-over-won = partie terminée : le camp { $side } gagne

## La table

view-header = { game-title } — tour { $turn } — au camp { $side } de jouer — { $phase }
view-seat = { $seat } { $sage } ({ $faction }) niveau { $level }{ $fallen ->
    [yes] {" "}(Sage vaincu)
   *[no] {""}
}, main { $hand }, deck { $deck }, défausse { $discard }
view-side = camp { $side }{ $you ->
    [yes] {" "}(vous)
   *[no] {""}
} : { gold } · { $seats }
view-market-card = { $market } { $card } ({ price })
view-elemental-market = Marché des Élémentaires : { $cards } [paquet : { $left ->
    [one] { $left } carte
   *[other] { $left } cartes
}]
view-command-market = Marché des Ordres :       { $cards } [paquet : { $left ->
    [one] { $left } carte
   *[other] { $left } cartes
}]
view-attack = attaque : { $card } (DGT réduits de { $cut })
view-in-play = en jeu, puis vers la défausse : { $cards }
view-played-by = { $card } ({ $seat })
view-hand = votre main ({ $seat }): { $cards }
view-partner-hand = main de votre coéquipier ({ $seat }): { $cards }
view-cards-in-hand = cartes en main :
view-card = { $card }{ $stats } ({ $class }{ $cost ->
    [none] {""}
   *[other] , { price }
}): { $text }
view-legend = légende : `Nom 2/3 d1 +2 s1*` = FOR 2 / SAN 3, 1 compteur de dégâts, 2 pions Amélioration (+1 DGT chacun à sa prochaine attaque), 1 pion Bouclier (arrête 1 DGT), * a attaqué ce tour-ci ; cases I1..III3 : la Rangée I fait face à l'adversaire ; 3 or = 3 Pièces d'or ; PA = Points d'Action ; DGT = dégâts ; FOR/SAN = force/santé

## Une action tapée qui ne se lit pas (après « impossible de lire … : ») ou qui n'est pas permise

expect-slot = une case comme {"I1, II2, III3"}
expect-slot-column = une case comme {"I1, II2, III3"} (la Rangée I a jusqu'à 2 colonnes, la II 4, la III 6)
expect-market = une carte de Marché {"e1..e3"} ou {"c1..c3"}
expect-amount = {"amount 1, 2"} ou {"3"}
expect-faction = {"faction 4, 6"} ou {"8"}
expect-buy-place = seuls les Élémentaires ({"e1..e3"}) vont directement dans la formation
expect-swap-order = l'échange nomme d'abord la case de devant : {"`swap I1 II1`"}
expect-action = une action de Command of Nature (p. ex. {"`summon timber`"}, {"`play close-strike`"}, {"`pick I1`"}, {"`done`"})
illegal-now = {"`"}{ $action }{"`"} n'est pas permis à { $seat } maintenant ({ $brief })
brief-deck-warrior = mise en place : choisissez le Guerrier élémentaire de votre deck
brief-inner-warrior = mise en place : choisissez le Guerrier élémentaire voisin de votre coéquipier
brief-place = placez un Élémentaire
brief-attacker = choisissez l'attaquant
brief-target = choisissez la cible
brief-instants = défense : Ordres immédiats, ou terminez ({"`done`"})
brief-charm = charme : choisissez un autre Élémentaire
brief-intercept = interception : utilisez-la ({"`use`"}), ou terminez ({"`done`"})
brief-tokens = placez des pions sur un Élémentaire
brief-discards = défaussez des cartes
brief-boost-or-shield = {"`amount 1`"} (Amélioration) ou {"`amount 2`"} (Bouclier)
brief-from-discard = prenez une carte dans la défausse
brief-hit = infligez des DGT à un Élémentaire adverse
brief-swap = échange
brief-spend = combien de pions dépenser
brief-faction-pick = action de faction : choisissez un Élémentaire
brief-redistribute = placez les Boucliers
brief-refill = complétez les premières Rangées
brief-setup = mise en place
brief-daybreak = phase I : effets d'aube
brief-actions = phase II : actions
brief-market = phase III : Marchés
brief-reset = phase IV : défaussez, puis piochez jusqu'à 5 cartes
brief-over = partie terminée

## Options : ce que dit chacune (`sylvan games`, le salon) ; les valeurs d'une option à liste, par leur nom.
option-players = 2 joueurs, ou 4 en deux équipes (sièges 0+2 contre 1+3)
option-teams = équipes de 2 contre 2 (fixe 4 joueurs) : `-o teams=true`
option-sages = Sage de chaque siège : twig (Brindille), pebble (Caillou), leaf (Feuille), droplet (Gouttelette), séparés par des virgules
option-sage-commands = Ordres du paquet Sage : ts (2 Frappe Rapprochée, Frappe Lointaine, Restauration Naturelle, Charme) ou godot (2 Rapprochée, 2 Lointaine, Charme)
option-cards = données des cartes : `base` (intégrées) ou le chemin d'UN fichier TOML réunissant les sections [[elemental]], [[command]] et [[sage]] de crates/command-of-nature/data/*.toml avec la provenance de chaque champ ; les mêmes cartes, listées comme dans ces fichiers ; FOR/SAN, Rangées, coûts, exemplaires et paquets peuvent changer (décision C24) ; vérifié au démarrage, chaque erreur nomme le fichier, la position et le champ
option-turn-limit = nombre de tours (d'un joueur ou d'une équipe) après lequel la partie est nulle, de 1 à 100000 (décision C23)
option-revision = révision des règles : 4 (celle du livret) ; 3, une version antérieure de Sylvan, où Oxen Avenger répondait aux Boucliers perdus avant une défaite, où le niveau 8 de Leaf pouvait envoyer le Sage d'un coéquipier à la défausse et où les Guerriers d'une équipe étaient placés comme leur paquet les range (décisions C14, C15, C5) ; 2, de plus au plus 4 passages de main entre coéquipiers par tour (décision C22) ; 1, Sylvan avant 0.2.0, qui défaussait aussi un Ordre joué aussitôt au lieu d'après son effet (décision C17) ; les parties enregistrées se rejouent avec la révision qu'elles indiquent

## Fichiers de cartes (`--cards FICHIER` ; cards.rs) : `cn-data-error` est l'erreur entière, l'endroit
## (`fichier:ligne: champ`, sans langue) puis le problème. Les clés, noms de champs et valeurs sont les
## mots du fichier de cartes.

cn-data-error = { $place } : { $problem }
cn-data-row = {"`"}{ $row }{"`"} n'est pas une Rangée (I, II, III)
cn-data-elemental-kind = {"`"}{ $kind }{"`"} n'est ni sage, ni champion, ni basic, ni warrior
cn-data-effect = effet inconnu {"`"}{ $effect }{"`"}
cn-data-timing = {"`"}{ $timing }{"`"} n'est ni daybreak, ni reaction, ni none
cn-data-health-zero = un Élémentaire a besoin d'au moins 1 SAN
cn-data-range = { $value } est hors des bornes { $lo }..={ $hi }
cn-data-champion-level = un Champion élémentaire est de niveau 4, 6 ou 8
cn-data-rows-empty = une liste vide : nommer les Rangées où l'effet agit (I, II, III)
cn-data-command-kind = {"`"}{ $kind }{"`"} n'est pas une sorte d'Ordre
cn-data-range-missing = une attaque à distance a besoin d'une portée
cn-data-reach = {"`"}{ $reach }{"`"} n'est ni 1..5, ni "row2", ni "any"
cn-data-delta = { $value } est hors des bornes ±{ $hi }
cn-data-attacker-rows = une attaque a besoin des Rangées de l'attaquant
cn-data-card-count = { $cards } cartes, le jeu en a { $set } : chaque carte du jeu, à sa place
cn-data-too-many = trop nombreuses
cn-data-twice = {"`"}{ $name }{"`"} apparaît deux fois
cn-data-no-card = aucune carte nommée {"`"}{ $name }{"`"}
cn-data-not-sage = ce n'est pas une carte Sage
cn-data-three-each = exactement 3 de chaque
cn-data-four-basics = le paquet du livret de règles a 4 Élémentaires de base
cn-data-champion-order = les Champions élémentaires sont listés par niveau 4, 6, 8
cn-data-not-command = ce n'est pas un Ordre
cn-data-five-commands = le paquet d'un Sage a 5 Ordres, pas { $total }
cn-data-sage-order = les quatre Sages dans la suite twig, pebble, leaf, droplet
cn-data-market-size = le { $market ->
    [elemental] Marché des Élémentaires
   *[command] Marché des Ordres
} a { $cards } cartes ; la boîte en a { $max } (« 40 cartes »)
cn-data-cost-zero = une carte de marché coûte au moins 1 Pièce d'or
cn-data-cost-missing = une carte de marché a besoin d'un coût
cn-data-beyond = la carte n° { $n } est au-delà des { $set } cartes du jeu
cn-data-must-be = la carte n° { $n } doit être {"`"}{ $name }{"`"} (un fichier de cartes garde chaque carte du jeu, à sa place)
cn-data-keeps = {"`"}{ $name }{"`"} garde son champ { $field } (c'est l'identité de la carte)
cn-data-file-name = le nom d'un fichier de cartes fait 1 à 40 minuscules, chiffres ou {"`"}-{"`"}, mais pas {"`"}base{"`"}
cn-data-offered-twice = proposé deux fois
cn-data-not-loaded = données de cartes non chargées : un état enregistré nomme son fichier de cartes mais ne le lit jamais (charger d'abord le fichier, par exemple avec {"`"}-o cards=FICHIER{"`"})
cn-data-loaded-twice = ce fichier de cartes a été chargé avec des contenus différents par des parties encore en cours : impossible de savoir lequel

## La table des cartes en une ligne (`sylvan cards list command-of-nature`, `sylvan cards check`)

cn-cards-summary = { $origin } : correct : { $cards } cartes ({ $elementals } Élémentaires, { $commands } Ordres), { $packs } paquets de Sage, des marchés de { $market_elementals } Élémentaires et de { $market_commands } Ordres ; champs par provenance : fan { $fan }, provisoire { $provisional }
