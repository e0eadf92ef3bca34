//! Options, explicit setups and the deal: the commons by player count, the vales, the VP pool, each
//! player's starting field (until two Cursed Lands are in the field and a third is on-deck) and the
//! starting player.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, SetupError};

use crate::cards::{CardDb, DbRef};
use crate::conclaves::{self, Conclaves};
pub use crate::draft::DraftTable;
pub use crate::setup_problem::SetupProblem;
use crate::state::{
    CardStats, EMPTY, LeaderCard, MAX_PLAYERS, MysticVale, NUM_CARDS, Phase, Pile, Player, Sleeve, Turn,
};

/// How leaders come to the players (EN:810-816).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Leaders {
    /// No leaders.
    #[default]
    None,
    /// Each player is dealt one at random.
    Random,
    /// Each player is dealt two and keeps one, a decision of the player ("deal 2, keep 1").
    Choose,
    /// The official draft with the amulets (EN:810-816): needs `amulets=draft`.
    Draft,
}

impl Leaders {
    /// Its name in the option (`none`, `random`, `choose`, `draft`).
    pub fn name(self) -> &'static str {
        match self {
            Leaders::None => "none",
            Leaders::Random => "random",
            Leaders::Choose => "choose",
            Leaders::Draft => "draft",
        }
    }
}

/// How amulets come to the players (Mana Storm, EN:802-816).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Amulets {
    /// No amulets: regular mana tokens.
    #[default]
    None,
    /// Each player is dealt one at random.
    Random,
    /// The official draft with the leaders (EN:810-816): needs `leaders=draft`.
    Draft,
}

/// The edition: `base` (the sets chosen with `sets`), or `essential` (all four sets and the official
/// draft of leaders and amulets).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Edition {
    /// The sets named by `sets`.
    #[default]
    Base,
    /// The Essential Edition: base, Vale of Magic, Vale of the Wild, Mana Storm, with the draft.
    Essential,
}

/// Room for the vales one player may own or the game may remove: every vale copy of the four sets (90)
/// fits, so buying one never allocates.
const MAX_OWNED_VALES: usize = 96;

/// Every set of the Essential Edition, in id order.
pub const ALL_SETS: &str = "base,magic,wild,manastorm";

/// The game's options.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Number of players, 2 to 4.
    pub players: usize,
    /// The core card file (`base` = the embedded base set, else a TOML path).
    #[serde(default = "base")]
    pub cards: String,
    /// The card sets, comma-separated: `base` first, then expansions (`wild`) or expansion files.
    #[serde(default = "base")]
    pub sets: String,
    /// Leaders: `none`, `random`, `choose`, `draft`.
    #[serde(default)]
    pub leaders: Leaders,
    /// Amulets: `none`, `random`, `draft`.
    #[serde(default)]
    pub amulets: Amulets,
    /// `essential`: every set and the draft (as `sets=all`).
    #[serde(default)]
    pub edition: Edition,
    /// Variant (EN:1829-1833): in the Harvest Phase any 3 spirit symbols buy 1 VP, any number of times, not
    /// one of the two vale purchases.
    #[serde(default)]
    pub buy_vp: bool,
    /// Variant (EN:1835-1840): an advancement revealed in the commons with the title of one already there
    /// goes on that one's slot, and the slot it was drawn for is filled again.
    #[serde(default)]
    pub stacked_duplicates: bool,
    /// Conclaves (EN:743-767): `random` or six conclave keys, comma-separated; the commons and vale decks
    /// are their cards (from every set). Empty: every card of the sets.
    #[serde(default)]
    pub conclaves: String,
    /// The rules revision: [`RULES`] for new games. Records written before revision 2 (issue 33:
    /// abilities resolved one by one in the player's order, gains banked at once, each card's ability
    /// once a turn) name none and replay with revision 1. Revision 3 (issue 33's remainder): the Harvest's
    /// abilities whose gain can change are resolved by the player's decisions (`use c7`), ruling MV87.
    /// Revision 4 (issue 33): an ability's decision names its card (`use c7 top`, `use v3 sky`), so two
    /// cards with the same ability are two actions; revisions 1 to 3 list the card-named actions
    /// (`druid`, `sow`, `aerie sky`...) their records hold (ruling MV89). Revision 5 (issue 33): the
    /// Discard Phase's and the spoil prompt's remaining card-named decisions name their card or vale too
    /// (Hatchery `use c7 bottom`, Pool of Visions `use v3 c7`, Bramble Spire and Aether Tree `use v3
    /// c7`); revisions 1 to 4 list `keep c7`, `cancel c7` and `cancel c7 not-cursed` (ruling MV90). In
    /// revision 5 too ([`SECOND_REVIEW_RULES`]): the last seat's final Prep Phase is played (MV13), and an
    /// Overflow whose card leaves the field doubles as it leaves (MV42). Revision 6 ([`SCORE_RULES`],
    /// ruling MV83): the player may score the field's VP at any point of the Harvest (`score`), offered where
    /// the order can change something (the VP would empty the pool and a vale that refills it can be
    /// bought); revisions 1 to 5 score them as the Harvest ends. Revision 7 ([`PORTAL_RULES`], ruling MV90's
    /// "Wayfarer Portal reconsidered"): Wayfarer Portal's move is a sequence of decisions, `use v3` opens
    /// it, `use c1 top` names the advancement, `use v3 c2` the destination, `decline` backs out before the
    /// destination; revisions 1 to 6 list `portal c1 top c2`. Revision 8 ([`DIONE_RULES`], ruling MV23):
    /// with Dione's upgraded side the neighbours' on-deck cards are used as if in your field, their
    /// Harvest abilities included (a card that can cost is used by `use p1 c7`, its exchange by `use p1
    /// c7 middle`); and the cards Canopy Explorer takes after a guardian added in the Harvest give their
    /// places at once ([`FRESH_PLACES_RULES`], ruling MV92). Revisions 1 to 7 count those on-deck cards'
    /// symbols only. Revision 9 (ruling MV23's known gaps of revision 8): Old Bakarab's paid turning back on
    /// a used on-deck leader card turns that card back ([`DIONE_TURN_BACK_RULES`]); a Dione card that joins
    /// the field during the Harvest uses the neighbours' cards from then on ([`DIONE_JOIN_RULES`]); the
    /// user's own cards' and vales' gains through the used cards are banked as theirs
    /// ([`DIONE_BANK_RULES`]). Also in revision 9 (ruling MV91,
    /// `effects::deck_to_field::HUNT_REOPEN_RULES`): a Canopy Explorer waits for the player's `use cN SLOT`
    /// where a fill ability can still come this Harvest (Cyrilla's copy of Call of the Hunt...), and a used
    /// neighbour's Call of the Hunt or Canopy Explorer is the user's unit, `use p1 c7 top`; revision 8
    /// resolves those as the Harvest begins. Revision 10 (ruling MV91,
    /// `effects::deck_to_field::EXPLORER_JOIN_RULES` and `REVEAL_MEANS_RULES`): a Canopy Explorer that joins
    /// the field in a Harvest where no fill ability was is resolved (as it joins, or waiting where a fill
    /// can still come), and the count of the means of drawing reads the cards GinGan's upgraded side on a
    /// used card can make the neighbours reveal; revisions 7 to 9 leave such an Explorer unresolved.
    /// Revision 11 ([`THIRD_REVIEW_RULES`], rulings MV93 to MV96, MV98 and MV99): an Earthchant Chorus discounts
    /// one purchase a turn; every "on spoil" VP ability of the on-deck card scores (Centaur and Primal
    /// Power on one card); Hempero's upgraded side removes up to three advancements, a stack's copies
    /// each counting; a card Canopy Explorer brings in during the Harvest brings its Earthchant Chorus and
    /// its exchange; a leader is shuffled into the deck after the starting field is dealt (MV98); Deepriver
    /// Crystal may be Evoked in the Discard Phase without a Spoil (MV99).
    #[serde(default = "first_rules")]
    pub rules: u8,
}

