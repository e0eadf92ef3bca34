# Le duel d'Esprits en français : les mots du livret (spirit-duel-initiation.fr.txt ; termes :
# docs/glossary/spirit-duel.md). Arguments : $seat $spirit $target sont des joueurs (p0) ou des noms déjà
# formatés ; $card $cards sont des noms de cartes déjà formatés ; $element est le code d'un élément (fire).

## Noms

element = { $element ->
    [fire] Feu
    [water] Eau
    [earth] Terre
   *[air] Air
}
keyword = { $keyword ->
    [attack] Attaque
    [defence] Défense
    [support] Soutien
    [ultimate] Ultime
    [zone] Zone
    [day] Diurne
   *[night] Nocturne
}
element-separator = /

## Fin de la partie

end-destroyed = { $seat } a détruit tous les Esprits adverses.
end-exhausted = La pioche adverse s'est épuisée une seconde fois : { $seat } gagne.
end-draw = Le tour { $round } s'est achevé sans vainqueur : match nul.
breakdown-result = résultat (victoire 1, nul ½)
breakdown-spirit = { $spirit } { $hp } PV
breakdown-spirit-destroyed = { $spirit } détruit
breakdown-side = { $seat }: { $spirits }

## Aide

help-attack = jouer la carte Attaque CARD contre l'Esprit adverse SPIRIT
help-strike = votre Esprit SPIRIT utilise sa propre Attaque contre TARGET
help-support = jouer la carte Soutien CARD (sur l'un de vos Esprits)
help-recycle = placer CARD sous votre pioche et piocher (une fois par tour)
help-defend = répondre à une attaque avec la carte Défense CARD
help-take = subir l'attaque sans se défendre
help-end = terminer votre tour
help-codes = un code de carte (voir votre main) / almyra, dormuzel, kelorn, surok

## Événements

turn-started = — tour de { $seat }, tour { $round }, { $day ->
    [yes] Tour Diurne
   *[no] Tour Nocturne
}
mana = { $seat } a maintenant { $mp } PM
drew = { $seat } pioche { $cards }
drew-count = { $seat } pioche { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
reshuffled = la pioche de { $seat } est vide : la défausse est mélangée en une nouvelle pioche (carte PM retournée)
reshuffled-robot = { $seat } (Robot) remélange sa défausse : ses Esprits perdent 5 PV
attacked = { $seat } attaque { $target } avec { $source } : puissance { $power }
rolled = { $seat } lance le dé : { $result }
defended = { $seat } se défend avec { $card } : puissance { $power }
no-defence = { $seat } ne se défend pas
damaged = { $spirit } subit { $amount } dégâts ({ $hp } PV restants)
healed = { $spirit } récupère { $amount } PV ({ $hp } PV)
exhausted = { $spirit } est épuisé
recharged = { $spirit } est rechargé
supported-on = { $seat } joue { $card } sur { $target }
supported = { $seat } joue { $card }
attached = { $card } est attachée à { $spirit }
recycled-card = { $seat } place { $card } sous sa pioche et pioche
recycled = { $seat } place une carte sous sa pioche et pioche
robot-played = le Robot retourne { $card } et la joue
robot-unusable = le Robot retourne { $card } : inutilisable, défaussée
removed = { $card } est retirée de la partie (Ultime)
destroyed = { $spirit } est détruit ; { $count ->
    [one] { $count } capacité liée va
   *[other] { $count } capacités liées vont
} dans la main de son propriétaire
zone-reuse = Zone : { $card } est réutilisée gratuitement
over-destroyed = partie terminée : { $seat } a détruit tous les Esprits adverses
over-exhausted = partie terminée : { $seat } gagne, la pioche adverse s'est épuisée une seconde fois
over-draw = partie terminée : match nul à la fin du tour { $round }

## Actions

describe-end = terminer votre tour
describe-take = ne pas se défendre
describe-attack = attaquer { $target } avec { $card } ({ $cost } PM)
describe-strike = { $spirit } attaque { $target } ({ $cost } PM, l'épuise)
describe-support-on = jouer { $card } sur { $target } ({ $cost } PM)
describe-support = jouer { $card } ({ $cost } PM)
describe-recycle = placer { $card } sous votre pioche et piocher une carte
describe-defend = se défendre avec { $card } ({ $cost } PM)
describe-defend-against = se défendre avec { $card } ({ $cost } PM) contre une puissance de { $power }

## La table

phase-combat = phase de combat de { $seat }
phase-defend = { $seat } peut défendre { $spirit } contre une attaque de puissance { $power }
phase-over = partie terminée : { $reason }
reason-destroyed = { $seat } a détruit tous les Esprits adverses
reason-exhausted = { $seat } gagne : la pioche adverse s'est épuisée une seconde fois
reason-draw = match nul à la fin du tour { $round }
view-header = Duel d'Esprits ({ $solo ->
    [yes] solo contre le Robot
   *[no] 1 contre 1
}) — tour { $round }/{ $rounds } — { $day ->
    [yes] Tour Diurne ☀
   *[no] Tour Nocturne ☾
} — { $phase }
view-who = { $who ->
    [robot] Robot
    [you] vous
   *[opponent] adversaire
}
view-side = { $seat } ({ $who }, équipe { $team }){ $first ->
    [yes] {" "}premier joueur
   *[no] {""}
} : { $mp } PM, { $hand ->
    [one] { $hand } carte
   *[other] { $hand } cartes
} en main, pioche { $pile }{ $reshuffled ->
    [yes] {" "}(déjà remélangée une fois)
   *[no] {""}
}, défausse : { $discard }
view-spirit-destroyed = détruit
view-charged = chargé
view-exhausted = épuisé
view-spirit = { $hp }/{ $max } PV  { $state } { $element }  attaque { $cost } PM puissance { $power }  liées { $bound }  attachées: { $attached }
view-removed = hors jeu : { $cards }
view-in-play = en cours d'utilisation : { $card }
view-hand = Votre main ({ $seat }):
view-robot-hand = La main du Robot est face cachée.
view-under-pile = Sous votre pioche (du bas vers le haut) : { $cards }
view-legend = (PV : points de vie ; PM : points de mana ; liées : capacités face cachée sous un Esprit ; critique contre : +4 puissance contre cet élément, faible contre : -4)
view-move = (coup { $moves })
card-line = { $name } ({ $keywords }; { $cost } PM{ $power ->
    [none] {""}
   *[other] , puissance { $power }
}; { $element }{ $critical ->
    [none] {""}
   *[other] ; critique contre { $critical }
}{ $weak ->
    [none] {""}
   *[other] ; faible contre { $weak }
}): { $text }

## Une action tapée qui ne se lit pas (après « impossible de lire … : ») ou qui n'est pas permise

expect-action = une action du duel d'Esprits : {"`end`, `attack CARD SPIRIT`, `strike SPIRIT SPIRIT`, `support CARD [SPIRIT]`, `recycle CARD`, `defend CARD`, `take`"}
expect-ability = un code de capacité (p. ex. {"glaciation"}, {"appel"})
expect-spirit = un code d'Esprit ({"almyra, dormuzel, kelorn, surok"})
illegal-now = pas permis à { $seat } maintenant ({ $phase }) au coup { $moves } : {"`"}{ $action }{"`"}

## Options : ce que dit chacune (`sylvan games`, le salon) ; les valeurs d'une option à liste, par leur nom.
option-solo = mode solo : p1 est le Robot de la règle, joué par le jeu lui-même (seul p0 décide)
option-team = équipe de p0 : a (Almyra, Dormuz'el) ou b (Kel'Orn, Surok)
option-robot = révision des règles du Robot solo : 3 (celle de la règle : une carte sans effet positif est inutilisable, et il compte les cartes qu'un Esprit détruit lui met en main en piochant jusqu'à 4), 2 (anciens enregistrements : il comptait ses pioches avant de piocher) ou 1 (anciens enregistrements)
option-rules = révision des règles : 2 (le joueur attaqué est toujours consulté pour se défendre) ou 1 (anciens enregistrements : consulté seulement s'il peut payer une Défense)
automated-robot = le Robot (joué par le jeu)
