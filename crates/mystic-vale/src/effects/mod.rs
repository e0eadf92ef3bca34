//! Unique effects: abilities no primitive of [`Effect`](crate::cards::Effect) expresses, one small
//! module each. A card names one with `ability = "unique"` and `module = "<key>"`; the rules call the
//! module's hooks at its timing. To add one: write `src/effects/<name>.rs` with a `pub const MODULE:
//! Module`, declare it below, and add one line to [`MODULES`] (see `crates/mystic-vale/MODEL.md`).

use crate::actions::Action;
use crate::cards::{Ability, Timing};
use crate::harvest::{Table, Totals};
use crate::state::MysticVale;

pub(crate) mod bog_planting;
mod cancel_decay;
mod claim_advancement;
mod clear_commons;
mod convert_to_wild;
mod copy_card;
pub(crate) mod deck_to_field;
mod discount_on_card;
mod exchange;
mod flip_back;
mod free_buy;
mod gain_choice;
pub(crate) mod guardian_and_graft;
mod guardian_on_card;
pub(crate) mod halo_mountain;
mod keep_in_field;
mod magpie;
pub mod move_advancement;
mod multiply_mana;
pub(crate) mod neighbour_on_deck;
pub(crate) mod neighbours_discard;
mod plus_guardian;
mod redraw_on_deck;
mod refill_pool;
mod replay_when_played;
mod search_deck;
mod silver_tree;
pub mod sky_garden;
mod soil_from_supply;
mod spoil_discard;
mod spoil_growth;
mod take_level_1_vale;
mod third_buy;
pub(crate) mod vale_choice;
mod vale_cost_points;
mod workshop;

/// A harvest hook: adds to the totals of `seat`, whose card `card` carries the ability, and to `minus`,
/// the mana taken after Ley Line Overflow's doubling (Grassland's, EN:1029, ruling MV42).
pub type HarvestHook = fn(table: &dyn Table, seat: usize, card: u8, totals: &mut Totals, minus: &mut u32);

/// A "when bought" hook: acts on the game right after `seat` bought the vale or advancement carrying the
/// ability.
pub type BoughtHook = fn(game: &mut MysticVale, seat: usize);

/// A harvest decision: pushes, in sorted order, the actions ability `ab` on card `card` offers now to
/// the active player (nothing when it cannot act).
pub type ActionsHook = fn(game: &MysticVale, card: u8, ab: Ability, out: &mut Vec<Action>);

/// The cards (bit per card) a card choice ([`Choice::Card`]) of ability `ab` on card `card` may name now:
/// the action `ability cN` goes to the ability that offers card N (ruling MV81).
pub type CardsHook = fn(game: &MysticVale, card: u8, ab: Ability) -> u32;

/// The key of the ability a card was given by Cyrilla's upgraded side ([`crate::state::Boost`]) in
/// `Turn::ability_used` and `Turn::ability_open`; a card's own abilities use the card's number.
pub const BOOST_KEY: u8 = crate::state::NUM_CARDS as u8;

/// Applies one of the actions [`ActionsHook`] offered, for ability `ab` on card `card`.
pub type ApplyHook = fn(game: &mut MysticVale, card: u8, ab: Ability, action: Action) -> Step;

/// Ends an ability left open ([`Step::Open`]) when its player declines to go on.
pub type FinishHook = fn(game: &mut MysticVale);

/// A hook as the Harvest Phase begins, once the harvest is counted: may hand the turn to a decision
/// (a phase) that returns to the Harvest Phase.
pub type HarvestBeginHook = fn(game: &mut MysticVale);

/// What the rules do after a module's action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    /// The ability is used for this turn.
    Used,
    /// The ability is used; the active player reveals a new on-deck card (reshuffling if needed).
    UsedReveal,
    /// The ability waits for more choices of the same kind, or `decline` ([`Module::finish`]).
    Open,
}

/// The kind of choice a module's actions make.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// No choice.
    None,
    /// A card (`ability c7`).
    Card,
    /// A commons position (`ability 2.1`).
    Common,
    /// A Fertile Soil onto a card (`ability soil.top c7`).
    Soil,
    /// An option (`ability 1`).
    Pick,
    /// A card (`ability c7`), then another card's ability (`ability p1 c7 top`).
    CardThenGraft,
    /// A commons position or a Fertile Soil of the supply (`ability 2.1`, `ability soil.top`).
    Source,
    /// A workshop advancement onto a card (`workshop 1 c7`), or an option (`ability 1`).
    Workshop,
}

