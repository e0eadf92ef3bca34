//! Actions: every decision, with its text notation and stable integer id.
//!
//! | notation | when |
//! |---|---|
//! | `pass`, `push` | Planting Phase |
//! | `spoil`, `druid`, `arbor` | about to spoil: accept, Peacekeeper Druid, Blooming Arbor |
//! | `conclave c7` | Conclave of Ents on card 7 (planting, spoil prompt, harvest) |
//! | `discard c7`, `decline`, `mill` | when played: Deadwood Harvester / Mindful Owl / Cleansing Rain discard card 7, decline, Calm Weather discards the top card |
//! | `token`, `aerie sky`, `vale 2.1`, `vale 2.1 forest`, `buy 1.3`, `buy soil.top`, `buy 2.2 on c7`, `done` | Harvest Phase (levels and positions 1-based; the spirit pays the "any" part of a vale's cost; `on c7`: Earthchant Chorus) |
//! | `sleeve c7` | Discard Phase: sleeve the next bought advancement on card 7 |
//! | `resolve top`, `resolve middle`, `resolve bottom` | when played: which of the card's pending abilities resolves next (ruling MV6) |
//! | `upgrade` | Harvest Phase: turn the leader to its upgraded side |
//! | `leader 1`, `leader 2` | setup with `leaders=choose`: keep the first or second leader dealt |
//! | `sow`, `use v3`, `portal c1 top c2` | Harvest Phase: an exchange ability (Seed Sowers); use owned vale 3; move an advancement (Wayfarer Portal) |
//! | `use v3`, `cancel c7` | about to spoil: a vale that discards the on-deck card (Verdant Path); cancel card 7's decay (Bramble Spire) |
//! | `keep c7` | Discard Phase: card 7 stays for the next field (Pool of Visions; Hatchery: as the next leftmost card) |
//! | `cancel c7`, `cancel c7 not-cursed` | about to spoil: Aether Tree cancels card 7's decay but a Cursed Land's (`not-cursed`: Aether Tree when Bramble Spire could act too) |
//! | `mill`, `decline` | Harvest Phase, Wood Sprite Hoard: discard or keep the card shown |
//! | `take leader 3`, `take amulet 2`, `trade`, `decline` | setup: the draft (EN:810-816), keeping or trading the amulet |
//! | `evoke`, `evoke c7`, `evoke c7 purchase 2` | Evoke the active amulet (on card 7), in the windows its text allows (EN:802-830); Darksoul Ember: sleeve the first purchase waiting, or the second bought, on card 7 |
//! | `vp animal,forest,wild` | Harvest Phase, variant `buy_vp`: 3 spirits buy 1 VP |
//! | `ability c7`, `ability 2.1`, `ability soil.top c7`, `ability 1`, `ability p1 c7 top`, `decline` | Harvest Phase: a unique ability's choice (a card, a commons position, a Fertile Soil onto a card, an option, the ability of player 1's card 7 in its top slot or `leader` side); `decline` ends one that takes several |
//! | `ability animal` | Harvest Phase: Halo Mountain spends one spirit of this kind (`decline` stops) |
//! | `claim 1.2`, `claim soil.top`, `decline` | Harvest Phase: Nightvale Pathfinder claims an advancement as if bought |
//! | `replay c7 top`, `replay c7 leader` | Planting Phase: Harpy Canyon resolves card 7's "when played" ability in that slot (or its leader side) again |
//! | `discard c7`, `decline` | after an Evoke with Silver Tree: discard field or on-deck card 7 |
//! | `ability 2.1`, `ability soil.top` | Harvest Phase: Old Bakarab takes that advancement into the workshop |
//! | `use c7`, `use vales` | Harvest Phase, rules revision 3: resolve card 7's (or the vales') abilities whose gain can still change, banking it now (ruling MV87) |
//! | `use c7 top`, `use c7 leader`, `use v3`, `use v3 c7`, `use v3 sky` | an ability's decision naming its source (issue 33): card 7's top-slot (leader-side) ability, e.g. Peacekeeper Druid, Seed Sowers, Calm Weather; vale 3's, e.g. Blooming Arbor, Wood Sprite Hoard (no choice), Conclave of Ents on card 7, Sunstone Aerie or Stormcaller on a sky spirit. Replaces `druid`, `arbor`, `mill`, `sow`, `conclave c7`, `aerie sky`, which still parse and replay |
//! | `use c7 bottom`, `use v3 c7` | rules revision 5 (ruling MV90): Discard Phase, Hatchery's card 7 keeps itself, Pool of Visions (vale 3) keeps card 7; about to spoil, Bramble Spire or Aether Tree (vale 3) cancels card 7's decay. Replace `keep c7`, `cancel c7`, `cancel c7 not-cursed`, which revisions 1-4 list and which still parse and replay |
//! | `score` | Harvest Phase, rules revision 6 (ruling MV83): score the field's VP now, where the order matters (they would empty the pool and a vale that refills it can be bought) |
//! | `use v3`, `use c1 top`, `use v3 c2`, `decline` | Harvest Phase, rules revision 7 (ruling MV90): Wayfarer Portal (vale 3) opens its move, names card 1's top advancement, moves it onto card 2; `decline` backs out before the destination. Replaces `portal c1 top c2`, which revisions 1-6 list and which still parses and replays |
//! | `use p1 c7`, `use p1 c7 middle` | Harvest Phase, rules revision 8 (ruling MV23): Dione's upgraded side uses player 1's on-deck card 7, whose ability can cost (Grassland); the exchange ability (Seed Sowers) of that card's middle slot |
//! | `workshop 2 c7`, `ability 1`, `decline` | Harvest Phase: Old Bakarab (upgraded) sleeves the workshop's 2nd advancement on card 7 (then more on it), pays 1 mana to turn back; `decline` ends it |

