# Mystic Vale in English: the words of the Essential Edition rulebook (rules/mystic-vale-essential-edition.en.txt;
# terms: docs/glossary/mystic-vale.md). Arguments: $seat $me $them are seats (p0); $title $titles $card $cards
# are card titles already formatted; $n $cost $vp counts; cN, L.K, soil.SLOT and the action words in
# parentheses (discard cN, decline, mill, push, pass) are notation, the same in every language.

## Names

game-title = Mystic Vale
spirit = { $spirit ->
    [animal] animal
    [forest] forest
    [sky] sky
   *[wild] wild
}
slot = { $slot ->
    [top] top
    [middle] middle
   *[bottom] bottom
}
# A reward with its count: +1 mana, +2 wild spirit.
reward = { $reward ->
    [none] { $n } nothing
    [mana] { $n } mana
    [vp] { $n } VP
    [box-vp] { $n } VP from the box
    [growth] { $n } growth
    [guardian] { $n } guardian
    [wild] { $n } wild spirit
    [animal] { $n } animal spirit
    [forest] { $n } forest spirit
   *[sky] { $n } sky spirit
}
# A printed symbol with its count.
symbol = { $kind ->
    [mana] { $n } mana
    [decay] { $n } decay
    [decay-cancelled] { $n } decay (cancelled)
    [growth] { $n } growth
    [guardian] { $n } guardian
    [vp-harvest] { $n } VP each harvest
    [vp-end] { $n } VP at the end
    [animal] { $n } animal
    [forest] { $n } forest
    [sky] { $n } sky
   *[wild] { $n } wild
}
# A label and its text; two texts one after the other.
labelled = { $label }: { $text }
and-then = { $first }; { $second }
blank-card = a blank card
no-effect = no effect

## Abilities

timing = { $timing ->
    [when-played] when played
    [harvest] harvest
    [ongoing] always
    [would-spoil] about to spoil
    [end-of-game] end
    [on-spoil] spoiled by it on-deck
    [discard] discard phase
    [when-bought] when bought
    [any-time] once a turn
    [on-evoke] when you evoke
   *[planting] planting
}
ability = { timing }: { $what }
# What an ability's amount is multiplied by (after the gain).
per = { $per ->
    [guardians-on-card] per guardian on this card
    [field-pairs] per 2 cards in your field
    [other-field-cards] per other card in your field
    [field-shortfall] per card your field has fewer than 7
    [printed-symbols-on-card] per printed symbol on this card
    [decay-owned] (decay on all your cards)
    [decay-field] per decay in your field (cancelled ones too)
    [mana-pairs] per 2 mana you have
    [vales-owned] per vale you own
    [guardians-owned] per guardian on all your advancements
    [most-mana-on-a-field-card] per mana on one card of your field
    [level-3-owned] per level-3 advancement you own
    [level-1-on-card] per level-1 advancement on this card
    [blank-field-cards] per blank card in your field
   *[blank-cards-owned-steps] x (0/2/3/6/13 for 0/1-2/3-4/5-6/7-8 blank cards)
}
effect-gain = +{ reward }{ $each }
effect-mana-minus = -{ $n } from your mana total
effect-cap-decay = { $n ->
    [0] this card counts no decay
   *[other] this card counts at most { $n } decay
}
effect-add-per = this card counts +{ reward }{ $each }
effect-spirits-to-wild = this card's animal, forest and sky symbols are wild
effect-double-ability-vp = VP from abilities on this card are doubled
effect-search-deck-discard = search your deck, may discard 1 card, shuffle
effect-discard-other-field = may discard another card of your field
effect-look-top-discard = { $n ->
    [0] look at your top card, may discard it
    [1] look at your top card, may discard it
   *[other] look at your top { $n } cards, discard any, the rest stay in order
}
effect-discard-on-deck-spoiled = +{ reward }{ $each }, then it goes to your discard pile and a new card is revealed
effect-discard-on-deck = discard the on-deck card, reveal another (once a turn)
effect-cancel-spoil = this on-deck card does not make you spoil
effect-extra-turn = +{ reward }, then an extra turn (one per round)
effect-to-deck-bottom = this card goes under your deck, not to the discard pile
effect-fill-field-gain = +{ reward }{ $each }, then fill your field to { $fill } cards from your deck
effect-fill-field = fill your field to { $fill } cards from your deck
effect-exchange = pay { $cost } mana for { reward }, any number of times
effect-discount-on-card = a purchase declared for this card costs { $n } less
effect-most-among = { $n } VP if you have strictly the most{ $each }
effect-convert-to-wild = pay { $n } mana, one spirit becomes wild
effect-plus-guardian = +{ $n } guardian on a field or on-deck card
effect-cancel-decay-on = a field or on-deck card counts no decay until your Discard Phase
effect-free-buy = one level-{ $n } advancement costs 0
effect-keep-in-field-spoiled = this card stays as the leftmost of your next field
effect-keep-in-field = unless leftmost, this card may stay as the leftmost of your next field
effect-move-advancement = move an advancement between two field cards
effect-multiply-mana = your mana total (and the mana token) counts { $n } times
effect-refresh-token = turn a used mana token to its active side
effect-deck-to-field = move { $n } card{ $each } from your deck to your field
effect-cancel-decay-card = a field or on-deck card counts no decay but a Cursed Land's until your next Prep Phase
effect-multiply-end-vp = the end VP of your advancements count { $n } times

