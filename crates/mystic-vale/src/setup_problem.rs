//! What is wrong with the options or an explicit setup, as data: each problem names its field and
//! carries the values at fault; its words are one message of the catalogs (`setup-…`,
//! `i18n/{en,fr}/mystic-vale.ftl`), English and French, written nowhere else. The English text of a
//! [`SetupError`] (its `Display`) is the English catalog's.
//!
//! A new problem is a variant here, an arm in each of [`SetupProblem::field`], [`SetupProblem::kind`] and
//! [`SetupProblem::message`], a message in each catalog, and a sample in the test
//! `every_setup_problem_is_said_in_every_language` (`tests/all/setup_words.rs`), which does not compile
//! without it.

use sylvan_engine::{Locale, Message, SetupError, SetupErrorKind, message};

use crate::cards::Slot;
use crate::setup::Leaders;

/// A refused option or explicit setup ([`Options::validate`](crate::Options::validate),
/// [`Options::settle`](crate::Options::settle), [`MysticVale::build`](crate::MysticVale::build)). Player
/// numbers, card numbers and levels are as the setup writes them (0-based players and cards, levels from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// Option `players`: Mystic Vale is played by 2 to 4.
    Players {
        /// The number asked for.
        players: usize,
    },
    /// Option `rules`: a revision this engine does not know.
    Rules {
        /// The revision asked for.
        rules: u8,
    },
    /// Option `sets`: the list does not start with `base`.
    SetsBaseFirst {
        /// The option as given.
        sets: String,
    },
    /// Option `sets`: a set is empty or named twice.
    SetsRepeated {
        /// The option as given.
        sets: String,
        /// The set at fault.
        set: String,
    },
    /// Option `conclaves` with a `sets` other than `base` or `all`.
    ConclavesSets {
        /// The `sets` option as given.
        sets: String,
    },
    /// Option `conclaves`: a key that names no conclave.
    ConclaveUnknown {
        /// The key.
        key: String,
        /// Every conclave key, comma-separated.
        keys: String,
    },
    /// Option `conclaves`: a conclave named twice.
    ConclaveTwice {
        /// The key.
        key: String,
    },
    /// Option `conclaves`: not exactly six named (EN:751).
    ConclaveCount {
        /// How many were named.
        n: usize,
    },
    /// Option `leaders`: the draft without the amulets' draft, or the other way round.
    DraftTogether,
    /// Option `cards`: a long-wise advancement (EN:560), which rules revision 11 does not play (ruling MV97).
    LongWise {
        /// The advancement's key.
        key: String,
    },
    /// Option `amulets` without the Mana Storm set.
    AmuletsSet {
        /// The `sets` option as given.
        sets: String,
        /// The amulets those sets hold.
        amulets: usize,
    },
    /// Option `leaders`: the sets hold too few leaders for this way of dealing them.
    LeadersCount {
        /// How leaders are dealt.
        leaders: Leaders,
        /// The leaders it needs.
        need: usize,
        /// The `sets` option as given.
        sets: String,
        /// The leaders the sets hold.
        have: usize,
    },
    /// Option `leaders`: the card file has no blank card to sleeve a leader into.
    LeadersBlank,
    /// Options `edition=essential` and `sets` naming other sets.
    EditionSets {
        /// The `sets` option as given (shortened).
        sets: String,
    },
    /// The edition (or `sets=all`) with `leaders=none` or `amulets=none`.
    EditionNone {
        /// The option that drafts (`edition=essential`, `sets=all`).
        edition: String,
        /// `leaders` or `amulets`.
        name: &'static str,
    },
    /// Setup `start`: no such seat.
    Start {
        /// The seat given.
        start: u8,
        /// The number of players.
        players: usize,
    },
    /// Setup `players`: not one entry per seat.
    SeatCount {
        /// The entries given.
        given: usize,
        /// The number of players.
        seats: usize,
    },
    /// Setup `players[i].cards`: not exactly 20 cards.
    CardCount {
        /// The player.
        player: usize,
        /// The cards given.
        given: usize,
    },
    /// An advancement key that the card data does not have.
    UnknownAdvancement {
        /// The setup field (`commons`, `players[0].cards`...).
        field: String,
        /// The key.
        key: String,
    },
    /// A vale key that the card data does not have.
    UnknownVale {
        /// The setup field (`vales`, `players[0].vales`...).
        field: String,
        /// The key.
        key: String,
    },
    /// Setup `players[i].leader`: a key the card data does not have.
    UnknownLeader {
        /// The player.
        player: usize,
        /// The key.
        key: String,
    },
    /// Setup `players[i].amulet`: a key the card data does not have.
    UnknownAmulet {
        /// The player.
        player: usize,
        /// The key.
        key: String,
    },
    /// Setup `players[i].cards`: a starting card with no free slot left on its card.
    NoFreeSlot {
        /// The player.
        player: usize,
        /// The card.
        card: usize,
    },
    /// Setup `players[i].cards`: an advancement whose slot is taken.
    SlotTaken {
        /// The player.
        player: usize,
        /// The card.
        card: usize,
        /// The advancement's key.
        key: String,
        /// Its slot.
        slot: Slot,
    },
    /// Setup `players[i].deck` (and the other zones): a card number over 19.
    CardOutOfRange {
        /// The player.
        player: usize,
        /// The number given.
        card: u8,
    },
    /// Setup `players[i].deck` (and the other zones): a card in two places.
    CardPlacedTwice {
        /// The player.
        player: usize,
        /// The card.
        card: u8,
    },
    /// Setup `players[i].deck` (and the other zones): a card in none.
    CardNowhere {
        /// The player.
        player: usize,
        /// The first such card.
        card: usize,
    },
    /// Setup `players[i].leader`: card 19, which carries the leader (ruling MV22), is not blank.
    LeaderCardNotBlank {
        /// The player.
        player: usize,
    },
    /// Setup `players[i].workshop`: more advancements than a workshop holds.
    WorkshopSize {
        /// The player.
        player: usize,
        /// The advancements given.
        given: usize,
        /// The most a workshop holds.
        most: usize,
    },
    /// Setup `commons`: more than 3 in a level's row.
    CommonsRow {
        /// The level (1-3).
        level: usize,
        /// The advancements given.
        given: usize,
    },
    /// Setup `vales`: more than 4 in a level's row.
    ValeRow {
        /// The level (1-2).
        level: usize,
        /// The vales given.
        given: usize,
    },
    /// Setup `soil`: more Fertile Soils for a slot than the box holds.
    SoilSupply {
        /// The slot.
        slot: Slot,
        /// The number given.
        n: u8,
        /// What the box holds (the card data's `[[soil]] slots`).
        most: u8,
    },
    /// Setup `commons` or `adv_decks`: a starting card (Cursed Land, Fertile Soil).
    StartingCommon {
        /// The key.
        key: String,
    },
    /// Setup `commons`: an advancement in the row of another level.
    CommonLevel {
        /// The key.
        key: String,
        /// Its level.
        level: u8,
        /// The row's level.
        row: usize,
    },
    /// Setup `adv_decks`: an advancement in the deck of another level.
    DeckLevel {
        /// The key.
        key: String,
        /// Its level.
        level: u8,
        /// The deck's level.
        deck: usize,
    },
    /// Setup `vales` or `vale_decks`: a vale in the row or deck of another level.
    ValeLevel {
        /// The key.
        key: String,
        /// Its level.
        level: u8,
        /// The row's level.
        row: usize,
    },
    /// With conclaves (EN:751): a card in none of the game's conclaves.
    NotInConclaves {
        /// `commons` or `vales`.
        field: &'static str,
        /// The key.
        key: String,
    },
    /// Setup `pool`: empty while the game is not ending (EN:609).
    EmptyPool,
    /// Setup `vp`: more VP in play than the counters hold.
    VpOverflow {
        /// The VP in the pool and the players' tokens.
        total: u32,
    },
    /// More copies of an advancement than the sets in play hold (ruling MV86).
    Copies {
        /// The field where the count first goes over.
        field: String,
        /// The key.
        key: String,
        /// The copies the setup names.
        total: u32,
        /// The copies the sets hold.
        copies: u8,
    },
    /// Setup `commons`: a title shown twice while duplicates stack (EN:1835-1840).
    StackedTwice {
        /// The key.
        key: String,
    },
    /// Setup `players[i].workshop`: a workshop for a player whose leader has none (EN:1692-1716).
    NoWorkshop {
        /// The player.
        player: usize,
    },
    /// Setup `pool`: more VP than the box's tokens (EN:148-149).
    PoolOverBox {
        /// The VP given.
        pool: u16,
        /// The VP in the box.
        most: u16,
    },
}