impl Choice {
    /// Whether `action` is a choice of this kind.
    pub fn takes(self, action: Action) -> bool {
        matches!(
            (self, action),
            (Choice::Card, Action::AbilityCard(_))
                | (Choice::Common, Action::AbilityCommon(..))
                | (Choice::Soil, Action::AbilitySoil(..))
                | (Choice::Pick, Action::AbilityPick(_))
                | (Choice::CardThenGraft, Action::AbilityCard(_) | Action::AbilityGraft(..))
                | (Choice::Source, Action::AbilityCommon(..) | Action::AbilityTake(_))
                | (Choice::Workshop, Action::Workshop(..) | Action::AbilityPick(_))
        )
    }
}
/// What a module's choices are to the heuristic and the catalog's words (issue 33: `heuristic.rs` and
/// `words.rs` read this, never a module's key): the kind of good each choice does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hint {
    /// Nothing to say: the heuristic leaves its choices to its general rules.
    None,
    /// `ability cN`: +1 guardian on card N (worth what a guardian adds to the card).
    GuardianOnCard,
    /// `ability cN`: another card gets card N's symbols and abilities (worth what card N brings).
    CopyCard,
    /// `ability cN`: the on-deck card N is discarded and another revealed (worth it when N is a burden).
    RedrawOnDeck,
    /// `ability cN`: card N of the discard pile is shuffled into the deck.
    ShuffleFromDiscard,
    /// `ability 1`, `ability 2`: 1 mana or 1 wild spirit.
    GainChoice,
    /// `ability soil.SLOT cN`: a Fertile Soil from the supply onto a card.
    SoilFromSupply,
    /// `workshop K cN`, `ability 1`: workshop advancements sleeved, a mana to turn back.
    WorkshopSleeve,
    /// `ability L.K`, `ability soil.SLOT`: an advancement taken into the workshop.
    WorkshopTake,
    /// A "when bought" vale's VP for the growth shown (resolved when they beat its end VP).
    VpForGrowth,
    /// A "when bought" vale's VP for spirits spent one by one.
    VpForSpirits,
}

/// The default bot's pick for this module's Harvest choice among `legal` (`crate::heuristic` calls it for
/// the module that offers the choice and never names a module); `None` leaves the choice to the general
/// rules of the heuristic.
pub type ChooseHook = fn(view: &crate::view::View, legal: &[Action]) -> Option<Action>;

/// The default bot's answer to this vale's waiting "when bought" decision: whether resolving it (going
/// on) beats keeping the vale, given the spirits already spent on it.
pub type BoughtWorthHook = fn(view: &crate::view::View, v: u8, spent: u8) -> bool;

/// The default bot's pick for a decision this module has waiting, or for an option of its own it takes
/// before the heuristic's general rules (`out`: what the game has left, as the bot sees it); `None` when
/// it has nothing to decide now. [`crate::heuristic`] asks the modules in [`MODULES`] order: each hook
/// checks its own state and phase, and picks only among its own actions.
pub type DecideHook = fn(view: &crate::view::View, legal: &[Action], out: crate::heuristic::Outlook) -> Option<Action>;

/// The default bot's value, in VP, of an end-of-game vale ability for an owner with sleeves `cards`.
pub type EndWorthHook = fn(db: &crate::cards::CardDb, cards: &[crate::state::Sleeve; crate::state::NUM_CARDS]) -> f64;

/// The words' line for a decision of this module's that waits in `view` (`crate::words` renders it): the
/// catalog message's id, without arguments, or `None` when none waits.
pub type ViewNoteHook = fn(view: &crate::view::View) -> Option<&'static str>;

