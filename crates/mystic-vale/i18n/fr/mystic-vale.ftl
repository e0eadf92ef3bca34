# Mystic Vale en français : les mots du livret de règles français (rules/mystic-vale-base.fr.txt ; termes :
# docs/glossary/mystic-vale.md) : Évolution, carte Val, Déclin, Croissance, champ, Gardien, Esprit, jeton
# Mana, et les mots empruntés du livret lui-même (on-deck, deck, pool de jetons PV). Les meneurs, amulettes
# et la plupart des cartes des extensions n'ont pas de nom français (docs/cards/mystic-vale.md).

## Names

game-title = Mystic Vale
spirit = { $spirit ->
    [animal] Bestial
    [forest] Sylvain
    [sky] Céleste
   *[wild] Libre
}
slot = { $slot ->
    [top] haut
    [middle] milieu
   *[bottom] bas
}
reward = { $reward ->
    [none] rien
    [mana] { $n } mana
    [vp] { $n } PV
    [box-vp] { $n } PV pris dans la boîte
    [growth] { $n } { $n ->
        [one] Croissance
       *[other] Croissances
    }
    [guardian] { $n } { $n ->
        [one] Gardien
       *[other] Gardiens
    }
    [wild] { $n } { $n ->
        [one] Esprit Libre
       *[other] Esprits Libres
    }
    [animal] { $n } { $n ->
        [one] Esprit Bestial
       *[other] Esprits Bestiaux
    }
    [forest] { $n } { $n ->
        [one] Esprit Sylvain
       *[other] Esprits Sylvains
    }
   *[sky] { $n } { $n ->
        [one] Esprit Céleste
       *[other] Esprits Célestes
    }
}
symbol = { $kind ->
    [mana] { $n } mana
    [decay] { $n } { $n ->
        [one] Déclin
       *[other] Déclins
    }
    [decay-cancelled] { $n } { $n ->
        [one] Déclin (annulé)
       *[other] Déclins (annulés)
    }
    [growth] { $n } { $n ->
        [one] Croissance
       *[other] Croissances
    }
    [guardian] { $n } { $n ->
        [one] Gardien
       *[other] Gardiens
    }
    [vp-harvest] { $n } PV à chaque Récolte
    [vp-end] { $n } PV en fin de partie
    [animal] { $n } { $n ->
        [one] Esprit Bestial
       *[other] Esprits Bestiaux
    }
    [forest] { $n } { $n ->
        [one] Esprit Sylvain
       *[other] Esprits Sylvains
    }
    [sky] { $n } { $n ->
        [one] Esprit Céleste
       *[other] Esprits Célestes
    }
   *[wild] { $n } { $n ->
        [one] Esprit Libre
       *[other] Esprits Libres
    }
}
labelled = { $label } : { $text }
and-then = { $first } ; { $second }
blank-card = une carte vierge
no-effect = aucun effet

## Abilities (les moments du livret : « Une Fois Jouée », « Récolte », « Toujours », « Fin de la Partie »,
## mystic-vale-base.fr.txt:516-530)

timing = { $timing ->
    [when-played] Une Fois Jouée
    [harvest] Récolte
    [ongoing] Toujours
    [would-spoil] sur le point de Décliner
    [end-of-game] Fin de la Partie
    [on-spoil] si elle vous fait Décliner depuis l'on-deck
    [discard] Phase de Défausse
    [when-bought] à l'achat
    [any-time] une fois par tour
    [on-evoke] quand vous l'invoquez
   *[planting] Phase de Semence
}
ability = { timing } : { $what }
per = { $per ->
    [guardians-on-card] par Gardien sur cette carte
    [field-pairs] par paire de cartes de votre champ
    [other-field-cards] par autre carte de votre champ
    [field-shortfall] par carte qui manque à votre champ pour en compter 7
    [printed-symbols-on-card] par symbole imprimé sur cette carte
    [decay-owned] (Déclins de toutes vos cartes)
    [decay-field] par Déclin de votre champ (annulés compris)
    [mana-pairs] par paire de mana que vous avez
    [vales-owned] par carte Val que vous possédez
    [guardians-owned] par Gardien de toutes vos Évolutions
    [most-mana-on-a-field-card] par mana de la carte de votre champ qui en a le plus
    [level-3-owned] par Évolution de niveau 3 que vous possédez
    [level-1-on-card] par Évolution de niveau 1 sur cette carte
    [blank-field-cards] par carte vierge de votre champ
   *[blank-cards-owned-steps] × (0/2/3/6/13 pour 0/1-2/3-4/5-6/7-8 cartes vierges)
}
effect-gain = +{ reward }{ $each }
effect-mana-minus = -{ $n } mana à votre total
effect-cap-decay = { $n ->
    [0] cette carte ne compte aucun Déclin
    [one] cette carte compte au plus { $n } Déclin
   *[other] cette carte compte au plus { $n } Déclins
}
effect-add-per = cette carte compte +{ reward }{ $each }
effect-spirits-to-wild = les symboles Esprit Bestial, Sylvain et Céleste de cette carte sont des Esprits Libres
effect-double-ability-vp = les PV des capacités de cette carte sont doublés
effect-search-deck-discard = consultez votre deck, vous pouvez en défausser 1 carte, puis mélangez-le
effect-discard-other-field = vous pouvez défausser une autre carte de votre champ
effect-look-top-discard = { $n ->
    [0] regardez la première carte de votre deck, vous pouvez la défausser
    [1] regardez la première carte de votre deck, vous pouvez la défausser
   *[other] regardez les { $n } premières cartes de votre deck, défaussez-en autant que vous voulez, les autres restent dans l'ordre
}
effect-discard-on-deck-spoiled = +{ reward }{ $each }, puis elle va dans votre défausse et une nouvelle carte est révélée
effect-discard-on-deck = défaussez votre carte on-deck et révélez-en une autre (une fois par tour)
effect-cancel-spoil = cette carte on-deck ne vous fait pas Décliner
effect-extra-turn = +{ reward }, puis un tour supplémentaire (un par ronde)
effect-to-deck-bottom = cette carte va sous votre deck, pas dans votre défausse
effect-fill-field-gain = +{ reward }{ $each }, puis complétez votre champ jusqu'à { $fill } cartes depuis votre deck
effect-fill-field = complétez votre champ jusqu'à { $fill } cartes depuis votre deck
effect-exchange = payez { $cost } mana pour { reward }, autant de fois que vous voulez
effect-discount-on-card = un achat destiné à cette carte coûte { $n } mana de moins
effect-most-among = { $n } PV si vous avez strictement le plus{ $each }
effect-convert-to-wild = payez { $n } mana : un de vos Esprits devient un Esprit Libre
effect-plus-guardian = +{ $n } { $n ->
    [one] Gardien
   *[other] Gardiens
} sur une carte de votre champ ou votre carte on-deck
effect-cancel-decay-on = une carte de votre champ ou on-deck ne compte aucun Déclin jusqu'à votre Phase de Défausse
effect-free-buy = une Évolution de niveau { $n } coûte 0
effect-keep-in-field-spoiled = cette carte reste la plus à gauche de votre prochain champ
effect-keep-in-field = si elle n'est pas la plus à gauche, cette carte peut rester la plus à gauche de votre prochain champ
effect-move-advancement = déplacez une Évolution d'une carte de votre champ à une autre
effect-multiply-mana = votre total de mana (jeton Mana compris) compte { $n } fois
effect-refresh-token = retournez un jeton Mana utilisé sur sa face active
effect-deck-to-field = déplacez { $n } { $n ->
    [one] carte
   *[other] cartes
}{ $each } de votre deck vers votre champ
effect-cancel-decay-card = une carte de votre champ ou on-deck ne compte aucun Déclin, sauf celui d'une Terre Maudite, jusqu'à votre prochaine Phase de Préparation
effect-multiply-end-vp = les PV de fin de partie de vos Évolutions comptent { $n } fois