impl SetupProblem {
    /// The option or setup field at fault (`players`, `players[1].cards`, `soil[2]`).
    pub fn field(&self) -> String {
        use SetupProblem::*;
        let of = |i: &usize, f: &str| format!("players[{i}].{f}");
        match self {
            Players { .. } | SeatCount { .. } => "players".into(),
            Rules { .. } => "rules".into(),
            SetsBaseFirst { .. } | SetsRepeated { .. } | EditionSets { .. } => "sets".into(),
            ConclavesSets { .. } | ConclaveUnknown { .. } | ConclaveTwice { .. } | ConclaveCount { .. } => {
                "conclaves".into()
            }
            DraftTogether | LeadersCount { .. } | LeadersBlank => "leaders".into(),
            LongWise { .. } => "cards".into(),
            AmuletsSet { .. } => "amulets".into(),
            EditionNone { name, .. } => (*name).into(),
            Start { .. } => "start".into(),
            CardCount { player, .. } | NoFreeSlot { player, .. } | SlotTaken { player, .. } => of(player, "cards"),
            CardOutOfRange { player, .. } | CardPlacedTwice { player, .. } | CardNowhere { player, .. } => {
                of(player, "deck")
            }
            UnknownLeader { player, .. } | LeaderCardNotBlank { player } => of(player, "leader"),
            UnknownAmulet { player, .. } => of(player, "amulet"),
            WorkshopSize { player, .. } | NoWorkshop { player } => of(player, "workshop"),
            UnknownAdvancement { field, .. } | UnknownVale { field, .. } | Copies { field, .. } => field.clone(),
            CommonsRow { .. } | StartingCommon { .. } | CommonLevel { .. } | StackedTwice { .. } => "commons".into(),
            ValeRow { .. } | ValeLevel { .. } => "vales".into(),
            SoilSupply { slot, .. } => format!("soil[{}]", *slot as usize),
            DeckLevel { .. } => "adv_decks".into(),
            NotInConclaves { field, .. } => (*field).into(),
            EmptyPool | PoolOverBox { .. } => "pool".into(),
            VpOverflow { .. } => "vp".into(),
        }
    }

