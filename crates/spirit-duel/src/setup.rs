//! Options (1v1 or solo, which team seat p0 plays) and explicit setups; the rulebook's MISE EN PLACE.
//!
//! Random setup: the first player is drawn at random (solo: the human, p0); spirits at 20 PV, 4 PM, the
//! turn counter at 1 and the cycle on Day; each 12-card deck is shuffled, two cards go face down under
//! the spirits as bound abilities (one each), and four are drawn into the hand.

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Seat, SetupError, SetupErrorKind};

use crate::cards::{Card, Tables, Team, cards_of};
use crate::state::{LAST_ROUND, MAX_PM, Phase, Side, SpiritDuel, SpiritState};

/// Game options.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Solo mode: seat p1 is the rulebook's Robot, whose turns the game plays itself (with seeded dice);
    /// only p0 ever decides.
    pub solo: bool,
    /// The team of seat p0 (`a` or `b`); p1 plays the other.
    pub team: Team,
    /// The Robot's rules revision: [`ROBOT_REVISION`] (the rulebook's, the default); 2, the Robot whose
    /// draw to 4 cards counted its hand before drawing, so that a spirit its reshuffle destroyed mid-draw
    /// could leave it 5 (ruling SD-8); or 1, the Robot of records written before revision 2 (ruling SD-12):
    /// it also used every Attaque and every Défense, even with no positive effect. A record whose options
    /// do not name it was written then and replays with 1.
    #[serde(default = "first_robot")]
    pub robot: u8,
    /// The rules revision: [`RULES_REVISION`] (the default) or 1, the rules of records written before it
    /// (ruling SD-6): revision 1 asked an attacked player only when it held a Défense it could pay for,
    /// which told the attacker that much of a hidden hand; revision 2 always asks. A record whose options
    /// do not name it was written then and replays with 1.
    #[serde(default = "first_rules")]
    pub rules: u8,
}

/// The current Robot revision: a card that can have no positive effect is unusable (ruling SD-12, from
/// 2); the Robot draws until it holds 4 cards, counting the cards a destroyed spirit puts in its hand
/// (ruling SD-8, from 3).
pub const ROBOT_REVISION: u8 = 3;

fn first_robot() -> u8 {
    1
}

/// The current rules revision (ruling SD-6): an attacked player is always asked whether to defend.
pub const RULES_REVISION: u8 = 2;

fn first_rules() -> u8 {
    1
}

impl Default for Options {
    fn default() -> Self {
        Options { solo: false, team: Team::default(), robot: ROBOT_REVISION, rules: RULES_REVISION }
    }
}

/// One side of an explicit setup. Cards of the side's team that are named nowhere are out of the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct SideSetup {
    /// The hand.
    pub hand: Vec<Card>,
    /// The draw pile, top card first.
    pub deck: Vec<Card>,
    /// The bound abilities under each spirit (spirits in ascending id order).
    pub bound: [Vec<Card>; 2],
    /// Cards attached to each spirit.
    pub attached: [Vec<Card>; 2],
    /// The discard pile.
    pub discard: Vec<Card>,
    /// PM (default 4).
    pub pm: Option<u8>,
    /// Each spirit's PV (default 20; 0 = destroyed).
    pub pv: Option<[u8; 2]>,
    /// Each spirit's state: charged (default) or exhausted.
    pub exhausted: [bool; 2],
    /// Whether the pile was already emptied once.
    pub reshuffled: bool,
}

/// An explicit setup.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The first player (solo: must be p0).
    pub first_player: Seat,
    /// Whose turn it is (default: the first player; then it is the first player's first turn only if
    /// `round` is 1).
    #[serde(default)]
    pub current: Option<Seat>,
    /// The turn counter (default 1).
    #[serde(default = "one")]
    pub round: u8,
    /// The cycle: true for Day (default).
    #[serde(default = "yes")]
    pub day: bool,
    /// Side p0 then side p1.
    pub sides: [SideSetup; 2],
}

fn one() -> u8 {
    1
}
fn yes() -> bool {
    true
}

impl Setup {
    /// A random setup from `rng`, as the rulebook's MISE EN PLACE.
    pub fn deal(options: &Options, t: &Tables, rng: &mut GameRng) -> Setup {
        let first = if options.solo { 0 } else { rng.below(2) as u8 };
        let mut sides: [SideSetup; 2] = Default::default();
        for (i, side) in sides.iter_mut().enumerate() {
            let team = if i == 0 { options.team } else { options.team.other() };
            let mut deck: Vec<Card> = cards_of(t.team_cards[team.index()]).collect();
            rng.shuffle(&mut deck);
            // `deck` is top first: the first two are bound, the next four the hand.
            side.bound = [vec![deck[0]], vec![deck[1]]];
            side.hand = deck[2..6].to_vec();
            side.deck = deck[6..].to_vec();
        }
        Setup { first_player: Seat(first), current: None, round: 1, day: true, sides }
    }
}