/// The final breakdown's note for `seat` (`crate::words`): the catalog message's id (arguments `seat` and
/// `n`) and `n`, or `None` when the module has nothing to say of that seat.
pub type EndNoteHook = fn(game: &MysticVale, seat: usize) -> Option<(&'static str, u8)>;

/// An end-of-game hook: the points the ability (its `amount`) gives `seat`.
pub type EndHook = fn(table: &dyn Table, seat: usize, amount: u8) -> i32;

/// An end-of-harvest hook: runs when `seat` ends a Harvest Phase it completed, with the card carrying
/// the ability in its field.
pub type HarvestDoneHook = fn(game: &mut MysticVale, seat: usize);

/// A unique effect's hooks. A hook left `None` does nothing at that moment.
pub struct Module {
    /// Its key in card files.
    pub key: &'static str,
    /// The timings a card may give it.
    pub timings: &'static [Timing],
    /// Harvest: runs after the other harvest abilities are counted.
    pub harvest: Option<HarvestHook>,
    /// When bought (vales): runs once, right after the purchase.
    pub when_bought: Option<BoughtHook>,
    /// Harvest decisions: the kind of actions offered.
    pub choice: Choice,
    /// Harvest decisions: the actions offered (once per turn per card).
    pub actions: Option<ActionsHook>,
    /// Harvest decisions of [`Choice::Card`]: the cards offered now (as `actions` offers them).
    pub cards: Option<CardsHook>,
    /// Harvest decisions: the effect of an action offered.
    pub apply: Option<ApplyHook>,
    /// Harvest decisions: the end of an ability left open.
    pub finish: Option<FinishHook>,
    /// Harvest: advancement purchases it adds to the Harvest's limit; the ability's amount is the mana
    /// off the first purchase beyond two.
    pub extra_buys: u8,
    /// End of game: points.
    pub end_points: Option<EndHook>,
    /// End of a completed Harvest Phase.
    pub harvest_done: Option<HarvestDoneHook>,
    /// As the Harvest Phase begins, after the count.
    pub harvest_begin: Option<HarvestBeginHook>,
    /// An optional "when bought" decision (vales): the actions offered while it waits, given the
    /// spirits spent on it so far (`decline` is always offered).
    pub bought_actions: Option<BoughtActionsHook>,
    /// Applies one of them or `decline` for vale `v`; returns whether the decision is over.
    pub bought_apply: Option<BoughtApplyHook>,
    /// What its choices are to the heuristic and the words.
    pub hint: Hint,
    /// Its "when bought" hook reads the VP pool's level (Sunweaver Copse, EN:1505): where the field's VP
    /// would empty the pool, scoring them before or after the purchase differs, so the player decides
    /// when to score (rules revision 6, ruling MV83).
    pub reads_pool: bool,
    /// The heuristic's value of its Harvest choices: the default bot's pick.
    pub choose: Option<ChooseHook>,
    /// The heuristic's value of its optional "when bought" decision: whether to resolve it.
    pub bought_worth: Option<BoughtWorthHook>,
    /// The heuristic's pick for a decision it has waiting (a claim after a purchase, a discard after an
    /// Evoke, its own phase) or an option it takes first (a Planting Phase replay), in any phase.
    pub decide: Option<DecideHook>,
    /// The heuristic's pick among its Harvest actions before any other ability's choice, the ability
    /// left open included (the workshop's sleeving); `None` leaves its choices to `choose`.
    pub choose_first: Option<DecideHook>,
    /// The heuristic's pick among its own actions while an ability is open (`Turn::ability_open`, e.g.
    /// the second choice of an ability that takes two); the modules are asked in [`MODULES`] order and
    /// the ability is declined when none picks.
    pub choose_open: Option<ChooseHook>,
    /// The heuristic's value of its end-of-game ability (a vale's), in VP.
    pub end_worth: Option<EndWorthHook>,
    /// The words: the line the view shows while a decision of its own waits.
    pub view_note: Option<ViewNoteHook>,
    /// The words: its note in the final breakdown.
    pub end_note: Option<EndNoteHook>,
    /// The catalog message describing its choice of a card (arguments `c` and `card`), of an option
    /// (`pick`, and `n`, the ability's amount), of a commons position or a Fertile Soil of the supply
    /// (`title`), or of a Fertile Soil onto a card (`title`, `slot`, `card`), if it has one.
    pub describe: Option<&'static str>,
}

/// The actions of a vale's waiting "when bought" decision, given the spirits spent on it so far.
pub type BoughtActionsHook = fn(game: &MysticVale, spent: u8, out: &mut Vec<Action>);

/// Applies an action (or `decline`) of a vale's waiting "when bought" decision for vale `v`; returns
/// whether the decision is over.
pub type BoughtApplyHook = fn(game: &mut MysticVale, v: u8, action: Action) -> bool;

impl Module {
    /// A module with only its key and timings (every hook `None`). What it does is the doc comment of
    /// its `MODULE`, for the reader of the code; players read the catalog's `unique-KEY` message
    /// (`crate::words`).
    pub const fn new(key: &'static str, timings: &'static [Timing]) -> Module {
        Module {
            key,
            timings,
            harvest: None,
            when_bought: None,
            choice: Choice::None,
            actions: None,
            cards: None,
            apply: None,
            finish: None,
            extra_buys: 0,
            end_points: None,
            harvest_done: None,
            harvest_begin: None,
            bought_actions: None,
            bought_apply: None,
            hint: Hint::None,
            choose: None,
            bought_worth: None,
            decide: None,
            choose_first: None,
            choose_open: None,
            end_worth: None,
            view_note: None,
            end_note: None,
            describe: None,
            reads_pool: false,
        }
    }
}

/// Every unique effect: one line per module. Card files refer to them by key; ids are positions here,
/// so new modules are appended.
pub const MODULES: &[&Module] = &[
    &neighbour_on_deck::MODULE,
    &take_level_1_vale::MODULE,
    &refill_pool::MODULE,
    &vale_cost_points::MODULE,
    &flip_back::MODULE,
    &guardian_on_card::MODULE,
    &gain_choice::MODULE,
    &redraw_on_deck::MODULE,
    &clear_commons::MODULE,
    &soil_from_supply::MODULE,
    &third_buy::MODULE,
    &copy_card::MODULE,
    &neighbours_discard::MODULE,
    &guardian_and_graft::MODULE,
    &sky_garden::MODULE,
    &halo_mountain::MODULE,
    &magpie::MODULE,
    &claim_advancement::MODULE,
    &replay_when_played::MODULE,
    &silver_tree::MODULE,
    &bog_planting::MODULE,
    &workshop::TAKE,
    &workshop::SLEEVE,
];

/// The hooks of one kind that [`MODULES`] sets, in its order, as a plain array (built at compile time,
/// so the heuristic's every decision walks only the modules that have one).
macro_rules! hooks_of {
    ($field:ident, $ty:ty, $none:expr) => {{
        const N: usize = {
            let (mut n, mut i) = (0, 0);
            while i < MODULES.len() {
                if MODULES[i].$field.is_some() {
                    n += 1;
                }
                i += 1;
            }
            n
        };
        const HOOKS: [$ty; N] = {
            let mut out: [$ty; N] = [$none; N];
            let (mut j, mut i) = (0, 0);
            while i < MODULES.len() {
                if let Some(f) = MODULES[i].$field {
                    out[j] = f;
                    j += 1;
                }
                i += 1;
            }
            out
        };
        &HOOKS
    }};
}

/// Every module's [`Module::decide`], in [`MODULES`] order.
pub const DECIDE: &[DecideHook] = hooks_of!(decide, DecideHook, |_, _, _| None);

/// Every module's [`Module::choose_first`], in [`MODULES`] order.
pub const CHOOSE_FIRST: &[DecideHook] = hooks_of!(choose_first, DecideHook, |_, _, _| None);

/// Every module's [`Module::choose_open`], in [`MODULES`] order.
pub const CHOOSE_OPEN: &[ChooseHook] = hooks_of!(choose_open, ChooseHook, |_, _| None);

/// The `pending` marker of a "when played" ability resolved again by Harpy Canyon: when it is over, the
/// Planting Phase goes on with nothing revealed.
pub const REPLAY: u8 = 0x80;

/// The module with index `k`.
pub fn module(k: u8) -> Option<&'static Module> {
    MODULES.get(usize::from(k)).copied()
}