/// The rules revision of new games (see [`Options::rules`]).
pub const RULES: u8 = 11;

/// Every rules revision a game can name, newest first: the `rules` option's choices and default are
/// [`RULES_CHOICES`], the tail of this list that ends with revision 1 and starts at [`RULES`], so they
/// cannot drift from it. A new revision adds its name here (the slice fails to compile if it is missing).
const REVISION_NAMES: [&str; 12] = ["12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"];

/// The `rules` option's choices, newest first: [`RULES`] down to 1.
pub const RULES_CHOICES: &[&str] = REVISION_NAMES.split_at(REVISION_NAMES.len() - RULES as usize).1;

/// The `rules` option's default: the name of [`RULES`].
pub const RULES_DEFAULT: &str = RULES_CHOICES[0];

/// The rules revision of the second review's rulings MV13 and MV42 (see [`Options::rules`]): one constant,
/// so the number can move if another revision lands first.
pub const SECOND_REVIEW_RULES: u8 = 5;

/// The rules revision of the `score` decision (ruling MV83, see [`Options::rules`]).
pub const SCORE_RULES: u8 = 6;

/// The rules revision of Wayfarer Portal's move as a sequence of `use` decisions (ruling MV90, see
/// [`Options::rules`]).
pub const PORTAL_RULES: u8 = 7;

/// The rules revision that builds ruling MV23 (Dione's upgraded side: the neighbours' on-deck cards are
/// used as if in your field, their Harvest abilities included; see `effects/neighbour_on_deck.rs`), see
/// [`Options::rules`].
pub const DIONE_RULES: u8 = 8;

/// The rules revision from which the places a purchase may be sleeved on are counted again when a guardian
/// added in the Harvest (Cyrilla, Conclave of Ents) makes Canopy Explorer take more cards (ruling MV92):
/// revisions up to 7 left those cards' places out until something else counted them.
pub const FRESH_PLACES_RULES: u8 = 8;

/// The rules revision from which Old Bakarab's paid turning back ("pay 1 to turn Barkarb back", EN:1716)
/// on a neighbour's on-deck leader card used through Dione's upgraded side turns that card, the
/// neighbour's leader, back as the user's Harvest Phase ends (ruling MV23); revision 8 took the mana and
/// turned nothing.
pub const DIONE_TURN_BACK_RULES: u8 = 9;

/// The rules revision from which a card with Dione's upgraded side that joins the field during the Harvest
/// (Summoner Stone, Canopy Explorer after a guardian added) brings her ability: what it does as the
/// Harvest begins happens as it joins (ruling MV23); revision 8 used no neighbour's card's Call of the
/// Hunt, Canopy Explorer or leader hook then (a fill the player resolves did already, MV91).
pub const DIONE_JOIN_RULES: u8 = 9;

/// The rules revision from which what the user's own field cards and vales gain through the used on-deck
/// cards (Manadew Meadow choosing a used card, Aurora counting them) is banked as those cards' and
/// vales' gains, kept at their best with the rest of their gain (rulings MV23, MV83); revision 8 banked
/// it under Dione's card, apart.
pub const DIONE_BANK_RULES: u8 = 9;

/// The rules revision from which a turn begins with nothing of Call of the Hunt's and Canopy Explorer's
/// units (ruling MV91) or of Dione's used cards (MV23) left from the turns before: revision 8 kept which
/// cards' fills and Explorers had resolved (by card number, for every player), whether a fill had been in
/// the field, and which neighbours' cards that can cost the player had chosen to use, so that in a later
/// turn a Call of the Hunt on a card of that number never resolved (EN:478, 480: once a Harvest Phase,
/// not once a game), Canopy Explorers waited with no fill, and a card that can cost was used without the
/// player's choice (EN:1617-1619).
pub const NEW_TURN_RULES: u8 = 9;

/// The rules revision of the third review's rulings (see [`Options::rules`]): Earthchant Chorus once a turn
/// (MV93), every "on spoil" VP ability of the on-deck card (MV94), Hempero's count of advancements (MV95),
/// a Chorus or an exchange brought in by Canopy Explorer in the Harvest (MV96), a leader shuffled into
/// the deck after the starting field is dealt (MV98), Deepriver Crystal in the Discard Phase without a
/// Spoil (MV99).
pub const THIRD_REVIEW_RULES: u8 = 11;