use std::fmt;
use std::str::FromStr;

use std::sync::OnceLock;

use sylvan_engine::{ActionIds, ParseError};

use crate::cards::{Slot, Spirit};
use crate::state::NUM_CARDS;

/// Where an advancement is bought from.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Source {
    /// The commons: level (0-based), position (0-based).
    Common(u8, u8),
    /// The Fertile Soil supply, by slot.
    Soil(Slot),
}

impl Source {
    fn from_index(i: usize) -> Option<Source> {
        match i {
            0..9 => Some(Source::Common((i / 3) as u8, (i % 3) as u8)),
            9..12 => Some(Source::Soil(Slot::ALL[i - 9])),
            _ => None,
        }
    }
}

/// One decision.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// End the Planting Phase.
    Pass,
    /// Play the on-deck card and reveal the next.
    Push,
    /// Accept the spoil.
    Spoil,
    /// Peacekeeper Druid: discard the on-deck card and reveal another.
    Druid,
    /// Blooming Arbor: remove it from the game for growth.
    Arbor,
    /// Decline an optional "when played" ability (or keep the top card for Calm Weather).
    Decline,
    /// Calm Weather: discard the top card of the deck.
    Mill,
    /// Spend the active mana token for 1 mana.
    Token,
    /// End the Harvest Phase.
    Done,
    /// Conclave of Ents: +1 guardian on this card.
    Conclave(u8),
    /// Discard this card (from the field, or from the deck for Cleansing Rain).
    Discard(u8),
    /// Sunstone Aerie: one spirit of this kind becomes wild.
    Aerie(Spirit),
    /// Buy a vale: level (0-based), position (0-based), the kind paying the "any" part.
    Vale(u8, u8, Option<Spirit>),
    /// Buy an advancement.
    Buy(Source),
    /// Buy an advancement declared for this card with Earthchant Chorus.
    BuyOn(Source, u8),
    /// Sleeve the next bought advancement on this card.
    Sleeve(u8),
    /// Several "when played" abilities of the card just played wait: resolve the one in this slot next
    /// (ruling MV6).
    Resolve(Slot),
    /// Turn the leader to its upgraded side, paying its cost (one of the Harvest's advancement buys).
    Upgrade,
    /// Keep the first (0) or second (1) leader dealt (`leaders=choose`).
    ChooseLeader(u8),
    /// Pay mana for an exchange ability in the field (Seed Sowers): 1 of its reward.
    Sow,
    /// Use the owned vale with this id (one that needs no target).
    UseVale(u8),
    /// Use a vale that cancels the decay of field or on-deck card `c` (Bramble Spire).
    CancelDecay(u8),
    /// Keep field card `c` for the next field (Pool of Visions).
    Keep(u8),
    /// Move the advancement of field card `from` in `slot` to field card `to` (Wayfarer Portal).
    Portal(u8, Slot, u8),
    /// The setup draft: take the leader with this id from the table.
    TakeLeader(u8),
    /// The setup draft: take the amulet with this id from the table.
    TakeAmulet(u8),
    /// Setup: trade the amulet for a regular mana token (EN:816).
    Trade,
    /// Evoke the active amulet (an ability with no card to choose, or Wildfire Ember's mana).
    Evoke,
    /// Evoke the active amulet on card `c`.
    EvokeOn(u8),
    /// A unique ability chooses card `c` (Cyrilla: +1 guardian; GinGan: the on-deck card; Guilduin: the
    /// card copied).
    AbilityCard(u8),
    /// A unique ability chooses a commons position: level, position (0-based) (Hempero).
    AbilityCommon(u8, u8),
    /// A unique ability sleeves the Fertile Soil of a slot from the supply onto card `c` (Nepeto).
    AbilitySoil(Slot, u8),
    /// A unique ability's option `k` (0-based) (Dione: mana or wild).
    AbilityPick(u8),
    /// About to spoil, with Bramble Spire and Aether Tree both able to act on card `c`: use Aether Tree
    /// (its decay but a Cursed Land's is cancelled); `cancel c7` uses Bramble Spire (ruling MV47).
    CancelNotCursed(u8),
    /// Variant `buy_vp`: pay 3 spirits (animal, forest, sky, wild counts) for 1 VP (EN:1829-1833).
    BuyVp([u8; 4]),
    /// Darksoul Ember: sleeve purchase `k` (0-based, in the order bought) on card `c` (`evoke c7` sleeves
    /// the first purchase waiting).
    EvokeBought(u8, u8),
    /// Cyrilla's upgraded side: the card chosen first also has the ability of player `seat`'s field card
    /// `c` in slot `slot` (0-2: top, middle, bottom; 3: the leader's side).
    AbilityGraft(u8, u8, u8),
    /// A unique ability spends one spirit of this kind (Halo Mountain, ruling MV70).
    AbilitySpirit(Spirit),
    /// Nightvale Pathfinder: claim the advancement at this source as if bought, without using a buy
    /// (EN:1109-1116).
    Claim(Source),
    /// Harpy Canyon: resolve again the "when played" ability of field card `c` in slot `slot` (0-2: top,
    /// middle, bottom; 3: the leader's side) (EN:1379-1385).
    Replay(u8, u8),
    /// A unique ability takes the Fertile Soil of this slot from the supply (Old Bakarab, starting side).
    AbilityTake(Slot),
    /// Old Bakarab, upgraded side: sleeve the advancement at position `k` (0-based) of the workshop on
    /// field card `c` (EN:1706-1716).
    Workshop(u8, u8),
    /// Rules revision 3: resolve now the Harvest abilities of field card `c` whose gain can still change
    /// (or, with `c` = [`USE_VALES`], the vales'), banking what they give (ruling MV87).
    Bank(u8),
    /// An ability's decision, naming its source: the ability of `card` (a field card's slot or leader
    /// side, or an owned vale) used with `choice`. Two cards with the same ability are two actions
    /// (EN:675: each card's ability once a turn). It replaces the card-named actions `druid`, `arbor`,
    /// `mill`, `sow`, `conclave cN` and `aerie KIND` (which still parse: [`crate::MysticVale`]'s
    /// `legacy_action` maps them). A vale's ability with no choice is written [`Action::UseVale`].
    Use {
        /// Whose ability.
        card: Held,
        /// What it chooses.
        choice: Choice,
    },
    /// Rules revision 6 (ruling MV83): score the field's VP now rather than as the Harvest Phase ends.
    Score,
    /// Rules revision 8 (ruling MV23): Dione's upgraded side uses player `seat`'s on-deck card `c`, one
    /// whose ability can cost (Grassland), as if in the user's field (`use p1 c7`).
    UseOnDeck(u8, u8),
    /// Rules revision 8 (ruling MV23): Dione's upgraded side uses the exchange ability (Seed Sowers) of
    /// player `seat`'s on-deck card `c` in place `at` (0-2: top, middle, bottom; 3: the leader's side),
    /// paying the user's mana (`use p1 c7 middle`).
    UseOnDeckAbility(u8, u8, u8),
}

