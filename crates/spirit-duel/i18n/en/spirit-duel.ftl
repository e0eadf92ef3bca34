# The spirit duel in English: our translation of the French rulebook (terms: docs/glossary/spirit-duel.md;
# the English card texts say HP and MP). Arguments: $seat $spirit $target are seats (p0) or names already
# formatted; $card $cards are card names already formatted; $element is an element code (fire).

## Names

element = { $element ->
    [fire] Fire
    [water] Water
    [earth] Earth
   *[air] Air
}
keyword = { $keyword ->
    [attack] Attack
    [defence] Defence
    [support] Support
    [ultimate] Ultimate
    [zone] Zone
    [day] Day
   *[night] Night
}
# Joins two element names (critical vs Fire/Water).
element-separator = /

## Why the game ended

end-destroyed = { $seat } destroyed every enemy spirit.
end-exhausted = The other side's pile ran out a second time: { $seat } wins.
end-draw = Round { $round } ended without a winner: a draw.
breakdown-result = result (win 1, draw ½)
breakdown-spirit = { $spirit } { $hp } HP
breakdown-spirit-destroyed = { $spirit } destroyed
breakdown-side = { $seat }: { $spirits }

## Help

help-attack = play Attack card CARD against enemy spirit SPIRIT
help-strike = your spirit SPIRIT uses its own Attack on enemy TARGET
help-support = play Support card CARD (on one of your spirits)
help-recycle = put CARD under your pile and draw (once a turn)
help-defend = answer an attack with Defence card CARD
help-take = take the attack without defending
help-end = end your turn
help-codes = a card code (see your hand) / almyra, dormuzel, kelorn, surok

## Events

turn-started = — { $seat }'s turn, round { $round }, { $day ->
    [yes] Day
   *[no] Night
}
mana = { $seat } now has { $mp } MP
drew = { $seat } draws { $cards }
drew-count = { $seat } draws { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
reshuffled = { $seat }'s pile is empty: the discard pile is shuffled into a new pile (MP card turned over)
reshuffled-robot = { $seat } (Robot) reshuffles its discard pile: its spirits lose 5 HP
attacked = { $seat } attacks { $target } with { $source }: power { $power }
rolled = { $seat } rolls the die: { $result }
defended = { $seat } defends with { $card }: power { $power }
no-defence = { $seat } does not defend
damaged = { $spirit } takes { $amount } damage ({ $hp } HP left)
healed = { $spirit } heals { $amount } HP ({ $hp } HP)
exhausted = { $spirit } is exhausted
recharged = { $spirit } is recharged
supported-on = { $seat } plays { $card } on { $target }
supported = { $seat } plays { $card }
attached = { $card } is attached to { $spirit }
recycled-card = { $seat } puts { $card } under the pile and draws
recycled = { $seat } puts a card under the pile and draws
robot-played = the Robot flips { $card } and plays it
robot-unusable = the Robot flips { $card }: unusable, discarded
removed = { $card } is removed from the game (Ultimate)
destroyed = { $spirit } is destroyed; { $count ->
    [one] { $count } bound ability goes
   *[other] { $count } bound abilities go
} to its owner's hand
zone-reuse = Zone: { $card } is used again for free
over-destroyed = game over: { $seat } destroyed every enemy spirit
over-exhausted = game over: { $seat } wins, the other pile was emptied a second time
over-draw = game over: draw at the end of round { $round }

## Actions

describe-end = end your turn
describe-take = do not defend
describe-attack = attack { $target } with { $card } ({ $cost } MP)
describe-strike = { $spirit } attacks { $target } ({ $cost } MP, exhausts it)
describe-support-on = play { $card } on { $target } ({ $cost } MP)
describe-support = play { $card } ({ $cost } MP)
describe-recycle = put { $card } under your pile and draw a card
describe-defend = defend with { $card } ({ $cost } MP)
describe-defend-against = defend with { $card } ({ $cost } MP) against power { $power }

## The table

phase-combat = { $seat }'s combat phase
phase-defend = { $seat } may defend { $spirit } against an attack of power { $power }
phase-over = game over: { $reason }
reason-destroyed = { $seat } destroyed every enemy spirit
reason-exhausted = { $seat } wins: the other pile ran out a second time
reason-draw = draw at the end of round { $round }
view-header = Spirit duel ({ $solo ->
    [yes] solo vs the Robot
   *[no] 1 vs 1
}) — round { $round }/{ $rounds } — { $day ->
    [yes] Day ☀
   *[no] Night ☾
} — { $phase }
view-who = { $who ->
    [robot] Robot
    [you] you
   *[opponent] opponent
}
view-side = { $seat } ({ $who }, team { $team }){ $first ->
    [yes] {" "}first player
   *[no] {""}
}: { $mp } MP, { $hand ->
    [one] { $hand } card
   *[other] { $hand } cards
} in hand, pile { $pile }{ $reshuffled ->
    [yes] {" "}(already reshuffled once)
   *[no] {""}
}, discard: { $discard }
view-spirit-destroyed = destroyed
view-charged = charged
view-exhausted = exhausted
view-spirit = { $hp }/{ $max } HP  { $state } { $element }  attack { $cost } MP power { $power }  bound { $bound }  attached: { $attached }
view-removed = out of the game: { $cards }
view-in-play = being used: { $card }
view-hand = Your hand ({ $seat }):
view-robot-hand = The Robot's hand is face down.
view-under-pile = Under your pile (bottom first): { $cards }
view-legend = (HP: hit points; MP: mana points; bound: face-down abilities under a spirit; critical vs: +4 power against that element, weak vs: -4)
view-move = (move { $moves })
card-line = { $name } ({ $keywords }; { $cost } MP{ $power ->
    [none] {""}
   *[other] , power { $power }
}; { $element }{ $critical ->
    [none] {""}
   *[other] ; critical vs { $critical }
}{ $weak ->
    [none] {""}
   *[other] ; weak vs { $weak }
}): { $text }

## A typed action that does not read (after "cannot read …:") or is not legal now

expect-action = a spirit duel action: {"`end`, `attack CARD SPIRIT`, `strike SPIRIT SPIRIT`, `support CARD [SPIRIT]`, `recycle CARD`, `defend CARD`, `take`"}
expect-ability = an ability code (e.g. {"glaciation"}, {"appel"})
expect-spirit = a spirit code ({"almyra, dormuzel, kelorn, surok"})
illegal-now = not legal for { $seat } now ({ $phase }) at move { $moves }: {"`"}{ $action }{"`"}

## Options: what each says (`sylvan games`, the lobby); a list option's values by name.
option-solo = solo mode: p1 is the rulebook's Robot, played by the game itself (only p0 decides)
option-team = team of p0: a (Almyra, Dormuz'el) or b (Kel'Orn, Surok)
option-robot = the solo Robot's rules revision: 3 (the rulebook's: a card with no positive effect is unusable, and it counts the cards a destroyed spirit puts in its hand as it draws up to 4), 2 (older records: it counted its draws before drawing) or 1 (older records)
option-rules = the rules revision: 2 (an attacked player is always asked whether to defend) or 1 (older records: asked only with a Défense it can pay for)
automated-robot = the Robot (played by the game)