fn first_rules() -> u8 {
    1
}

fn base() -> String {
    "base".to_owned()
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 2,
            cards: base(),
            sets: base(),
            leaders: Leaders::None,
            amulets: Amulets::None,
            edition: Edition::Base,
            buy_vp: false,
            stacked_duplicates: false,
            conclaves: String::new(),
            rules: RULES,
        }
    }
}

impl Options {
    /// Whether every set is played (`edition=essential` or `sets=all`).
    pub fn essential(&self) -> bool {
        self.edition == Edition::Essential || self.sets.trim() == "all"
    }

    /// The sets played: `sets`, or every set with the edition or with conclaves.
    pub fn set_list(&self) -> &str {
        if self.essential() || self.with_conclaves() { ALL_SETS } else { &self.sets }
    }

    /// Whether the commons come from conclaves (`conclaves` is set).
    pub fn with_conclaves(&self) -> bool {
        !self.conclaves.trim().is_empty()
    }

    /// The conclaves asked for, checked against the game's card database `db` (`None` without them).
    pub fn conclave_choice(&self, db: DbRef) -> Result<Option<(Arc<Conclaves>, conclaves::Choice)>, SetupError> {
        if !self.with_conclaves() {
            return Ok(None);
        }
        if !matches!(self.sets.trim(), "base" | "all") {
            return Err(SetupProblem::ConclavesSets { sets: self.sets.clone() }.into());
        }
        let c = Conclaves::for_db(db).map_err(|e| {
            SetupError::of_kind(sylvan_engine::SetupErrorKind::CardData, "conclaves", e.to_string())
                .with_words(crate::words::data_error_message(&e))
        })?;
        let choice = c.choice(&self.conclaves)?;
        Ok(Some((c, choice)))
    }

    /// How leaders are dealt: the edition drafts them unless `leaders` says otherwise.
    pub fn leaders(&self) -> Leaders {
        if self.essential() && self.leaders == Leaders::None { Leaders::Draft } else { self.leaders }
    }

    /// How amulets are dealt: the edition drafts them unless `amulets` says otherwise.
    pub fn amulets(&self) -> Amulets {
        if self.essential() && self.amulets == Amulets::None { Amulets::Draft } else { self.amulets }
    }

    /// Whether the official draft is played.
    pub fn drafting(&self) -> bool {
        self.leaders() == Leaders::Draft
    }

    /// The card database spec these options name: the core file, then `+set` per expansion.
    pub fn card_spec(&self) -> Result<String, SetupError> {
        let list = self.set_list();
        let mut sets = list.split(',').map(str::trim);
        if sets.next() != Some("base") {
            return Err(SetupProblem::SetsBaseFirst { sets: self.sets.clone() }.into());
        }
        // Room for every set once (a `+` for each `,`): built once per game, without regrowing.
        let mut spec = String::with_capacity(self.cards.len() + list.len());
        spec.push_str(&self.cards);
        let mut seen = Vec::new();
        for s in sets {
            if s.is_empty() || s == "base" || seen.contains(&s) {
                return Err(SetupProblem::SetsRepeated { sets: self.sets.clone(), set: s.to_owned() }.into());
            }
            seen.push(s);
            spec.push('+');
            spec.push_str(s);
        }
        Ok(spec)
    }

    /// Checks the options and loads the card set.
    pub fn validate(&self) -> Result<DbRef, SetupError> {
        if !(2..=MAX_PLAYERS).contains(&self.players) {
            return Err(SetupProblem::Players { players: self.players }.into());
        }
        if !(1..=RULES).contains(&self.rules) {
            return Err(SetupProblem::Rules { rules: self.rules }.into());
        }
        let spec = self.card_spec()?;
        let db = DbRef::resolve(Some(&spec)).map_err(|e| {
            let field = if self.sets == "base" { "cards" } else { "sets" };
            SetupError::of_kind(sylvan_engine::SetupErrorKind::CardData, field, e.to_string())
                .with_words(crate::words::data_error_message(&e))
        })?;
        if self.rules >= THIRD_REVIEW_RULES
            && let Some(a) = db.advancements.iter().find(|a| a.long_wise)
        {
            // Ruling MV97: the covering of long-wise abilities (EN:560) is not played; revision 10 and
            // older read the flag and ignored it, and keep doing so for their records.
            return Err(SetupProblem::LongWise { key: a.key.clone() }.into());
        }
        self.conclave_choice(db.clone())?;
        if (self.leaders() == Leaders::Draft) != (self.amulets() == Amulets::Draft) {
            return Err(SetupProblem::DraftTogether.into());
        }
        if self.amulets() != Amulets::None && db.amulets.len() < self.players + 1 {
            return Err(SetupProblem::AmuletsSet { sets: self.sets.clone(), amulets: db.amulets.len() }.into());
        }
        if self.leaders() != Leaders::None {
            let need = match self.leaders() {
                Leaders::Choose => 2 * self.players,
                Leaders::Draft => self.players + 1,
                _ => self.players,
            };
            if db.leaders.len() < need {
                return Err(SetupProblem::LeadersCount {
                    leaders: self.leaders(),
                    need,
                    sets: self.sets.clone(),
                    have: db.leaders.len(),
                }
                .into());
            }
            if db.blanks == 0 {
                return Err(SetupProblem::LeadersBlank.into());
            }
        }
        Ok(db)
    }

    /// Refuses options given together (`given`: the names set explicitly) that ask for different games,
    /// naming both, and writes out what the edition implies (issue 38): `edition=essential` plays every
    /// set, so `sets` may not be given with it (but `sets=all`, the same game); the edition, or
    /// `sets=all`, drafts leaders and amulets, so `leaders=none` and `amulets=none` may not be given with
    /// either.
    pub fn settle(&mut self, given: &[&str]) -> Result<(), SetupError> {
        let named = |n: &str| given.contains(&n);
        let edition = if self.edition == Edition::Essential && named("edition") {
            "edition=essential".to_owned()
        } else {
            format!("sets={}", self.sets.trim())
        };
        if self.edition == Edition::Essential && named("sets") && self.sets.trim() != "all" {
            return Err(
                SetupProblem::EditionSets { sets: sylvan_engine::carddata::short(&self.sets).to_string() }.into()
            );
        }
        if self.essential() {
            for (name, none) in [("leaders", self.leaders == Leaders::None), ("amulets", self.amulets == Amulets::None)]
            {
                if none && named(name) {
                    return Err(SetupProblem::EditionNone { edition, name }.into());
                }
            }
            self.sets = "all".to_owned();
            self.leaders = self.leaders();
            self.amulets = self.amulets();
        }
        Ok(())
    }