## Unique abilities (crates/mystic-vale/src/effects/), by module key

unique-copy-card = this card also has the symbols and abilities of another field card
unique-flip-back = turns back to the starting side at the end of each completed Harvest Phase
unique-soil-from-supply = may sleeve a Fertile Soil from the supply on a field card
unique-refill-pool = VP tokens from the box go into the pool
unique-vale-cost-points = VP plus 1 per forest or any symbol in your vales' costs
unique-clear-commons = remove up to 3 level-2 or level-3 advancements of the commons from the game, then refill
unique-gain-choice = gain 1 mana or 1 wild spirit (your choice)
unique-redraw-on-deck = may discard your on-deck card and reveal another
unique-third-buy = you may buy a third advancement, 2 mana cheaper
unique-neighbour-on-deck = your neighbours' on-deck cards count as in your field
unique-neighbours-discard = each neighbour may discard their on-deck card and reveal another; +1 VP from the box for each
unique-take-level-1-vale = take the top card of the level-1 vale deck
unique-guardian-on-card = +1 guardian on a card of your field or your on-deck card
unique-claim-advancement = you may claim another advancement of the commons costing 1 to 6 as if bought (it uses no buy)
unique-replay-when-played = resolve one "when played" ability of a card in your field again
unique-workshop-take = take one advancement of the commons (Fertile Soils included) into your workshop, free
unique-workshop-sleeve = sleeve workshop advancements onto one field card, which goes under your deck; pay 1 mana to turn back
unique-bog-planting = after the game, one more Planting Phase: +1 VP per card in your field if you do not spoil
unique-discard-on-evoke = you may discard your on-deck card or a card of your field
unique-guardian-and-graft = +1 guardian on a card of your field or your on-deck card, then it may also have a harvest or ongoing ability of another card of your field or a neighbour's field (until the end of the turn)
unique-magpie = shuffle any cards of your discard pile into your deck
unique-halo-mountain = you may spend up to 5 more spirits for 2 VP each, then remove this vale from the game
unique-sky-garden = you may gain 2 VP per growth you have (10 at most), then remove this vale from the game

## Cards

advancement-head = { $title } ({ $cost } mana, { slot }{ $eclipse ->
    [yes] , eclipse
   *[no] {""}
})
leader-head = { $upgraded ->
    [yes] { $title } (upgraded)
   *[no] { $title } (upgrade: { $cost } mana)
}
leader-provisional = { $text } (provisional: no ability, symbols only)
leader-text = Starting side: { $start }. Upgraded side ({ $cost } mana): { $upgraded }.
vale-to-deck = { $text } (puts this vale on top of the level-1 vale deck)
vale-remove-self = { $text } (removes this vale from the game)
vale-extra-buy = { $text }; buy up to { $buys } advancements
vale-unique = { $text }; only one per player
vale-cost = { $kind ->
    [animal] { $n } animal
    [forest] { $n } forest
    [sky] { $n } sky
   *[any] { $n } any
}
vale-cost-free = free
amulet-window = { $window ->
    [harvest] harvest
    [harvest-or-discard] harvest or discard phase
    [would-spoil] about to spoil
   *[any] any time
}
amulet-gain = +{ reward }
amulet-gain-then-toss = +{ reward }, then toss it: it lands on a random side
amulet-growth = +{ $n } growth until your next Prep Phase
amulet-field-to-deck-bottom = a field card goes under your deck
amulet-deck-bottom-to-field = the bottom card of your deck joins your field
amulet-sleeve-now = sleeve an advancement bought this turn now
amulet-mana-or-guardians = +1 mana, or +{ $n } guardians on a field or on-deck card this turn
amulet-evoke = evoke ({ amulet-window }): { $what }
amulet-must-push = { $text }; used side: push at least once each Planting Phase
amulet-summary = { $title } ({ $active ->
    [yes] active
   *[no] used
}{ $vp ->
    [0] {""}
   *[other] , { $vp } VP at the end
}): { $text }

## The end

breakdown-tokens = VP tokens
breakdown-printed = VP printed on cards
breakdown-abilities = end-of-game abilities
breakdown-vales = vales
breakdown-most = "most" bonuses
end-pool = The VP pool ran out; the round was played to its end.
end-rounds = The round limit ({ $rounds } rounds) was reached.
bog-note = { $n ->
    [0] Borderwatch Bog: { $seat } spoiled in the extra Planting Phase (+0 VP).
   *[other] Borderwatch Bog: { $seat } placed { $n } cards in the extra Planting Phase without spoiling (+{ $n } VP).
}
tie-note = Tie on { $best }: the most level-3 advancements plus level-2 vales wins ({ $who }); still tied, the victory is shared.

