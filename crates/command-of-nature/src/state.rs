//! The full state of a game, the setup (options, explicit setups, dealing) and formation geometry.

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Seat, SetupError, SetupErrorKind};

use crate::actions::{Slot, slot};
use crate::cards::{Card, Cards, Class, Faction};

/// Which commands the Sage packs hold (the fan sources disagree; ruling C1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SageCommands {
    /// Close Strike ×2, Far Strike ×1, Natural Restoration ×1, faction Charm ×1 (the TypeScript fan source).
    #[default]
    Ts,
    /// Close Strike ×2, Far Strike ×2, faction Charm ×1 (the Godot fan source).
    Godot,
}

/// The largest `turn_limit`.
pub const TURN_LIMIT_MAX: u32 = 100_000;

/// Game options.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// 2 players, or 4 in two teams of two (seats 0 and 2 against 1 and 3).
    pub players: usize,
    /// Teams (2v2); `true` requires 4 players, and `-o teams=true` sets 4 players.
    pub teams: bool,
    /// The Sage of each seat (faction), or random distinct Sages when empty.
    pub sages: Vec<Faction>,
    /// Which Sage-pack commands (ruling C1).
    pub sage_commands: SageCommands,
    /// Turns (of a player or team) after which the game ends in a draw (ruling C23), 1 to
    /// [`TURN_LIMIT_MAX`].
    pub turn_limit: u32,
    /// The card data: `base` (the embedded files) or the path of a user card file (ruling C24).
    pub cards: String,
    /// The rules revision: [`RULES_REVISION`] (the rulebook's, the default); 3, the rules of Sylvan whose
    /// Oxen Avenger answered lost shields before a defeat, whose Leaf level 8 could send a partner's Sage
    /// away and which placed a team's warriors in the pack's order (rulings C14, C15, C5); 2, also at
    /// most 4 hand-overs between partners a turn (ruling C22); or 1, the rules of Sylvan before 0.2.0,
    /// which also discarded a played command at once instead of after its effect (ruling C17). Records
    /// replay with the revision they state (1 for versions before 0.2.0).
    pub revision: u8,
}

/// The current rules revision: a played command reaches the discard pile once its effect is over (ruling
/// C17, from 2); partners hand the turn over as often as they like (ruling C22, from 3); a defeat comes
/// before the answer to the shields lost with it, Leaf's level 8 never sends a Sage away, and in teams
/// each seat chooses the warrior on its partner's side (rulings C14, C15 and C5, from 4).
pub const RULES_REVISION: u8 = 4;

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 2,
            teams: false,
            sages: Vec::new(),
            sage_commands: SageCommands::Ts,
            turn_limit: crate::DEFAULT_TURN_LIMIT,
            cards: "base".into(),
            revision: RULES_REVISION,
        }
    }
}

impl Options {
    /// Checks the options (and normalises `teams` with the player count).
    pub fn validate(&self) -> Result<Options, SetupError> {
        let mut o = self.clone();
        if o.teams && o.players == 2 {
            o.players = 4;
        }
        if o.players == 4 {
            o.teams = true;
        }
        if o.players != 2 && o.players != 4 {
            return Err(SetupError::new(
                "players",
                format!("Command of Nature is for 2 players or 2 teams of 2 (4), not {}", o.players),
            ));
        }
        if !o.sages.is_empty() {
            if o.sages.len() != o.players {
                return Err(SetupError::new(
                    "sages",
                    format!("one Sage per player ({}), not {}", o.players, o.sages.len()),
                ));
            }
            for (i, f) in o.sages.iter().enumerate() {
                if *f == Faction::Neutral {
                    return Err(SetupError::new("sages", "neutral is not a Sage"));
                }
                if o.sages[..i].contains(f) {
                    return Err(SetupError::new("sages", format!("{f:?} is chosen twice (one Sage pack each)")));
                }
            }
        }
        if !(1..=TURN_LIMIT_MAX).contains(&o.turn_limit) {
            return Err(SetupError::new(
                "turn_limit",
                format!(
                    "{} is not 1..={TURN_LIMIT_MAX}: the rulebook's game has no other end, and players who never \
                     defeat a Sage would play forever (ruling C23)",
                    o.turn_limit
                ),
            ));
        }
        if !(1..=RULES_REVISION).contains(&o.revision) {
            return Err(SetupError::new(
                "revision",
                format!(
                    "{} is not a rules revision: {RULES_REVISION} (the rulebook's), 3 (rulings C14 and C15), 2 (ruling C22) or 1 (Sylvan before 0.2.0, ruling C17)",
                    o.revision
                ),
            ));
        }
        Cards::resolve(&o.cards).map_err(|e| crate::words::card_setup_error(&e))?;
        Ok(o)
    }
}