/// Whether `ab` is a unique ability carried by `which` (a module's own card test).
///
/// Modules are told apart by their key (unique: card files name a module by it), never by address: each
/// module is a `const`, so every `&MODULE` may be a copy of its own, and whether the compiler merges the
/// copies depends on the build (a debug build did not, so Silver Tree, Borderwatch Bog, Cyrilla and
/// others never acted there while a release build played them).
pub(crate) fn is_unique(ab: Ability, which: &Module) -> bool {
    ab.effect == crate::cards::Effect::Unique && module(ab.module).is_some_and(|m| m.key == which.key)
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;

    /// Every module's keys differ, and [`is_unique`] recognises each module's ability whatever the
    /// address of the `Module` it is given: a copy at an address of its own (as a debug build makes of
    /// `&MODULE`) is the same module, another module's is not. The same in every build.
    pub fn a_module_is_known_by_its_key_not_its_address() {
        for (k, m) in MODULES.iter().enumerate() {
            let Ok(index) = u8::try_from(k) else { panic!("module {k}") };
            let ab = Ability { effect: crate::cards::Effect::Unique, module: index, ..Ability::NONE };
            let copy = Box::new(Module::new(m.key, m.timings));
            assert!(!std::ptr::eq(&*copy, *m), "a copy at an address of its own");
            assert!(is_unique(ab, &copy), "{}: a copy of the module is the module", m.key);
            assert!(is_unique(ab, m), "{}", m.key);
            for (j, other) in MODULES.iter().enumerate() {
                assert_eq!(is_unique(ab, other), j == k, "{} against {}", m.key, other.key);
            }
            assert!(!is_unique(Ability { effect: crate::cards::Effect::None, ..ab }, m), "{}: not unique", m.key);
        }
    }
}