## Events

event-turn = { $seat }'s turn
event-played = { $seat } plays { $card }
event-revealed = { $seat } reveals { $card } on-deck
event-reshuffled = { $seat } shuffles the discard pile into a new deck
event-spoiled = { $prep ->
    [yes] { $seat } spoils in the Prep Phase
   *[no] { $seat } spoils
}
event-discards = { $seat } discards { $card }
event-discards-hidden = { $seat } discards a card
event-peeked = { $seat } looks at the top card: { $card }
event-peeked-hidden = { $seat } looks at the top card of the deck
event-bought = { $seat } buys { $title }
event-bought-vale = { $seat } buys the vale { $title }
event-sleeved = { $seat } sleeves { $title } on { $blank ->
    [yes] { blank-card }
   *[no] { $card }
}
event-gained-vp = { $seat } gains { $n } VP
event-used-vale = { $seat } uses { $title }
event-pool-empty = the VP pool is empty: the round is finished
event-game-over = the game is over
event-used-ability = { $seat } uses the ability of { $blank ->
    [yes] { blank-card }
   *[no] { $card }
}
event-took-leader = { $seat } takes the leader { $title }
event-took-amulet = { $seat } takes the amulet { $title }
event-traded-amulet = { $seat } trades the amulet for a regular mana token
event-evoked = { $seat } evokes { $title }
event-upgraded = { $seat } turns { $title } to the upgraded side

## Actions: what each choice does (the front ends show its notation next to it)

describe-buy = { $title } ({ $cost } mana, { slot }, level { $level })
describe-vale = { $title } ({ $vp } VP)
describe-resolve = { $title } next ({ $ability })
describe-neighbour-discard = { $card }, reveal another; { $me } gains 1 VP from the box
describe-card = { $card }
describe-sleeve = { $card }
describe-discard = { $card }
describe-conclave = { $card }
describe-cancel-decay = { $card }
describe-keep = { $card }
describe-use = resolve { $card } now
describe-use-fill = { $title } now: fill your field to { $fill } cards ({ $draw ->
    [one] 1 card to draw
   *[other] { $draw } cards to draw
})
describe-use-explore = { $title } now: { $text }
describe-claim = { $title } ({ $cost } mana, { slot }) as if bought
describe-workshop = sleeve { $title } from the workshop on { $card }, which goes under your deck
describe-replay = resolve a "when played" ability of { $card } again
describe-take-leader = { $title }
describe-choose-leader = keep { $title }
describe-take-amulet = { $title }
describe-magpie = shuffle { $card } from your discard pile into your deck
describe-guardian = +1 guardian on { $card }
describe-copy = { $target } also has the symbols and abilities of { $card }
describe-copy-leader = your leader's card also has the symbols and abilities of { $card }
describe-redraw = discard your on-deck card { $card } and reveal another
describe-used-leader = { $them }'s leader { $title } (on-deck card c{ $c }), as yours: { $text }
describe-used-card = { $them }'s on-deck card { $card }, as yours: { $text }
describe-copy-used = { $card } counts once more in your harvest (its symbols and abilities)
describe-soil-from-supply = sleeve a { $title } of the supply ({ slot }) on { $card }
describe-clear-common = remove { $title } from the commons
describe-workshop-take = take { $title } into your workshop, free
describe-workshop-turn-back = pay { $n } mana to turn your leader back to its starting side as this Harvest Phase ends
describe-workshop-turn-back-used = pay { $n } mana to turn this leader back to its starting side as this Harvest Phase ends
describe-gain-choice = gain { $pick ->
    [0] 1 mana
   *[other] 1 wild spirit
}
describe-graft = add { $title }'s ability to c{ $first } until the end of the turn ({ $ability })
describe-use-on-deck = use { $them }'s on-deck card { $card } as if in your field (its Harvest abilities too, Grassland's cost included)
describe-use-on-deck-ability = pay your mana for the exchange ability of { $them }'s on-deck card { $card }
describe-evoke-bought = sleeve { $title } on { $card } at once
describe-vale-choice = { $title }: { $text }
describe-pass = end the Planting Phase
describe-push = plant the on-deck card and reveal the next
describe-spoil = accept the spoil
describe-druid = discard the on-deck card and reveal another
describe-arbor = remove Blooming Arbor from the game for growth
describe-decline = decline
describe-mill = discard the top card of your deck
describe-token = spend the mana token for 1 mana
describe-done = end this step
describe-upgrade = turn your leader to its upgraded side
describe-sow = pay mana for the exchange ability

## Help: each action notation