impl SpiritDuel {
    /// Builds a game from options and a setup, checking the setup.
    pub(crate) fn build(options: &Options, setup: &Setup, t: &Tables, rng: GameRng) -> Result<SpiritDuel, SetupError> {
        if !(1..=ROBOT_REVISION).contains(&options.robot) {
            return Err(SetupError::new("robot", format!("the Robot's revision is 1 to {ROBOT_REVISION}")));
        }
        if !(1..=RULES_REVISION).contains(&options.rules) {
            return Err(SetupError::new("rules", format!("the rules revision is 1 or {RULES_REVISION}")));
        }
        let first = setup.first_player.0;
        if first > 1 || (options.solo && first != 0) {
            return Err(SetupError::new("first_player", "p0 or p1 (solo: the human, p0, plays first)"));
        }
        let current = setup.current.unwrap_or(setup.first_player).0;
        if current > 1 || (options.solo && current != 0) {
            return Err(SetupError::new("current", "p0 or p1 (solo: a game starts on the human's turn)"));
        }
        if !(1..=LAST_ROUND).contains(&setup.round) {
            return Err(SetupError::new("round", "the turn counter is 1 to 8"));
        }
        let mut sides = Vec::with_capacity(2);
        for (i, s) in setup.sides.iter().enumerate() {
            let team = if i == 0 { options.team } else { options.team.other() };
            let allowed = t.team_cards[team.index()];
            let mut seen = 0u32;
            let field = |f: &str| format!("sides[{i}].{f}");
            let mut add = |cards: &[Card], f: &str| -> Result<u32, SetupError> {
                let mut m = 0;
                for &c in cards {
                    if allowed & c.bit() == 0 {
                        return Err(SetupError::of_kind(
                            SetupErrorKind::Components,
                            field(f),
                            format!("{c} is not a card of team {team:?}"),
                        ));
                    }
                    if seen & c.bit() != 0 {
                        return Err(SetupError::of_kind(
                            SetupErrorKind::Components,
                            field(f),
                            format!("{c} appears twice"),
                        ));
                    }
                    seen |= c.bit();
                    m |= c.bit();
                }
                Ok(m)
            };
            let hand = add(&s.hand, "hand")?;
            let mut deck = Vec::with_capacity(24);
            add(&s.deck, "deck")?;
            deck.extend(s.deck.iter().rev().copied());
            let discard = add(&s.discard, "discard")?;
            let pv = s.pv.unwrap_or([20, 20]);
            let ids = t.team_spirits[team.index()];
            let mut spirits = [SpiritState {
                id: crate::cards::Spirit(ids[0]),
                pv: 0,
                alive: false,
                charged: true,
                bound: 0,
                attached: 0,
            }; 2];
            for k in 0..2 {
                let max = t.spirits[ids[k] as usize].pv;
                if pv[k] > max {
                    return Err(SetupError::new(field("pv"), format!("at most {max} PV")));
                }
                let bound = add(&s.bound[k], "bound")?;
                let attached = add(&s.attached[k], "attached")?;
                if pv[k] == 0 && (bound | attached) != 0 {
                    return Err(SetupError::of_kind(
                        SetupErrorKind::Unreachable,
                        field("bound"),
                        "a destroyed spirit has no cards",
                    ));
                }
                spirits[k] = SpiritState {
                    id: crate::cards::Spirit(ids[k]),
                    pv: pv[k],
                    alive: pv[k] > 0,
                    charged: !s.exhausted[k],
                    bound,
                    attached,
                };
            }
            if spirits.iter().all(|x| !x.alive) {
                return Err(SetupError::new(field("pv"), "at least one spirit must be alive"));
            }
            let pm = s.pm.unwrap_or(4);
            if pm > MAX_PM {
                return Err(SetupError::new(field("pm"), "at most 8 PM"));
            }
            sides.push(Side {
                spirits,
                pm,
                hand,
                deck,
                known_bottom: 0,
                discard,
                removed: allowed & !seen,
                reshuffled: s.reshuffled,
            });
        }
        let (Some(b), Some(a)) = (sides.pop(), sides.pop()) else {
            return Err(SetupError::new("sides", "two sides"));
        };
        Ok(SpiritDuel {
            options: options.clone(),
            sides: [a, b],
            first,
            current,
            round: setup.round,
            day: setup.day,
            phase: Phase::Combat,
            dealt_damage: false,
            recycled: false,
            die_bonus: 0,
            in_play: None,
            moves: 0,
            rng,
        })
    }
}

/// The cards of a mask, for setups and messages.
pub fn card_list(m: u32) -> Vec<Card> {
    cards_of(m).collect()
}