/// The per-ability state a [`crate::state::Player`] holds: one field per effect module, each declared
/// by its module. Equality, cloning, serde (flattened: the JSON keys are the ones the state always had)
/// and the view are derived from it, never listed by hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerStates {
    /// The state of `effects/spoil_growth.rs`.
    #[serde(flatten)]
    pub spoil_growth: spoil_growth::PlayerState,
    /// The state of `effects/spoil_discard.rs`.
    #[serde(flatten)]
    pub spoil_discard: spoil_discard::PlayerState,
    /// The state of `effects/plus_guardian.rs`.
    #[serde(flatten)]
    pub plus_guardian: plus_guardian::PlayerState,
    /// The state of `effects/cancel_decay.rs`.
    #[serde(flatten)]
    pub cancel_decay: cancel_decay::PlayerState,
    /// [`crate::amulets`]'s state.
    #[serde(flatten)]
    pub amulets: crate::amulets::PlayerState,
    /// The state of `effects/neighbours_discard.rs`.
    #[serde(flatten)]
    pub neighbours_discard: neighbours_discard::PlayerState,
    /// The state of `effects/bog_planting.rs`.
    #[serde(flatten)]
    pub bog_planting: bog_planting::PlayerState,
    /// The state of `effects/workshop.rs`.
    #[serde(flatten)]
    pub workshop: workshop::PlayerState,
    /// The state of `effects/guardian_and_graft.rs`.
    #[serde(flatten)]
    pub guardian_and_graft: guardian_and_graft::PlayerState,
}