impl Action {
    /// Whether this is a unique ability's choice, taken by the module of the ability it answers
    /// (`ability ..`, `workshop ..`): the rules apply it through that module, the words describe it from it.
    #[inline]
    pub fn is_module_choice(self) -> bool {
        matches!(
            self,
            Action::AbilityCard(_)
                | Action::AbilityCommon(..)
                | Action::AbilitySoil(..)
                | Action::AbilityPick(_)
                | Action::AbilityGraft(..)
                | Action::AbilityTake(_)
                | Action::Workshop(..)
        )
    }

    /// Whether this is one of the card-named actions that rules revisions 1-4 list and [`Action::Use`]
    /// replaces (`druid`, `arbor`, `mill`, `sow`, `conclave cN`, `aerie KIND`, `keep cN`, `cancel cN`,
    /// `cancel cN not-cursed`): only these can mean a `use` (`MysticVale::legacy_use`).
    #[inline]
    pub fn card_named(self) -> bool {
        matches!(
            self,
            Action::Druid
                | Action::Arbor
                | Action::Mill
                | Action::Sow
                | Action::Conclave(_)
                | Action::Aerie(_)
                | Action::Keep(_)
                | Action::CancelDecay(_)
                | Action::CancelNotCursed(_)
        )
    }
}

/// Where an ability used by [`Action::Use`] is printed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Held {
    /// Field card `c`'s ability in slot `at` (0-2: top, middle, bottom; 3: the leader's side).
    Card(u8, u8),
    /// The owned vale with this id.
    Vale(u8),
}

/// What an ability used by [`Action::Use`] chooses.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Choice {
    /// Nothing: the ability has one outcome.
    Nothing,
    /// Card `c` of the player's field or on-deck card (Conclave of Ents: its guardian).
    Card(u8),
    /// One spirit of this kind (Sunstone Aerie, Stormcaller: it becomes wild).
    Spirit(Spirit),
}

/// The [`Action::Use`] operand that names the player's vales rather than a card.
pub const USE_VALES: u8 = NUM_CARDS as u8;

/// Most advancements a workshop holds (Old Bakarab; ruling MV75).
pub const MAX_WORKSHOP: usize = NUM_CARDS;

/// The payments of 3 spirits (animal, forest, sky, wild), in increasing order.
pub fn vp_payments() -> impl Iterator<Item = [u8; 4]> {
    (0..=3u8).flat_map(|a| (0..=3 - a).flat_map(move |f| (0..=3 - a - f).map(move |s| [a, f, s, 3 - a - f - s])))
}

/// Options an [`Action::AbilityPick`] may name.
pub const PICKS: u8 = 2;

const N: u8 = NUM_CARDS as u8;
/// Most vale titles a card database holds (vale ids are below).
pub const MAX_VALES: usize = 120;
/// Most leaders a card database holds (leader ids are below).
pub const MAX_LEADERS: usize = 32;
/// Most amulets a card database holds (amulet ids are below).
pub const MAX_AMULETS: usize = 16;