help-push = plant the on-deck card and reveal the next
help-pass = end the Planting Phase
help-spoil = accept the spoil
help-token = spend the active mana token for 1 mana
help-buy = buy common K of level L (e.g. buy 2.3)
help-buy-soil = buy a Fertile Soil for a slot (top, middle, bottom)
help-buy-on = buy for card N (Earthchant Chorus)
help-vale = buy vale K of level L, paying "any" with SPIRIT
help-sleeve = sleeve the bought advancement on field card N
help-done = end the Harvest Phase (or the current step)
help-decline = decline an optional ability
help-discard = discard card N
help-mill = Calm Weather: discard the top card of your deck
help-druid = Peacekeeper Druid: discard the on-deck card, reveal another
help-arbor = Blooming Arbor: remove it from the game for growth
help-conclave = Conclave of Ents: +1 guardian on card N
help-aerie = Sunstone Aerie: one spirit of this kind becomes wild
help-resolve = resolve the ability in this slot next
help-upgrade = turn your leader to its upgraded side
help-leader = keep leader 1 or 2
help-sow = pay mana for an exchange ability
help-use-vale = use owned vale N
help-use = resolve now card N's (the vales') harvest abilities whose gain can still change
help-cancel-keep = cancel the decay of card N / keep card N for the next field
help-portal = Wayfarer Portal: move an advancement between field cards
help-take = draft: take leader or amulet N from the table
help-trade = trade your amulet for a regular mana token
help-evoke = evoke your active amulet (on card N)
help-ability-card = a unique ability chooses card N
help-ability-common = a unique ability chooses common K of level L
help-ability-soil-card = a unique ability sleeves a Fertile Soil on card N
help-ability-pick = a unique ability's option N
help-ability-spirit = Halo Mountain: spend one spirit of this kind for its VP
help-claim = Nightvale Pathfinder: claim this advancement as if bought (no buy used)
help-replay = Harpy Canyon: resolve the "when played" ability of card N in SLOT (or leader) again
help-ability-soil = Old Bakarab: take a Fertile Soil of the supply into your workshop
help-workshop = Old Bakarab (upgraded): sleeve workshop advancement K on field card N, which goes under your deck
help-vp = variant buy_vp: pay 3 spirits for 1 VP
help-use-on-deck = Dione (upgraded): use player S's on-deck card N, one whose ability can cost (Grassland), as if in your field
help-use-on-deck-ability = Dione (upgraded): use the exchange ability in SLOT of player S's on-deck card N (Seed Sowers), paying your mana
help-words = animal, forest, sky, wild / top, middle, bottom

## The table

view-header = == Mystic Vale · round { $round } · VP pool { $pool }{ $last ->
    [yes] {" "}(last round)
   *[no] {""}
} · you are { $seat }
view-conclaves = conclaves (their cards make the commons and vale decks): { $names }
view-draft = draft table (take one leader or one amulet; then the other kind, in reverse order):
view-draft-leader = {"  "}take leader { $id }: { $text }
view-draft-upgraded = {"      "}upgraded: { $text }
view-draft-amulet = {"  "}take amulet { $id }: { $text }
view-commons = commons:
view-level = {"  "}level { $level } (deck { $deck }):
view-soil = {"  soil.top/middle/bottom"}: { $title } ({ $cost } mana): { $symbols }; left { $top } · { $middle } · { $bottom }
view-vales = vales:
view-vale = {"    "}{ $id } { $title } (cost { $cost }, { $vp } VP)
view-vale-ability = {"    "}{ $id } { $title } (cost { $cost }, { $vp } VP): { $text }
view-vale-top = {"    "}top of the deck (every seat saw it go there): { $title }
view-token = { $active ->
    [yes] active
   *[no] spent
}
view-token-amulet = { $amulet } ({ $active ->
    [yes] active
   *[no] used
} side)
view-player = -- { $seat }{ $playing ->
    [yes] {" "}(to play)
   *[no] {""}
}: { $vp } VP tokens (score { $score }), token { $token }, deck { $deck }, discard { $discard }{ $vales }
view-player-vales = , vales: { $names }
view-owned-vale = {"   "}vale { $title }: { $text }
view-amulet = {"   "}amulet: { $text }
view-workshop = {"   "}workshop: { $items }
view-pending-mana = {"   "}{ $n } mana waiting for the next Harvest Phase (lost on a Spoil)
view-leader = {"   "}leader (c{ $c }): { $text }
view-leader-unseen = {"   "}leader (c{ $c }): not yet seen
view-leaders-dealt = {"   "}leaders dealt: 1. { $first } · 2. { $second }
view-card-leader = [leader { $text }]
view-card-leader-unseen = [a leader, not yet seen]
view-covered = { $title } over { $under } (eclipse, covered)
view-field = {"   "}field   c{ $c } { $card } { $stats }
view-on-deck = {"   "}on-deck c{ $c } { $card } { $stats }
view-ability = {"              "}{ $title }: { $text }
view-eclipse = {"              "}{ $title }: eclipse (may be covered, never covers)
view-boost = {"              "}until the end of the turn (Cyrilla): +{ $n } guardian
view-boost-ability = {"              "}until the end of the turn (Cyrilla): +{ $n } guardian; { $ability }
view-deck-bottom = {"   "}under the deck (seen by all), bottom first: { $cards }
view-decay = {"   "}decay { $decay } vs growth { $growth }
view-spoil-risk = {" "}· spoil risk if you push: { $pct }%
view-harvest = harvest: { $mana } mana left, spirits { $spirits }, { $vp } VP to gain, { $bought } bought
view-harvest-spirit = { $n } { spirit }
view-order = when played (c{ $c }): choose which resolves next: { $waiting }
view-order-item = { $title } ({ slot })
view-when-played = when played (c{ $c }): { $title }: { $ability }
view-gingan = { $me }'s GinGan: { $them } may discard the on-deck card c{ $c } and reveal another, for { $me } to gain 1 VP from the box ({"discard c"}{ $c }), or keep it ({"decline"})
view-bog = after the game, Borderwatch Bog: one more Planting Phase ({"push"} or {"pass"}); +1 VP per field card without a Spoil
view-silver-tree = Silver Tree: you may discard your on-deck card or a field card ({"discard cN"}), or decline
view-pathfinder = Nightvale Pathfinder: claim an advancement costing 1 to 6 ({"claim L.K"}), or decline
view-hatchery = discard phase (Hatchery): keep a card as the leftmost of your next field, or decline
view-peek = { $what ->
    [hoard] top of your deck (Wood Sprite Hoard: you may discard it)
    [hoard-next] next card of your deck, under those kept (Wood Sprite Hoard: you may discard it)
   *[calm] top of your deck (Calm Weather)
}: c{ $c } { $card }
view-peek-then = {"  "}then: c{ $c } { $card }
view-legend = legend: c0..c19 your 20 cards; [top | middle | bottom] the three slots of a card; L.K = common K of level L; you spoil when your decay minus your growth reaches 4 (decay vs growth); score = tokens + card VP + end-of-game abilities + vales