/// The per-ability state a [`crate::state::Turn`] holds: one field per effect module, each declared
/// by its module. Equality, cloning, serde (flattened: the JSON keys are the ones the state always had)
/// and the view are derived from it, never listed by hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnStates {
    /// The state of `effects/plus_guardian.rs`.
    #[serde(flatten)]
    pub plus_guardian: plus_guardian::TurnState,
    /// [`crate::amulets`]'s state.
    #[serde(flatten)]
    pub amulets: crate::amulets::TurnState,
    /// The state of `effects/bog_planting.rs`.
    #[serde(flatten)]
    pub bog_planting: bog_planting::TurnState,
    /// The state of `effects/workshop.rs`.
    #[serde(flatten)]
    pub workshop: workshop::TurnState,
    /// The state of `effects/guardian_and_graft.rs`.
    #[serde(flatten)]
    pub guardian_and_graft: guardian_and_graft::TurnState,
    /// The state of `effects/free_buy.rs`.
    #[serde(flatten)]
    pub free_buy: free_buy::TurnState,
    /// The state of `effects/move_advancement.rs`.
    #[serde(flatten)]
    pub move_advancement: move_advancement::TurnState,
    /// The state of `effects/exchange.rs`.
    #[serde(flatten)]
    pub exchange: exchange::TurnState,
    /// The state of `effects/keep_in_field.rs`.
    #[serde(flatten)]
    pub keep_in_field: keep_in_field::TurnState,
    /// The state of `effects/convert_to_wild.rs`.
    #[serde(flatten)]
    pub convert_to_wild: convert_to_wild::TurnState,
    /// The state of `effects/discount_on_card.rs`.
    #[serde(flatten)]
    pub discount_on_card: discount_on_card::TurnState,
    /// The state of `effects/multiply_mana.rs`.
    #[serde(flatten)]
    pub multiply_mana: multiply_mana::TurnState,
    /// The state of `effects/deck_to_field.rs`.
    #[serde(flatten)]
    pub deck_to_field: deck_to_field::TurnState,
    /// The state of `effects/search_deck.rs`.
    #[serde(flatten)]
    pub search_deck: search_deck::TurnState,
    /// The state of `effects/take_level_1_vale.rs`.
    #[serde(flatten)]
    pub take_level_1_vale: take_level_1_vale::TurnState,
    /// The state of `effects/vale_choice.rs`.
    #[serde(flatten)]
    pub vale_choice: vale_choice::TurnState,
    /// The state of `effects/copy_card.rs`.
    #[serde(flatten)]
    pub copy_card: copy_card::TurnState,
    /// The state of `effects/claim_advancement.rs`.
    #[serde(flatten)]
    pub claim_advancement: claim_advancement::TurnState,
    /// The state of `effects/replay_when_played.rs`.
    #[serde(flatten)]
    pub replay_when_played: replay_when_played::TurnState,
    /// The state of `effects/silver_tree.rs`.
    #[serde(flatten)]
    pub discard_on_evoke: silver_tree::TurnState,
    /// The state of `effects/neighbour_on_deck.rs`.
    #[serde(flatten)]
    pub neighbour_on_deck: neighbour_on_deck::TurnState,
}

/// What a new turn does to a module's per-turn state: each effect module's `TurnState` declares it
/// (most clear everything; a few keep a field, or keep it in the rules revisions that did), and
/// [`TurnStates::new_turn`] calls every one of them, so a module's new state cannot be forgotten.
pub trait NewTurn {
    /// The state as the active player's turn begins, in a game of rules revision `rules`.
    fn new_turn(&mut self, rules: u8);
}

/// [`NewTurn`] for a per-turn state that a new turn clears entirely (its `Default`).
macro_rules! cleared_each_turn {
    ($t:ty) => {
        impl $crate::effects::NewTurn for $t {
            #[inline]
            fn new_turn(&mut self, _rules: u8) {
                *self = Self::default();
            }
        }
    };
}
pub(crate) use cleared_each_turn;

impl TurnStates {
    /// Every module's per-turn state as the active player's turn begins (rules revision `rules`), as
    /// each module declares it ([`NewTurn`]). The fields are named without `..`, so a module added to
    /// [`TurnStates`] must be named here.
    pub(crate) fn new_turn(&mut self, rules: u8) {
        let Self {
            plus_guardian,
            amulets,
            bog_planting,
            workshop,
            guardian_and_graft,
            free_buy,
            move_advancement,
            exchange,
            keep_in_field,
            convert_to_wild,
            discount_on_card,
            multiply_mana,
            deck_to_field,
            search_deck,
            take_level_1_vale,
            vale_choice,
            copy_card,
            claim_advancement,
            replay_when_played,
            discard_on_evoke,
            neighbour_on_deck,
        } = self;
        plus_guardian.new_turn(rules);
        amulets.new_turn(rules);
        bog_planting.new_turn(rules);
        workshop.new_turn(rules);
        guardian_and_graft.new_turn(rules);
        free_buy.new_turn(rules);
        move_advancement.new_turn(rules);
        exchange.new_turn(rules);
        keep_in_field.new_turn(rules);
        convert_to_wild.new_turn(rules);
        discount_on_card.new_turn(rules);
        multiply_mana.new_turn(rules);
        deck_to_field.new_turn(rules);
        search_deck.new_turn(rules);
        take_level_1_vale.new_turn(rules);
        vale_choice.new_turn(rules);
        copy_card.new_turn(rules);
        claim_advancement.new_turn(rules);
        replay_when_played.new_turn(rules);
        discard_on_evoke.new_turn(rules);
        neighbour_on_deck.new_turn(rules);
    }
}
