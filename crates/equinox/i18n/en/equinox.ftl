# Equinox in English: our translation of the French rulebook (terms: docs/glossary/equinox.md).
# Arguments: $seat $victim $to $from are seats (p0); $creature is a creature code (gru), named by the
# `creature` message; $card and $cards are card names already formatted; $row is a table row.

## Names

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
# "of" before a creature's name (French elides and contracts it: d'Ursus, du Duc).
de-creature = of { creature }
tree-name = { $tree ->
    [ancetre] L'Ancêtre
   *[dryade] Dryade
}
card-creature = { creature } { $strength }
card-chameleon = Chameleon { $strength }
card-tree = { tree-name }

## Card texts

power = { $creature ->
    [gru] Draw 3 cards (no more, no fewer) into your hand. If this empties the draw pile, the game ends at once.
    [lic] Take back one of your prediction stones already placed in a creature's column (eliminated or not). If it is your secret prediction, discard its creature card. You may place that stone again on a later turn.
    [pan] Choose another player. Draw half of their hand at random (rounded up) and set those cards face down in front of them without looking.
    [gri] Place one of your available prediction stones at once on a creature that has none, in any row (earlier rows included), but not on a champion card.
    [bic] Play a second card at once, as if you had an extra phase 2 this turn. At most once per turn.
    [duc] Choose a player and name a creature not yet eliminated. That player must give you one of its creature cards if they have one; otherwise they show you their hand.
    [car] In phase 3 of your turn you may discard up to 3 creature cards (in play or eliminated) without showing them.
    [bol] Choose another creature eliminated during the game and use its power at once.
    [sab] Choose another player with at least 3 cards in hand. Draw 3 of them, keep one and give the other two back unseen by the others.
    [cro] Take a visible Croc ardent creature card from an earlier row into your hand.
    [rai] Choose the column of a creature still in play and swap two of its visible creature cards.
    [plu] Discard a visible creature card or chameleon in another column of the current row; the card beneath becomes that creature's current card.
    [urs] No power, but each of its creature cards is half a point stronger (0.5 to 10.5). At the end, if Ursus is still in play, each stone in its column scores half a prestige point more.
   *[pel] Take a visible chameleon from any row into your hand; the card beneath becomes that creature's current card.
}
tree-text = { $tree ->
    [ancetre] Choose a creature still in play. Every player with a secret prediction on it reveals it at once. A secret prediction is worth 5 prestige points.
   *[dryade] Take a visible creature card (of this round or an earlier one) into your hand.
}
chameleon-text = Played on any creature of the current row; it counts as that creature's card with its strength, but never triggers a power.

## Why the game ended

end-five-rounds = The fifth round ended with an elimination.
end-deck-exhausted = The draw pile ran out.
end-stalled = A whole table turn passed with every player passing and nothing changing: nobody drew, discarded or got cards back (ruling E9).

## Events