/// An explicit setup: Sages, first side, and optionally a position.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Setup {
    /// The Sage (faction) of each seat.
    pub sages: Vec<Faction>,
    /// The side (0: seats 0 and 2; 1: seats 1 and 3) that starts.
    pub first_side: u8,
    /// The warrior each seat puts into its deck (the other two go beside the Sage); empty: asked in game.
    pub deck_warriors: Vec<Card>,
    /// A position: when `Some`, setup phase and dealing are skipped and this is the table.
    pub position: Option<Position>,
}

/// A position in a game, for scenarios: the table at the start of a turn (ruling C25).
///
/// The cards placed (formations, hands, decks, discard piles, market faces and decks) are cards of the
/// Sage packs in play and of the two markets, each at most as many times as the box holds it; the
/// pack cards placed nowhere are out of the game (defeated, FR:414, or sold), and an empty market deck
/// holds the market cards placed nowhere.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Position {
    /// Each side's formation: `(slot, unit)`.
    pub units: [Vec<(Slot, Unit)>; 2],
    /// Each seat's hand.
    pub hands: Vec<Vec<Card>>,
    /// Each seat's deck, top card last.
    pub decks: Vec<Vec<Card>>,
    /// Each seat's discard pile, top card last.
    pub discards: Vec<Vec<Card>>,
    /// Each seat's level (1 if empty).
    pub levels: Vec<u8>,
    /// Each side's gold.
    pub gold: [u8; 2],
    /// Market faces (elementals, commands), up to 3 each.
    pub market: [Vec<Card>; 2],
    /// Market decks, top card last; an empty one holds the market's cards placed nowhere else, shuffled.
    pub market_decks: [Vec<Card>; 2],
}

/// An elemental in a formation, with its tokens.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Unit {
    /// The card.
    pub card: Card,
    /// The seat that owns it (its pack or purchase; its discard pile or hand receives it).
    pub owner: u8,
    /// A unique id within the game.
    pub uid: u16,
    /// Damage counters.
    pub dmg: u8,
    /// Boost tokens (Améliorations).
    pub boosts: u8,
    /// Shield tokens.
    pub shields: u8,
    /// Has attacked this turn.
    pub attacked: bool,
    /// Its daybreak effect may be used this phase I.
    pub ready: bool,
}

impl Unit {
    /// A fresh unit.
    pub fn new(card: Card, owner: u8) -> Unit {
        Unit { card, owner, ..Unit::default() }
    }
}

/// A formation: 3 rows of up to 6 slots (2 players use 1/2/3, teams 2/4/6).
pub type Formation = [[Option<Unit>; 6]; 3];

/// The phase of the current turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// Before the game: each seat chooses the warrior that goes into its deck.
    Setup,
    /// Phase I: daybreak effects.
    Daybreak,
    /// Phase II: actions.
    Actions,
    /// Phase III: markets.
    Market,
    /// Phase IV: reset the hand (the seat index within the side: 0 lead, 1 partner).
    Reset(u8),
    /// The game is over: the winning side (0 or 1), or `None` for a draw.
    Over(Option<u8>),
}

/// A decision asked of a seat outside the main phase decision, with its context.
#[allow(missing_docs)]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Ask {
    /// Setup: the warrior that goes into the deck.
    DeckWarrior,
    /// Place an elemental entering the formation (`Pick`).
    Place { card: Card, owner: u8 },
    /// An attack command: choose the attacker (`Pick`).
    Attacker { cmd: Card },
    /// An attack: choose the target (`Aim`).
    Target { cmd: Card, attacker: u16 },
    /// Distant Double Strike: a second target (`Aim`) or `done`.
    Target2 { cmd: Card, attacker: u16, first: Slot },
    /// A defender may play instants (`Instant`) or `done`.
    Instants,
    /// Twig Charm / Pebble Charm: a different elemental of yours (`Pick`).
    CharmTarget { boost: bool, attacked: u16 },
    /// King Crustacean (`swap`) or Terrain Tumbler: take the damage instead (`use` / `done`).
    Intercept { interceptor: u16 },
    /// Put tokens on one of your elementals in `area` (`Pick`); `left` more after this (Camou Chameleon).
    Tokens { boosts: u8, shields: u8, area: Area, left: u8, optional: bool, exclude: u16 },
    /// Discard cards from hand (`Choose`), then `then`.
    Discards { effect: crate::cards::Effect, done: u8, min: u8, max: u8 },
    /// Thorn Fencer: `amount 1` boost, `amount 2` shield.
    BoostOrShield { unit: u16 },
    /// Take cards from your discard pile (`Choose`): `left` more, `optional` allows `done`.
    FromDiscard { purpose: DiscardUse, left: u8, optional: bool },
    /// Deal `dmg` to an opposing elemental in `area` (`Aim`), `left` more targets (`done` stops if optional).
    Hit { dmg: u8, area: Area, left: u8, optional: bool, chosen: u32, obliterate: bool },
    /// Swap two elementals: first pick (`Pick` / `Aim` for the opponent's formation).
    SwapFirst { kind: SwapKind },
    /// Swap: the second elemental.
    SwapSecond { kind: SwapKind, first: Slot },
    /// Twig L8 / Pebble L8: how many tokens to spend (`amount`).
    Spend { unit: u16, max: u8, shields: bool },
    /// Faction actions that pick one of your elementals (`Pick`).
    FactionPick { level: u8 },
    /// Pebble L6: place one of the `left` shields (`Pick`).
    Redistribute { left: u8 },
    /// Refill the front rows (`refill FROM TO`).
    Refill,
    /// Setup in teams (rules revision 4): which of the seat's two warriors in Row III stands on the
    /// partner's side of its Sage (`Choose`).
    InnerWarrior,
}

