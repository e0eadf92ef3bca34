# Command of Nature in English: our translation of the French rulebook (terms:
# docs/glossary/command-of-nature.md). Arguments: $seat $by are seats (p0); $side is 1 or 2; $card
# $cards $unit are card names already formatted; $slot $from $to are slots in words (message `slot`);
# $market is `elemental` or `command` (message `market-name`), $place a place in that market from 1.

## Names

game-title = Command of Nature
faction = { $faction ->
    [twig] Twig
    [pebble] Pebble
    [leaf] Leaf
    [droplet] Droplet
   *[neutral] Neutral
}
class = { $class ->
    [sage] Sage
    [champion] Champion
    [basic] Basic elemental
    [warrior] Warrior
    [melee] Melee attack
    [ranged] Ranged attack
    [instant] Instant
   *[utility] Utility
}
reach = { $reach ->
    [melee] melee
    [row2] row II
    [any] any
   *[away] { $rows } rows away
}
# A price next to a card: 3g.
price = { $gold }g
gold = { $gold } gold
# A slot in words (the notation I1, II3 is only for typing): $row 1 to 3, $place 1 to 6.
slot = Row { $row ->
    [1] I
    [2] II
   *[3] III
}, place { $place }
market-name = { $market ->
    [elemental] elemental
   *[command] command
}

## Why the game ended

end-won = { $teams ->
    [yes] Side { $side } defeated both Sages of the other team.
   *[no] Side { $side } defeated the other Sage.
}
end-draw = The turn limit ({ $turns } turns) was reached with both sides standing: a draw.
breakdown-result = result (win 1, draw ½)
breakdown-seat = { $seat } (side { $side }): level { $level }, { $standing ->
    [yes] Sage standing
   *[no] Sage defeated
}

## Help

help-summon = summon an elemental from your hand into your formation (1 AP)
help-play = play a command from your hand
help-choose = choose a card (setup warrior, or a card a step asks for)
help-pick = choose your elemental in SLOT (e.g. I1, II3)
help-aim = target the enemy elemental in SLOT
help-instant = answer with an Instant command
help-dawn = use the daybreak effect of the elemental in SLOT
help-swap = swap two of your elementals (1 AP)
help-refill = move an elemental forward into an empty slot
help-draw = draw a card (1 AP)
help-buy = buy from the elemental (e) or command (c) market
help-buy-place = buy an elemental and place it at once
help-refresh = refresh a market
help-sell = sell a card from your hand for gold
help-discard = discard a card from your hand
help-faction = use the faction action unlocked at level L (1 AP)
help-amount = choose a number
help-use = use the optional effect
help-partner = hand over to your partner (teams)
help-done = end the current phase or step
help-slot = row I, II or III then position 1-6: I1 is the front row's first slot

## Events: decisions

acted-done = { $seat } ends the phase or step
acted-draw = { $seat } draws a card (1 AP)
acted-partner = { $seat } hands over to their partner
acted-use = { $seat } uses the optional effect
acted-amount = { $seat } chooses { $amount }
acted-faction = { $seat } uses the level { $level } faction action (1 AP)
acted-buy = { $seat } buys the card in place { $place } of the { market-name } market
acted-buy-place = { $seat } buys the card in place { $place } of the { market-name } market and places it at once
acted-refresh = { $seat } refreshes the { market-name } market
acted-choose = { $seat } chooses { $card }
acted-summon = { $seat } summons { $card }
acted-play = { $seat } plays { $card }
acted-sell = { $seat } sells { $card }
acted-discard = { $seat } discards { $card }
acted-instant = { $seat } answers with the Instant { $card }
acted-dawn = { $seat } uses the daybreak effect of the elemental in { $slot }
acted-pick = { $seat } picks their elemental in { $slot }
acted-aim = { $seat } targets the enemy elemental in { $slot }
acted-swap = { $seat } swaps their elementals in { $from } and { $to }
acted-refill = { $seat } moves their elemental from { $from } forward to { $to }

## Events