/// The id table: every action in id order. New actions are appended, so the ids of the old ones never
/// shift (a test pins a few).
pub fn ids() -> &'static ActionIds<Action> {
    static ALL: OnceLock<ActionIds<Action>> = OnceLock::new();
    ALL.get_or_init(|| {
        use Action::*;
        let mut v = vec![Pass, Push, Spoil, Druid, Arbor, Decline, Mill, Token, Done];
        v.extend((0..N).map(Conclave));
        v.extend((0..N).map(Discard));
        v.extend(Spirit::ALL.map(Aerie));
        for l in 0..2 {
            for k in 0..4 {
                v.push(Vale(l, k, None));
                v.extend(Spirit::ALL.map(|s| Vale(l, k, Some(s))));
            }
        }
        let sources = (0..12).filter_map(Source::from_index);
        v.extend(sources.clone().map(Buy));
        v.extend(sources.flat_map(|s| (0..N).map(move |c| BuyOn(s, c))));
        v.extend((0..N).map(Sleeve));
        v.extend(Slot::ALL.map(Resolve));
        // Vale of the Wild and the card model.
        v.extend([Upgrade, ChooseLeader(0), ChooseLeader(1), Sow]);
        v.extend((0..MAX_VALES as u8).map(UseVale));
        v.extend((0..N).map(CancelDecay));
        v.extend((0..N).map(Keep));
        for a in 0..N {
            for s in Slot::ALL {
                v.extend((0..N).map(|b| Portal(a, s, b)));
            }
        }
        // Mana Storm: the draft, amulets.
        v.extend((0..MAX_LEADERS as u8).map(TakeLeader));
        v.extend((0..MAX_AMULETS as u8).map(TakeAmulet));
        v.extend([Trade, Evoke]);
        v.extend((0..N).map(EvokeOn));
        // Unique abilities with choices (the Vale of the Wild leaders).
        v.extend((0..N).map(AbilityCard));
        for l in 0..3 {
            v.extend((0..3).map(|k| AbilityCommon(l, k)));
        }
        for s in Slot::ALL {
            v.extend((0..N).map(|c| AbilitySoil(s, c)));
        }
        v.extend((0..PICKS).map(AbilityPick));
        v.extend((0..N).map(CancelNotCursed));
        v.extend(vp_payments().map(BuyVp));
        // Darksoul Ember's choice of purchase.
        for k in 0..MAX_EVOKE_PURCHASES {
            v.extend((0..N).map(|c| EvokeBought(k, c)));
        }
        // Cyrilla's upgraded side: an ability of a card of any seat's field.
        for s in 0..crate::state::MAX_PLAYERS as u8 {
            for c in 0..N {
                v.extend((0..4).map(|slot| AbilityGraft(s, c, slot)));
            }
        }
        // Mana Storm abilities: Halo Mountain's spirit, Nightvale Pathfinder's claim, Harpy Canyon.
        v.extend(Spirit::ALL.map(AbilitySpirit));
        v.extend((0..12).filter_map(Source::from_index).map(Claim));
        for c in 0..N {
            v.extend((0..4).map(|slot| Replay(c, slot)));
        }
        // Old Bakarab's workshop: a Fertile Soil taken, then a workshop advancement onto a field card.
        v.extend(Slot::ALL.map(AbilityTake));
        for k in 0..MAX_WORKSHOP as u8 {
            v.extend((0..N).map(|c| Workshop(k, c)));
        }
        // Rules revision 3: a card's (or the vales') Harvest abilities resolved by the player's decision.
        v.extend((0..=USE_VALES).map(Bank));
        // Issue 33: an ability's decision naming its source card (or vale).
        for c in 0..N {
            for at in 0..4 {
                v.push(Use { card: Held::Card(c, at), choice: Choice::Nothing });
                v.extend((0..N).map(|t| Use { card: Held::Card(c, at), choice: Choice::Card(t) }));
            }
        }
        for x in 0..MAX_VALES as u8 {
            v.extend((0..N).map(|t| Use { card: Held::Vale(x), choice: Choice::Card(t) }));
            v.extend(Spirit::ALL.map(|s| Use { card: Held::Vale(x), choice: Choice::Spirit(s) }));
        }
        // Rules revision 6: the field's VP scored by the player's decision (ruling MV83).
        v.push(Score);
        // Rules revision 8: a neighbour's on-deck card that can cost, used by Dione's upgraded side (MV23).
        for s in 0..crate::state::MAX_PLAYERS as u8 {
            v.extend((0..N).map(|c| UseOnDeck(s, c)));
        }
        for s in 0..crate::state::MAX_PLAYERS as u8 {
            for c in 0..N {
                v.extend((0..4).map(|at| UseOnDeckAbility(s, c, at)));
            }
        }
        ActionIds::new(v)
    })
}

/// Purchases of one harvest Darksoul Ember can name (`evoke c7 purchase 4` at most).
pub const MAX_EVOKE_PURCHASES: u8 = 4;

/// Number of distinct action ids.
pub const NUM_ACTIONS: usize = BASE_AND_WILD_ACTIONS
    + MANA_STORM_ACTIONS
    + LEADER_ABILITY_ACTIONS
    + VP_PAYMENTS
    + EVOKE_BOUGHT_ACTIONS
    + GRAFT_ACTIONS
    + STORM_ABILITY_ACTIONS
    + WORKSHOP_ACTIONS
    + USE_ACTIONS
    + ABILITY_USE_ACTIONS
    + SCORE_ACTIONS
    + ON_DECK_ACTIONS
    + ON_DECK_ABILITY_ACTIONS;
/// Ids of `use p1 c7 middle`: each seat's card's place (rules revision 8, MV23).
const ON_DECK_ABILITY_ACTIONS: usize = crate::state::MAX_PLAYERS * NUM_CARDS * 4;
/// Ids of `use p1 c7`: each seat's card (rules revision 8, MV23).
const ON_DECK_ACTIONS: usize = crate::state::MAX_PLAYERS * NUM_CARDS;
/// The id of `score`.
const SCORE_ACTIONS: usize = 1;
/// Ids of an ability used from its source: each field card's slot or leader side with no choice or a
/// card, each vale id with a card or a spirit kind.
const ABILITY_USE_ACTIONS: usize = NUM_CARDS * 4 * (1 + NUM_CARDS) + MAX_VALES * (NUM_CARDS + 4);
/// Ids of `use c7` (each card) and `use vales`.
const USE_ACTIONS: usize = NUM_CARDS + 1;
/// Ids of Old Bakarab's workshop: three Fertile Soils taken, then a workshop position onto a card.
const WORKSHOP_ACTIONS: usize = 3 + MAX_WORKSHOP * NUM_CARDS;
/// Ids of Halo Mountain's spirit kinds, Nightvale Pathfinder's claims and Harpy Canyon's replays.
const STORM_ABILITY_ACTIONS: usize = 4 + 12 + NUM_CARDS * 4;
/// Ids of Cyrilla's choice of another card's ability: seat, card, slot or leader side.
const GRAFT_ACTIONS: usize = crate::state::MAX_PLAYERS * NUM_CARDS * 4;
/// Ids of the variant `buy_vp`'s payments.
const VP_PAYMENTS: usize = 20;
/// Ids of Darksoul Ember's choice of purchase.
const EVOKE_BOUGHT_ACTIONS: usize = MAX_EVOKE_PURCHASES as usize * NUM_CARDS;
/// Ids of the base game and the card model (Vale of the Wild, Vale of Magic).
const BASE_AND_WILD_ACTIONS: usize = 9 + 20 + 20 + 4 + 40 + 12 + 240 + 20 + 3 + 4 + MAX_VALES + 20 + 20 + 1200;
/// Ids of Mana Storm's draft and amulets.
const MANA_STORM_ACTIONS: usize = MAX_LEADERS + MAX_AMULETS + 2 + 20;
/// Ids of the leaders' abilities with choices, then `cancel cN not-cursed`.
const LEADER_ABILITY_ACTIONS: usize = 20 + 9 + 60 + PICKS as usize + 20;

