//! Abilities that add deck cards to the field in the Harvest Phase (`deck-to-field`, `fill-field`: Call of the Hunt, Canopy Explorer).
//! The rules act on it in `crate::turn` (`turn/deck_to_field.rs` for rules revision 8's decisions); this
//! module declares the state it needs and the bots' choice among those decisions.

use crate::actions::{Action, Choice, Held};
use crate::cards::{CardDb, Effect};
use crate::state::{EMPTY, Phase, Sleeve};

/// The rules revision from which a fill ability (Call of the Hunt, EN:899-907; Yaquei's upgraded side,
/// EN:1741-1755) is a Harvest unit the player resolves with `use cN SLOT`, mandatory before `done`, and a
/// Canopy Explorer in a Harvest with one is too (ruling MV91). Revisions up to 7 resolve both as the
/// Harvest Phase begins.
pub const HUNT_RULES: u8 = crate::setup::DIONE_RULES;

/// The rules revision from which (ruling MV91, "Rules revision 9") a Canopy Explorer waits for the player
/// as the Harvest begins when a fill ability can still come into the field during that Harvest by
/// something other than the Explorers' own cards (Cyrilla's copy of Call of the Hunt, a card drawn by
/// another means...), and a used neighbour's Call of the Hunt or Canopy Explorer (Dione's upgraded side,
/// MV23) is a unit the user resolves with `use pS cN SLOT`, as the user's own. Revision 8 resolves those
/// Explorers and used cards as the Harvest begins.
pub const HUNT_REOPEN_RULES: u8 = 9;

/// The rules revision from which (ruling MV91, "Rules revision 10") a Canopy Explorer that joins the field
/// in a Harvest where no fill ability was (Summoner Stone's Evoke, another Explorer's cards, a used
/// neighbour's Explorer...) is resolved (EN:478, 480, 919): as it joins where no order can matter, else
/// it waits for the player's `use cN SLOT`. Revisions 7 to 9 leave it unresolved.
pub const EXPLORER_JOIN_RULES: u8 = 10;

/// The rules revision from which (ruling MV91, "Rules revision 10") rule (4)'s count of means reads the
/// cards GinGan's upgraded side on a used card can make the neighbours reveal (EN:1617, 1631-1637), and no
/// longer counts an Explorer already resolved. Revision 9 reads only the cards on-deck.
pub const REVEAL_MEANS_RULES: u8 = 10;

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had; the fields of rules revision 8
/// only when set).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// Cards that joined the end of the field in the Harvest Phase by these abilities (Call of the Hunt,
    /// Canopy Explorer): a card's count that shrinks as cards join (Wolf Rider) is taken before them
    /// (ruling MV41).
    pub added: u8,
    /// Rules revision 8: the field cards whose fill ability waits for the player's `use cN SLOT` (a bit
    /// per card).
    #[serde(rename = "hunt_fill", skip_serializing_if = "is_zero")]
    pub fill: u32,
    /// Rules revision 8: the field cards whose Canopy Explorer waits for the player's `use cN SLOT`, in a
    /// Harvest with a fill ability (a bit per card).
    #[serde(rename = "hunt_explore", skip_serializing_if = "is_zero")]
    pub explore: u32,
    /// Rules revision 8: the cards whose fill ability resolved this Harvest (once each, EN:480).
    #[serde(rename = "hunt_filled", skip_serializing_if = "is_zero")]
    pub filled: u32,
    /// Rules revision 8: the cards whose Canopy Explorer resolved this Harvest (once each, EN:480).
    #[serde(rename = "hunt_explored", skip_serializing_if = "is_zero")]
    pub explored: u32,
    /// Rules revision 8: a fill ability has been in the field this Harvest, so the Canopy Explorers that
    /// have not resolved wait for the player too (their order changes how many cards the fill takes).
    /// From rules revision 9 too where a fill ability can still come this Harvest ([`HUNT_REOPEN_RULES`]).
    #[serde(rename = "hunt", skip_serializing_if = "is_false")]
    pub hunt: bool,
    /// Rules revision 9: the seats whose used on-deck card (Dione's upgraded side) has a fill ability
    /// waiting for the user's `use pS cN SLOT` (a bit per seat).
    #[serde(rename = "hunt_used_fill", skip_serializing_if = "is_zero8")]
    pub used_fill: u8,
    /// Rules revision 9: the seats whose used on-deck card has a Canopy Explorer waiting (a bit per seat).
    #[serde(rename = "hunt_used_explore", skip_serializing_if = "is_zero8")]
    pub used_explore: u8,
    /// Rules revision 9: the seats whose used on-deck card's fill resolved this Harvest (a bit per seat;
    /// cleared when the seat reveals another on-deck card, a new card).
    #[serde(rename = "hunt_used_filled", skip_serializing_if = "is_zero8")]
    pub used_filled: u8,
    /// Rules revision 9: the seats whose used on-deck card's Canopy Explorer resolved this Harvest.
    #[serde(rename = "hunt_used_explored", skip_serializing_if = "is_zero8")]
    pub used_explored: u8,
    /// Cards that joined the field by a Canopy Explorer resolved inside an action's bookkeeping (one that
    /// joins with no order to choose, revision 10; a used neighbour's, revision 9), a bit per card: told
    /// as the action ends (`MysticVale::tell_joined`), so always empty between actions.
    #[serde(skip)]
    pub untold: u32,
    /// The Canopy Explorers (a bit per card; bits 24 on: a used neighbour's, by seat) that brought
    /// `untold`'s cards, told with them.
    #[serde(skip)]
    pub untold_explorers: u32,
}