## Unique abilities

unique-copy-card = cette carte a aussi les symboles et capacités d'une autre carte de votre champ
unique-flip-back = revient sur sa face de départ à la fin de chaque Phase de Récolte menée à son terme
unique-soil-from-supply = vous pouvez glisser un Sol Fertile de la réserve dans une carte de votre champ
unique-refill-pool = des jetons PV de la boîte rejoignent le pool
unique-vale-cost-points = PV, plus 1 par symbole Sylvain ou « au choix » dans le coût de vos cartes Val
unique-clear-commons = retirez de la partie jusqu'à 3 Évolutions de niveau 2 ou 3 de la réserve, puis complétez-la
unique-gain-choice = gagnez 1 mana ou 1 Esprit Libre (au choix)
unique-redraw-on-deck = vous pouvez défausser votre carte on-deck et en révéler une autre
unique-third-buy = vous pouvez acheter une troisième Évolution, 2 mana moins cher
unique-neighbour-on-deck = les cartes on-deck de vos voisins comptent comme étant dans votre champ
unique-neighbours-discard = chacun de vos voisins peut défausser sa carte on-deck et en révéler une autre ; +1 PV pris dans la boîte pour chacun
unique-take-level-1-vale = prenez la première carte de la pioche de cartes Val de niveau 1
unique-guardian-on-card = +1 Gardien sur une carte de votre champ ou votre carte on-deck
unique-claim-advancement = vous pouvez réclamer une autre Évolution de la réserve coûtant de 1 à 6, comme si vous l'aviez achetée
unique-replay-when-played = résolvez à nouveau une capacité « Une Fois Jouée » d'une carte de votre champ
unique-workshop-take = prenez gratuitement une Évolution de la réserve (Sols Fertiles compris) dans votre atelier
unique-workshop-sleeve = glissez des Évolutions de votre atelier dans une carte de votre champ, qui va sous votre deck ; payez 1 mana pour retourner le meneur
unique-bog-planting = après la partie, une Phase de Semence de plus : +1 PV par carte de votre champ si vous ne Déclinez pas
unique-discard-on-evoke = vous pouvez défausser votre carte on-deck ou une carte de votre champ
unique-guardian-and-graft = +1 Gardien sur une carte de votre champ ou votre carte on-deck, qui peut aussi recevoir une capacité Récolte ou Toujours d'une autre carte de votre champ ou du champ d'un voisin (jusqu'à la fin du tour)
unique-magpie = mélangez dans votre deck les cartes de votre défausse que vous voulez
unique-halo-mountain = vous pouvez dépenser jusqu'à 5 Esprits de plus pour 2 PV chacun, puis retirer cette carte Val de la partie
unique-sky-garden = vous pouvez gagner 2 PV par Croissance que vous avez (10 au plus), puis retirer cette carte Val de la partie

## Cards

advancement-head = { $title } ({ $cost } mana, { slot }{ $eclipse ->
    [yes] , éclipse
   *[no] {""}
})
leader-head = { $upgraded ->
    [yes] { $title } (face améliorée)
   *[no] { $title } (amélioration : { $cost } mana)
}
leader-provisional = { $text } (provisoire : aucune capacité, symboles seulement)
leader-text = Face de départ : { $start }. Face améliorée ({ $cost } mana) : { $upgraded }.
vale-to-deck = { $text } (cette carte Val va sur la pioche de cartes Val de niveau 1)
vale-remove-self = { $text } (retire cette carte Val de la partie)
vale-extra-buy = { $text } ; achetez jusqu'à { $buys } Évolutions
vale-unique = { $text } ; une seule par joueur
vale-cost = { $kind ->
    [animal] { $n } Bestial
    [forest] { $n } Sylvain
    [sky] { $n } Céleste
   *[any] { $n } au choix
}
vale-cost-free = gratuit
amulet-window = { $window ->
    [harvest] Récolte
    [harvest-or-discard] Phase de Récolte ou de Défausse
    [would-spoil] sur le point de Décliner
   *[any] à tout moment
}
amulet-gain = +{ reward }
amulet-gain-then-toss = +{ reward }, puis lancez-la : elle retombe sur une face au hasard
amulet-growth = +{ $n } { $n ->
    [one] Croissance
   *[other] Croissances
} jusqu'à votre prochaine Phase de Préparation
amulet-field-to-deck-bottom = une carte de votre champ va sous votre deck
amulet-deck-bottom-to-field = la dernière carte de votre deck rejoint votre champ
amulet-sleeve-now = glissez dès maintenant une Évolution achetée ce tour-ci
amulet-mana-or-guardians = +1 mana, ou +{ $n } { $n ->
    [one] Gardien
   *[other] Gardiens
} sur une carte de votre champ ou on-deck ce tour-ci
amulet-evoke = invocation ({ amulet-window }) : { $what }
amulet-must-push = { $text } ; face utilisée : poussez au moins une fois à chaque Phase de Semence
amulet-summary = { $title } ({ $active ->
    [yes] face active
   *[no] face utilisée
}{ $vp ->
    [0] {""}
   *[other] , { $vp } PV en fin de partie
}) : { $text }

## The end (le décompte final du livret, FR:629-637)

breakdown-tokens = jetons PV
breakdown-printed = PV imprimés sur les cartes
breakdown-abilities = capacités « Fin de la Partie »
breakdown-vales = cartes Val
breakdown-most = bonus « le plus de »
end-pool = Le pool de jetons PV est épuisé ; la ronde en cours a été jouée jusqu'au bout.
end-rounds = La limite de { $rounds } rondes est atteinte.
bog-note = { $n ->
    [0] Borderwatch Bog : { $seat } a Décliné pendant la Phase de Semence supplémentaire (+0 PV).
   *[other] Borderwatch Bog : { $seat } a posé { $n } { $n ->
        [one] carte
       *[other] cartes
    } pendant la Phase de Semence supplémentaire sans Décliner (+{ $n } PV).
}
tie-note = Égalité à { $best } PV : le joueur qui a le plus d'Évolutions de niveau 3 et de cartes Val de niveau 2 l'emporte ({ $who }) ; si l'égalité persiste, la victoire est partagée.

## Events

event-turn = — au tour de { $seat }
event-played = { $seat } pose { $card } dans son champ
event-revealed = { $seat } révèle { $card }, sa nouvelle carte on-deck
event-reshuffled = { $seat } mélange sa défausse, qui devient son nouveau deck
event-spoiled = { $prep ->
    [yes] { $seat } Décline pendant sa Phase de Préparation
   *[no] { $seat } Décline
}
event-discards = { $seat } défausse { $card }
event-discards-hidden = { $seat } défausse une carte
event-peeked = { $seat } regarde la première carte de son deck : { $card }
event-peeked-hidden = { $seat } regarde la première carte de son deck
event-bought = { $seat } achète { $title }
event-bought-vale = { $seat } achète la carte Val { $title }
event-sleeved = { $seat } glisse { $title } dans la protection { $blank ->
    [yes] d'une carte vierge
   *[no] de la carte { $card }
}
event-gained-vp = { $seat } gagne { $n } PV
event-used-vale = { $seat } utilise { $title }
event-pool-empty = le pool de jetons PV est vide : la ronde en cours est la dernière
event-game-over = la partie est terminée
event-used-ability = { $seat } utilise la capacité { $blank ->
    [yes] d'une carte vierge
   *[no] de la carte { $card }
}
event-took-leader = { $seat } prend le meneur { $title }
event-took-amulet = { $seat } prend l'amulette { $title }
event-traded-amulet = { $seat } échange son amulette contre un jeton Mana ordinaire
event-evoked = { $seat } invoque { $title }
event-upgraded = { $seat } fait passer { $title } sur sa face améliorée

## Actions

describe-buy = acheter { $title } ({ $cost } mana, { slot }, niveau { $level })
describe-vale = acheter la carte Val { $title } ({ $vp } PV)
describe-resolve = résoudre d'abord { $title } ({ $ability })
describe-neighbour-discard = { $card }, en révéler une autre ; { $me } gagne 1 PV pris dans la boîte
describe-card = { $card }
describe-sleeve = glisser dans { $card }
describe-discard = défausser { $card }
describe-conclave = +1 Gardien sur { $card }
describe-cancel-decay = annuler le Déclin de { $card }
describe-keep = garder { $card } pour votre prochain champ
describe-use = résoudre maintenant { $card }
describe-use-fill = { $title } maintenant : complétez votre champ jusqu'à { $fill } cartes ({ $draw ->
    [one] { $draw } carte à piocher
   *[other] { $draw } cartes à piocher
})
describe-use-explore = { $title } maintenant : { $text }
describe-claim = réclamer { $title } ({ $cost } mana, { slot }) comme si vous l'aviez achetée
describe-workshop = glisser { $title } de l'atelier dans { $card }, qui va sous votre deck
describe-replay = résoudre à nouveau une capacité « Une Fois Jouée » de { $card }
describe-take-leader = prendre le meneur { $title }
describe-choose-leader = garder le meneur { $title }
describe-take-amulet = prendre l'amulette { $title }
describe-trade = échanger votre amulette contre un jeton Mana ordinaire
describe-magpie = mélanger { $card } de votre défausse dans votre deck
describe-guardian = +1 Gardien sur { $card }
describe-copy = { $target } a aussi les symboles et capacités de { $card }
describe-copy-leader = la carte de votre meneur a aussi les symboles et capacités de { $card }
describe-redraw = défausser votre carte on-deck { $card } et en révéler une autre
describe-used-leader = { $title }, meneur de { $them } (carte on-deck c{ $c }), comme le vôtre : { $text }
describe-used-card = carte on-deck { $card } de { $them }, comme la vôtre : { $text }
describe-copy-used = { $card } compte une fois de plus dans votre Récolte (ses symboles et capacités)
describe-soil-from-supply = glisser un { $title } de la réserve ({ slot }) dans { $card }
describe-clear-common = retirer { $title } de la réserve
describe-workshop-take = prendre { $title } dans votre atelier, gratuitement
describe-workshop-turn-back = payer { $n } mana pour retourner votre meneur sur sa face de départ à la fin de cette Phase de Récolte
describe-workshop-turn-back-used = payer { $n } mana pour retourner ce meneur sur sa face de départ à la fin de cette Phase de Récolte
describe-gain-choice = gagner { $pick ->
    [0] 1 mana
   *[other] 1 Esprit Libre
}
describe-graft = ajouter à c{ $first } la capacité de { $title } jusqu'à la fin du tour ({ $ability })
describe-use-on-deck = utiliser la carte on-deck { $card } de { $them } comme si elle était dans votre champ (ses capacités de Récolte aussi, coût du Pâturage compris)
describe-use-on-deck-ability = payer de votre mana pour la capacité d'échange de la carte on-deck { $card } de { $them }
describe-evoke-bought = glisser dès maintenant { $title } dans { $card }
describe-vale-choice = { $title } : { $text }
describe-pass = terminer votre Phase de Semence
describe-push = poser la carte on-deck dans votre champ et révéler la suivante
describe-spoil = accepter de Décliner
describe-druid = défausser la carte on-deck et en révéler une autre
describe-arbor = retirer le Bois de l'Éclosion de la partie pour de la Croissance
describe-decline = refuser
describe-mill = défausser la première carte de votre deck
describe-token = retourner votre jeton Mana pour 1 mana
describe-done = terminer cette étape
describe-upgrade = retourner votre meneur sur sa face améliorée
describe-sow = payer du mana pour la capacité d'échange