/// The stable id of an action (`usize::MAX` for one outside the table, which no legal list holds).
///
/// Computed from the action's fields rather than searched for: [`id_key`] places the action in its
/// variant, and a map built from [`ids`] at first use gives each variant's offset and turns the place
/// into the id. Nothing here counts ids, so ids appended to the table keep working; an action the key
/// does not cover (a field beyond its range, or a variant added since) is looked up in the table.
#[inline]
pub fn action_id(a: Action) -> usize {
    struct KeyMap {
        /// Per variant: the first slot of its places in `ids`, and how many places it has.
        variants: Vec<(usize, usize)>,
        /// Per place: the id, or `u32::MAX` for a place no action of the table has.
        ids: Vec<u32>,
    }
    static MAP: OnceLock<KeyMap> = OnceLock::new();
    let map = MAP.get_or_init(|| {
        let keys: Vec<(usize, Option<(usize, usize)>)> =
            ids().all().iter().enumerate().map(|(id, &a)| (id, id_key(a))).collect();
        let mut variants = vec![(0, 0); 64];
        for &(_, key) in &keys {
            if let Some((v, place)) = key {
                variants[v].1 = variants[v].1.max(place + 1);
            }
        }
        let mut start = 0;
        for v in &mut variants {
            v.0 = start;
            start += v.1;
        }
        let mut by_place = vec![u32::MAX; start];
        for (id, key) in keys {
            if let Some((v, place)) = key {
                by_place[variants[v].0 + place] = id as u32;
            }
        }
        KeyMap { variants, ids: by_place }
    });
    let Some((v, place)) = id_key(a) else {
        return ids().id(a).unwrap_or(usize::MAX);
    };
    match map.variants.get(v) {
        Some(&(start, len)) if place < len => match map.ids[start + place] {
            u32::MAX => usize::MAX,
            id => id as usize,
        },
        _ => usize::MAX,
    }
}

/// An action's variant (below 64) and its place among that variant's actions: distinct actions have
/// distinct keys. `None` for an action the key does not cover (a field beyond the range it counts
/// with), which [`action_id`] looks up in the table.
#[inline]
fn id_key(a: Action) -> Option<(usize, usize)> {
    use Action::*;
    const N: usize = NUM_CARDS;
    let card = |c: u8| (usize::from(c) < N).then_some(usize::from(c));
    let below = |x: u8, n: usize| (usize::from(x) < n).then_some(usize::from(x));
    let source = |s: Source| match s {
        Source::Common(l, k) => (l < 3 && k < 3).then_some(usize::from(l) * 3 + usize::from(k)),
        Source::Soil(s) => Some(9 + s as usize),
    };
    let spirit = |s: Spirit| s as usize;
    Some(match a {
        Pass => (0, 0),
        Push => (1, 0),
        Spoil => (2, 0),
        Druid => (3, 0),
        Arbor => (4, 0),
        Decline => (5, 0),
        Mill => (6, 0),
        Token => (7, 0),
        Done => (8, 0),
        Conclave(c) => (9, usize::from(c)),
        Discard(c) => (10, usize::from(c)),
        Aerie(s) => (11, spirit(s)),
        Vale(l, k, s) => (12, (usize::from(l) * 4 + below(k, 4)?) * 5 + s.map_or(0, |s| 1 + spirit(s))),
        Buy(s) => (13, source(s)?),
        BuyOn(s, c) => (14, source(s)? * N + card(c)?),
        Sleeve(c) => (15, usize::from(c)),
        Resolve(s) => (16, s as usize),
        Upgrade => (17, 0),
        ChooseLeader(k) => (18, usize::from(k)),
        Sow => (19, 0),
        UseVale(x) => (20, usize::from(x)),
        CancelDecay(c) => (21, usize::from(c)),
        Keep(c) => (22, usize::from(c)),
        Portal(f, s, t) => (23, (card(f)? * 3 + s as usize) * N + card(t)?),
        TakeLeader(l) => (24, usize::from(l)),
        TakeAmulet(x) => (25, usize::from(x)),
        Trade => (26, 0),
        Evoke => (27, 0),
        EvokeOn(c) => (28, usize::from(c)),
        AbilityCard(c) => (29, usize::from(c)),
        AbilityCommon(l, k) => (30, usize::from(l) * 3 + below(k, 3)?),
        AbilitySoil(s, c) => (31, s as usize * N + card(c)?),
        AbilityPick(k) => (32, usize::from(k)),
        CancelNotCursed(c) => (33, usize::from(c)),
        BuyVp(p) => (34, p.iter().try_fold(0, |acc, &x| Some(acc * 4 + below(x, 4)?))?),
        EvokeBought(k, c) => (35, usize::from(k) * N + card(c)?),
        AbilityGraft(s, c, at) => (36, (usize::from(s) * N + card(c)?) * 4 + below(at, 4)?),
        AbilitySpirit(s) => (37, spirit(s)),
        Claim(s) => (38, source(s)?),
        Replay(c, at) => (39, usize::from(c) * 4 + below(at, 4)?),
        AbilityTake(s) => (40, s as usize),
        Workshop(k, c) => (41, usize::from(k) * N + card(c)?),
        Bank(c) => (42, usize::from(c)),
        Use { card: held, choice } => {
            let choice = match choice {
                Choice::Nothing => 0,
                Choice::Card(t) => 1 + card(t)?,
                Choice::Spirit(s) => 1 + N + spirit(s),
            };
            let held = match held {
                Held::Card(c, at) => card(c)? * 4 + below(at, 4)?,
                Held::Vale(x) => 4 * N + usize::from(x),
            };
            (43, held * (N + 5) + choice)
        }
        Score => (44, 0),
        UseOnDeck(s, c) => (45, below(s, crate::state::MAX_PLAYERS)? * N + card(c)?),
        UseOnDeckAbility(s, c, at) => (46, (below(s, crate::state::MAX_PLAYERS)? * N + card(c)?) * 4 + below(at, 4)?),
    })
}