## Parse errors
expect-action = an action: { $actions }

## Setup errors (crates/mystic-vale/src/setup.rs): what is wrong with the options, the field named by the frame

setup-players = Mystic Vale is played by 2 to 4, not { $players }
setup-rules = rules revision 1 to { $last }, not { $rules }
setup-sets-base-first = `{ $sets }`: the list starts with {"`base`"} (it holds the starting cards), e.g. {"base,wild"}
setup-sets-repeated = `{ $sets }`: set `{ $set }` is empty or repeated
setup-conclaves-sets = conclaves choose the cards from every set: drop sets=`{ $sets }`
setup-draft-together = the draft takes leaders and amulets together: {"leaders=draft"} with {"amulets=draft"} (or {"edition=essential"})
setup-amulets-set = amulets need the Mana Storm set ({"sets=base,manastorm"}); the sets `{ $sets }` have { $amulets }
setup-leaders-count = `{ $leaders }` needs { $need } leaders, the sets `{ $sets }` have { $have } (add an expansion: {"sets=base,wild"})
setup-leaders-blank = a leader is sleeved into a blank card; the card file has none
setup-edition-sets = options {"`edition=essential`"} and `sets={ $sets }` conflict: the essential edition plays every set; drop one
setup-edition-none = options `{ $edition }` and `{ $name }=none` conflict: { $edition } drafts the { $name }; drop one