## Help

help-push = pousser : poser la carte on-deck dans votre champ et révéler la suivante
help-pass = passer : terminer votre Phase de Semence
help-spoil = accepter de Décliner
help-token = retourner votre jeton Mana actif pour 1 mana
help-buy = acheter l'Évolution K du niveau L de la réserve (p. ex. buy 2.3)
help-buy-soil = acheter un Sol Fertile pour un emplacement (top = haut, middle = milieu, bottom = bas)
help-buy-on = acheter pour la carte N (Chœur de la Terre)
help-vale = acheter la carte Val K du niveau L, en payant « au choix » avec SPIRIT
help-sleeve = glisser l'Évolution achetée dans la protection de la carte N de votre champ
help-done = terminer la Phase de Récolte (ou l'étape en cours)
help-decline = refuser une capacité optionnelle
help-discard = défausser la carte N
help-mill = Temps Calme : défausser la première carte de votre deck
help-druid = Druide Pacificateur : défausser la carte on-deck et en révéler une autre
help-arbor = Bois de l'Éclosion : le retirer de la partie pour de la Croissance
help-conclave = Conclave des Ents : +1 Gardien sur la carte N
help-aerie = Aire de l'Héliolite : un Esprit de ce type devient un Esprit Libre
help-resolve = résoudre d'abord la capacité de cet emplacement
help-upgrade = retourner votre meneur sur sa face améliorée
help-leader = garder le meneur 1 ou 2
help-sow = payer du mana pour une capacité d'échange
help-use-vale = utiliser la carte Val N que vous possédez
help-use = résoudre maintenant les capacités de Récolte de la carte N (des cartes Val) dont le gain peut encore changer
help-cancel-keep = annuler le Déclin de la carte N / garder la carte N pour votre prochain champ
help-portal = Wayfarer Portal : déplacer une Évolution entre deux cartes de votre champ
help-take = draft : prendre le meneur ou l'amulette N sur la table
help-trade = échanger votre amulette contre un jeton Mana ordinaire
help-evoke = invoquer votre amulette active (sur la carte N)
help-ability-card = une capacité unique choisit la carte N
help-ability-common = une capacité unique choisit l'Évolution K du niveau L de la réserve
help-ability-soil-card = une capacité unique glisse un Sol Fertile dans la carte N
help-ability-pick = l'option N d'une capacité unique
help-ability-spirit = Halo Mountain : dépenser un Esprit de ce type pour ses PV
help-claim = Nightvale Pathfinder : réclamer cette Évolution comme si vous l'aviez achetée (sans utiliser d'achat)
help-replay = Harpy Canyon : résoudre à nouveau la capacité « Une Fois Jouée » de la carte N dans SLOT (ou leader)
help-ability-soil = Old Bakarab : prendre un Sol Fertile de la réserve dans votre atelier
help-workshop = Old Bakarab (améliorée) : glisser l'Évolution K de l'atelier dans la carte N du champ, qui va sous votre deck
help-vp = variante buy_vp : payer 3 Esprits pour 1 PV
help-use-on-deck = Dione (face améliorée) : utiliser la carte on-deck N du joueur S, dont la capacité peut coûter (Pâturage), comme si elle était dans votre champ
help-use-on-deck-ability = Dione (face améliorée) : utiliser la capacité d'échange à l'emplacement SLOT de la carte on-deck N du joueur S (Seed Sowers), en payant votre mana
help-words = animal (Bestial), forest (Sylvain), sky (Céleste), wild (Libre) / top (haut), middle (milieu), bottom (bas)