    /// What kind of problem it is.
    pub fn kind(&self) -> SetupErrorKind {
        use SetupProblem::*;
        match self {
            Players { .. } | SeatCount { .. } => SetupErrorKind::PlayerCount,
            EditionSets { .. } | EditionNone { .. } => SetupErrorKind::Conflict,
            NotInConclaves { .. } | Copies { .. } | NoWorkshop { .. } => SetupErrorKind::Components,
            StackedTwice { .. } => SetupErrorKind::Unreachable,
            LongWise { .. } => SetupErrorKind::CardData,
            _ => SetupErrorKind::BadValue,
        }
    }

    /// The problem as a message of the catalog, with its values.
    pub fn message(&self) -> Message {
        use SetupProblem::*;
        match self {
            Players { players } => message!("setup-players", players = *players),
            Rules { rules } => message!("setup-rules", last = crate::setup::RULES, rules = *rules),
            SetsBaseFirst { sets } => message!("setup-sets-base-first", sets = sets.as_str()),
            SetsRepeated { sets, set } => message!("setup-sets-repeated", sets = sets.as_str(), set = set.as_str()),
            ConclavesSets { sets } => message!("setup-conclaves-sets", sets = sets.as_str()),
            ConclaveUnknown { key, keys } => {
                message!("setup-conclave-unknown", key = key.as_str(), keys = keys.as_str())
            }
            ConclaveTwice { key } => message!("setup-conclave-twice", key = key.as_str()),
            ConclaveCount { n } => message!("setup-conclave-count", n = *n, pick = crate::conclaves::PICK),
            DraftTogether => message!("setup-draft-together"),
            LongWise { key } => message!("setup-long-wise", key = key.as_str()),
            AmuletsSet { sets, amulets } => message!("setup-amulets-set", sets = sets.as_str(), amulets = *amulets),
            LeadersCount { leaders, need, sets, have } => message!(
                "setup-leaders-count",
                leaders = leaders.name(),
                need = *need,
                sets = sets.as_str(),
                have = *have
            ),
            LeadersBlank => message!("setup-leaders-blank"),
            EditionSets { sets } => message!("setup-edition-sets", sets = sets.as_str()),
            EditionNone { edition, name } => message!("setup-edition-none", edition = edition.as_str(), name = *name),
            Start { start, players } => message!("setup-start", start = *start, players = *players),
            SeatCount { given, seats } => message!("setup-seat-count", given = *given, seats = *seats),
            CardCount { given, .. } => message!("setup-card-count", given = *given, cards = crate::state::NUM_CARDS),
            UnknownAdvancement { key, .. } => message!("setup-unknown-advancement", key = key.as_str()),
            UnknownVale { key, .. } => message!("setup-unknown-vale", key = key.as_str()),
            UnknownLeader { key, .. } => message!("setup-unknown-leader", key = key.as_str()),
            UnknownAmulet { key, .. } => message!("setup-unknown-amulet", key = key.as_str()),
            NoFreeSlot { card, .. } => message!("setup-no-free-slot", card = *card),
            SlotTaken { card, key, slot, .. } => {
                message!("setup-slot-taken", card = *card, key = key.as_str(), slot = slot.name())
            }
            CardOutOfRange { card, .. } => {
                message!("setup-card-out-of-range", card = *card, last = crate::state::NUM_CARDS - 1)
            }
            CardPlacedTwice { card, .. } => message!("setup-card-placed-twice", card = *card),
            CardNowhere { card, .. } => {
                message!("setup-card-nowhere", card = *card, last = crate::state::NUM_CARDS - 1)
            }
            LeaderCardNotBlank { .. } => message!("setup-leader-card", card = crate::state::NUM_CARDS - 1),
            WorkshopSize { given, most, .. } => message!("setup-workshop-size", given = *given, most = *most),
            CommonsRow { level, given } => message!("setup-commons-row", level = *level, given = *given, most = 3),
            ValeRow { level, given } => message!("setup-vale-row", level = *level, given = *given, most = 4),
            SoilSupply { slot, n, most } => message!("setup-soil", slot = slot.name(), n = *n, most = *most),
            StartingCommon { key } => message!("setup-starting-common", key = key.as_str()),
            CommonLevel { key, level, row } => {
                message!("setup-common-level", key = key.as_str(), level = *level, row = *row)
            }
            DeckLevel { key, level, deck } => {
                message!("setup-deck-level", key = key.as_str(), level = *level, deck = *deck)
            }
            ValeLevel { key, level, row } => {
                message!("setup-vale-level", key = key.as_str(), level = *level, row = *row)
            }
            NotInConclaves { key, .. } => message!("setup-not-in-conclaves", key = key.as_str()),
            EmptyPool => message!("setup-empty-pool"),
            VpOverflow { total } => message!("setup-vp-overflow", total = *total, most = u16::MAX),
            Copies { key, total, copies, .. } => {
                message!("setup-copies", key = key.as_str(), total = *total, copies = *copies)
            }
            StackedTwice { key } => message!("setup-stacked-twice", key = key.as_str()),
            NoWorkshop { .. } => message!("setup-no-workshop"),
            PoolOverBox { pool, most } => message!("setup-pool-over-box", pool = *pool, most = *most),
        }
    }
}

/// The refusal: its field, kind and message, and the English catalog's text for `Display`.
impl From<SetupProblem> for SetupError {
    fn from(p: SetupProblem) -> SetupError {
        let m = p.message();
        let english = crate::words::message_text(&m, Locale::En).unwrap_or_else(|| m.to_string());
        SetupError::of_kind(p.kind(), p.field(), english).with_words(m)
    }
}