/// Where a token or damage may go.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Area {
    /// Row I.
    Row1,
    /// Row II.
    Row2,
    /// Row III.
    Row3,
    /// Rows I and II.
    Row12,
    /// Anywhere in the formation.
    Any,
}

impl Area {
    /// Whether row `r` (0-based) is in the area.
    pub fn has(self, r: usize) -> bool {
        match self {
            Area::Row1 => r == 0,
            Area::Row2 => r == 1,
            Area::Row3 => r == 2,
            Area::Row12 => r < 2,
            Area::Any => true,
        }
    }
}

/// What a card taken from the discard pile is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum DiscardUse {
    /// Into the hand (Petal Mage, Bamboo Berserker).
    ToHand,
    /// On top of the deck (Leaf L6).
    ToDeck,
    /// An attack command to play (Leaf L4).
    Attack,
    /// An elemental into the formation (Komodo Kin).
    Formation,
}

/// Which swap.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum SwapKind {
    /// River Rogue: your Row II with your Row III.
    Rows23,
    /// Whirl Whipper: your Row I with your Row II.
    Rows12,
    /// Exchange of Nature: your Row I with your Row III.
    Rows13,
    /// Elemental Swap: the opponent's Row I with their Row II.
    EnemyRows12,
    /// Droplet L6: any two of yours.
    AnyTwo,
    /// Roaming Razor: itself with a connected elemental.
    Razor(u16),
    /// Leaf L8: an elemental connected to your Sage goes to the discard pile.
    LeafSend,
}

/// A decision asked of a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Question {
    /// Who answers.
    pub seat: u8,
    /// What is asked.
    pub ask: Ask,
}

/// Work still to do, resolved without a decision unless it asks one.
#[allow(missing_docs)]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Step {
    /// Ask a question (skipped if it has no possible answer).
    Ask(Question),
    /// Deal damage to a unit; `attack` marks attack damage; `by` the seat that caused it; `asked` interceptors already offered.
    Damage { uid: u16, amount: u16, attack: bool, by: u8, asked: u8 },
    /// Check a unit for defeat.
    Defeat { uid: u16, by: u8 },
    /// Fill the front rows of a side.
    Refill { side: u8 },
    /// A unit entered `row` (0-based) of its formation; `new` if it came from outside the formation.
    Entered { uid: u16, row: u8, new: bool },
    /// Shields were lost on a side (Oxen Avenger).
    ShieldsLost { side: u8 },
    /// The attack's damage: compute and deal.
    AttackDamage,
    /// After the attack: tokens, and reactions of the attacker.
    AttackAfter,
    /// The next defender's instant window (index into the defending side's seats).
    InstantWindow { index: u8 },
    /// A played command reaches its owner's discard pile once its effect is over (« Après avoir utilisé
    /// l'effet de cet Ordre, placez-le dans votre défausse », ruling C17).
    Discard { seat: u8, card: Card },
    /// Phase I begins.
    StartTurn,
}

/// The attack being resolved.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Attack {
    /// The command.
    pub cmd: Card,
    /// The attacking seat.
    pub seat: u8,
    /// The attacking unit.
    pub attacker: u16,
    /// The targets (uids), `count` of them.
    pub targets: [u16; 2],
    /// How many targets.
    pub count: u8,
    /// Damage cut by instants.
    pub cut: u8,
    /// Damage dealt per target (after shields).
    pub dealt: [u8; 2],
    /// Targets defeated.
    pub defeated: [bool; 2],
    /// Droplet Charm bonus draws pending per target: the seat that draws.
    pub droplet: [Option<u8>; 2],
    /// Shields stripped from the attacker by Focused Fury.
    pub fury: u8,
}

/// Per-seat state.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Player {
    /// The Sage pack (faction index 0..4).
    pub pack: u8,
    /// The hand.
    pub hand: Vec<Card>,
    /// The deck, top card last.
    pub deck: Vec<Card>,
    /// The discard pile, top card last (public, ruling C8).
    pub discard: Vec<Card>,
    /// Level on the track (1..=8).
    pub level: u8,
    /// Whether the Sage is still in the formation.
    pub sage_alive: bool,
    /// A faction action was taken this turn.
    pub faction_used: bool,
}