## The table

view-header = == Mystic Vale · ronde { $round } · pool de jetons PV : { $pool }{ $last ->
    [yes] {" "}(dernière ronde)
   *[no] {""}
} · vous êtes { $seat }
view-conclaves = conclaves (leurs cartes forment les pioches d'Évolutions et de cartes Val) : { $names }
view-draft = table de draft (prenez un meneur ou une amulette, puis l'autre sorte, en ordre inverse) :
view-draft-leader = {"  "}prendre le meneur { $id } : { $text }
view-draft-upgraded = {"      "}face améliorée : { $text }
view-draft-amulet = {"  "}prendre l'amulette { $id } : { $text }
view-commons = réserve d'Évolutions :
view-level = {"  "}niveau { $level } (pioche : { $deck }) :
view-soil = {"  "}soil.top/middle/bottom : { $title } ({ $cost } mana) : { $symbols } ; restants { $top } · { $middle } · { $bottom }
view-vales = cartes Val :
view-vale = {"    "}{ $id } { $title } (coût { $cost }, { $vp } PV)
view-vale-ability = {"    "}{ $id } { $title } (coût { $cost }, { $vp } PV) : { $text }
view-vale-top = {"    "}dessus de la pioche (vue de tous quand elle y a été posée) : { $title }
view-token = { $active ->
    [yes] face active
   *[no] face utilisée
}
view-token-amulet = { $amulet } (face { $active ->
    [yes] active
   *[no] utilisée
})
view-player = -- { $seat }{ $playing ->
    [yes] {" "}(joue)
   *[no] {""}
} : { $vp } { $vp ->
    [one] jeton PV
   *[other] jetons PV
} (score { $score }), jeton Mana { $token }, deck { $deck }, défausse { $discard }{ $vales }
view-player-vales = , cartes Val : { $names }
view-owned-vale = {"   "}carte Val { $title } : { $text }
view-amulet = {"   "}amulette : { $text }
view-workshop = {"   "}atelier : { $items }
view-pending-mana = {"   "}{ $n } mana en attente de la prochaine Phase de Récolte (perdu si vous Déclinez)
view-leader = {"   "}meneur (c{ $c }) : { $text }
view-leader-unseen = {"   "}meneur (c{ $c }) : pas encore vu
view-leaders-dealt = {"   "}meneurs distribués : 1. { $first } · 2. { $second }
view-card-leader = [meneur { $text }]
view-card-leader-unseen = [un meneur pas encore vu]
view-covered = { $title } sur { $under } (éclipse, recouverte)
view-field = {"   "}champ   c{ $c } { $card } { $stats }
view-on-deck = {"   "}on-deck c{ $c } { $card } { $stats }
view-ability = {"              "}{ $title } : { $text }
view-eclipse = {"              "}{ $title } : éclipse (peut être recouverte, ne recouvre jamais)
view-boost = {"              "}jusqu'à la fin du tour (Cyrilla) : +{ $n } { $n ->
    [one] Gardien
   *[other] Gardiens
}
view-boost-ability = {"              "}jusqu'à la fin du tour (Cyrilla) : +{ $n } { $n ->
    [one] Gardien
   *[other] Gardiens
} ; { $ability }
view-deck-bottom = {"   "}sous le deck (vues de tous), du bas : { $cards }
view-decay = {"   "}Déclin { $decay } contre Croissance { $growth }
view-spoil-risk = {" "}· risque de Décliner si vous poussez : { $pct }{"\u00A0"}%
view-harvest = Récolte : { $mana } mana à dépenser, Esprits { $spirits }, { $vp } PV à gagner, { $bought } { $bought ->
    [one] Évolution achetée
   *[other] Évolutions achetées
}
view-harvest-spirit = { $n } { spirit }
view-order = Une Fois Jouée (c{ $c }) : choisissez laquelle se résout d'abord : { $waiting }
view-order-item = { $title } ({ slot })
view-when-played = Une Fois Jouée (c{ $c }) : { $title } : { $ability }
view-gingan = GinGan de { $me } : { $them } peut défausser sa carte on-deck c{ $c } et en révéler une autre, et { $me } gagne alors 1 PV pris dans la boîte (discard c{ $c }), ou la garder (decline)
view-bog = après la partie, Borderwatch Bog : une Phase de Semence de plus (push ou pass) ; +1 PV par carte du champ sans Décliner
view-silver-tree = Silver Tree : vous pouvez défausser votre carte on-deck ou une carte du champ (discard cN), ou refuser
view-pathfinder = Nightvale Pathfinder : réclamez une Évolution coûtant de 1 à 6 (claim L.K), ou refusez
view-hatchery = Phase de Défausse (Hatchery) : gardez une carte comme la plus à gauche de votre prochain champ, ou refusez
view-peek = { $what ->
    [hoard] première carte de votre deck (Wood Sprite Hoard : vous pouvez la défausser)
    [hoard-next] carte suivante de votre deck, sous celles gardées (Wood Sprite Hoard : vous pouvez la défausser)
   *[calm] première carte de votre deck (Temps Calme)
} : c{ $c } { $card }
view-peek-then = {"  "}puis : c{ $c } { $card }
view-legend = légende : c0..c19 vos 20 cartes ; [haut | milieu | bas] les trois emplacements d'une carte ; L.K = Évolution K du niveau L ; vous Déclinez quand vos Déclins moins vos Croissances atteignent 4 (Déclin contre Croissance) ; score = jetons PV + PV des cartes + capacités « Fin de la Partie » + cartes Val