/// The action with a stable id.
pub fn action_from_id(id: usize) -> Option<Action> {
    ids().action(id)
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Common(l, k) => write!(f, "{}.{}", l + 1, k + 1),
            Source::Soil(s) => write!(f, "soil.{}", s.name()),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Action::*;
        match self {
            Pass => f.write_str("pass"),
            Push => f.write_str("push"),
            Spoil => f.write_str("spoil"),
            Druid => f.write_str("druid"),
            Arbor => f.write_str("arbor"),
            Decline => f.write_str("decline"),
            Mill => f.write_str("mill"),
            Token => f.write_str("token"),
            Done => f.write_str("done"),
            Conclave(c) => write!(f, "conclave c{c}"),
            Discard(c) => write!(f, "discard c{c}"),
            Aerie(s) => write!(f, "aerie {}", s.name()),
            Vale(l, k, None) => write!(f, "vale {}.{}", l + 1, k + 1),
            Vale(l, k, Some(s)) => write!(f, "vale {}.{} {}", l + 1, k + 1, s.name()),
            Buy(s) => write!(f, "buy {s}"),
            BuyOn(s, c) => write!(f, "buy {s} on c{c}"),
            Sleeve(c) => write!(f, "sleeve c{c}"),
            Resolve(s) => write!(f, "resolve {}", s.name()),
            Upgrade => f.write_str("upgrade"),
            ChooseLeader(k) => write!(f, "leader {}", k + 1),
            Sow => f.write_str("sow"),
            UseVale(v) => write!(f, "use v{v}"),
            CancelDecay(c) => write!(f, "cancel c{c}"),
            Keep(c) => write!(f, "keep c{c}"),
            Portal(a, s, b) => write!(f, "portal c{a} {} c{b}", s.name()),
            TakeLeader(l) => write!(f, "take leader {l}"),
            TakeAmulet(a) => write!(f, "take amulet {a}"),
            Trade => f.write_str("trade"),
            Evoke => f.write_str("evoke"),
            EvokeOn(c) => write!(f, "evoke c{c}"),
            EvokeBought(k, c) => write!(f, "evoke c{c} purchase {}", k + 1),
            AbilityGraft(s, c, slot) => match Slot::ALL.get(usize::from(*slot)) {
                Some(x) => write!(f, "ability p{s} c{c} {}", x.name()),
                None => write!(f, "ability p{s} c{c} leader"),
            },
            AbilityCard(c) => write!(f, "ability c{c}"),
            AbilityCommon(l, k) => write!(f, "ability {}.{}", l + 1, k + 1),
            AbilitySoil(s, c) => write!(f, "ability soil.{} c{c}", s.name()),
            AbilityPick(k) => write!(f, "ability {}", k + 1),
            CancelNotCursed(c) => write!(f, "cancel c{c} not-cursed"),
            AbilitySpirit(k) => write!(f, "ability {}", k.name()),
            Claim(s) => write!(f, "claim {s}"),
            AbilityTake(s) => write!(f, "ability soil.{}", s.name()),
            Workshop(k, c) => write!(f, "workshop {} c{c}", k + 1),
            Score => f.write_str("score"),
            UseOnDeck(s, c) => write!(f, "use p{s} c{c}"),
            UseOnDeckAbility(s, c, a) => write!(f, "use p{s} c{c} {}", at_name(*a)),
            Bank(USE_VALES) => f.write_str("use vales"),
            Bank(c) => write!(f, "use c{c}"),
            Use { card, choice } => {
                match card {
                    Held::Card(c, at) => write!(f, "use c{c} {}", at_name(*at))?,
                    Held::Vale(v) => write!(f, "use v{v}")?,
                }
                match choice {
                    Choice::Nothing => Ok(()),
                    Choice::Card(t) => write!(f, " c{t}"),
                    Choice::Spirit(s) => write!(f, " {}", s.name()),
                }
            }
            Replay(c, slot) => match Slot::ALL.get(usize::from(*slot)) {
                Some(x) => write!(f, "replay c{c} {}", x.name()),
                None => write!(f, "replay c{c} leader"),
            },
            BuyVp(pay) => {
                let kinds: Vec<&str> = Spirit::ALL
                    .iter()
                    .flat_map(|k| std::iter::repeat_n(k.name(), usize::from(pay[*k as usize])))
                    .collect();
                write!(f, "vp {}", kinds.join(","))
            }
        }
    }
}

/// The notation word of a card's ability place: a slot, or `leader` (3).
fn at_name(at: u8) -> &'static str {
    Slot::ALL.get(usize::from(at)).map_or("leader", |s| s.name())
}

fn at(s: &str) -> Option<u8> {
    match s {
        "leader" => Some(3),
        s => Slot::ALL.iter().position(|x| x.name() == s).map(|k| k as u8),
    }
}

fn vale(s: &str) -> Option<u8> {
    s.strip_prefix('v').and_then(|x| x.parse::<u8>().ok()).filter(|&x| (x as usize) < MAX_VALES)
}