turn-started = — { $seat }'s turn (round { $round })
predicted = { $seat } predicts { creature } in row { $row }
secret-placed-card = { $seat } places a secret prediction on { $card }
secret-placed = { $seat } places a secret prediction
secret-revealed = { $seat } reveals a secret prediction: { $card }
prediction-skipped = { $seat } places no prediction
played-on = { $seat } plays { $card } on { creature }
played = { $seat } plays { $card }
passed-showing-hand = { $seat } cannot play and shows: { $cards }
power-used = { $seat } uses the power of { creature }
power-declined = { $seat } does not use the power of { creature }
discarded-card = { $seat } discards { $card }
discarded = { $seat } discards a card face down
card-to-discard = { $card } goes to the discard pile
drew = { $seat } draws { $cards }
drew-count = { $seat } draws { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
stone-retrieved-at = { $seat } takes back a stone from { creature } row { $row }
stone-retrieved-secret = { $seat } takes back the stone of a secret prediction
stone-placed = { $seat } places a stone on { creature } in row { $row }
set-aside = { $count ->
    [one] { $count } card of { $victim } is set aside face down
   *[other] { $count } cards of { $victim } are set aside face down
}
aside-returned = { $count ->
    [one] { $seat } takes back { $count } set-aside card
   *[other] { $seat } takes back { $count } set-aside cards
}
asked = { $seat } asks { $victim } for a card of { creature }
gave-card = { $victim } gives { $card } to { $to }
gave = { $victim } gives a card to { $to }
hand-shown-cards = { $from } shows { $to } the hand: { $cards }
hand-shown = { $from } shows the hand to { $to }
sabot-drew-cards = { $seat } draws from { $victim }'s hand: { $cards }
sabot-drew = { $seat } draws 3 cards from { $victim }'s hand
sabot-kept-card = { $seat } keeps { $card } from { $victim }
sabot-kept = { $seat } keeps one card of { $victim } and gives two back
took = { $seat } takes { $card } from { creature } row { $row }
swapped = cards of { creature } rows { $row_a } and { $row_b } are swapped
removed = { $card } is discarded from { creature }
named = { $seat } names { creature } with L'Ancêtre
eliminated = { creature } is eliminated in round { $round }
game-over = game over: { $reason } Scores: { $scores }
# One seat's score in the game-over line; `score-separator` goes between them.
score = { $seat } { $score }
score-separator = {" · "}

## What each action does, for the player to move

describe-skip = place no prediction
describe-predict = predict on { creature } in row { $row } (worth { $points })
describe-secret = secret prediction with { $card }
describe-reveal = reveal your secret prediction
describe-play = play { $card }
describe-play-chameleon = play { $card } on { creature }
describe-pass = pass (no playable card: your hand is shown)
describe-discard = discard { $card }
describe-end-discard = stop discarding
describe-decline = do not use the power
describe-use-power = { $creature ->
    [gru] draw 3 cards
    [bic] play a second card
   *[other] discard any creature cards, unshown, in phase 3
}
describe-use-power-any = discard any creature cards, unshown, in phase 3
describe-retrieve-secret = take back the stone of your secret prediction
describe-retrieve-champion = take back your stone from the champion { creature }
describe-retrieve = take back your stone from { creature } row { $row }
describe-set-aside = set aside half of { $victim }'s hand
describe-sabot = draw 3 cards from { $victim }'s hand and keep one
describe-place-stone = place a stone on { creature } in row { $row }
describe-ask = ask { $victim } for a card of { creature }
describe-give = give { $card }
describe-borrow = use the power of { creature }
describe-keep = keep { $card }
describe-take-card = take { $card } from { creature } row { $row }
describe-take = take the card from { creature } row { $row }
describe-swap = swap { creature }'s cards of rows { $row_a } and { $row_b }
describe-remove = discard the visible card of { creature }
describe-name = name { creature } (its secret predictions are revealed)

## Where the turn stands

phase-predict = phase 1: place or reveal a prediction
phase-play = phase 2: play a card
phase-play-extra = phase 2 again (Bicéphale): play a second card
phase-power = power of { creature }
phase-dryade = Dryade: take a visible creature card
phase-ancetre = L'Ancêtre: name a creature
phase-reveals = L'Ancêtre: secret predictions on { creature } are revealed
phase-give = Le Duc: { $victim } gives a card of { creature }
phase-keep = Sabot: keep one of the three cards
phase-discard = phase 3: discard cards
phase-over = game over: { $reason }

## The table

view-header = Equinox — round { $round }/5 — { $seat } to play — { $phase }
view-champion-row = champion (5)
view-row = row { $row } ({ $points })
view-legend = (row N (P): P prestige points per stone; cells: visible strength, c = chameleon, + = cards beneath, X = disappeared, ●N = stone of pN, ✗ = eliminated)
view-hand = You are { $seat }. Hand: { $cards }
view-aside = Set aside by Panache (back in phase 3): { $cards }
view-secret = Your secret prediction: { $card }
view-sabot-drawn = Drawn for Sabot, keep one: { $cards }
view-seat = { $seat }: { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}, { $stones ->
    [one] { $stones } stone left
   *[other] { $stones } stones left
}
view-seat-aside = , { $count } set aside
view-seat-secret = , secret prediction
view-seat-known = , known: { $cards }
view-deck = Draw pile: { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
view-creatures = creatures (code, name, power):
view-creature = { $creature } { creature }: { power }
view-creature-eliminated = { $creature } { creature } [eliminated]: { power }
view-tree = { tree-name }: { tree-text }

## The final count

breakdown-secrets = secret predictions (5 each)
breakdown-row = stones in row { $row } ({ $points } each)
breakdown-ursus = Ursus (½ per stone in its column)
tie-shared = nothing breaks the tie: the victory is shared
tie-secret = a secret prediction on a surviving creature breaks the tie
tie-row = the most stones on surviving creatures in row { $row } breaks the tie
tie = { $seats } tie on { $score }; { $why }; { $winners_count ->
    [one] winner
   *[other] winners
}: { $winners }.

## Action notation help (the notations themselves are not translated)

help-skip = make no prediction this turn
help-predict = place a stone on creature {"CRE"} in the current row
help-secret = make your secret prediction with creature card {"CARD"} (e.g. {"gru7"})
help-reveal = reveal your secret prediction
help-play = play a creature card in its column (e.g. {"play gru7"})
help-play-chameleon = play chameleon N on creature {"CRE"}
help-play-tree = play a tree card
help-pass = play no card: show your hand
help-discard = discard a card in phase 3
help-done = end phase 3
help-power = use or decline the creature's power
help-retrieve = Lichen: take back a stone
help-target = Panache or Sabot: choose a player
help-stone = Griso: place a stone in row N on {"CRE"}
help-ask = Le Duc: ask player N for a card of {"CRE"}
help-give = answer Le Duc with this card
help-bolet = Bolet: use the power of eliminated creature {"CRE"}
help-keep = Sabot: keep this card of the three
help-take = take the visible card of row N, column {"CRE"}
help-swap = Rainette: swap two visible cards of a column
help-remove = Plume de velours: discard the visible card of {"CRE"} in this row
help-name = L'Ancêtre: name a creature
help-codes = a creature code: {"gru lic pan gri bic duc car bol sab cro rai plu urs pel"}

## A typed action that does not read (after "cannot read …:") or is not legal now

expect-action = an Equinox action (see {"`help`"}): e.g. {"`predict gru`"}, {"`play gru7`"}, {"`done`"}
expect-row = a row {"r"}{ $lo }..{"r5"}
expect-secret-creature = a secret prediction uses a creature card
expect-only-chameleon = only a chameleon is played with {"`>creature`"}
expect-chameleon-target = a chameleon is played as {"`play camN>creature`"}
expect-discard-creature = only creature cards are discarded in phase 3
expect-give-creature = Le Duc asks for a creature card
expect-swap-order = swap names the upper row first: {"`swap gru r1 r3`"}
expect-seat = Equinox seats are {"p0..p4"}
expect-creature = a creature code: {"gru lic pan gri bic duc car bol sab cro rai plu urs pel"}
expect-card = a card: creature code and strength ({"gru7"}), {"cam0..cam10"}, {"ancetre"} or {"dryade"}
illegal-now = not legal for { $seat } now ({ $phase }) at move { $moves }
illegal-not-in-hand = not legal for { $seat } now ({ $phase }) at move { $moves }; the card is not in the hand

## Options: what each says (`sylvan games`, the lobby); a list option's values by name.
option-players = number of players, 2 to 5
option-champions = the 8 champions in column order, comma-separated codes (gru,lic,pan,gri,bic,duc,car,bol,sab,cro,rai,plu,urs,pel)
option-ancestors = number of L'Ancêtre tree cards (0-3)
option-dryads = number of Dryade tree cards (0-3)
option-rules = the rules revision: 2 (a table stalls only after a round of passes that draw, discard and take back nothing) or 1 (older records: passes without a draw were enough, ruling E9)