## Parse errors
expect-action = une action : { $actions }

## Setup errors (crates/mystic-vale/src/setup.rs): what is wrong with the options, the field named by the frame

setup-players = Mystic Vale se joue de 2 à 4 joueurs, pas { $players }
setup-rules = révision des règles de 1 à { $last }, pas { $rules }
setup-sets-base-first = `{ $sets }` : la liste commence par {"`base`"} (qui contient les cartes de départ), par exemple {"base,wild"}
setup-sets-repeated = `{ $sets }` : le jeu de cartes `{ $set }` est vide ou répété
setup-conclaves-sets = les conclaves choisissent les cartes dans tous les jeux : retirez sets=`{ $sets }`
setup-draft-together = le draft prend meneurs et amulettes ensemble : {"leaders=draft"} avec {"amulets=draft"} (ou {"edition=essential"})
setup-amulets-set = les amulettes demandent l'extension Mana Storm ({"sets=base,manastorm"}) ; les jeux `{ $sets }` en ont { $amulets }
setup-leaders-count = `{ $leaders }` demande { $need } meneurs, les jeux `{ $sets }` en ont { $have } (ajoutez une extension : {"sets=base,wild"})
setup-leaders-blank = un meneur se glisse dans une carte vierge ; le fichier de cartes n'en a aucune
setup-edition-sets = les options {"`edition=essential`"} et `sets={ $sets }` s'excluent : l'édition essentielle joue tous les jeux ; retirez-en une
setup-edition-none = les options `{ $edition }` et `{ $name }=none` s'excluent : { $edition } fait un draft des { $name } ; retirez-en une