fn card(s: &str) -> Option<u8> {
    s.strip_prefix('c').and_then(|x| x.parse::<u8>().ok()).filter(|&c| (c as usize) < NUM_CARDS)
}

fn pos(s: &str, levels: u8, positions: u8) -> Option<(u8, u8)> {
    let (a, b) = s.split_once('.')?;
    let l: u8 = a.parse().ok()?;
    let k: u8 = b.parse().ok()?;
    ((1..=levels).contains(&l) && (1..=positions).contains(&k)).then(|| (l - 1, k - 1))
}

fn source(s: &str) -> Option<Source> {
    if let Some(slot) = s.strip_prefix("soil.") {
        return Slot::ALL.into_iter().find(|x| x.name() == slot).map(Source::Soil);
    }
    pos(s, 3, 3).map(|(l, k)| Source::Common(l, k))
}

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        use Action::*;
        let mut buf = [""; 5];
        let mut n = 0;
        for w in text.split_whitespace() {
            if n == buf.len() {
                n += 1;
                break;
            }
            buf[n] = w;
            n += 1;
        }
        let words = &buf[..n.min(buf.len())];
        let too_long = n > 4;
        let bad = || {
            crate::words::parse_error(
                text,
                sylvan_engine::Message::new("expect-action").arg(
                    "actions",
                    "pass, push, spoil, druid, arbor, decline, mill, token, done, conclave c7, discard c7, \
                 aerie animal|forest|sky, vale 1.2 [animal|forest|sky|wild], buy 1.3, buy soil.top, buy 2.1 on c7, sleeve c7, \
                 resolve top|middle|bottom, upgrade, leader 1|2, sow, use v3, use v3 c7|sky, use c7, use c7 top|leader [c2], use vales, cancel c7, keep c7, portal c1 top c2, \
                 take leader 3, take amulet 2, trade, evoke, evoke c7, evoke c7 purchase 2, ability c7|2.1|soil.top c7|1|animal|p1 c7 top, \
                 claim 1.2|soil.top, replay c7 top|leader, ability soil.top, workshop 1 c7, score, use p1 c7 [middle]",
                ),
            )
        };
        if too_long {
            return Err(bad());
        }
        let a = match words {
            ["pass"] => Pass,
            ["push"] => Push,
            ["spoil"] => Spoil,
            ["druid"] => Druid,
            ["arbor"] => Arbor,
            ["decline"] => Decline,
            ["mill"] => Mill,
            ["token"] => Token,
            ["done"] => Done,
            ["score"] => Score,
            ["conclave", c] => Conclave(card(c).ok_or_else(bad)?),
            ["discard", c] => Discard(card(c).ok_or_else(bad)?),
            ["aerie", s] => Aerie(Spirit::parse(s).ok_or_else(bad)?),
            ["vale", p] => {
                let (l, k) = pos(p, 2, 4).ok_or_else(bad)?;
                Vale(l, k, None)
            }
            ["vale", p, s] => {
                let (l, k) = pos(p, 2, 4).ok_or_else(bad)?;
                Vale(l, k, Some(Spirit::parse(s).ok_or_else(bad)?))
            }
            ["buy", s] => Buy(source(s).ok_or_else(bad)?),
            ["buy", s, "on", c] => BuyOn(source(s).ok_or_else(bad)?, card(c).ok_or_else(bad)?),
            ["sleeve", c] => Sleeve(card(c).ok_or_else(bad)?),
            ["resolve", s] => Resolve(Slot::ALL.into_iter().find(|x| x.name() == *s).ok_or_else(bad)?),
            ["upgrade"] => Upgrade,
            ["leader", "1"] => ChooseLeader(0),
            ["leader", "2"] => ChooseLeader(1),
            ["sow"] => Sow,
            ["use", "vales"] => Bank(USE_VALES),
            ["use", c] if c.starts_with('c') => Bank(card(c).ok_or_else(bad)?),
            ["use", v] => UseVale(vale(v).ok_or_else(bad)?),
            ["use", c, a] if c.starts_with('c') => {
                Use { card: Held::Card(card(c).ok_or_else(bad)?, at(a).ok_or_else(bad)?), choice: Choice::Nothing }
            }
            ["use", c, a, t] if c.starts_with('c') => Use {
                card: Held::Card(card(c).ok_or_else(bad)?, at(a).ok_or_else(bad)?),
                choice: Choice::Card(card(t).ok_or_else(bad)?),
            },
            ["use", p, c] if p.starts_with('p') => UseOnDeck(
                p.strip_prefix('p')
                    .and_then(|x| x.parse::<u8>().ok())
                    .filter(|&x| usize::from(x) < crate::state::MAX_PLAYERS)
                    .ok_or_else(bad)?,
                card(c).ok_or_else(bad)?,
            ),
            ["use", p, c, a] if p.starts_with('p') => UseOnDeckAbility(
                p.strip_prefix('p')
                    .and_then(|x| x.parse::<u8>().ok())
                    .filter(|&x| usize::from(x) < crate::state::MAX_PLAYERS)
                    .ok_or_else(bad)?,
                card(c).ok_or_else(bad)?,
                at(a).ok_or_else(bad)?,
            ),
            ["use", v, x] => Use {
                card: Held::Vale(vale(v).ok_or_else(bad)?),
                choice: match (card(x), Spirit::parse(x)) {
                    (Some(t), _) => Choice::Card(t),
                    (_, Some(s)) => Choice::Spirit(s),
                    _ => return Err(bad()),
                },
            },
            ["cancel", c] => CancelDecay(card(c).ok_or_else(bad)?),
            ["cancel", c, "not-cursed"] => CancelNotCursed(card(c).ok_or_else(bad)?),
            ["vp", kinds] => {
                let mut pay = [0u8; 4];
                for k in kinds.split(',') {
                    let s = Spirit::parse(k).ok_or_else(bad)?;
                    pay[s as usize] = pay[s as usize].saturating_add(1);
                }
                if pay.iter().sum::<u8>() != 3 {
                    return Err(bad());
                }
                BuyVp(pay)
            }
            ["keep", c] => Keep(card(c).ok_or_else(bad)?),
            ["portal", a, s, b] => Portal(
                card(a).ok_or_else(bad)?,
                Slot::ALL.into_iter().find(|x| x.name() == *s).ok_or_else(bad)?,
                card(b).ok_or_else(bad)?,
            ),
            ["take", "leader", l] => {
                TakeLeader(l.parse::<u8>().ok().filter(|&x| usize::from(x) < MAX_LEADERS).ok_or_else(bad)?)
            }
            ["take", "amulet", a] => {
                TakeAmulet(a.parse::<u8>().ok().filter(|&x| usize::from(x) < MAX_AMULETS).ok_or_else(bad)?)
            }
            ["trade"] => Trade,
            ["evoke"] => Evoke,
            ["evoke", c] => EvokeOn(card(c).ok_or_else(bad)?),
            ["evoke", c, "purchase", k] => EvokeBought(
                k.parse::<u8>().ok().filter(|k| (1..=MAX_EVOKE_PURCHASES).contains(k)).ok_or_else(bad)? - 1,
                card(c).ok_or_else(bad)?,
            ),
            ["ability", x] => match (card(x), pos(x, 3, 3), x.parse::<u8>(), Spirit::parse(x)) {
                (Some(c), _, _, _) => AbilityCard(c),
                (_, Some((l, k)), _, _) => AbilityCommon(l, k),
                (_, _, Ok(k), _) if (1..=PICKS).contains(&k) => AbilityPick(k - 1),
                (_, _, _, Some(s)) => AbilitySpirit(s),
                _ => match source(x) {
                    Some(Source::Soil(slot)) => AbilityTake(slot),
                    _ => return Err(bad()),
                },
            },
            ["claim", s] => Claim(source(s).ok_or_else(bad)?),
            ["workshop", k, c] => Workshop(
                k.parse::<u8>().ok().filter(|k| (1..=MAX_WORKSHOP as u8).contains(k)).ok_or_else(bad)? - 1,
                card(c).ok_or_else(bad)?,
            ),
            ["replay", c, slot] => Replay(
                card(c).ok_or_else(bad)?,
                match *slot {
                    "leader" => 3,
                    s => Slot::ALL.iter().position(|x| x.name() == s).ok_or_else(bad)? as u8,
                },
            ),
            ["ability", p, c, slot] => AbilityGraft(
                p.strip_prefix('p')
                    .and_then(|x| x.parse::<u8>().ok())
                    .filter(|&x| usize::from(x) < crate::state::MAX_PLAYERS)
                    .ok_or_else(bad)?,
                card(c).ok_or_else(bad)?,
                match *slot {
                    "leader" => 3,
                    s => Slot::ALL.iter().position(|x| x.name() == s).ok_or_else(bad)? as u8,
                },
            ),
            ["ability", s, c] => match (source(s), card(c)) {
                (Some(Source::Soil(slot)), Some(c)) => AbilitySoil(slot, c),
                _ => return Err(bad()),
            },
            _ => return Err(bad()),
        };
        Ok(a)
    }
}