    /// Level-1 advancements counted out (12/15/18, EN setup step 2).
    pub fn level1_count(&self) -> usize {
        [12, 15, 18][self.players.clamp(2, 4) - 2]
    }

    /// VP tokens in the pool (23/28/33, EN setup step 4).
    pub fn pool(&self) -> u16 {
        [23, 28, 33][self.players.clamp(2, 4) - 2]
    }
}

/// One player in an explicit setup. Cards are lists of advancement keys (empty list = a blank card);
/// zones list card numbers (0-based into `cards`); the deck's top is its first element.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SetupPlayer {
    /// The 20 cards.
    pub cards: Vec<Vec<String>>,
    /// The deck, top first.
    pub deck: Vec<u8>,
    /// The on-deck card.
    pub on_deck: Option<u8>,
    /// The field, left to right.
    pub field: Vec<u8>,
    /// The discard pile.
    pub discard: Vec<u8>,
    /// Active mana token.
    pub token_active: bool,
    /// VP tokens.
    pub vp: u16,
    /// Vale keys owned.
    pub vales: Vec<String>,
    /// The player's leader (a key), sleeved into card 19, which must be blank (ruling MV22).
    pub leader: Option<String>,
    /// The leader shows its upgraded side.
    pub leader_upgraded: bool,
    /// The player's amulet (a key), instead of the mana token; its side is `token_active`.
    pub amulet: Option<String>,
    /// Advancement keys in Old Bakarab's workshop, in the order taken.
    pub workshop: Vec<String>,
}

/// An explicit setup: players (all of them, or none to deal them), and optionally the commons, vales, the
/// advancement and vale decks, and the pool. Anything not given is dealt from the seed.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Setup {
    /// The starting (and active) player.
    pub start: u8,
    /// Players.
    pub players: Vec<SetupPlayer>,
    /// Face-up commons per level (advancement keys; up to 3 each).
    pub commons: Option<[Vec<String>; 3]>,
    /// Face-up vales per level (up to 4 each).
    pub vales: Option<[Vec<String>; 2]>,
    /// VP pool.
    pub pool: Option<u16>,
    /// The advancement decks per level, top first (advancement keys), replacing the dealt ones.
    pub adv_decks: Option<[Vec<String>; 3]>,
    /// The vale decks per level, top first (vale keys), replacing the dealt ones.
    pub vale_decks: Option<[Vec<String>; 2]>,
    /// The Fertile Soils left to buy per slot (top, middle, bottom), replacing the full supply (the
    /// separate Fertile Soil deck, EN:299, EN:524); at most what the box holds per slot.
    pub soil: Option<[u8; 3]>,
}

/// The 20 starting cards of a deck: Cursed Lands and Fertile Soils by slot, then blanks.
pub fn starting_cards(db: &CardDb) -> [Sleeve; NUM_CARDS] {
    let mut cards = [Sleeve::default(); NUM_CARDS];
    let mut i = 0;
    for (id, slots) in [(db.cursed_land, db.cursed_slots), (db.starting_soil, db.starting_soil_slots)] {
        for (s, &k) in slots.iter().enumerate() {
            for _ in 0..k {
                if i < NUM_CARDS {
                    cards[i].slots[s] = id;
                    i += 1;
                }
            }
        }
    }
    cards
}