## Options : ce que dit chacune (`sylvan games`, le salon) ; les valeurs d'une option à liste, par leur nom.
option-players = nombre de joueurs, de 2 à 4
option-cards = fichier de cartes : `base` (intégré) ou le chemin d'un fichier TOML (voir `sylvan cards check`)
option-sets = jeux de cartes, séparés par des virgules : base, puis les extensions (magic, wild, manastorm), ou all ; en ligne de commande aussi des fichiers de cartes
option-buy-vp = variante (EN:1829) : pendant la Phase de Récolte, 3 symboles Esprit quelconques achètent 1 PV, autant de fois que voulu
option-stacked-duplicates = variante (EN:1835) : un titre en double révélé dans la réserve s'empile sur son jumeau, et l'emplacement est complété
option-leaders = meneurs (Vale of the Wild, Mana Storm) : none (aucun), random (un chacun, au hasard), choose (2 distribués, 1 gardé), draft (avec amulets=draft)
option-amulets = amulettes (Mana Storm) : none (aucune), random (une chacun, au hasard), draft (le draft officiel, avec leaders=draft)
option-conclaves = conclaves (EN:743) : random, ou 6 clés séparées par des virgules (voir `sylvan cards list mystic-vale --conclaves`) ; les decks de la réserve et des cartes Val sont leurs cartes, tous jeux confondus
option-edition = essential : tous les jeux (comme sets=all) avec le draft officiel des meneurs et des amulettes
option-rules = révision des règles : 11 (celle du livret : comme 10, et un Earthchant Chorus réduit le coût d'un seul achat par tour, chaque capacité « si elle vous fait Décliner » de la carte on-deck rapporte ses PV, la face améliorée de Hempero compte chaque Évolution d'une pile qu'elle retire, une carte que Canopy Explorer fait entrer pendant la Récolte apporte son Earthchant Chorus, un meneur est mélangé au deck après que le champ de départ a été distribué, et Deepriver Crystal peut être invoquée à chaque Phase de Défausse), 10 (comme 9, et un Canopy Explorer qui rejoint votre champ pendant la Récolte se résout, aussitôt là où aucun Call of the Hunt ne peut venir, sinon par votre `use c7 top` ; une carte qu'un voisin peut révéler par la face améliorée de GinGan compte parmi ce qui peut encore venir), 9 (comme 8, et avec la face améliorée de Dione le retournement payé d'Old Bakarab sur la carte on-deck d'un voisin retourne ce meneur, une carte de Dione qui rejoint le champ pendant la Récolte utilise les cartes des voisins dès qu'elle le rejoint, et ce que vos cartes et vos cartes Val gagnent grâce aux cartes utilisées est leur propre gain ; un Canopy Explorer attend votre `use c7 top` là où un Call of the Hunt peut encore venir pendant cette Récolte, la copie d'un Call of the Hunt par Cyrilla par exemple ; le Call of the Hunt ou le Canopy Explorer d'un voisin utilisé par Dione se résout par votre `use p1 c7 top` dans l'ordre que vous choisissez), 8 (comme 7, et avec la face améliorée de Dione les cartes on-deck des voisins comptent comme dans votre champ avec leurs capacités de Récolte, `use p1 c7` pour celle qui peut coûter ; les cartes que Canopy Explorer prend après un gardien ajouté pendant la Récolte donnent leurs places aussitôt), 7 (la décision de toute capacité nomme sa carte ou sa carte Val, `use c7 top`, `use v3 c7`, le déplacement de Wayfarer Portal aussi, une décision à la fois : `use v3`, l'Évolution `use c1 top`, la carte où elle va `use v3 c2` ; la Phase de Préparation finale du dernier joueur est jouée ; une carte qui double le Mana et quitte le champ double ce qui est acquis en le quittant ; vous pouvez marquer les PV de votre champ avant d'acheter une carte Val qui remplit le pool, `score`), 6 (comme 7, mais le déplacement de Wayfarer Portal est une seule action, `portal c1 top c2`), 5 (comme 6, mais les PV du champ sont toujours marqués à la fin de la Phase de Récolte), 4 (comme 5, mais `keep c7` et `cancel c7` pour Hatchery, Pool of Visions, Bramble Spire et Aether Tree, sans Phase de Préparation finale pour le dernier joueur, et le doublement continue après que sa carte a quitté le champ), 3 (le joueur résout chaque capacité de Récolte dont le gain peut changer, `use c7` ; actions nommées d'après une carte, comme `druid`), 2 (gains gardés au mieux) ou 1 (la lecture antérieure, avec laquelle se rejouent les parties enregistrées qui n'en nomment aucune)
option-sets-choice = { $set ->
    [base] Jeu de base
    [magic] Vale of Magic
    [wild] Vale of the Wild
    [manastorm] Mana Storm
   *[other] { $set }
}

## La décision d'une capacité nomme sa carte (`use cN SLOT`, `use vN`, `use vN cN`, `use vN KIND`)

describe-use-ability = { $title } : { $text }
describe-use-ability-on = { $title } sur { $card } : { $text }
describe-use-ability-spirit = { $title }, un Esprit { spirit } : { $text }
help-use-ability = utiliser la capacité de la carte N de votre champ à l'emplacement SLOT (top, middle, bottom, leader), ou de la carte Val N que vous possédez ; avec une carte ou un type d'Esprit quand elle en choisit un (Druide Pacificateur, Seed Sowers, Temps Calme, Bois de l'Éclosion, Wood Sprite Hoard, Conclave des Ents, Aire de l'Héliolite)
event-used-ability-on = { $seat } utilise la capacité { $blank ->
    [yes] d'une carte vierge
   *[no] de la carte { $card }
} sur { $target_blank ->
    [yes] { blank-card }
   *[no] { $target }
}
event-resolved-now = { $seat } résout maintenant les capacités de Récolte { $blank ->
    [yes] d'une carte vierge
   *[no] de la carte { $card }
}

## Les mises en place explicites et l'option des conclaves (crates/mystic-vale/src/setup_problem.rs, un
## message par problème) : ce qui ne va pas, le champ nommé par le cadre