/// A game of Command of Nature.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CommandOfNature {
    /// Options (normalised).
    pub options: Options,
    /// Seats.
    pub players: Vec<Player>,
    /// Formations of side 0 (seats 0, 2) and side 1 (seats 1, 3).
    pub formations: [Formation; 2],
    /// Gold of each side.
    pub gold: [u8; 2],
    /// Face-up market cards: elementals, commands (`None` when a deck ran out).
    pub market: [[Option<Card>; 3]; 2],
    /// Market decks, top card last.
    pub market_decks: [Vec<Card>; 2],
    /// The side whose turn it is.
    pub side: u8,
    /// The seat acting for the side in the main phases.
    pub actor: u8,
    /// The phase.
    pub phase: Phase,
    /// Action points left.
    pub ap: u8,
    /// Hand-overs between partners this turn (counted up to 255).
    pub handovers: u8,
    /// Whether the last main decision was a hand-over: the partner may not hand straight back, which would
    /// be no move (ruling C22).
    pub handed: bool,
    /// Turns played.
    pub turns: u32,
    /// The attack being resolved.
    pub attack: Option<Attack>,
    /// The decision asked now (outside the main phase decision).
    pub question: Option<Question>,
    /// Work to do, last first.
    pub stack: Vec<Step>,
    /// Next unit id.
    pub next_uid: u16,
    /// Actions applied.
    pub moves: u32,
    /// Chance.
    pub rng: GameRng,
    /// The card table of this game (option `cards`).
    pub cards: Cards,
}

/// Hand size after phase IV.
pub const HAND_SIZE: usize = 5;
/// Capacity reserved for piles so that play does not allocate.
pub const PILE_CAPACITY: usize = 128;