impl MysticVale {
    /// A random deal.
    pub fn deal(options: &Options, db: DbRef, mut rng: GameRng) -> MysticVale {
        let n = options.players;
        // Conclaves (EN:751): their cards only; drawn first, so games without them deal as before.
        let chosen = options.conclave_choice(db.clone()).ok().flatten().map(|(c, choice)| c.resolve(choice, &mut rng));
        let members = conclaves::members(db.clone(), chosen);
        let in_conclaves = |adv: Option<u8>, vale: Option<u8>| match &members {
            None => true,
            Some((a, v)) => adv.is_some_and(|x| a[x as usize]) || vale.is_some_and(|x| v[x as usize]),
        };
        // The decks before their shuffles (no draw): without conclaves the same every game, built once
        // per database and copied.
        let (mut decks, mut vale_decks) = match &members {
            None => {
                let (a, v) = db.start_decks.0.get_or_init(|| start_decks(&db, |_, _| true));
                debug_assert!(start_decks(&db, |_, _| true) == (a.clone(), v.clone()), "the cached start decks");
                let copy = |d: &Vec<u8>| {
                    // The same room as built: every copy and a few cards put back, without regrowing.
                    let mut c = Vec::with_capacity(d.capacity());
                    c.extend_from_slice(d);
                    c
                };
                (a.each_ref().map(copy), v.each_ref().map(copy))
            }
            Some(_) => start_decks(&db, in_conclaves),
        };
        let keep = options.level1_count();
        for (l, d) in decks.iter_mut().enumerate() {
            if l == 0 {
                // Only the top cards counted out stay (EN setup step 2): the same draws as a shuffle.
                rng.shuffle_keeping_last(d, keep);
                d.drain(..d.len() - keep.min(d.len()));
            } else {
                rng.shuffle(d);
            }
            d.reserve(4);
        }
        for d in &mut vale_decks {
            rng.shuffle(d);
        }
        let mut g = MysticVale {
            options: options.clone(),
            db: db.clone(),
            rng,
            players: Vec::with_capacity(n),
            start: 0,
            current: 0,
            phase: Phase::Planting,
            commons: [[EMPTY; 3]; 3],
            commons_stack: [[0; 3]; 3],
            adv_decks: decks,
            soil: db.soil_counts,
            vale_row: [[EMPTY; 4]; 2],
            vale_decks,
            removed_vales: Vec::with_capacity(MAX_OWNED_VALES),
            removed_advs: Vec::with_capacity(64),
            vale_top: None,
            pool: options.pool(),
            ending: false,
            turn: Turn { bought: Vec::with_capacity(4), ..Turn::default() },
            peek: None,
            draft: None,
            conclaves: chosen,
            rounds: 1,
            moves: 0,
        };
        for l in 0..3 {
            for k in 0..3 {
                if options.stacked_duplicates {
                    g.reveal_common(l, k);
                } else {
                    g.commons[l][k] = g.adv_decks[l].pop().unwrap_or(EMPTY);
                }
            }
        }
        for l in 0..2 {
            for k in 0..4 {
                g.vale_row[l][k] = g.vale_decks[l].pop().unwrap_or(EMPTY);
            }
        }
        // Leaders: dealt before the decks are shuffled (the draws come after the base deal, so games
        // without leaders deal as before).
        let offers = g.deal_leaders();
        // Every seat starts with the same cards: their totals are computed once (a leader's card is
        // recomputed with its side below).
        // (Built once per database and copied: they depend on the database only.)
        let starting_of = || {
            let mut p = new_player(starting_cards(&db), &[], [CardStats::default(); NUM_CARDS]);
            p.refresh_all(&db);
            p.stats
        };
        let starting = *db.start_stats.0.get_or_init(starting_of);
        debug_assert!(starting_of() == starting, "the cached starting totals");
        let cards = starting_cards(&db);
        for i in 0..n {
            let mut deck: [u8; NUM_CARDS] = std::array::from_fn(|c| c as u8);
            g.rng.shuffle(&mut deck);
            let mut p = new_player(cards, &deck, starting);
            if let Some(o) = offers.get(i) {
                // The last blank card carries the leader (ruling MV22).
                p.leader = Some(LeaderCard { id: o[0], card: (NUM_CARDS - 1) as u8, upgraded: false, public: false });
                if options.leaders() == Leaders::Choose {
                    p.leader_offer = Some(*o);
                }
            }
            if let Some(l) = p.leader {
                let c = l.card;
                p.stats[usize::from(c)] = crate::state::CardStats::boosted(
                    p.cards[usize::from(c)],
                    &db,
                    crate::state::leader_face(&db, p.leader, c),
                    None,
                );
            }
            p.recount_shown();
            debug_assert!(
                {
                    let mut q = p.clone();
                    q.refresh_all(&db);
                    q.stats == p.stats && q.shown_decay == p.shown_decay && q.shown_growth == p.shown_growth
                },
                "the starting cards' totals"
            );
            g.players.push(p);
        }
        g.start = g.rng.below(n as u32) as u8;
        g.current = g.start;
        let drafted = g.deal_draft();
        if options.leaders() == Leaders::Choose {
            g.phase = Phase::ChooseLeader;
        } else if let Some(phase) = drafted {
            g.phase = phase;
        } else {
            g.first_turn(&mut sylvan_engine::NoEvents);
        }
        g
    }

    /// The setup's decisions are made (leaders, draft, amulets): each player's starting field is dealt
    /// (setup step 5) and the first turn begins.
    /// The deal needs no chance (the decks were shuffled before), so dealing it now or before the
    /// decisions gives the same game; only no field is on the table while the leaders are chosen.
    /// From rules revision 11 (ruling MV98) the leader is sleeved after that deal, into a blank card left in
    /// the deck, which is then shuffled: the book deals the fields (setup step 5) before the leaders (step
    /// 7, EN:2297-2311), each shuffled into its player's deck (EN:816).
    pub(crate) fn first_turn<S: sylvan_engine::EventSink<crate::events::Event>>(&mut self, ev: &mut S) {
        let db = self.db.clone();
        let leader_after = self.options.rules >= THIRD_REVIEW_RULES;
        let rng = &mut self.rng;
        for p in &mut self.players {
            if p.field.is_empty() && p.on_deck.is_none() {
                let public = p.leader.is_some_and(|l| l.public);
                starting_field(&db, p);
                if leader_after && p.leader.is_some() {
                    sleeve_leader_after_the_deal(p, public);
                    rng.shuffle(&mut p.deck);
                }
                // The cards' totals were counted when their sleeves and leader were last set (the deal,
                // a leader chosen or drafted): only the field's totals change.
                p.recount_shown();
            }
        }
        self.begin_turn(ev);
    }

    /// The leaders dealt: one per player (`random`, the second entry unused) or two (`choose`).
    fn deal_leaders(&mut self) -> Vec<[u8; 2]> {
        let n = self.options.players;
        let per = match self.options.leaders() {
            Leaders::None | Leaders::Draft => return Vec::new(),
            Leaders::Random => 1,
            Leaders::Choose => 2,
        };
        let mut pool: Vec<u8> = (0..self.db.leaders.len() as u8).collect();
        self.rng.shuffle(&mut pool);
        (0..n).map(|i| [pool[per * i], pool[per * i + per - 1]]).collect()
    }