setup-conclave-unknown = aucun conclave `{ $key }` (random, ou 6 parmi : { $keys })
setup-conclave-twice = `{ $key }` est nommé deux fois
setup-conclave-count = { $n ->
    [one] { $n } conclave nommé
   *[other] { $n } conclaves nommés
} : une partie en utilise exactement { $pick } (EN:751), ou {"`random`"}
setup-start = la place { $start } n'est pas à la table ({ $players } joueurs, places comptées depuis 0)
setup-seat-count = { $given ->
    [one] { $given } joueur
   *[other] { $given } joueurs
} pour { $seats } places
setup-card-count = exactement { $cards } cartes, pas { $given }
setup-unknown-advancement = aucune Évolution de clé `{ $key }`
setup-unknown-vale = aucune carte Val de clé `{ $key }`
setup-unknown-leader = aucun meneur de clé `{ $key }`
setup-unknown-amulet = aucune amulette de clé `{ $key }`
setup-no-free-slot = carte { $card } : aucun emplacement libre
setup-slot-taken = carte { $card } : `{ $key }` ne peut pas y être glissée (emplacement { slot } déjà pris)
setup-card-out-of-range = carte { $card } : les cartes sont numérotées de 0 à { $last }
setup-card-placed-twice = la carte { $card } est placée deux fois
setup-card-nowhere = la carte { $card } n'est nulle part : chaque carte de 0 à { $last } est à un seul endroit (deck, on-deck, champ, défausse)
setup-leader-card = la carte { $card } porte le meneur : elle doit être vierge
setup-workshop-size = { $given } Évolutions dans l'atelier : { $most } au plus
setup-commons-row = niveau { $level } : { $given } Évolutions, { $most } au plus dans une rangée de la réserve
setup-vale-row = niveau { $level } : { $given } cartes Val, { $most } au plus dans une rangée
setup-soil = { $n ->
    [one] { $n } Sol Fertile
   *[other] { $n } Sols Fertiles
} pour l'emplacement { slot } : la boîte en contient { $most } (les {"`[[soil]] slots`"} des données de cartes)
setup-starting-common = `{ $key }` est une carte de départ, pas une carte de la réserve
setup-common-level = `{ $key }` (niveau { $level }) n'est pas une Évolution de niveau { $row }
setup-deck-level = `{ $key }` est de niveau { $level }, pas { $deck }
setup-vale-level = `{ $key }` (niveau { $level }) n'est pas une carte Val de niveau { $row } tant que cette pioche n'est pas vide
setup-not-in-conclaves = `{ $key }` n'est dans aucun des conclaves de la partie
setup-empty-pool = le pool de jetons PV est vide : la partie ne finirait jamais (EN:609)
setup-vp-overflow = { $total } PV en jetons en jeu (pool et joueurs) dépassent les compteurs ({ $most } au plus)
setup-copies = { $total } exemplaires de `{ $key }` en jeu : les jeux de cartes joués en contiennent { $copies }
setup-stacked-twice = `{ $key }` est montrée deux fois alors que les doublons s'empilent ({"stacked_duplicates"}, EN:1835-1840)
setup-no-workshop = seul un joueur dont le meneur a un atelier (Old Bakarab, EN:1692-1716) en a un
setup-pool-over-box = { $pool } PV dans le pool : la boîte contient { $most } PV en jetons (EN:148-149)

## Les listes des données de cartes (`sylvan cards list mystic-vale`, `--conclaves` ; words.rs
## `card_listing`, `conclave_listing`) : les champs et leur provenance sont les mots des fichiers de cartes

listing-advancement = { $title } ({ $set }, niveau { $level }, { $n ->
    [one] { $n } exemplaire
   *[other] { $n } exemplaires
})
listing-vale = carte Val { $title } ({ $set }, niveau { $level }, { $n ->
    [one] { $n } exemplaire
   *[other] { $n } exemplaires
})
listing-leader = meneur { $title } ({ $set })
listing-amulet = amulette { $title } ({ $set })
listing-symbols-only-head = faces de meneur jouées avec leurs seuls symboles provisoires (sans capacité) :
listing-symbols-only = { $title } ({ $set }), face { $upgraded ->
    [yes] améliorée
   *[no] de départ
} : { $why }
listing-provenance-head = valeurs des données par provenance :
listing-conclave = { $named ->
    [yes] { $name } [{ $key }]
   *[no] { $name } [{ $key }] (nom provisoire)
}
listing-conclave-name = nom  [{ $source }]
listing-conclave-level = niveau { $level } : { $titles }
listing-conclave-advancements = Évolutions  [{ $source }]
listing-conclave-vale-level = cartes Val de niveau { $level } : { $titles }
listing-conclave-vales = cartes Val  [{ $source }]
listing-conclaves-total = { $n } conclaves ({ $named } nommés par le livret de règles, EN:759-767 ; toutes les listes de cartes sont provisoires) ; une partie en utilise { $pick }

## Rules revision 6, ruling MV83 : les PV du champ marqués quand le joueur le décide (`score`)