sylvan_engine::serde_via_notation!(Action);

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;

    /// Ids recorded games and learning code rely on: the base set's never move, new ones come after.
    pub fn pinned_ids() {
        let pins = [
            ("pass", 0),
            ("done", 8),
            ("conclave c3", 12),
            ("discard c0", 29),
            ("aerie sky", 51),
            ("vale 2.4 wild", 92),
            ("buy 1.1", 93),
            ("buy soil.bottom", 104),
            ("buy 3.3 on c19", 284),
            ("sleeve c19", 364),
            ("resolve bottom", 367),
            ("upgrade", 368),
            ("leader 2", 370),
            ("sow", 371),
            ("use v0", 372),
            ("keep c19", 531),
            ("portal c19 bottom c19", 1731),
            ("take leader 0", 1732),
            ("take amulet 15", 1779),
            ("trade", 1780),
            ("evoke c19", 1801),
            ("ability c0", 1802),
            ("ability 3.3", 1830),
            ("ability soil.bottom c19", 1890),
            ("ability 2", 1892),
            ("cancel c19 not-cursed", 1912),
            ("vp wild,wild,wild", 1913),
            ("vp animal,animal,animal", 1932),
            ("evoke c0 purchase 1", 1933),
            ("evoke c19 purchase 4", 2012),
            ("ability p0 c0 top", 2013),
            ("ability p3 c19 leader", 2332),
            ("ability animal", 2333),
            ("ability wild", 2336),
            ("claim 1.1", 2337),
            ("claim soil.bottom", 2348),
            ("replay c0 top", 2349),
            ("replay c19 leader", 2428),
            ("ability soil.top", 2429),
            ("workshop 1 c0", 2432),
            ("workshop 20 c19", 2831),
            ("use c0", 2832),
            ("use vales", 2852),
            ("use c0 top", 2853),
            ("use c0 top c19", 2873),
            ("use c19 leader c19", 2853 + 20 * 4 * 21 - 1),
            ("use v0 c0", 4533),
            ("use v0 wild", 4556),
            ("use v119 wild", 7412),
            ("score", 7413),
            ("use p0 c0", 7414),
            ("use p3 c19", 7413 + 4 * 20),
            ("use p0 c0 top", 7414 + 4 * 20),
            ("use p3 c19 leader", NUM_ACTIONS - 1),
        ];
        for (text, id) in pins {
            let a: Action = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(action_id(a), id, "{text}");
            assert_eq!(action_from_id(id), Some(a), "{id}");
        }
        assert_eq!(ids().len(), NUM_ACTIONS);
    }
}