    /// A game from an explicit setup.
    pub fn build(options: &Options, setup: &Setup, seed: u64) -> Result<MysticVale, SetupError> {
        let db = options.validate()?;
        let mut g = MysticVale::deal(options, db.clone(), GameRng::new(seed));
        let n = options.players;
        let adv_key =
            |k: &str, field: &str| -> Result<u8, SetupError> {
                db.advancements.iter().position(|a| a.key == k).map(|i| i as u8).ok_or_else(|| {
                    SetupProblem::UnknownAdvancement { field: field.to_owned(), key: k.to_owned() }.into()
                })
            };
        let vale_key = |k: &str, field: &str| -> Result<u8, SetupError> {
            db.vales
                .iter()
                .position(|a| a.key == k)
                .map(|i| i as u8)
                .ok_or_else(|| SetupProblem::UnknownVale { field: field.to_owned(), key: k.to_owned() }.into())
        };
        if setup.start as usize >= n {
            return Err(SetupProblem::Start { start: setup.start, players: n }.into());
        }
        if !setup.players.is_empty() {
            if setup.players.len() != n {
                return Err(SetupProblem::SeatCount { given: setup.players.len(), seats: n }.into());
            }
            for (i, sp) in setup.players.iter().enumerate() {
                let f = |x: &str| format!("players[{i}].{x}");
                let mut cards = starting_cards(&db);
                if !sp.cards.is_empty() {
                    if sp.cards.len() != NUM_CARDS {
                        return Err(SetupProblem::CardCount { player: i, given: sp.cards.len() }.into());
                    }
                    for (c, keys) in sp.cards.iter().enumerate() {
                        let mut s = Sleeve::default();
                        for k in keys {
                            let id = adv_key(k, &f("cards"))?;
                            if id == db.cursed_land || id == db.starting_soil {
                                let slot = (0..3).find(|&x| s.slots[x] == EMPTY).unwrap_or(0);
                                if s.slots[slot] != EMPTY {
                                    return Err(SetupProblem::NoFreeSlot { player: i, card: c }.into());
                                }
                                s.slots[slot] = id;
                            } else if s.fits(&db, id) {
                                // In order: a later advancement covers an eclipse one, or an eclipse one goes
                                // under (EN:773-800).
                                s.put(&db, id);
                            } else {
                                let slot = db.adv(id).slot;
                                return Err(SetupProblem::SlotTaken { player: i, card: c, key: k.clone(), slot }.into());
                            }
                        }
                        cards[c] = s;
                    }
                }
                let mut seen = [false; NUM_CARDS];
                let deck: Vec<u8> = sp.deck.iter().rev().copied().collect();
                for &c in sp.deck.iter().chain(&sp.field).chain(&sp.discard).chain(sp.on_deck.iter()) {
                    if c as usize >= NUM_CARDS {
                        return Err(SetupProblem::CardOutOfRange { player: i, card: c }.into());
                    }
                    if seen[c as usize] {
                        return Err(SetupProblem::CardPlacedTwice { player: i, card: c }.into());
                    }
                    seen[c as usize] = true;
                }
                if let Some(card) = seen.iter().position(|s| !s) {
                    return Err(SetupProblem::CardNowhere { player: i, card }.into());
                }
                let mut p = new_player(cards, &deck, [CardStats::default(); NUM_CARDS]);
                p.field.extend_from_slice(&sp.field);
                p.discard.extend_from_slice(&sp.discard);
                p.on_deck = sp.on_deck;
                if let Some(key) = &sp.leader {
                    let Some(id) = db.leaders.iter().position(|l| &l.key == key) else {
                        return Err(SetupProblem::UnknownLeader { player: i, key: key.clone() }.into());
                    };
                    let card = (NUM_CARDS - 1) as u8;
                    if p.cards[card as usize].advs().next().is_some() {
                        return Err(SetupProblem::LeaderCardNotBlank { player: i }.into());
                    }
                    let shown = p.on_deck == Some(card) || p.field.contains(&card);
                    p.leader = Some(LeaderCard { id: id as u8, card, upgraded: sp.leader_upgraded, public: shown });
                }
                if let Some(key) = &sp.amulet {
                    let Some(id) = db.amulets.iter().position(|a| &a.key == key) else {
                        return Err(SetupProblem::UnknownAmulet { player: i, key: key.clone() }.into());
                    };
                    p.amulet = Some(id as u8);
                }
                if sp.workshop.len() > crate::actions::MAX_WORKSHOP {
                    let (given, most) = (sp.workshop.len(), crate::actions::MAX_WORKSHOP);
                    return Err(SetupProblem::WorkshopSize { player: i, given, most }.into());
                }
                for k in &sp.workshop {
                    p.fx.workshop.pile.push(adv_key(k, &f("workshop"))?);
                }
                p.refresh_all(&db);
                p.token_active = sp.token_active;
                p.vp = sp.vp;
                for v in &sp.vales {
                    p.vales.push(vale_key(v, &f("vales"))?);
                }
                g.players[i] = p;
            }
        }
        if let Some(c) = &setup.commons {
            for l in 0..3 {
                if c[l].len() > 3 {
                    return Err(SetupProblem::CommonsRow { level: l + 1, given: c[l].len() }.into());
                }
                for k in 0..3 {
                    // The dealt card and the copies stacked under it (variant `stacked_duplicates`) go
                    // back to the bottom of the deck: the setup's commons replace the whole slot (issue 33,
                    // defect 11).
                    let old = g.commons[l][k];
                    let stacked = std::mem::take(&mut g.commons_stack[l][k]);
                    if old != EMPTY {
                        for _ in 0..=stacked {
                            g.adv_decks[l].insert(0, old);
                        }
                    }
                    g.commons[l][k] = match c[l].get(k) {
                        Some(key) => {
                            let id = adv_key(key, "commons")?;
                            if let Some(pos) = g.adv_decks.iter().flatten().position(|&x| x == id) {
                                let _ = pos;
                                for d in g.adv_decks.iter_mut() {
                                    if let Some(j) = d.iter().position(|&x| x == id) {
                                        d.remove(j);
                                        break;
                                    }
                                }
                            }
                            id
                        }
                        None => EMPTY,
                    };
                }
            }
        }
        if let Some(v) = &setup.vales {
            for l in 0..2 {
                if v[l].len() > 4 {
                    return Err(SetupProblem::ValeRow { level: l + 1, given: v[l].len() }.into());
                }
                for k in 0..4 {
                    let old = g.vale_row[l][k];
                    if old != EMPTY {
                        g.vale_decks[l].insert(0, old);
                    }
                    g.vale_row[l][k] = match v[l].get(k) {
                        Some(key) => {
                            let id = vale_key(key, "vales")?;
                            for d in g.vale_decks.iter_mut() {
                                if let Some(j) = d.iter().position(|&x| x == id) {
                                    d.remove(j);
                                    break;
                                }
                            }
                            id
                        }
                        None => EMPTY,
                    };
                }
            }
        }
        if let Some(decks) = &setup.adv_decks {
            for l in 0..3 {
                let mut d = Vec::with_capacity(decks[l].len() + 4);
                for k in decks[l].iter().rev() {
                    d.push(adv_key(k, "adv_decks")?);
                }
                g.adv_decks[l] = d;
            }
        }
        if let Some(decks) = &setup.vale_decks {
            for l in 0..2 {
                let mut d = Vec::with_capacity(decks[l].len());
                for k in decks[l].iter().rev() {
                    d.push(vale_key(k, "vale_decks")?);
                }
                g.vale_decks[l] = d;
            }
        }
        if let Some(p) = setup.pool {
            g.pool = p;
        }
        if let Some(soil) = setup.soil {
            for (k, (&n, &most)) in soil.iter().zip(&db.soil_counts).enumerate() {
                if n > most {
                    return Err(SetupProblem::SoilSupply { slot: crate::cards::Slot::ALL[k], n, most }.into());
                }
            }
            g.soil = soil;
        }
        g.validate_setup()?;
        g.validate_box(setup)?;
        g.start = setup.start;
        g.current = setup.start;
        g.turn = Turn { bought: Vec::with_capacity(4), ..Turn::default() };
        if setup.players.is_empty() && (options.leaders() == Leaders::Choose || g.draft.is_some()) {
            g.phase = if g.draft.is_some() { Phase::Draft { first: true } } else { Phase::ChooseLeader };
        } else if setup.players.is_empty() && g.phase == Phase::AmuletTrade {
            // Random amulets: each player keeps or trades.
        } else {
            for p in &mut g.players {
                p.leader_offer = None;
            }
            g.draft = None;
            g.begin_turn(&mut sylvan_engine::NoEvents);
        }
        Ok(g)
    }