describe-score = marquer maintenant les PV de votre champ (avant d'acheter une carte Val qui remplit le pool, le pool s'épuise d'abord)

# Les réponses à « garder ou échanger votre amulette » : les mots d'un joueur, sans commande tapée devant.
describe-keep-amulet = garder votre amulette

## Fichiers de cartes (`--cards FICHIER`, `--sets base,FICHIER` ; cards.rs) : `mv-data-error` est
## l'erreur entière, l'endroit (`fichier:ligne: champ`, sans langue) puis le problème. Les clés, noms de
## champs et valeurs sont les mots du fichier de cartes.

mv-data-error = { $place } : { $problem }
mv-data-string = un texte est attendu
mv-data-missing = manquant
mv-data-key = une clé est un mot non vide : sans espace, virgule ni caractère de contrôle
mv-data-set-header = {"`"}{ $set }{"`"} contredit l'en-tête du fichier set = {"`"}{ $header }{"`"}
mv-data-range = { $value } est hors des bornes { $lo }..={ $hi }
mv-data-integer = un entier est attendu
mv-data-triple-range = trois entiers 0..=40 sont attendus (haut, milieu, bas)
mv-data-triple = trois entiers sont attendus (haut, milieu, bas)
mv-data-unknown-field = champ inconnu (connus : { $known })
mv-data-source-table = une table de provenances est attendue
mv-data-source-missing = manquant : chaque champ a besoin d'une provenance
mv-data-no-provenance = aucune provenance : ajouter {"`"}{ $field } = "rulebook: ..."{"`"} (ou fan:, provisional:) à [{ $kind }.source]
mv-data-provenance-string = une provenance est un texte
mv-data-provenance-unknown = provenance d'un champ inconnu
mv-data-bool = true ou false est attendu
setup-long-wise = le fichier de cartes marque { $key } dans le sens de la longueur : le recouvrement d'une capacité dans le sens de la longueur par une autre (EN:560) n'est pas encore joué, la révision 11 des règles le refuse donc (omettez ce champ, ou jouez {"rules=10"}, qui l'ignore)
mv-data-ability-place = {"`"}{ $ability }{"`"} est un pouvoir { $place ->
    [card] de carte (Évolution ou meneur)
   *[vale] de carte Val
}
mv-data-timing = moment inconnu {"`"}{ $timing }{"`"} ({ $known })
mv-data-ability = pouvoir inconnu {"`"}{ $ability }{"`"} ({ $known })
mv-data-ability-missing = le pouvoir {"`"}{ $ability }{"`"} n'est pas encore programmé
mv-data-acts = {"`"}{ $ability }{"`"} agit en { $ok }, pas en {"`"}{ $timing }{"`"}
mv-data-reward = gain inconnu {"`"}{ $reward }{"`"} ({ $known })
mv-data-count = compte inconnu {"`"}{ $count }{"`"} ({ $known })
mv-data-exchange = un échange coûte au moins 1 mana
mv-data-module = module inconnu {"`"}{ $module }{"`"} ({ $known })
mv-data-module-acts = le module {"`"}{ $module }{"`"} agit en { $ok }, pas en {"`"}{ $timing }{"`"}
mv-data-module-unique = seul un pouvoir {"`"}unique{"`"} nomme un module
mv-data-slot = {"`"}{ $slot }{"`"} n'est ni top, ni middle, ni bottom
mv-data-advancement-level = une Évolution est de niveau 1, 2 ou 3
mv-data-copies = au moins un exemplaire
mv-data-vale-level = une carte Val est de niveau 1 ou 2
mv-data-window = moment inconnu {"`"}{ $window }{"`"} (harvest, harvest-or-discard, would-spoil, any)
mv-data-evoke = pouvoir d'invocation inconnu {"`"}{ $evoke }{"`"}
mv-data-slots-per-deck = les emplacements font { $sum } mais per_deck vaut { $per }
mv-data-starting-key = les cartes de départ sont {"`"}cursed-land{"`"} et {"`"}fertile-soil{"`"}, pas {"`"}{ $key }{"`"}
mv-data-slots-copies = les emplacements doivent faire copies
mv-data-expansion-core-tables = un fichier d'extension n'a pas de tables [[starting]] ni [[soil]] (elles sont au fichier de base)
mv-data-core-leaders = les meneurs et les amulettes viennent des fichiers d'extension, pas du fichier de base
mv-data-one-soil = il faut exactement une table [[soil]] (la réserve de Sol Fertile à acheter)
mv-data-not-core = ce n'est pas un fichier de base
mv-data-no-advancement = aucune [[advancement]] dans le fichier
mv-data-two-starting = il faut exactement deux cartes [[starting]] : cursed-land et fertile-soil
mv-data-starting-20 = les cartes de départ dépassent 20 par deck
mv-data-three-cursed = un deck de départ a besoin d'au moins 3 Terres Maudites (la mise en place s'arrête à deux dans le champ et une en on-deck)
mv-data-duplicate-key = clé en double {"`"}{ $key }{"`"} : un fichier de cartes précédent ({ $file }) l'a déjà
mv-data-duplicate-leader = clé de meneur en double {"`"}{ $key }{"`"} : un fichier de cartes précédent l'a déjà
mv-data-set-name = un nom de jeu de cartes fait 1 à 40 minuscules, chiffres ou {"`"}-{"`"}
mv-data-set-embedded = un jeu de cartes intégré porte ce nom
mv-data-set-twice = proposé deux fois
mv-data-not-loaded = données de cartes non chargées : un état enregistré nomme son fichier de cartes mais ne le lit jamais (charger d'abord le fichier, par exemple avec {"`"}--cards FICHIER{"`"})
mv-data-loaded-twice = ce fichier de cartes a été chargé avec des contenus différents par des parties encore en cours : impossible de savoir lequel
mv-data-at-most = au plus { $n } { $kind ->
    [advancement] titres d'Évolutions
    [vale] titres de cartes Val
    [leader] meneurs
   *[amulet] amulettes
}
mv-data-duplicate = clé en double {"`"}{ $key }{"`"}
mv-data-duplicate-leader-here = clé de meneur en double {"`"}{ $key }{"`"}
mv-data-no-level = { $kind ->
    [advancement] aucune Évolution
   *[vale] aucune carte Val
} de niveau { $level }

## Révision 7 des règles (décision MV90) : le déplacement de Wayfarer Portal, une décision à la fois

view-portal-open = { $title } : choisissez l'Évolution à déplacer ({"`use cN SLOT`"}), ou refusez
view-portal-named = { $title } : déplacer { $adv } de la carte { $c } sur quelle carte ({"`use vN cN`"}) ? Ou refusez
describe-portal-from = déplacer { $adv } ({ slot }) de { $card }
describe-portal-to = déplacer { $adv } sur { $card }
describe-portal-decline = laisser les Évolutions où elles sont (le Portal est utilisé pour ce tour)

## Fichiers de conclaves (`-o conclaves=FICHIER`, data/conclaves.toml ; conclaves.rs) : le problème après
## le lieu de `mv-data-error`.
mv-conclave-key = {"`"}{ $key }{"`"} : une clé s'écrit en lettres minuscules, chiffres et {"`"}-{"`"}
mv-conclave-twice = {"`"}{ $key }{"`"} / {"`"}{ $name }{"`"} est déjà un conclave
mv-conclave-source = { $field } : { $problem }
mv-conclave-no-advancement = aucune Évolution de clé {"`"}{ $key }{"`"} dans les données des cartes
mv-conclave-no-vale = aucune carte Val de clé {"`"}{ $key }{"`"} dans les données des cartes
mv-conclave-starting = {"`"}{ $key }{"`"} est une carte de départ, pas une carte de la réserve
mv-conclave-taken = {"`"}{ $key }{"`"} est déjà dans le conclave {"`"}{ $other }{"`"}
mv-conclave-empty = un conclave donne au moins une carte
mv-conclave-count = { $n ->
    [one] { $n } conclave
   *[other] { $n } conclaves
} : il en faut de 6 à 64
mv-conclave-named = un tirage au hasard prend 2 des conclaves nommés par le livre de règles (EN:757) : nommez-en au moins 2 (source.name = {"`"}rulebook: …{"`"})