## Options: what each says (`sylvan games`, the lobby); a list option's values by name.
option-players = number of players, 2 to 4
option-cards = card file: `base` (embedded) or a TOML path (see `sylvan cards check`)
option-sets = card sets, comma-separated: base, then expansions (magic, wild, manastorm), or all; on the command line also card files
option-buy-vp = variant (EN:1829): in the Harvest Phase any 3 spirit symbols buy 1 VP, any number of times
option-stacked-duplicates = variant (EN:1835): a duplicate title revealed in the commons stacks on its twin, the slot refills
option-leaders = leaders (Vale of the Wild, Mana Storm): none, random (one each), choose (deal 2, keep 1), draft (with amulets=draft)
option-amulets = amulets (Mana Storm): none, random (one each), draft (the official draft with leaders=draft)
option-conclaves = conclaves (EN:743): random, or 6 keys, comma-separated (see `sylvan cards list mystic-vale --conclaves`); the commons and vale decks are their cards, from every set
option-edition = essential: every set (as sets=all) with the official leader and amulet draft
option-rules = rules revision: 11 (the rulebook's: as 10, and an Earthchant Chorus discounts one purchase a turn, every "on spoil" ability of the card that spoils you scores, Hempero's upgraded side counts each advancement of a stack it removes, a card Canopy Explorer brings in during the Harvest brings its Earthchant Chorus, a leader is shuffled into the deck after the starting field is dealt, and Deepriver Crystal may be Evoked in every Discard Phase), 10 (as 9, and a Canopy Explorer that joins your field in the Harvest is resolved, at once where no Call of the Hunt can come, else by your `use c7 top`; a neighbour's card GinGan's upgraded side can make them reveal counts among what can still come), 9 (as 8, and with Dione's upgraded side Old Bakarab's paid turning back on a neighbour's on-deck card turns that leader back, a Dione card that joins the field in the Harvest uses the neighbours' cards as she joins, and what your cards and vales gain through the used cards is their own gain; a Canopy Explorer waits for your `use c7 top` where a Call of the Hunt can still come this Harvest, Cyrilla's copy of one for example; a neighbour's Call of the Hunt or Canopy Explorer used through Dione is resolved by your `use p1 c7 top` in your order), 8 (as 7, and with Dione's upgraded side the neighbours' on-deck cards count as in your field with their Harvest abilities, `use p1 c7` for one that can cost; the cards Canopy Explorer takes after a guardian added in the Harvest give their places at once), 7 (every ability's decision names its card or vale, `use c7 top`, `use v3 c7`, Wayfarer Portal's move too, one decision at a time: `use v3`, the advancement `use c1 top`, the card it goes to `use v3 c2`; the last seat's final Prep Phase is played; a Ley Line Overflow that leaves the field doubles as it leaves; you may score your field's VP before buying a vale that refills the pool, `score`), 6 (as 7, but Wayfarer Portal's move is one action, `portal c1 top c2`), 5 (as 6, but the field's VP are always scored as the Harvest Phase ends), 4 (as 5, but `keep c7` and `cancel c7` for Hatchery, Pool of Visions, Bramble Spire and Aether Tree, no final Prep Phase for the last seat, an Overflow keeps doubling after it left), 3 (the player resolves each Harvest ability whose gain can change, `use c7`; card-named actions such as `druid`), 2 (gains kept at their best) or 1 (the earlier reading, with which records that name no revision replay)
option-sets-choice = { $set ->
    [base] Base game
    [magic] Vale of Magic
    [wild] Vale of the Wild
    [manastorm] Mana Storm
   *[other] { $set }
}

## An ability's decision names its source (`use cN SLOT`, `use vN`, `use vN cN`, `use vN KIND`)

describe-use-ability = { $title }: { $text }
describe-use-ability-on = { $title } on { $card }: { $text }
describe-use-ability-spirit = { $title }, one { spirit } spirit: { $text }
help-use-ability = use the ability of field card N in SLOT (top, middle, bottom, leader), or of owned vale N; with a card or a spirit kind when it chooses one (Peacekeeper Druid, Seed Sowers, Calm Weather, Blooming Arbor, Wood Sprite Hoard, Conclave of Ents, Sunstone Aerie)
event-used-ability-on = { $seat } uses the ability of { $blank ->
    [yes] { blank-card }
   *[no] { $card }
} on { $target_blank ->
    [yes] { blank-card }
   *[no] { $target }
}
event-resolved-now = { $seat } resolves now the Harvest abilities of { $blank ->
    [yes] { blank-card }
   *[no] { $card }
}

## Explicit setups and the conclaves option (crates/mystic-vale/src/setup_problem.rs, one message per
## problem): what is wrong, the field named by the frame