fn is_zero8(x: &u8) -> bool {
    *x == 0
}

fn is_zero(x: &u32) -> bool {
    *x == 0
}

fn is_false(x: &bool) -> bool {
    !*x
}

impl TurnState {
    /// The field cards with a unit waiting (a fill or a Canopy Explorer), a bit per card.
    #[inline]
    pub fn waiting(&self) -> u32 {
        self.fill | self.explore
    }

    /// Rules revision 9: the seats whose used on-deck card has a unit waiting, a bit per seat.
    #[inline]
    pub fn used_waiting(&self) -> u8 {
        self.used_fill | self.used_explore
    }
}

/// The bots' choice while units wait (rules revision 8, ruling MV91): the fills first, then the Canopy
/// Explorers, each as soon as offered: the most cards, revision 7's order (Call of the Hunt, then Canopy
/// Explorer, as the Harvest began). Reads the turn's state and the legal list only: `use cN SLOT` of a
/// waiting card in the Harvest Phase is one of these units (a card's exchange ability, Seed Sowers, is
/// in another place of its card: `place` tells the two apart), and so is `use pS cN SLOT` of a used
/// on-deck card waiting (rules revision 9; `table` reads that card).
pub(crate) fn first_unit(
    phase: Phase,
    turn: &crate::state::Turn,
    legal: &[Action],
    table: &dyn crate::harvest::Table,
    place: impl Fn(u8, u8) -> Option<bool>,
) -> Option<Action> {
    let state = &turn.fx.deck_to_field;
    // A Wayfarer Portal move half made (rules revision 7) names an advancement with the same notation.
    if !matches!(phase, Phase::Harvest)
        || (state.waiting() == 0 && state.used_waiting() == 0)
        || turn.fx.move_advancement.pending.is_some()
    {
        return None;
    }
    let unit = |fill: bool| {
        legal.iter().copied().find(|&a| match a {
            Action::Use { card: Held::Card(c, at), choice: Choice::Nothing } => {
                state.waiting() & (1 << c) != 0 && place(c, at) == Some(fill)
            }
            Action::UseOnDeckAbility(s, c, at) => {
                state.used_waiting() & 1u8.checked_shl(u32::from(s)).unwrap_or(0) != 0
                    && used_place(table, s, c, at) == Some(fill)
            }
            _ => false,
        })
    };
    unit(true).or_else(|| unit(false))
}

/// Rules revision 9: whether place `at` of seat `s`'s card `c` (a used on-deck card) holds a Harvest fill
/// (`Some(true)`), a Harvest Canopy Explorer (`Some(false)`) or neither (`None`): a slot's advancement,
/// or place 3, the side of the seat's leader on that card.
pub(crate) fn used_place(table: &dyn crate::harvest::Table, s: u8, c: u8, at: u8) -> Option<bool> {
    let i = usize::from(s);
    if i >= table.seats() {
        return None;
    }
    let db = table.db();
    let sleeve = *table.cards(i).get(usize::from(c))?;
    let ab = match sleeve.slots.get(usize::from(at)) {
        Some(&a) if a != EMPTY => db.hot(a).ability,
        Some(_) => return None,
        None if at == 3 => crate::state::leader_face(db, table.leader(i), c)?.ability,
        None => return None,
    };
    match (ab.timing, ab.effect) {
        (crate::cards::Timing::Harvest, Effect::FillField) => Some(true),
        (crate::cards::Timing::Harvest, Effect::DeckToField) => Some(false),
        _ => None,
    }
}

/// Whether place `at` of a waiting card `sleeve` holds its fill (`Some(true)`), its Canopy Explorer
/// (`Some(false)`) or neither (`None`): a slot's advancement says; place 3 (the leader's side or the
/// ability Cyrilla gave) waits only as a fill (a given Canopy Explorer resolves as it is given).
pub(crate) fn place_of(db: &CardDb, sleeve: Sleeve, fill_waits: bool, at: u8) -> Option<bool> {
    match sleeve.slots.get(usize::from(at)) {
        Some(&a) if a != EMPTY => match db.hot(a).ability.effect {
            Effect::FillField => Some(true),
            Effect::DeckToField => Some(false),
            _ => None,
        },
        Some(_) => None,
        None => fill_waits.then_some(true),
    }
}

impl crate::effects::NewTurn for TurnState {
    /// The cards that joined are counted afresh each turn; from rules revision 9
    /// ([`crate::setup::NEW_TURN_RULES`]) everything is (the units belong to one Harvest Phase, EN:478,
    /// 480; MV91): revision 8 kept the units from turn to turn, and its records replay so.
    fn new_turn(&mut self, rules: u8) {
        if rules >= crate::setup::NEW_TURN_RULES {
            *self = Self::default();
        } else {
            self.added = 0;
        }
    }
}