hand = { $seat }'s hand: { $cards }
hand-count = { $seat } holds { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
cut = { $seat } plays { $card }: damage -{ $amount }
damaged = { $card } in { $slot } (side { $side }) takes { $dealt } damage from { $by }{ $attack ->
    [yes] 's attack
   *[no] {""}
} ({ $amount } before shields, { $shielded } shielded)
defeated = { $card } in { $slot } (side { $side }) is defeated by { $by }
sage-fallen = { $seat }'s Sage has fallen
level-up = { $seat } reaches level { $level }
champion-to-discard = { $seat }'s champion { $card } goes to the discard pile
faction-unlocked = { $seat } unlocks faction action { $level }
refilled = side { $side }: { $card } moves from { $from } to { $to }
bought = { $seat } buys { $card } for { gold }{ $placed ->
    [yes] {" "}into the formation
   *[no] {""}
}
sold = { $seat } sells { $card } for { gold }
refreshed = { $seat } refreshes the { market-name } market
market-face = { $card } comes into place { $place } of the { market-name } market
market-empty = place { $place } of the { market-name } market stays empty
over-won = game over: side { $side } wins
over-draw = game over: draw (turn limit)

## Actions

empty-slot = empty slot
describe-aim = opposing { $unit }
describe-text = { $name }: { $text }
describe-summon = summon { $card } { $strength }/{ $health }
describe-buy = { $card } ({ gold })
describe-refill = { $unit } to { $slot }
describe-swap = swap { $unit } and { $other }
describe-done = end
describe-draw = draw a card (1 AP)
describe-partner = hand over to your partner
describe-use = use the effect
describe-amount = choose { $amount }
describe-faction = faction action of level { $level } (1 AP)
describe-refresh = refresh the { market-name } market (1 gold)

## Questions and phases

ask-deck-warrior = setup: choose the warrior that goes into your deck
ask-inner-warrior = setup: choose the warrior that stands beside your Sage on your partner’s side
ask-place = place { $card } in the first row with an empty slot
ask-attacker = { $card }: choose the attacker
ask-target = { $card }: choose the target
ask-target2 = Distant Double Strike: a second target in Row II, or end
ask-instants = defend: play instants, or end
ask-charm-boost = Twig Charm: a different elemental gets a boost
ask-charm-shield = Pebble Charm: a different elemental gets a shield
ask-intercept = take the damage instead (use the effect), or not (end)
ask-tokens = put { $boosts ->
    [one] { $boosts } boost
   *[other] { $boosts } boosts
} and { $shields ->
    [one] { $shields } shield
   *[other] { $shields } shields
} on
ask-discards = discard cards ({ $done } done, { $min } to { $max })
ask-boost-or-shield = Thorn Fencer: choose 1 for a boost, 2 for a shield
ask-from-discard = take from your discard pile { $purpose ->
    [hand] into your hand
    [deck] on top of your deck
    [attack] an attack command to play
   *[formation] into your formation
} ({ $left } left)
ask-hit = deal { $damage } damage to an opposing elemental ({ $left } left)
ask-swap = swap: { $kind ->
    [rows23] your Row II with your Row III
    [rows12] your Row I with your Row II
    [rows13] your Row I with your Row III
    [enemy-rows12] the opponent's Row I with their Row II
    [any-two] any two of your elementals
    [razor] it and a connected elemental
   *[leaf-send] an elemental next to your Sage goes to the discard pile
}
ask-spend = how many tokens to spend
ask-faction-pick = faction action { $level }: choose an elemental
ask-redistribute = place { $left ->
    [one] { $left } shield
   *[other] { $left } shields
} one by one
ask-refill = refill the front rows
asked = { $seat } — { $what }
phase-setup = setup
phase-daybreak = { $seat } — phase I: daybreak effects
phase-actions = { $seat } — phase II: { $ap } AP left
phase-market = { $seat } — phase III: markets
phase-reset = { $seat } — phase IV: discard, then draw to 5
phase-over-draw = game over: draw (turn limit)
phase-over-won = game over: side { $side } wins

## The table

view-header = { game-title } — turn { $turn } — side { $side } to play — { $phase }
view-seat = { $seat } { $sage } ({ $faction }) level { $level }{ $fallen ->
    [yes] {" "}(Sage fallen)
   *[no] {""}
}, hand { $hand }, deck { $deck }, discard { $discard }
view-side = side { $side }{ $you ->
    [yes] {" "}(you)
   *[no] {""}
}: { gold } · { $seats }
view-market-card = { $market } { $card } ({ price })
view-elemental-market = elemental market: { $cards } [{ $left } in deck]
view-command-market = command market:   { $cards } [{ $left } in deck]
view-attack = attack: { $card } (cut { $cut })
view-in-play = in play, then to the discard pile: { $cards }
view-played-by = { $card } ({ $seat })
view-hand = your hand ({ $seat }): { $cards }
view-partner-hand = your partner's hand ({ $seat }): { $cards }
view-cards-in-hand = cards in hand:
view-card = { $card }{ $stats } ({ $class }{ $cost ->
    [none] {""}
   *[other] , { price }
}): { $text }
view-legend = legend: `Name 2/3 d1 +2 s1*` = strength 2 / health 3, 1 damage counter, 2 boosts (+1 damage each on its next attack), 1 shield (stops 1 damage), * attacked this turn; slots I1..III3: row I faces the enemy; 3g = 3 gold; AP = action points

## A typed action that does not read (after "cannot read …:") or is not legal now

expect-slot = a slot such as {"I1, II2, III3"}
expect-slot-column = a slot such as {"I1, II2, III3"} (Row I has up to 2 columns, II 4, III 6)
expect-market = a market card {"e1..e3"} or {"c1..c3"}
expect-amount = {"amount 1, 2"} or {"3"}
expect-faction = {"faction 4, 6"} or {"8"}
expect-buy-place = only elementals ({"e1..e3"}) go straight into the formation
expect-swap-order = swap names the front slot first: {"`swap I1 II1`"}
expect-action = a Command of Nature action (e.g. {"`summon timber`"}, {"`play close-strike`"}, {"`pick I1`"}, {"`done`"})
illegal-now = {"`"}{ $action }{"`"} is not legal for { $seat } now ({ $brief })
brief-deck-warrior = setup: choose your deck's warrior
brief-inner-warrior = setup: choose the warrior beside your partner
brief-place = place an elemental
brief-attacker = choose the attacker
brief-target = choose the target
brief-instants = defend: instants, or end ({"`done`"})
brief-charm = charm: choose a different elemental
brief-intercept = intercept: use, or end ({"`done`"})
brief-tokens = put tokens on an elemental
brief-discards = discard cards
brief-boost-or-shield = {"`amount 1`"} (boost) or {"`amount 2`"} (shield)
brief-from-discard = take a card from the discard pile
brief-hit = deal damage to an opposing elemental
brief-swap = swap
brief-spend = how many tokens to spend
brief-faction-pick = faction action: choose an elemental
brief-redistribute = place the shields
brief-refill = refill the front rows
brief-setup = setup
brief-daybreak = phase I: daybreak effects
brief-actions = phase II: actions
brief-market = phase III: markets
brief-reset = phase IV: discard, then draw to 5
brief-over = game over

## Options: what each says (`sylvan games`, the lobby); a list option's values by name.
option-players = 2 players, or 4 in two teams (seats 0+2 against 1+3)
option-teams = 2v2 teams (sets 4 players): `-o teams=true`
option-sages = Sage per seat: twig,pebble,leaf,droplet (comma list)
option-sage-commands = Sage-pack commands: ts (2 Close Strike, Far Strike, Natural Restoration, Charm) or godot (2 Close, 2 Far, Charm)
option-cards = card data: `base` (embedded) or the path of ONE TOML file holding the [[elemental]], [[command]] and [[sage]] sections of crates/command-of-nature/data/*.toml with per-field provenance; the same cards, listed as in those files; stats, rows, costs, copies and packs may change (ruling C24); checked at start-up, each error names the file, its position and the field
option-turn-limit = turns (of a player or team) after which the game is a draw, 1..=100000 (ruling C23)
option-revision = rules revision: 4 (the rulebook's); 3, an earlier Sylvan whose Oxen Avenger answered lost shields before a defeat, whose Leaf level 8 could send a partner's Sage away and which placed a team's warriors as its pack lists them (rulings C14, C15, C5); 2, also at most 4 hand-overs between partners a turn (ruling C22); 1, Sylvan before 0.2.0, which also discarded a played command at once instead of after its effect (ruling C17); records replay with the revision they state

## Card files (`--cards FILE`; cards.rs): `cn-data-error` is the whole error, the place
## (`file:line: field`, in no language) then the problem (one of the messages below, or the engine's
## `engine-data-…`). Keys, field names and values are the card file's own words.

cn-data-error = { $place }: { $problem }
cn-data-row = {"`"}{ $row }{"`"} is not a row (I, II, III)
cn-data-elemental-kind = {"`"}{ $kind }{"`"} is not sage/champion/basic/warrior
cn-data-effect = unknown effect {"`"}{ $effect }{"`"}
cn-data-timing = {"`"}{ $timing }{"`"} is not daybreak/reaction/none
cn-data-health-zero = an elemental needs at least 1 HP
cn-data-range = { $value } is out of range { $lo }..={ $hi }
cn-data-champion-level = a champion has level 4, 6 or 8
cn-data-rows-empty = an empty list: name the rows where the effect works (I, II, III)
cn-data-command-kind = {"`"}{ $kind }{"`"} is not a command kind
cn-data-range-missing = a ranged attack needs a range
cn-data-reach = {"`"}{ $reach }{"`"} is not 1..5, "row2" or "any"
cn-data-delta = { $value } is out of range ±{ $hi }
cn-data-attacker-rows = an attack needs the attacker's rows
cn-data-card-count = { $cards } cards, the set has { $set }: every card of the set, in the same sequence
cn-data-too-many = too many
cn-data-twice = {"`"}{ $name }{"`"} appears twice
cn-data-no-card = no card named {"`"}{ $name }{"`"}
cn-data-not-sage = not a Sage card
cn-data-three-each = exactly 3 of each
cn-data-four-basics = the rulebook's pack has 4 basics
cn-data-champion-order = champions are listed by level 4, 6, 8
cn-data-not-command = not a command
cn-data-five-commands = a Sage pack has 5 commands, not { $total }
cn-data-sage-order = the four Sages come in the sequence twig, pebble, leaf, droplet
cn-data-market-size = the { $market ->
    [elemental] elemental
   *[command] command
} market holds { $cards } cards; the box has { $max } (« 40 cartes »)
cn-data-cost-zero = a market card costs at least 1 gold
cn-data-cost-missing = a card in a market needs a cost
cn-data-beyond = card #{ $n } is beyond the { $set } cards of the set
cn-data-must-be = card #{ $n } must be {"`"}{ $name }{"`"} (a card file keeps every card of the set, in sequence)
cn-data-keeps = {"`"}{ $name }{"`"} keeps its { $field } (it is the card's identity)
cn-data-file-name = a card file's name is 1 to 40 lowercase letters, digits or {"`"}-{"`"}, not {"`"}base{"`"}
cn-data-offered-twice = offered twice
cn-data-not-loaded = card data not loaded: a saved state names its card file but never reads it (load the file first, e.g. with {"`"}-o cards=FILE{"`"})
cn-data-loaded-twice = this card file was loaded with different contents by games still alive: cannot tell which

## The card table in one line (`sylvan cards list command-of-nature`, `sylvan cards check`)

cn-cards-summary = { $origin }: ok: { $cards } cards ({ $elementals } elementals, { $commands } commands), { $packs } Sage packs, markets of { $market_elementals } elementals and { $market_commands } commands; fields by provenance: fan { $fan }, provisional { $provisional }