impl CommandOfNature {
    /// Number of seats.
    #[inline]
    pub fn n(&self) -> usize {
        self.players.len()
    }
    /// Teams mode.
    #[inline]
    pub fn teams(&self) -> bool {
        self.players.len() == 4
    }
    /// Slots per row unit (1 for 2 players, 2 for teams).
    #[inline]
    pub fn w(&self) -> usize {
        if self.teams() { 2 } else { 1 }
    }
    /// Width of row `r`.
    #[inline]
    pub fn width(&self, r: usize) -> usize {
        (r + 1) * self.w()
    }
    /// The side of a seat.
    #[inline]
    pub fn side_of(seat: u8) -> u8 {
        seat & 1
    }
    /// The seats of a side, lead first.
    pub fn seats_of(&self, side: u8) -> [u8; 2] {
        if self.teams() { [side, side + 2] } else { [side, side] }
    }
    /// The partner of a seat (itself with 2 players).
    pub fn partner(&self, seat: u8) -> u8 {
        if self.teams() { seat ^ 2 } else { seat }
    }
    /// Max gold of a side.
    pub fn gold_cap(&self) -> u8 {
        if self.teams() { 20 } else { 12 }
    }
    /// Adds gold to a side, capped.
    pub fn gain_gold(&mut self, side: u8, n: u8) {
        let cap = self.gold_cap();
        let g = &mut self.gold[side as usize];
        *g = (*g + n).min(cap);
    }
    /// The unit at a slot.
    #[inline]
    pub fn at(&self, side: u8, s: Slot) -> Option<&Unit> {
        self.formations[side as usize][(s / 6) as usize][(s % 6) as usize].as_ref()
    }
    /// The unit at a slot, mutably.
    #[inline]
    pub fn at_mut(&mut self, side: u8, s: Slot) -> &mut Option<Unit> {
        &mut self.formations[side as usize][(s / 6) as usize][(s % 6) as usize]
    }
    /// Every slot of the layout.
    pub fn slots(&self) -> impl Iterator<Item = Slot> + '_ {
        (0..3).flat_map(move |r| (0..self.width(r)).map(move |c| slot(r, c)))
    }
    /// Where a unit is: (side, slot).
    pub fn find(&self, uid: u16) -> Option<(u8, Slot)> {
        for side in 0..2u8 {
            for r in 0..3 {
                for c in 0..self.width(r) {
                    if let Some(u) = &self.formations[side as usize][r][c]
                        && u.uid == uid
                    {
                        return Some((side, slot(r, c)));
                    }
                }
            }
        }
        None
    }
    /// The unit with this uid.
    pub fn unit(&self, uid: u16) -> Option<Unit> {
        self.find(uid).and_then(|(side, s)| self.at(side, s).copied())
    }
    /// Whether the effect of the unit at `s` works (it stands in one of its effect rows).
    pub fn works(&self, u: &Unit, s: Slot) -> bool {
        self.cards.works(u, s)
    }
    /// The slots of units of `side` whose effect `e` works there.
    pub fn with_effect(&self, side: u8, e: crate::cards::Effect) -> impl Iterator<Item = (Slot, Unit)> + '_ {
        self.slots()
            .filter_map(move |s| self.at(side, s).filter(|u| u.card.effect() == e && self.works(u, s)).map(|u| (s, *u)))
    }
    /// Whether two distinct slots are connected (no elemental between them in a row, or adjacent across
    /// neighbouring rows of the same pyramid: ruling C3).
    pub fn connected(&self, side: u8, a: Slot, b: Slot) -> bool {
        if a == b {
            return false;
        }
        let (ra, ca) = ((a / 6) as usize, (a % 6) as usize);
        let (rb, cb) = ((b / 6) as usize, (b % 6) as usize);
        if ra == rb {
            let (lo, hi) = (ca.min(cb), ca.max(cb));
            return (lo + 1..hi).all(|c| self.formations[side as usize][ra][c].is_none());
        }
        let (top, tc, bot, bc) = if ra < rb { (ra, ca, rb, cb) } else { (rb, cb, ra, ca) };
        if bot != top + 1 {
            return false;
        }
        let half = tc / (top + 1);
        let j = tc % (top + 1);
        let base = half * (top + 2);
        bc == base + j || bc == base + j + 1
    }
    /// The first row (0-based) with an empty slot.
    pub fn first_open_row(&self, side: u8) -> Option<usize> {
        (0..3).find(|&r| (0..self.width(r)).any(|c| self.formations[side as usize][r][c].is_none()))
    }
    /// Counts units of a side.
    pub fn unit_count(&self, side: u8) -> usize {
        self.slots().filter(|&s| self.at(side, s).is_some()).count()
    }
    /// Draws one card for `seat`, reshuffling the discard pile into the deck when empty. Returns it.
    pub fn draw_one(&mut self, seat: u8) -> Option<Card> {
        let p = &mut self.players[seat as usize];
        if p.deck.is_empty() {
            if p.discard.is_empty() {
                return None;
            }
            std::mem::swap(&mut p.deck, &mut p.discard);
            self.rng.shuffle(&mut p.deck);
        }
        let p = &mut self.players[seat as usize];
        let c = p.deck.pop()?;
        p.hand.push(c);
        Some(c)
    }
    /// Removes one copy of `card` from a seat's hand.
    pub fn take_from_hand(&mut self, seat: u8, card: Card) -> bool {
        let h = &mut self.players[seat as usize].hand;
        match h.iter().position(|&c| c == card) {
            Some(i) => {
                h.swap_remove(i);
                true
            }
            None => false,
        }
    }
    /// A new unit id.
    pub fn uid(&mut self) -> u16 {
        self.next_uid += 1;
        self.next_uid
    }

    /// A new game from options and an explicit setup.
    pub fn build(options: &Options, setup: &Setup, seed: u64) -> Result<Self, SetupError> {
        let options = options.validate()?;
        let cards = Cards::resolve(&options.cards).map_err(|e| crate::words::card_setup_error(&e))?;
        let t = cards.clone();
        let n = options.players;
        let mut rng = GameRng::new(seed);
        let sages: Vec<Faction> = if !setup.sages.is_empty() {
            setup.sages.clone()
        } else if !options.sages.is_empty() {
            options.sages.clone()
        } else {
            let mut all = Faction::SAGES;
            rng.shuffle(&mut all);
            all[..n].to_vec()
        };
        Options { sages: sages.clone(), ..options.clone() }
            .validate()
            .map_err(|e| SetupError::new("setup.sages", e.message))?;
        if setup.first_side > 1 {
            return Err(SetupError::new("setup.first_side", "0 or 1"));
        }
        let mut players = Vec::with_capacity(n);
        for f in &sages {
            let pack = Faction::SAGES.iter().position(|x| x == f).unwrap_or(0) as u8;
            players.push(Player {
                pack,
                hand: Vec::with_capacity(PILE_CAPACITY),
                deck: Vec::with_capacity(PILE_CAPACITY),
                discard: Vec::with_capacity(PILE_CAPACITY),
                level: 1,
                sage_alive: true,
                faction_used: false,
            });
        }
        let mut md = [Vec::with_capacity(PILE_CAPACITY), Vec::with_capacity(PILE_CAPACITY)];
        md[0].extend_from_slice(&t.elemental_market);
        md[1].extend_from_slice(&t.command_market);
        rng.shuffle(&mut md[0]);
        rng.shuffle(&mut md[1]);
        let mut g = CommandOfNature {
            options: Options { sages, ..options },
            players,
            formations: [[[None; 6]; 3]; 2],
            gold: [0; 2],
            market: [[None; 3]; 2],
            market_decks: md,
            side: setup.first_side,
            actor: setup.first_side,
            phase: Phase::Setup,
            ap: 0,
            handovers: 0,
            handed: false,
            turns: 0,
            attack: None,
            question: None,
            stack: Vec::with_capacity(64),
            next_uid: 0,
            moves: 0,
            rng,
            cards,
        };
        let second = 1 - setup.first_side as usize;
        g.gold[second] = if g.teams() { 4 } else { 3 };
        if let Some(pos) = &setup.position {
            g.load_position(pos)?;
            g.stack.push(Step::StartTurn);
            g.run(&mut sylvan_engine::NoEvents);
            return Ok(g);
        }
        for m in 0..2 {
            for i in 0..3 {
                g.market[m][i] = g.market_decks[m].pop();
            }
        }
        if !setup.deck_warriors.is_empty() {
            if setup.deck_warriors.len() != n {
                return Err(SetupError::new("setup.deck_warriors", format!("one warrior per seat ({n})")));
            }
            for (s, &w) in setup.deck_warriors.iter().enumerate() {
                if !t.packs[g.players[s].pack as usize].warriors.contains(&w) {
                    return Err(SetupError::new(
                        format!("setup.deck_warriors[{s}]"),
                        format!("{w} is not a warrior of that Sage pack"),
                    ));
                }
                g.place_pack(s as u8, w);
            }
            g.begin_play();
        } else {
            g.question = Some(Question { seat: 0, ask: Ask::DeckWarrior });
        }
        Ok(g)
    }

    /// Loads a position, checking the rulebook's invariants (`command-of-nature.fr.txt`, ruling C25):
    /// each unit on a slot of the formation (rows of 1, 2, 3 slots per player, FR:107), one unit per
    /// slot, elementals only, owned by a seat of that side, with fewer damage counters than its health
    /// (FR:296); a Sage only in its own seat's formation; each side with a Sage in play (a side without
    /// one has lost, FR:242, FR:246, FR:426); no empty slot in rows I-II with an elemental behind it
    /// (FR:422); one hand, deck, discard pile and level per seat at most; gold within the purse (ruling
    /// C5); market cards from their own market; and the cards of the packs in play and the markets,
    /// each placed at most as many times as the box holds it, champions from their level on.
    fn load_position(&mut self, pos: &Position) -> Result<(), SetupError> {
        let n = self.n();
        for (what, len) in [("hands", pos.hands.len()), ("decks", pos.decks.len()), ("discards", pos.discards.len())]
            .into_iter()
            .chain([("levels", pos.levels.len())])
        {
            if len > n {
                return Err(SetupError::new(format!("position.{what}"), format!("{len} entries for {n} seats")));
            }
        }
        let t = self.cards.clone();
        for side in 0..2u8 {
            for (k, &(s, u)) in pos.units[side as usize].iter().enumerate() {
                let field = format!("position.units[{side}][{k}]");
                let (r, c) = ((s / 6) as usize, (s % 6) as usize);
                if r > 2 || c >= self.width(r) {
                    return Err(SetupError::new(field, format!("slot {s} outside the formation")));
                }
                if !u.card.class().is_elemental() {
                    return Err(SetupError::new(field, format!("{} is not an elemental", u.card)));
                }
                if u.owner as usize >= n || Self::side_of(u.owner) != side {
                    return Err(SetupError::new(field, "owner must be a seat of that side"));
                }
                if self.at(side, s).is_some() {
                    return Err(SetupError::of_kind(
                        SetupErrorKind::Unreachable,
                        field,
                        format!("two units on slot {}", crate::actions::Action::Pick(s)),
                    ));
                }
                let health = t.info(u.card).health;
                if u.dmg >= health {
                    return Err(SetupError::of_kind(
                        SetupErrorKind::Unreachable,
                        field,
                        format!("{} has {} damage for {health} health: it is already vanquished", u.card, u.dmg),
                    ));
                }
                if u.card.class() == Class::Sage && t.packs[self.players[u.owner as usize].pack as usize].sage != u.card
                {
                    return Err(SetupError::new(field, format!("{} is not the Sage of seat {}", u.card, u.owner)));
                }
                let uid = self.uid();
                *self.at_mut(side, s) = Some(Unit { uid, ..u });
            }
            let mut gap = None;
            self.refill_moves(side, &mut |from, to| {
                gap.get_or_insert((from, to));
            });
            if let Some((from, to)) = gap {
                use crate::actions::slot_name;
                return Err(SetupError::of_kind(
                    SetupErrorKind::Unreachable,
                    format!("position.units[{side}]"),
                    format!(
                        "slot {} is empty while {} stands behind it: the front rows are refilled at once (FR:422)",
                        slot_name(to),
                        slot_name(from)
                    ),
                ));
            }
        }
        for m in 0..2 {
            if pos.market[m].len() > 3 {
                return Err(SetupError::new(format!("position.market[{m}]"), "at most 3 cards face up"));
            }
            for &c in pos.market[m].iter().chain(&pos.market_decks[m]) {
                if c.class().is_elemental() != (m == 0) || t.info(c).market_copies == 0 {
                    return Err(SetupError::new(
                        format!("position.market[{m}]"),
                        format!("{c} is not a card of the {} market", ["elemental", "command"][m]),
                    ));
                }
            }
        }
        for side in 0..2 {
            if pos.gold[side] > self.gold_cap() {
                return Err(SetupError::new(
                    "position.gold",
                    format!("{} gold; the purse holds {}", pos.gold[side], self.gold_cap()),
                ));
            }
        }
        for s in 0..n {
            let p = &mut self.players[s];
            if let Some(h) = pos.hands.get(s) {
                p.hand.extend_from_slice(h);
            }
            if let Some(h) = pos.decks.get(s) {
                p.deck.extend_from_slice(h);
            }
            if let Some(h) = pos.discards.get(s) {
                p.discard.extend_from_slice(h);
            }
            if let Some(&l) = pos.levels.get(s) {
                if !(1..=8).contains(&l) {
                    return Err(SetupError::new("position.levels", "1 to 8"));
                }
                p.level = l;
            }
        }
        for s in 0..n as u8 {
            let sage = self.cards.packs[self.players[s as usize].pack as usize].sage;
            let side = Self::side_of(s);
            let alive = self.slots().any(|sl| self.at(side, sl).is_some_and(|u| u.card == sage && u.owner == s));
            self.players[s as usize].sage_alive = alive;
        }
        for side in 0..2 {
            if !self.seats_of(side).iter().any(|&s| self.players[s as usize].sage_alive) {
                return Err(SetupError::of_kind(
                    SetupErrorKind::Unreachable,
                    format!("position.units[{side}]"),
                    "no Sage of this side in play: the game would be over (FR:242, FR:246)",
                ));
            }
        }
        let mut unplaced_market = self.check_components(pos)?;
        self.gold = pos.gold;
        for m in 0..2 {
            if pos.market_decks[m].is_empty() {
                // The dealt (shuffled) market deck, less the market cards placed elsewhere.
                self.market_decks[m].retain(|c| {
                    let k = &mut unplaced_market[c.0 as usize];
                    let keep = *k > 0;
                    *k = k.saturating_sub(1);
                    keep
                });
            } else {
                self.market_decks[m].clear();
                self.market_decks[m].extend_from_slice(&pos.market_decks[m]);
            }
            for i in 0..3 {
                self.market[m][i] = match pos.market[m].get(i) {
                    Some(&c) => Some(c),
                    None => self.market_decks[m].pop(),
                };
            }
        }
        self.phase = Phase::Daybreak;
        Ok(())
    }

    /// Copies of each card (by index) in the Sage packs in play, champions included.
    fn pack_copies(&self) -> Vec<u8> {
        let t = self.cards.clone();
        let mut copies = vec![0u8; t.cards.len()];
        let mut add = |c: Card, k: u8| {
            if let Some(x) = copies.get_mut(c.0 as usize) {
                *x = x.saturating_add(k);
            }
        };
        for p in &self.players {
            let pack = &t.packs[p.pack as usize];
            let commands = match self.options.sage_commands {
                SageCommands::Ts => &pack.commands,
                SageCommands::Godot => &pack.commands_godot,
            };
            add(pack.sage, 1);
            add(pack.basic, 4);
            pack.warriors.iter().chain(&pack.champions).for_each(|&c| add(c, 1));
            commands.iter().for_each(|&(c, k)| add(c, k));
        }
        copies
    }

    /// Checks that a position's cards are components of this game (ruling C25): each card placed is
    /// in a Sage pack in play or a market, at most as many times as they hold it, and a champion only
    /// once its seat reached its level. Returns, per card, the market copies placed nowhere (what an
    /// empty market deck holds).
    fn check_components(&self, pos: &Position) -> Result<Vec<u8>, SetupError> {
        let t = self.cards.clone();
        let packs = self.pack_copies();
        let mut market = vec![0u8; t.cards.len()];
        for &c in t.elemental_market.iter().chain(&t.command_market) {
            if let Some(x) = market.get_mut(c.0 as usize) {
                *x = x.saturating_add(1);
            }
        }
        let mut placed = vec![0u8; t.cards.len()];
        let units = (0..2).flat_map(|side| {
            pos.units[side].iter().enumerate().map(move |(k, (_, u))| (format!("position.units[{side}][{k}]"), u.card))
        });
        let piles = [("hands", &pos.hands), ("decks", &pos.decks), ("discards", &pos.discards)].into_iter().flat_map(
            |(what, piles)| {
                piles
                    .iter()
                    .enumerate()
                    .flat_map(move |(s, p)| p.iter().map(move |&c| (format!("position.{what}[{s}]"), c)))
            },
        );
        let markets = (0..2).flat_map(|m| {
            pos.market[m]
                .iter()
                .map(move |&c| (format!("position.market[{m}]"), c))
                .chain(pos.market_decks[m].iter().map(move |&c| (format!("position.market_decks[{m}]"), c)))
        });
        for (field, c) in units.chain(piles).chain(markets) {
            let i = c.0 as usize;
            let (Some(n), Some(&in_packs), Some(&in_market)) = (placed.get_mut(i), packs.get(i), market.get(i)) else {
                return Err(SetupError::of_kind(SetupErrorKind::Components, field, format!("no card number {i}")));
            };
            *n = n.saturating_add(1);
            let held = u16::from(in_packs) + u16::from(in_market);
            if u16::from(*n) > held {
                let message = if held == 0 {
                    format!("{c} is not in this game: no Sage pack in play nor market holds it")
                } else {
                    format!("{c} is placed {} times; the packs in play and the markets hold {held}", *n)
                };
                return Err(SetupError::of_kind(SetupErrorKind::Components, field, message));
            }
            let level = t.info(c).level;
            if t.info(c).class == Class::Champion
                && let Some(seat) = self.players.iter().position(|p| t.packs[p.pack as usize].champions.contains(&c))
                && self.players[seat].level < level
            {
                return Err(SetupError::of_kind(
                    SetupErrorKind::Components,
                    field,
                    format!(
                        "{c} joins seat {seat}'s discard pile at level {level}; seat {seat} is at level {}",
                        self.players[seat].level
                    ),
                ));
            }
        }
        // Placed copies count against the packs first, then the markets.
        Ok(market.iter().zip(&placed).zip(&packs).map(|((&m, &n), &p)| m.saturating_sub(n.saturating_sub(p))).collect())
    }

    /// The Row III slots of `seat`'s warriors in its half of the formation: the outer one, then the one on
    /// the partner's side of its Sage (in teams; the right one with two players).
    pub fn warrior_slots(&self, seat: u8) -> [Slot; 2] {
        let half = if self.teams() { (seat / 2) as usize } else { 0 };
        if half == 0 { [slot(2, 0), slot(2, 2)] } else { [slot(2, 5), slot(2, 3)] }
    }

    /// Lays out a seat's pack: formation half, deck, hand draw happens in `begin_play`.
    pub fn place_pack(&mut self, seat: u8, deck_warrior: Card) {
        let t = self.cards.clone();
        let pack = &t.packs[self.players[seat as usize].pack as usize];
        let side = Self::side_of(seat);
        let half = if self.teams() { (seat / 2) as usize } else { 0 };
        let mut others = [pack.basic; 2];
        let mut k = 0;
        for &w in &pack.warriors {
            if w != deck_warrior && k < 2 {
                others[k] = w;
                k += 1;
            }
        }
        let placements = [
            (slot(0, half), pack.basic),
            (slot(1, half * 2), pack.basic),
            (slot(1, half * 2 + 1), pack.basic),
            (slot(2, half * 3), others[0]),
            (slot(2, half * 3 + 1), pack.sage),
            (slot(2, half * 3 + 2), others[1]),
        ];
        for (s, c) in placements {
            let uid = self.uid();
            *self.at_mut(side, s) = Some(Unit { uid, ..Unit::new(c, seat) });
        }
        let commands = match self.options.sage_commands {
            SageCommands::Ts => &pack.commands,
            SageCommands::Godot => &pack.commands_godot,
        };
        let p = &mut self.players[seat as usize];
        p.deck.push(deck_warrior);
        p.deck.push(pack.basic);
        for &(c, k) in commands {
            for _ in 0..k {
                p.deck.push(c);
            }
        }
    }

    /// After the setup choices: shuffle decks, deal hands, start the first turn.
    pub fn begin_play(&mut self) {
        for s in 0..self.n() {
            let mut deck = std::mem::take(&mut self.players[s].deck);
            self.rng.shuffle(&mut deck);
            self.players[s].deck = deck;
            for _ in 0..HAND_SIZE {
                self.draw_one(s as u8);
            }
        }
        self.phase = Phase::Daybreak;
        self.stack.push(Step::StartTurn);
        self.run(&mut sylvan_engine::NoEvents);
    }

    /// The seat to move.
    pub fn decider(&self) -> Option<Seat> {
        if let Phase::Over(_) = self.phase {
            return None;
        }
        if let Some(q) = &self.question {
            return Some(Seat(q.seat));
        }
        Some(Seat(self.actor))
    }

    /// Whether `card` is a champion of this seat's pack or a pack card (sale price 1).
    pub fn is_class(card: Card, class: Class) -> bool {
        card.class() == class
    }
}