    /// The rulebook's invariants on a position built from an explicit setup (issue 13): rows and decks
    /// hold cards of their level (a row takes a higher level only once its own deck is empty, as
    /// replenishing does), the commons and decks hold no starting card, the pool is not empty, and the VP
    /// in play fit the counters (no total can wrap).
    fn validate_setup(&self) -> Result<(), SetupError> {
        let db = &*self.db;
        let starting = |a: u8| a == db.cursed_land || a == db.starting_soil || db.soil.contains(&a);
        for l in 0..3 {
            for &a in self.commons[l].iter().chain(&self.adv_decks[l]) {
                if a == EMPTY {
                    continue;
                }
                let x = db.adv(a);
                if starting(a) {
                    return Err(SetupProblem::StartingCommon { key: x.key.clone() }.into());
                }
                let lvl = usize::from(x.level);
                if lvl < l + 1 || (lvl > l + 1 && (self.commons[l].contains(&a) && !self.adv_decks[l].is_empty())) {
                    return Err(SetupProblem::CommonLevel { key: x.key.clone(), level: x.level, row: l + 1 }.into());
                }
                if self.adv_decks[l].contains(&a) && lvl != l + 1 {
                    return Err(SetupProblem::DeckLevel { key: x.key.clone(), level: x.level, deck: l + 1 }.into());
                }
            }
        }
        for l in 0..2 {
            for &v in self.vale_row[l].iter().chain(&self.vale_decks[l]) {
                if v == EMPTY {
                    continue;
                }
                let x = db.vale(v);
                let lvl = usize::from(x.level);
                let in_row = self.vale_row[l].contains(&v);
                if lvl < l + 1 || (lvl > l + 1 && (!in_row || !self.vale_decks[l].is_empty())) {
                    return Err(SetupProblem::ValeLevel { key: x.key.clone(), level: x.level, row: l + 1 }.into());
                }
            }
        }
        if let Some((advs, vales)) = conclaves::members(self.db.clone(), self.conclaves) {
            // With conclaves, the commons and decks hold only their cards (EN:751).
            for &a in self.commons.iter().flatten().chain(self.adv_decks.iter().flatten()) {
                if a != EMPTY && !advs.get(a as usize).copied().unwrap_or(false) {
                    return Err(SetupProblem::NotInConclaves { field: "commons", key: db.adv(a).key.clone() }.into());
                }
            }
            for &v in self.vale_row.iter().flatten().chain(self.vale_decks.iter().flatten()) {
                if v != EMPTY && !vales.get(v as usize).copied().unwrap_or(false) {
                    return Err(SetupProblem::NotInConclaves { field: "vales", key: db.vale(v).key.clone() }.into());
                }
            }
        }
        if self.pool == 0 && !self.ending {
            return Err(SetupProblem::EmptyPool.into());
        }
        let total: u32 = self.players.iter().map(|p| u32::from(p.vp)).sum::<u32>() + u32::from(self.pool);
        if total > u32::from(u16::MAX) {
            return Err(SetupProblem::VpOverflow { total }.into());
        }
        Ok(())
    }
}