setup-conclave-unknown = no conclave `{ $key }` (random, or 6 of: { $keys })
setup-conclave-twice = `{ $key }` is named twice
setup-conclave-count = { $n ->
    [one] { $n } conclave named
   *[other] { $n } conclaves named
}: a game uses exactly { $pick } (EN:751), or {"`random`"}
setup-start = seat { $start } is not at the table ({ $players } players, seats counted from 0)
setup-seat-count = { $given ->
    [one] { $given } player
   *[other] { $given } players
} for { $seats } seats
setup-card-count = exactly { $cards } cards, not { $given }
setup-unknown-advancement = no advancement with key `{ $key }`
setup-unknown-vale = no vale with key `{ $key }`
setup-unknown-leader = no leader with key `{ $key }`
setup-unknown-amulet = no amulet with key `{ $key }`
setup-no-free-slot = card { $card }: no free slot
setup-slot-taken = card { $card }: `{ $key }` cannot be sleeved ({ slot } slot taken)
setup-card-out-of-range = card { $card }: the cards are numbered 0 to { $last }
setup-card-placed-twice = card { $card } is placed twice
setup-card-nowhere = card { $card } is nowhere: each card 0 to { $last } is in exactly one place (deck, on-deck, field, discard pile)
setup-leader-card = card { $card } carries the leader: it must be blank
setup-workshop-size = { $given } advancements in the workshop: at most { $most }
setup-commons-row = level { $level }: { $given } advancements, at most { $most } in a row of the commons
setup-vale-row = level { $level }: { $given } vales, at most { $most } in a row
setup-soil = { $n ->
    [one] { $n } Fertile Soil
   *[other] { $n } Fertile Soils
} for the { slot } slot: the box holds { $most } (the card data's {"`[[soil]] slots`"})
setup-starting-common = `{ $key }` is a starting card, not one of the commons
setup-common-level = `{ $key }` (level { $level }) is not a level-{ $row } advancement
setup-deck-level = `{ $key }` is level { $level }, not { $deck }
setup-vale-level = `{ $key }` (level { $level }) is not a level-{ $row } vale while that deck is not empty
setup-not-in-conclaves = `{ $key }` is in none of the game's conclaves
setup-empty-pool = the VP pool is empty: the game would never end (EN:609)
setup-vp-overflow = { $total } VP tokens in play (pool and players) overflow the counters (at most { $most })
setup-copies = { $total } copies of `{ $key }` in play: the sets in play hold { $copies }
setup-stacked-twice = `{ $key }` shown twice while duplicates stack ({"stacked_duplicates"}, EN:1835-1840)
setup-no-workshop = only a player whose leader has a workshop (Old Bakarab, EN:1692-1716) holds one
setup-pool-over-box = { $pool } VP in the pool: the box holds { $most } VP in tokens (EN:148-149)

## The card data's listings (`sylvan cards list mystic-vale`, `--conclaves`; words.rs `card_listing`,
## `conclave_listing`): the fields and their provenance are the card files' own words

listing-advancement = { $title } ({ $set }, level { $level }, { $n ->
    [one] { $n } copy
   *[other] { $n } copies
})
listing-vale = vale { $title } ({ $set }, level { $level }, { $n ->
    [one] { $n } copy
   *[other] { $n } copies
})
listing-leader = leader { $title } ({ $set })
listing-amulet = amulet { $title } ({ $set })
listing-symbols-only-head = leader sides played with their provisional symbols only (no ability):
listing-symbols-only = { $title } ({ $set }), { $upgraded ->
    [yes] upgraded
   *[no] starting
} side: { $why }
listing-provenance-head = fields by provenance:
listing-conclave = { $named ->
    [yes] { $name } [{ $key }]
   *[no] { $name } [{ $key }] (name provisional)
}
listing-conclave-name = name  [{ $source }]
listing-conclave-level = level { $level }: { $titles }
listing-conclave-advancements = advancements  [{ $source }]
listing-conclave-vale-level = vales level { $level }: { $titles }
listing-conclave-vales = vales  [{ $source }]
listing-conclaves-total = { $n } conclaves ({ $named } named by the rulebook, EN:759-767; every card list provisional); a game uses { $pick }

## Rules revision 6, ruling MV83: the field's VP scored when the player decides (`score`)

describe-score = score your field's VP now (before buying a vale that refills the pool, the pool runs out first)

# The answers to "keep or trade your amulet": a player's words, with no typed command in front.
describe-trade = trade your amulet for a regular mana token
describe-keep-amulet = keep your amulet

## Card files (`--cards FILE`, `--sets base,FILE`; cards.rs): `mv-data-error` is the whole error, the
## place (`file:line: field`, in no language) then the problem (one of the messages below, or the
## engine's `engine-data-…`). Keys, field names and values are the card file's own words.

mv-data-error = { $place }: { $problem }
mv-data-string = expected a string
mv-data-missing = missing
mv-data-key = a key is a non-empty word: no space, comma or control character
mv-data-set-header = {"`"}{ $set }{"`"} contradicts the file's header set = {"`"}{ $header }{"`"}
mv-data-range = { $value } is out of range { $lo }..={ $hi }
mv-data-integer = expected an integer
mv-data-triple-range = expected three integers 0..=40 (top, middle, bottom)
mv-data-triple = expected three integers (top, middle, bottom)
mv-data-unknown-field = unknown field (known: { $known })
mv-data-source-table = expected a table of provenances
mv-data-source-missing = missing: every field needs a provenance
mv-data-no-provenance = no provenance: add {"`"}{ $field } = "rulebook: ..."{"`"} (or fan:, provisional:) to [{ $kind }.source]
mv-data-provenance-string = provenance must be a string
mv-data-provenance-unknown = provenance for an unknown field
mv-data-bool = expected true or false
setup-long-wise = the card file marks { $key } long-wise: the covering of one long-wise ability by another (EN:560) is not played yet, so rules revision 11 refuses it (leave the field out, or play {"rules=10"}, which ignores it)
mv-data-ability-place = {"`"}{ $ability }{"`"} is { $place ->
    [card] a card's (advancement or leader)
   *[vale] a vale's
} ability
mv-data-timing = unknown timing {"`"}{ $timing }{"`"} ({ $known })
mv-data-ability = unknown ability {"`"}{ $ability }{"`"} ({ $known })
mv-data-ability-missing = ability {"`"}{ $ability }{"`"} is not implemented yet
mv-data-acts = {"`"}{ $ability }{"`"} acts { $ok }, not {"`"}{ $timing }{"`"}
mv-data-reward = unknown reward {"`"}{ $reward }{"`"} ({ $known })
mv-data-count = unknown count {"`"}{ $count }{"`"} ({ $known })
mv-data-exchange = an exchange costs at least 1 mana
mv-data-module = unknown module {"`"}{ $module }{"`"} ({ $known })
mv-data-module-acts = module {"`"}{ $module }{"`"} acts { $ok }, not {"`"}{ $timing }{"`"}
mv-data-module-unique = only a {"`"}unique{"`"} ability names a module
mv-data-slot = {"`"}{ $slot }{"`"} is not top, middle or bottom
mv-data-advancement-level = an advancement has level 1, 2 or 3
mv-data-copies = at least one copy
mv-data-vale-level = a vale has level 1 or 2
mv-data-window = unknown window {"`"}{ $window }{"`"} (harvest, harvest-or-discard, would-spoil, any)
mv-data-evoke = unknown evoke ability {"`"}{ $evoke }{"`"}
mv-data-slots-per-deck = the slots add up to { $sum } but per_deck is { $per }
mv-data-starting-key = starting cards are {"`"}cursed-land{"`"} and {"`"}fertile-soil{"`"}, not {"`"}{ $key }{"`"}
mv-data-slots-copies = the slots must add up to copies
mv-data-expansion-core-tables = an expansion file has no [[starting]] or [[soil]] tables (they are the core file's)
mv-data-core-leaders = leaders and amulets come from expansion files, not the core file
mv-data-one-soil = exactly one [[soil]] table (the buyable Fertile Soil supply) is needed
mv-data-not-core = not a core file
mv-data-no-advancement = no [[advancement]] in the file
mv-data-two-starting = exactly two [[starting]] cards are needed: cursed-land and fertile-soil
mv-data-starting-20 = the starting cards exceed 20 per deck
mv-data-three-cursed = a starting deck needs at least 3 Cursed Lands (setup stops at two in the field and one on-deck)
mv-data-duplicate-key = duplicate key {"`"}{ $key }{"`"}: an earlier card file ({ $file }) has it
mv-data-duplicate-leader = duplicate leader key {"`"}{ $key }{"`"}: an earlier card file has it
mv-data-set-name = a set name is 1 to 40 lowercase letters, digits or {"`"}-{"`"}
mv-data-set-embedded = an embedded set has this name
mv-data-set-twice = offered twice
mv-data-not-loaded = card data not loaded: a saved state names its card file but never reads it (load the file first, e.g. with {"`"}--cards FILE{"`"})
mv-data-loaded-twice = this card file was loaded with different contents by games still alive: cannot tell which
mv-data-at-most = at most { $n } { $kind ->
    [advancement] advancement titles
    [vale] vale titles
    [leader] leaders
   *[amulet] amulets
}
mv-data-duplicate = duplicate key {"`"}{ $key }{"`"}
mv-data-duplicate-leader-here = duplicate leader key {"`"}{ $key }{"`"}
mv-data-no-level = no level-{ $level } { $kind ->
    [advancement] advancement
   *[vale] vale
}

## Rules revision 7 (ruling MV90): Wayfarer Portal's move, one decision at a time

view-portal-open = { $title }: choose the advancement to move ({"`use cN SLOT`"}), or decline
view-portal-named = { $title }: move { $adv } from card { $c } onto which card ({"`use vN cN`"})? Or decline
describe-portal-from = move { $adv } ({ slot }) from { $card }
describe-portal-to = move { $adv } onto { $card }
describe-portal-decline = leave the advancements where they are (the Portal is spent this turn)

## Conclave files (`-o conclaves=FILE`'s cards, data/conclaves.toml; conclaves.rs): the problem after
## `mv-data-error`'s place.
mv-conclave-key = {"`"}{ $key }{"`"}: a key is lowercase letters, digits and {"`"}-{"`"}
mv-conclave-twice = {"`"}{ $key }{"`"} / {"`"}{ $name }{"`"} is already a conclave
mv-conclave-source = { $field }: { $problem }
mv-conclave-no-advancement = no advancement with key {"`"}{ $key }{"`"} in the card data
mv-conclave-no-vale = no vale with key {"`"}{ $key }{"`"} in the card data
mv-conclave-starting = {"`"}{ $key }{"`"} is a starting card, not one of the commons
mv-conclave-taken = {"`"}{ $key }{"`"} is already in conclave {"`"}{ $other }{"`"}
mv-conclave-empty = a conclave lists at least one card
mv-conclave-count = { $n ->
    [one] { $n } conclave
   *[other] { $n } conclaves
}: 6 to 64 are needed
mv-conclave-named = a random pick holds 2 of the rulebook's named conclaves (EN:757): name at least 2 (source.name = {"`"}rulebook: …{"`"})