impl MysticVale {
    /// The setup's components against the box (MV86): no advancement named in more copies than the
    /// sets in play hold (the setup's commons, decks, sleeved cards and workshops together), no title twice in the commons
    /// when duplicates stack (EN:1835-1840), a workshop only for a player whose leader has one
    /// (EN:1692-1716), and no more VP in the pool than the box's tokens (44 of 1 and 12 of 5, EN:148-149).
    fn validate_box(&self, setup: &Setup) -> Result<(), SetupError> {
        let db = &*self.db;
        let starting = |a: u8| a == db.cursed_land || a == db.starting_soil || db.soil.contains(&a);
        // What the setup names (the dealt rest comes from the box as dealt): the commons, the decks, the
        // copies sleeved in the players' cards and those waiting in their workshops all come from one box.
        // The field named is the one where the count first goes over.
        let mut count = vec![0u32; db.advancements.len()];
        let mut named: Vec<(String, &String)> = Vec::new();
        named.extend(setup.commons.iter().flatten().flatten().map(|k| ("commons".to_string(), k)));
        named.extend(setup.adv_decks.iter().flatten().flatten().map(|k| ("adv_decks".to_string(), k)));
        for (i, p) in setup.players.iter().enumerate() {
            named.extend(p.cards.iter().flatten().map(|k| (format!("players[{i}].cards"), k)));
            named.extend(p.workshop.iter().map(|k| (format!("players[{i}].workshop"), k)));
        }
        for (field, k) in named {
            let Some(id) = db.advancements.iter().position(|a| &a.key == k) else { continue };
            let a = &db.advancements[id];
            let Some(n) = count.get_mut(id) else { continue };
            *n = n.saturating_add(1);
            if *n > u32::from(a.copies) && !starting(id as u8) {
                let total: u32 = setup
                    .commons
                    .iter()
                    .flatten()
                    .flatten()
                    .chain(setup.adv_decks.iter().flatten().flatten())
                    .chain(setup.players.iter().flat_map(|p| p.cards.iter().flatten().chain(&p.workshop)))
                    .filter(|x| *x == k)
                    .fold(0u32, |t, _| t.saturating_add(1));
                return Err(SetupProblem::Copies { field, key: a.key.clone(), total, copies: a.copies }.into());
            }
        }
        if self.options.stacked_duplicates {
            let shown: Vec<u8> = self.commons.iter().flatten().copied().filter(|&a| a != EMPTY).collect();
            for (i, a) in shown.iter().enumerate() {
                if shown[..i].contains(a) {
                    return Err(SetupProblem::StackedTwice { key: db.adv(*a).key.clone() }.into());
                }
            }
        }
        for (i, p) in self.players.iter().enumerate() {
            let workshop = p.leader.is_some_and(|l| {
                db.leader(l.id).sides.iter().any(|f| {
                    f.ability.effect == crate::cards::Effect::Unique
                        && crate::effects::module(f.ability.module).is_some_and(|m| m.key.starts_with("workshop-"))
                })
            });
            if !p.fx.workshop.pile.is_empty() && !workshop {
                return Err(SetupProblem::NoWorkshop { player: i }.into());
            }
        }
        if self.pool > BOX_VP {
            return Err(SetupProblem::PoolOverBox { pool: self.pool, most: BOX_VP }.into());
        }
        Ok(())
    }
}

/// The VP in the box's tokens: 44 of 1 point and 12 of 5 (EN:148-149).
pub const BOX_VP: u16 = 44 + 12 * 5;

/// A player with these cards, deck (bottom first) and cards' totals (`stats`), the rest empty.
fn new_player(cards: [Sleeve; NUM_CARDS], deck: &[u8], stats: [CardStats; NUM_CARDS]) -> Player {
    Player {
        under: Pile::new(),
        cards,
        deck: Pile::from_slice(deck),
        on_deck: None,
        field: Pile::new(),
        discard: Pile::new(),
        token_active: false,
        vp: 0,
        vales: Vec::with_capacity(MAX_OWNED_VALES),
        skip_next: false,
        leader: None,
        leader_offer: None,
        extra_turn_round: 0,
        amulet: None,
        pending_mana: 0,
        fx: crate::effects::PlayerStates::default(),
        stats,
        shown_decay: 0,
        shown_growth: 0,
    }
}

/// Setup step 5: reveal on-deck cards into the field until two Cursed Lands are in the field and a third
/// is on-deck.
/// Ruling MV98: the leader's card (a blank card, MV22) was dealt into the starting field or on-deck: the
/// leader goes into a blank card still in the deck instead, which trades numbers with it (the blank cards
/// are alike), and is as public as before the deal (a drafted leader was taken in the open). With every
/// blank card dealt into the field (the book leaves no blank card to sleeve it into) the deal stands.
fn sleeve_leader_after_the_deal(p: &mut Player, public: bool) {
    let Some(l) = p.leader.as_mut() else { return };
    let card = l.card;
    let blank = p.cards[usize::from(card)];
    let Some(k) = p.deck.iter().position(|&c| p.cards[usize::from(c)] == blank) else { return };
    let other = p.deck[k];
    if p.on_deck == Some(card) {
        p.on_deck = Some(other);
    } else if let Some(f) = p.field.iter().position(|&c| c == card) {
        p.field[f] = other;
    } else {
        return;
    }
    p.deck[k] = card;
    l.public = public;
}

fn starting_field(db: &CardDb, p: &mut Player) {
    p.on_deck = p.deck.pop();
    if let (Some(l), Some(c)) = (&mut p.leader, p.on_deck)
        && l.card == c
    {
        l.public = true;
    }
    let mut cursed = 0;
    while let Some(c) = p.on_deck {
        let is_cursed = p.cards[c as usize].is_cursed(db);
        if cursed >= 2 && is_cursed {
            break;
        }
        cursed += usize::from(is_cursed);
        p.field.push(c);
        p.on_deck = p.deck.pop();
        if let (Some(l), Some(c)) = (&mut p.leader, p.on_deck)
            && l.card == c
        {
            l.public = true;
        }
    }
}

/// The advancement decks (levels 1 to 3, without the Cursed Lands, the starting Fertile Soil and the
/// Fertile Soil supply) and the vale decks (levels 1 and 2) of the cards `keep` accepts (an
/// advancement's id, or a vale's), each copy in id order, before any shuffle; with room for every copy
/// and a few cards put back, so that the decks never regrow.
fn start_decks(db: &CardDb, keep: impl Fn(Option<u8>, Option<u8>) -> bool) -> crate::cards::StartDecks {
    let copies: usize = db.advancements.iter().map(|a| usize::from(a.copies)).sum();
    let mut decks: [Vec<u8>; 3] = std::array::from_fn(|_| Vec::with_capacity(copies + 4));
    for (id, a) in db.advancements.iter().enumerate() {
        let id = id as u8;
        if id == db.cursed_land || id == db.starting_soil || db.soil.contains(&id) || !keep(Some(id), None) {
            continue;
        }
        for _ in 0..a.copies {
            decks[(a.level - 1) as usize].push(id);
        }
    }
    let vale_copies: usize = db.vales.iter().map(|v| usize::from(v.copies)).sum();
    let mut vale_decks: [Vec<u8>; 2] = std::array::from_fn(|_| Vec::with_capacity(vale_copies + 4));
    for (id, v) in db.vales.iter().enumerate() {
        if !keep(None, Some(id as u8)) {
            continue;
        }
        for _ in 0..v.copies {
            vale_decks[(v.level - 1) as usize].push(id as u8);
        }
    }
    (decks, vale_decks)
}
