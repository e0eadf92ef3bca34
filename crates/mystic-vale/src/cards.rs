//! The card database: advancements, starting cards, the Fertile Soil supply, vales and leaders, loaded
//! from TOML and validated into compact tables. The base set (`data/base.toml`) is the core file; each
//! expansion is its own file (`data/wild.toml`, ...) whose cards are appended after the core's, so ids of
//! existing cards never shift. Every field of every card carries its provenance (`rulebook: <citation>`,
//! `fan: <file>`, `provisional: <why>`); validation errors name the file, the line and the field.
//!
//! An ability is data: a [`Timing`] (when it acts), an [`Effect`] primitive (what it does), an amount,
//! a [`Reward`] and a [`Count`] (what the amount is multiplied by). No card title appears in the rules.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, Weak};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sylvan_engine::carddata::{Provenance, Source};
use sylvan_engine::{Message, message};

use crate::words::data_problem;

use crate::amulets::{Amulet, Evoke, Window};

/// The embedded core set (the base game, with the starting cards and the Fertile Soil supply).
pub const BASE_TOML: &str = include_str!("../data/base.toml");
/// The embedded Vale of the Wild set.
pub const WILD_TOML: &str = include_str!("../data/wild.toml");
/// The embedded Vale of Magic set.
pub const MAGIC_TOML: &str = include_str!("../data/magic.toml");
/// The embedded Mana Storm set (with the amulets).
pub const MANASTORM_TOML: &str = include_str!("../data/manastorm.toml");

/// The embedded expansion sets, by name: one line per set file.
pub const EXPANSIONS: &[(&str, &str)] = &[("wild", WILD_TOML), ("magic", MAGIC_TOML), ("manastorm", MANASTORM_TOML)];

/// A slot of a sleeve: advancements are printed in one of three fixed positions.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum Slot {
    /// The top third.
    Top,
    /// The middle third.
    Middle,
    /// The bottom third.
    Bottom,
}

impl Slot {
    /// Every slot, top to bottom.
    pub const ALL: [Slot; 3] = [Slot::Top, Slot::Middle, Slot::Bottom];
    /// Its name in notation and data files.
    pub fn name(self) -> &'static str {
        ["top", "middle", "bottom"][self as usize]
    }
}

/// A spirit symbol.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum Spirit {
    /// Animal spirit.
    Animal,
    /// Forest spirit.
    Forest,
    /// Sky spirit.
    Sky,
    /// Wild spirit: counts as any spirit.
    Wild,
}

impl Spirit {
    /// Every spirit, in table order.
    pub const ALL: [Spirit; 4] = [Spirit::Animal, Spirit::Forest, Spirit::Sky, Spirit::Wild];
    /// Its name in notation.
    pub fn name(self) -> &'static str {
        ["animal", "forest", "sky", "wild"][self as usize]
    }
    /// Reads a name.
    pub fn parse(s: &str) -> Option<Spirit> {
        Spirit::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// Defines a fieldless `#[repr(u8)]` enum with `ALL`, `COUNT`, its data-file names, `name`, `parse`
/// and `bit`.
macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:literal,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
        #[repr(u8)]
        pub enum $name { $($(#[$vm])* $v,)* }
        impl $name {
            /// Every value, in table order.
            pub const ALL: &'static [$name] = &[$($name::$v,)*];
            /// How many values.
            pub const COUNT: usize = $name::ALL.len();
            /// Its name in data files.
            pub fn name(self) -> &'static str {
                [$($s,)*][self as usize]
            }
            /// Reads a data-file name.
            pub fn parse(s: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|x| x.name() == s)
            }
            /// Its bit in a set of these.
            #[inline]
            pub const fn bit(self) -> u32 {
                1 << self as u32
            }
        }
    };
}

named_enum! {
    /// When an ability acts.
    Timing {
        /// No ability.
        None = "none",
        /// When the card is played from on-deck into the field (not when revealed, not when moved there
        /// in the Harvest).
        WhenPlayed = "when-played",
        /// In the Harvest Phase, from the field (or an owned vale).
        Harvest = "harvest",
        /// Always: on its own card in every zone, or for a vale's owner.
        Ongoing = "ongoing",
        /// When a reveal would make its owner Spoil: instead of spoiling (field card, on-deck card or vale).
        WouldSpoil = "would-spoil",
        /// At the end of the game.
        EndOfGame = "end-of-game",
        /// After its card, on-deck, made its owner Spoil.
        OnSpoil = "on-spoil",
        /// In the Discard Phase.
        Discard = "discard",
        /// The moment it is bought.
        WhenBought = "when-bought",
        /// At any moment of its owner's turn, once per turn.
        AnyTime = "any-time",
        /// Each time its owner Evokes their mana token or amulet (EN:804).
        OnEvoke = "on-evoke",
        /// At a decision point of its owner's Planting Phase, once per turn (EN:1383).
        Planting = "planting",
    }
}

named_enum! {
    /// What an ability does: one primitive, parameterized by the ability's amount, reward and count.
    Effect {
        /// Nothing.
        None = "none",
        /// Gain `amount × count` of `reward`.
        Gain = "gain",
        /// Subtract `amount` from the Harvest's mana total (at least 0).
        ManaMinus = "mana-minus",
        /// Its card counts at most `amount` decay.
        CapDecay = "cap-decay",
        /// Its card counts `amount × count` more `reward` symbols.
        AddPer = "add-per",
        /// Every animal, forest and sky symbol on its card counts as wild.
        SpiritsToWild = "spirits-to-wild",
        /// VP that abilities on its card make you gain are doubled.
        DoubleAbilityVp = "double-ability-vp",
        /// Search the deck, may move one card to the discard pile, shuffle.
        SearchDeckDiscard = "search-deck-discard",
        /// May discard another card of the field.
        DiscardOtherField = "discard-other-field",
        /// Look at the top card of the deck, may discard it.
        LookTopDiscard = "look-top-discard",
        /// Discard the on-deck card and reveal another.
        DiscardOnDeck = "discard-on-deck",
        /// Its on-deck card does not make you Spoil.
        CancelSpoil = "cancel-spoil",
        /// Gain `amount` `reward`, then take an extra turn (at most one per round).
        ExtraTurn = "extra-turn",
        /// Its card goes face down under the deck instead of the discard pile.
        ToDeckBottom = "to-deck-bottom",
        /// Move cards from the top of the deck to the field until it holds `amount` cards.
        FillField = "fill-field",
        /// Pay `amount` mana, any number of times, for 1 `reward` each.
        Exchange = "exchange",
        /// A purchase declared for its card costs `amount` less.
        DiscountOnCard = "discount-on-card",
        /// `amount` VP to the player with strictly the most of `count`.
        MostAmong = "most-among",
        /// Pay `amount` mana: one animal, forest or sky symbol counts as wild this turn.
        ConvertToWild = "convert-to-wild",
        /// A chosen field or on-deck card counts `amount` more guardians this turn.
        PlusGuardian = "plus-guardian",
        /// A chosen field or on-deck card counts no decay until the next Discard Phase.
        CancelDecayOn = "cancel-decay-on",
        /// One level-`amount` advancement bought this turn costs 0.
        FreeBuy = "free-buy",
        /// A chosen field card stays as the leftmost card of the next field.
        KeepInField = "keep-in-field",
        /// Move an advancement from a field card to another field card (sleeving rules apply).
        MoveAdvancement = "move-advancement",
        /// The Harvest's mana from symbols and abilities, and the mana token spent in it, count `amount`
        /// times (resolved after the other harvest abilities).
        MultiplyMana = "multiply-mana",
        /// A face-down (used) mana token turns face up (active).
        RefreshToken = "refresh-token",
        /// Move `amount × count` cards from the top of the deck to the right end of the field.
        DeckToField = "deck-to-field",
        /// A chosen field or on-deck card counts none of its decay but a Cursed Land's until the next
        /// Prep Phase.
        CancelDecayCard = "cancel-decay-card",
        /// A unique effect: the module named by the ability's `module` ([`crate::effects::MODULES`]).
        Unique = "unique",
        /// The end-of-game VP of every advancement the owner has count `amount` times (vales, leaders
        /// and amulets do not).
        MultiplyEndVp = "multiply-end-vp",
    }
}

named_enum! {
    /// What an ability's amount is multiplied by.
    Count {
        /// Once.
        One = "one",
        /// Guardian symbols on the ability's card (printed, plus temporary ones).
        GuardiansOnCard = "guardians-on-card",
        /// Cards in the field, halved (rounded down).
        FieldPairs = "field-pairs",
        /// Other cards in the field.
        OtherFieldCards = "other-field-cards",
        /// 7 minus the cards in the field (at least 0).
        FieldShortfall = "field-shortfall",
        /// Printed symbols on the card, text effects ignored.
        PrintedSymbolsOnCard = "printed-symbols-on-card",
        /// Printed decay on all the player's cards, cancelled ones included.
        DecayOwned = "decay-owned",
        /// Printed decay on the field's cards, cancelled ones included.
        DecayField = "decay-field",
        /// Mana available now, halved (rounded down).
        ManaPairs = "mana-pairs",
        /// Vales the player owns (those bought this turn included).
        ValesOwned = "vales-owned",
        /// Guardian symbols printed on every advancement the player owns (covered ones excluded).
        GuardiansOwned = "guardians-owned",
        /// Mana printed on the field card with the most (the player's best choice of one card).
        MostManaOnFieldCard = "most-mana-on-a-field-card",
        /// Level-3 advancements the player owns (covered eclipse ones included).
        Level3Owned = "level-3-owned",
        /// Level-1 advancements on the ability's card (Fertile Soil included).
        Level1OnCard = "level-1-on-card",
        /// Totally blank cards in the field (no advancement, no leader).
        BlankFieldCards = "blank-field-cards",
        /// A step value of the totally blank cards the player owns: 0, 1-2, 3-4, 5-6, 7-8 give 0, 2, 3,
        /// 6, 13.
        BlankCardsOwnedSteps = "blank-cards-owned-steps",
    }
}

// Sets of these are `u32` bitsets.
const _: () = assert!(Timing::COUNT <= 32 && Effect::COUNT <= 32 && Count::COUNT <= 32);

/// What a gain gives, or which symbol an ability adds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum Reward {
    /// Nothing.
    None,
    /// Mana to spend this Harvest Phase.
    Mana,
    /// VP tokens from the pool.
    Vp,
    /// A wild spirit symbol for this Harvest Phase.
    Wild,
    /// Growth.
    Growth,
    /// A guardian symbol.
    Guardian,
    /// An animal spirit symbol.
    Animal,
    /// A forest spirit symbol.
    Forest,
    /// A sky spirit symbol.
    Sky,
    /// VP tokens from the box (they do not drain the pool).
    BoxVp,
}

impl Reward {
    const NAMES: [&'static str; 10] =
        ["none", "mana", "vp", "wild", "growth", "guardian", "animal", "forest", "sky", "box-vp"];
    const ALL: [Reward; 10] = [
        Reward::None,
        Reward::Mana,
        Reward::Vp,
        Reward::Wild,
        Reward::Growth,
        Reward::Guardian,
        Reward::Animal,
        Reward::Forest,
        Reward::Sky,
        Reward::BoxVp,
    ];

    /// Its name for people.
    pub fn name(self) -> &'static str {
        match self {
            Reward::None => "nothing",
            Reward::Mana => "mana",
            Reward::Vp => "VP",
            Reward::Wild => "wild spirit",
            Reward::Growth => "growth",
            Reward::Guardian => "guardian",
            Reward::Animal => "animal spirit",
            Reward::Forest => "forest spirit",
            Reward::Sky => "sky spirit",
            Reward::BoxVp => "VP from the box",
        }
    }

    /// The spirit it is, if it is one.
    pub fn spirit(self) -> Option<Spirit> {
        match self {
            Reward::Animal => Some(Spirit::Animal),
            Reward::Forest => Some(Spirit::Forest),
            Reward::Sky => Some(Spirit::Sky),
            Reward::Wild => Some(Spirit::Wild),
            _ => None,
        }
    }

    /// Reads a data-file name.
    pub fn parse(s: &str) -> Option<Reward> {
        Reward::NAMES.iter().position(|&n| n == s).map(|k| Reward::ALL[k])
    }

    /// Its data-file name.
    pub fn key(self) -> &'static str {
        Reward::NAMES[self as usize]
    }
}

/// One ability: when, what, how much, of what, times what.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Ability {
    /// When it acts.
    pub timing: Timing,
    /// What it does.
    pub effect: Effect,
    /// Its number.
    pub amount: u8,
    /// What it gives (or which symbol it adds).
    pub reward: Reward,
    /// What the amount is multiplied by.
    pub per: Count,
    /// For [`Effect::Unique`]: its index in [`crate::effects::MODULES`].
    pub module: u8,
}

impl Ability {
    /// No ability.
    pub const NONE: Ability = Ability {
        timing: Timing::None,
        effect: Effect::None,
        amount: 0,
        reward: Reward::None,
        per: Count::One,
        module: 0,
    };

    /// The timings an effect may have.
    pub fn allowed(effect: Effect) -> &'static [Timing] {
        use Effect as E;
        use Timing as T;
        match effect {
            E::None => &[T::None],
            E::Gain => &[T::Harvest, T::EndOfGame, T::WouldSpoil, T::Ongoing, T::WhenBought, T::WhenPlayed, T::OnEvoke],
            E::ManaMinus
            | E::FillField
            | E::Exchange
            | E::DiscountOnCard
            | E::ConvertToWild
            | E::FreeBuy
            | E::MoveAdvancement
            | E::MultiplyMana
            | E::DeckToField => &[T::Harvest],
            E::RefreshToken => &[T::WhenPlayed, T::WhenBought],
            E::CancelDecayCard => &[T::WouldSpoil],
            E::CapDecay | E::AddPer | E::SpiritsToWild | E::DoubleAbilityVp => &[T::Ongoing],
            E::SearchDeckDiscard | E::DiscardOtherField => &[T::WhenPlayed],
            E::LookTopDiscard => &[T::WhenPlayed, T::WhenBought],
            E::DiscardOnDeck => &[T::WouldSpoil, T::OnSpoil],
            E::CancelSpoil | E::CancelDecayOn => &[T::WouldSpoil],
            E::ExtraTurn => &[T::OnSpoil],
            E::ToDeckBottom => &[T::Discard],
            E::KeepInField => &[T::Discard, T::OnSpoil],
            E::MostAmong | E::MultiplyEndVp => &[T::EndOfGame],
            E::PlusGuardian => &[T::AnyTime],
            E::Unique => Timing::ALL,
        }
    }
}

/// The printed symbols of one advancement (or leader side).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Symbols {
    /// Mana.
    pub mana: u8,
    /// Decay.
    pub decay: u8,
    /// Growth.
    pub growth: u8,
    /// Spirits: animal, forest, sky, wild.
    pub spirits: [u8; 4],
    /// Guardians.
    pub guardian: u8,
    /// VP on the left, gained each harvest.
    pub vp_harvest: u8,
    /// VP on the right, at the end of the game (negative: subtracted, EN:858).
    pub vp_end: i8,
}

impl Symbols {
    /// The number of printed symbols Gaia's Chosen counts (mana, decay, growth, spirits, guardians).
    pub fn counted(&self) -> u8 {
        self.mana
            .saturating_add(self.decay)
            .saturating_add(self.growth)
            .saturating_add(self.spirits.iter().fold(0u8, |a, &b| a.saturating_add(b)))
            .saturating_add(self.guardian)
    }
}

/// One advancement title.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advancement {
    /// A short stable key (`podlings`).
    pub key: String,
    /// The English title.
    pub title: String,
    /// The set (`base`, `starting`, `wild`).
    pub set: String,
    /// Level 1-3 (Fertile Soil 1; Cursed Land 0).
    pub level: u8,
    /// Copies in the set.
    pub copies: u8,
    /// Its slot.
    pub slot: Slot,
    /// Cost in mana.
    pub cost: u8,
    /// Printed symbols.
    pub symbols: Symbols,
    /// Its ability.
    pub ability: Ability,
    /// Whether the ability runs long-wise (may be covered by another long-wise ability).
    pub long_wise: bool,
    /// An eclipse advancement: may be covered, never covers (EN:773-783).
    pub eclipse: bool,
    /// Provenance of each field.
    pub source: BTreeMap<String, String>,
}

impl Advancement {
    /// The value of data field `f`, as written in a card file.
    pub fn field_value(&self, f: &str) -> String {
        let s = &self.symbols;
        match f {
            "level" => self.level.to_string(),
            "copies" | "per_deck" => self.copies.to_string(),
            "slot" => self.slot.name().to_string(),
            "slots" => "by slot".into(),
            "cost" => self.cost.to_string(),
            "mana" => s.mana.to_string(),
            "decay" => s.decay.to_string(),
            "growth" => s.growth.to_string(),
            "animal" => s.spirits[0].to_string(),
            "forest" => s.spirits[1].to_string(),
            "sky" => s.spirits[2].to_string(),
            "wild" => s.spirits[3].to_string(),
            "guardian" => s.guardian.to_string(),
            "vp_harvest" => s.vp_harvest.to_string(),
            "vp_end" => s.vp_end.to_string(),
            "eclipse" => self.eclipse.to_string(),
            f => ability_field(&self.ability, f),
        }
    }
}

fn ability_field(a: &Ability, f: &str) -> String {
    match f {
        "timing" => a.timing.name().to_string(),
        "ability" => a.effect.name().to_string(),
        "amount" => a.amount.to_string(),
        "reward" | "gain" => a.reward.key().to_string(),
        "per" => a.per.name().to_string(),
        "module" => crate::effects::module(a.module).map_or("-", |m| m.key).to_string(),
        _ => "?".into(),
    }
}

/// One vale title.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Vale {
    /// A short stable key.
    pub key: String,
    /// The English title.
    pub title: String,
    /// The set.
    pub set: String,
    /// Level 1 or 2.
    pub level: u8,
    /// Copies.
    pub copies: u8,
    /// Cost in spirits: animal, forest, sky, any.
    pub cost: [u8; 4],
    /// End-of-game VP (may be negative in the expansions).
    pub vp: i8,
    /// Its ability.
    pub ability: Ability,
    /// Using the ability removes the vale from the game, with its VP.
    pub remove_self: bool,
    /// Advancement purchases it adds to the two of a Harvest Phase.
    pub extra_buy: u8,
    /// A player owns at most one vale with this ability.
    pub unique: bool,
    /// Using the ability puts the vale face down on top of the level-1 vale deck (with `remove_self`).
    pub to_deck: bool,
    /// Provenance of each field.
    pub source: BTreeMap<String, String>,
}

impl Vale {
    /// The value of data field `f`, as written in a card file.
    pub fn field_value(&self, f: &str) -> String {
        match f {
            "level" => self.level.to_string(),
            "copies" => self.copies.to_string(),
            "animal" => self.cost[0].to_string(),
            "forest" => self.cost[1].to_string(),
            "sky" => self.cost[2].to_string(),
            "any" => self.cost[3].to_string(),
            "vp" => self.vp.to_string(),
            "remove_self" => self.remove_self.to_string(),
            "extra_buy" => self.extra_buy.to_string(),
            "unique" => self.unique.to_string(),
            "to_deck" => self.to_deck.to_string(),
            f => ability_field(&self.ability, f),
        }
    }
}

/// One side of a leader card.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Face {
    /// Printed symbols.
    pub symbols: Symbols,
    /// Its ability.
    pub ability: Ability,
}

/// A leader (Vale of the Wild, Mana Storm): a card sleeved into a blank starting card, with a starting
/// and an upgraded side (EN:832-856). A card, not an advancement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leader {
    /// A short stable key.
    pub key: String,
    /// Its name.
    pub title: String,
    /// The set.
    pub set: String,
    /// Mana to turn it to its upgraded side (one of the Harvest's advancement buys).
    pub upgrade_cost: u8,
    /// The starting and the upgraded side.
    pub sides: [Face; 2],
    /// Provenance of each field.
    pub source: BTreeMap<String, String>,
}

impl Leader {
    /// Whether side `upgraded` plays with no ability while its provenance says that is provisional (no
    /// text in the books we have, or a text not played yet): only its provisional symbols count.
    pub fn symbols_only(&self, upgraded: bool) -> bool {
        let key = if upgraded { "up_ability" } else { "start_ability" };
        self.sides[usize::from(upgraded)].ability.effect == Effect::None
            && self.source.get(key).is_some_and(|s| s.starts_with("provisional"))
    }

    /// The value of data field `f`, as written in a card file.
    pub fn field_value(&self, f: &str) -> String {
        if f == "upgrade_cost" {
            return self.upgrade_cost.to_string();
        }
        let (side, rest) = match f.split_once('_') {
            Some(("start", r)) => (0, r),
            Some(("up", r)) => (1, r),
            _ => return "?".into(),
        };
        let face = &self.sides[side];
        let s = &face.symbols;
        match rest {
            "mana" => s.mana.to_string(),
            "decay" => s.decay.to_string(),
            "growth" => s.growth.to_string(),
            "animal" => s.spirits[0].to_string(),
            "forest" => s.spirits[1].to_string(),
            "sky" => s.spirits[2].to_string(),
            "wild" => s.spirits[3].to_string(),
            "guardian" => s.guardian.to_string(),
            "vp_harvest" => s.vp_harvest.to_string(),
            "vp_end" => s.vp_end.to_string(),
            r => ability_field(&face.ability, r),
        }
    }
}

/// A validated card database: the core set and the chosen expansions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardDb {
    /// Where it was loaded from (`<embedded base>` or a path, then `+set` per expansion).
    pub origin: String,
    /// The set names, comma-separated (`base`, `base,wild`).
    pub set: String,
    /// Advancement titles; ids index this table. The core file's come first (its starting Cursed Land
    /// and Fertile Soil and the buyable Fertile Soil after its own titles), then each expansion's.
    pub advancements: Vec<Advancement>,
    /// Vale titles, core first.
    pub vales: Vec<Vale>,
    /// Leaders (expansions only).
    pub leaders: Vec<Leader>,
    /// Amulets (Mana Storm only).
    pub amulets: Vec<Amulet>,
    /// Id of the Cursed Land advancement.
    pub cursed_land: u8,
    /// Id of the starting Fertile Soil advancement.
    pub starting_soil: u8,
    /// Ids of the buyable Fertile Soil, per slot.
    pub soil: [u8; 3],
    /// Buyable Fertile Soils per slot.
    pub soil_counts: [u8; 3],
    /// Cursed Lands per deck, per slot.
    pub cursed_slots: [u8; 3],
    /// Starting Fertile Soils per deck, per slot.
    pub starting_soil_slots: [u8; 3],
    /// Blank cards per deck.
    pub blanks: u8,
    /// A hash of the card data (every file's text), stored in records.
    pub content_hash: u64,
    /// The effects of every advancement and leader side ([`Effect::bit`]): rules the cards never need
    /// are skipped.
    pub card_effects: u32,
    /// Some advancement is an eclipse advancement.
    pub has_eclipse: bool,
    /// Compact copies of what the hot path reads of each advancement (indexed like `advancements`; one
    /// entry per `u8` id, so that reading one needs no bounds check; ids past the last unused).
    #[serde(skip)]
    pub hot_advs: Box<[HotAdv; 256]>,
    /// Compact copies of what the hot path reads of each vale (indexed like `vales`; one entry per `u8`
    /// id, ids past the last unused).
    #[serde(skip)]
    pub hot_vales: Box<[HotVale; 256]>,
    /// Some vale always gives its owner growth.
    #[serde(skip)]
    pub growth_vales: bool,
    /// The least total cost of a vale (255 with no vale): fewer spirits buy no vale (the vale listing's
    /// early exit).
    #[serde(skip)]
    pub min_vale_total: u8,
    /// The embedded conclaves checked against this database, worked out on first use and freed with
    /// the database ([`Conclaves::for_db`](crate::conclaves::Conclaves::for_db)).
    #[serde(skip)]
    pub(crate) conclaves: ConclavesSlot,
    /// The decks a game without conclaves starts from, before its shuffles, built on first use
    /// ([`MysticVale::deal`](crate::state::MysticVale::deal)).
    #[serde(skip)]
    pub(crate) start_decks: DecksSlot,
    /// The totals of the starting cards (no leader side), computed on first use
    /// ([`MysticVale::deal`](crate::state::MysticVale::deal)).
    #[serde(skip)]
    pub(crate) start_stats: StatsSlot,
}

/// The advancement decks (levels 1 to 3) and vale decks (levels 1 and 2) before any shuffle.
pub(crate) type StartDecks = ([Vec<u8>; 3], [Vec<u8>; 2]);

/// A database's own cache of something derived from its content (its conclaves, its starting decks,
/// its starting cards' totals), worked out on first use and freed with the database. A clone starts
/// empty and every slot compares equal: it is derived from the database, not part of it.
pub(crate) struct DerivedSlot<T>(pub(crate) OnceLock<T>);

impl<T> Default for DerivedSlot<T> {
    fn default() -> Self {
        DerivedSlot(OnceLock::new())
    }
}

impl<T> Clone for DerivedSlot<T> {
    fn clone(&self) -> Self {
        DerivedSlot::default()
    }
}

impl<T> PartialEq for DerivedSlot<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> fmt::Debug for DerivedSlot<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.get().is_some() { "DerivedSlot(worked out)" } else { "DerivedSlot(empty)" })
    }
}

/// The embedded conclaves checked against a database (or why they do not fit it).
pub(crate) type ConclavesSlot = DerivedSlot<Result<Arc<crate::conclaves::Conclaves>, CardError>>;

/// The decks a game without conclaves starts from (they depend on the database only).
pub(crate) type DecksSlot = DerivedSlot<StartDecks>;

/// The starting cards' totals (they depend on the database only).
pub(crate) type StatsSlot = DerivedSlot<[crate::state::CardStats; crate::state::NUM_CARDS]>;

/// The fields of an advancement the rules engine reads on every move, packed together.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HotAdv {
    /// Its slot.
    pub slot: Slot,
    /// Its cost.
    pub cost: u8,
    /// Its ability.
    pub ability: Ability,
    /// An eclipse advancement.
    pub eclipse: bool,
    /// Its level.
    pub level: u8,
    /// Its printed symbols.
    pub symbols: Symbols,
    /// Its kind of place as one bit, `1 << (2 * slot + eclipse)` (0 for an unused id): tested against
    /// [`MysticVale::purchase_room_bits`](crate::state::MysticVale::purchase_room_bits) by the purchase
    /// listing.
    pub room_bit: u8,
}

impl HotAdv {
    /// The bit of a purchase's kind of place in a slot: `1 << (2 * slot + eclipse)`.
    pub const fn room_bit_of(slot: Slot, eclipse: bool) -> u8 {
        1 << (2 * slot as u8 + eclipse as u8)
    }

    /// The entry of an unused id (such as [`EMPTY`](crate::state::EMPTY)): costs more than any mana pays,
    /// does nothing.
    pub const UNUSED: HotAdv = HotAdv {
        slot: Slot::Top,
        cost: u8::MAX,
        ability: Ability::NONE,
        eclipse: false,
        level: 0,
        symbols: Symbols { mana: 0, decay: 0, growth: 0, spirits: [0; 4], guardian: 0, vp_harvest: 0, vp_end: 0 },
        room_bit: 0,
    };
}

/// The fields of a vale the rules engine reads on every move, packed together.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HotVale {
    /// Its cost (animal, forest, sky, any).
    pub cost: [u8; 4],
    /// Its total cost.
    pub total: u8,
    /// Its ability.
    pub ability: Ability,
    /// Using it removes it from the game.
    pub remove_self: bool,
    /// Extra advancement purchases.
    pub extra_buy: u8,
    /// At most one per player.
    pub unique: bool,
    /// Using it puts it on top of the level-1 vale deck.
    pub to_deck: bool,
    /// Growth it always gives its owner (an ongoing growth gain), else 0.
    pub growth: u8,
}

impl HotVale {
    /// The entry of an unused id: costs more than any spirits pay, does nothing.
    pub const UNUSED: HotVale = HotVale {
        cost: [u8::MAX; 4],
        total: u8::MAX,
        ability: Ability::NONE,
        remove_self: false,
        extra_buy: 0,
        unique: false,
        to_deck: false,
        growth: 0,
    };
}

/// A card file that does not validate: names the file, line and field (the engine's one card-data error).
pub use sylvan_engine::carddata::DataError as CardError;

type Raw = BTreeMap<String, toml::Value>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    set: Option<String>,
    #[serde(default)]
    advancement: Vec<toml::Spanned<Raw>>,
    #[serde(default)]
    starting: Vec<toml::Spanned<Raw>>,
    #[serde(default)]
    soil: Vec<toml::Spanned<Raw>>,
    #[serde(default)]
    vale: Vec<toml::Spanned<Raw>>,
    #[serde(default)]
    leader: Vec<toml::Spanned<Raw>>,
    #[serde(default)]
    amulet: Vec<toml::Spanned<Raw>>,
}

struct Ctx<'a> {
    src: Source<'a>,
}

impl Ctx<'_> {
    /// An error on `field` of the table at `span`: at the line of `field = `, else the table's line.
    fn err(&self, span: &std::ops::Range<usize>, key: &str, field: String, message: Message) -> CardError {
        self.src.error_in(span, key, field, "").with_problem(data_problem(message))
    }
}

struct Card<'a, 'b> {
    ctx: &'a Ctx<'b>,
    raw: &'a Raw,
    span: std::ops::Range<usize>,
    kind: &'static str,
    index: usize,
}

impl Card<'_, '_> {
    fn name(&self, f: &str) -> String {
        format!("{}[{}].{f}", self.kind, self.index)
    }
    fn err(&self, f: &str, m: Message) -> CardError {
        self.ctx.err(&self.span, f, self.name(f), m)
    }
    fn str(&self, f: &str) -> Result<String, CardError> {
        match self.raw.get(f) {
            Some(toml::Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(self.err(f, Message::new("mv-data-string"))),
            None => Err(self.err(f, Message::new("mv-data-missing"))),
        }
    }
    /// A key: a non-empty word with no space, comma or control character (keys are written in setups,
    /// notations and comma-separated lists).
    fn key(&self, f: &str) -> Result<String, CardError> {
        let k = self.str(f)?;
        if k.is_empty() || k.chars().any(|c| c.is_whitespace() || c.is_control() || c == ',') {
            return Err(self.err(f, Message::new("mv-data-key")));
        }
        Ok(k)
    }
    /// The card's `set`, which may not contradict the file's `set` header.
    fn set(&self, header: Option<&str>) -> Result<String, CardError> {
        let set = self.opt_str("set")?;
        if let Some(h) = header
            && !set.is_empty()
            && set != h
        {
            let (set, header) = (sylvan_engine::carddata::short(&set), sylvan_engine::carddata::short(h));
            return Err(self.err("set", message!("mv-data-set-header", set = set, header = header)));
        }
        Ok(set)
    }
    fn opt_str(&self, f: &str) -> Result<String, CardError> {
        if self.raw.contains_key(f) { self.str(f) } else { Ok(String::new()) }
    }
    fn int(&self, f: &str, lo: i64, hi: i64) -> Result<i64, CardError> {
        match self.raw.get(f) {
            Some(toml::Value::Integer(v)) if (lo..=hi).contains(v) => Ok(*v),
            Some(toml::Value::Integer(v)) => Err(self.err(f, message!("mv-data-range", value = *v, lo = lo, hi = hi))),
            Some(_) => Err(self.err(f, Message::new("mv-data-integer"))),
            None => Err(self.err(f, Message::new("mv-data-missing"))),
        }
    }
    fn u8(&self, f: &str, hi: i64) -> Result<u8, CardError> {
        Ok(self.int(f, 0, hi)? as u8)
    }
    fn triple(&self, f: &str) -> Result<[u8; 3], CardError> {
        match self.raw.get(f) {
            Some(toml::Value::Array(a)) if a.len() == 3 => {
                let mut out = [0; 3];
                for (i, v) in a.iter().enumerate() {
                    match v {
                        toml::Value::Integer(x) if (0..=40).contains(x) => out[i] = *x as u8,
                        _ => return Err(self.err(f, Message::new("mv-data-triple-range"))),
                    }
                }
                Ok(out)
            }
            Some(_) => Err(self.err(f, Message::new("mv-data-triple"))),
            None => Err(self.err(f, Message::new("mv-data-missing"))),
        }
    }
    /// Checks every field has a provenance and nothing unknown is present; returns the sources.
    /// `optional` fields need a provenance only when present.
    fn sources(
        &self,
        fields: &[&str],
        optional: &[&str],
        meta: &[&str],
    ) -> Result<BTreeMap<String, String>, CardError> {
        let known = |k: &str| fields.contains(&k) || optional.contains(&k);
        for k in self.raw.keys() {
            if !known(k.as_str()) && !meta.contains(&k.as_str()) && k != "source" {
                return Err(self.err(k, message!("mv-data-unknown-field", known = fields.join(", "))));
            }
        }
        let src = match self.raw.get("source") {
            Some(toml::Value::Table(t)) => t,
            Some(_) => return Err(self.err("source", Message::new("mv-data-source-table"))),
            None => return Err(self.err("source", Message::new("mv-data-source-missing"))),
        };
        let mut out = BTreeMap::new();
        let present = optional.iter().filter(|f| self.raw.contains_key(**f));
        for &f in fields.iter().chain(present) {
            let Some(v) = src.get(f) else {
                return Err(self.err(f, message!("mv-data-no-provenance", field = f, kind = self.kind)));
            };
            let Some(s) = v.as_str() else { return Err(self.err(f, Message::new("mv-data-provenance-string"))) };
            if let Err(p) = Provenance::read(s) {
                return Err(self.ctx.src.error_in(&self.span, f, self.name(f), "").with_problem(p));
            }
            out.insert(f.to_owned(), s.to_owned());
        }
        for k in src.keys() {
            if !out.contains_key(k) {
                return Err(self.err(k, Message::new("mv-data-provenance-unknown")));
            }
        }
        Ok(out)
    }
}

const ADV_FIELDS: &[&str] = &[
    "level",
    "copies",
    "slot",
    "cost",
    "mana",
    "decay",
    "growth",
    "animal",
    "forest",
    "sky",
    "wild",
    "guardian",
    "vp_harvest",
    "vp_end",
    "timing",
    "ability",
    "per",
    "amount",
    "reward",
];
const ADV_OPTIONAL: &[&str] = &["eclipse", "module"];
const VALE_FIELDS: &[&str] =
    &["level", "copies", "animal", "forest", "sky", "any", "vp", "timing", "ability", "per", "gain", "amount"];
const VALE_OPTIONAL: &[&str] = &["remove_self", "extra_buy", "unique", "module", "to_deck"];
const SIDE_SYMBOLS: &[&str] =
    &["mana", "decay", "growth", "animal", "forest", "sky", "wild", "guardian", "vp_harvest", "vp_end"];
/// `french` is the base set's French titles as first written: the files keep it (a record names the
/// hash of their text) but the words read titles from `i18n/<code>/cards.toml`, so it is accepted and
/// not read.
const META: &[&str] = &["key", "title", "french", "set", "long_wise"];

/// The effects the rules implement. A card file naming another is rejected.
pub const SUPPORTED: u32 = {
    use Effect as E;
    E::None.bit()
        | E::Gain.bit()
        | E::ManaMinus.bit()
        | E::CapDecay.bit()
        | E::AddPer.bit()
        | E::SearchDeckDiscard.bit()
        | E::DiscardOtherField.bit()
        | E::LookTopDiscard.bit()
        | E::DiscardOnDeck.bit()
        | E::DiscountOnCard.bit()
        | E::ConvertToWild.bit()
        | E::PlusGuardian.bit()
        | E::Unique.bit()
        | E::SpiritsToWild.bit()
        | E::DoubleAbilityVp.bit()
        | E::CancelSpoil.bit()
        | E::ExtraTurn.bit()
        | E::ToDeckBottom.bit()
        | E::FillField.bit()
        | E::Exchange.bit()
        | E::MostAmong.bit()
        | E::CancelDecayOn.bit()
        | E::FreeBuy.bit()
        | E::KeepInField.bit()
        | E::MoveAdvancement.bit()
        | E::MultiplyMana.bit()
        | E::RefreshToken.bit()
        | E::DeckToField.bit()
        | E::CancelDecayCard.bit()
        | E::MultiplyEndVp.bit()
};

/// The effects only a vale may have (they act from the player's vales).
pub const VALE_ONLY: u32 = {
    use Effect as E;
    E::ConvertToWild.bit()
        | E::PlusGuardian.bit()
        | E::CancelDecayOn.bit()
        | E::FreeBuy.bit()
        | E::MoveAdvancement.bit()
        | E::CancelDecayCard.bit()
        | E::MultiplyEndVp.bit()
};

/// The effects only a card (advancement or leader side) may have (they act from their card).
pub const CARD_ONLY: u32 = {
    use Effect as E;
    E::ManaMinus.bit()
        | E::CapDecay.bit()
        | E::AddPer.bit()
        | E::SpiritsToWild.bit()
        | E::DoubleAbilityVp.bit()
        | E::SearchDeckDiscard.bit()
        | E::DiscardOtherField.bit()
        | E::CancelSpoil.bit()
        | E::ExtraTurn.bit()
        | E::ToDeckBottom.bit()
        | E::FillField.bit()
        | E::Exchange.bit()
        | E::DiscountOnCard.bit()
        | E::MultiplyMana.bit()
        | E::DeckToField.bit()
};

/// The cards of one file before they are merged into a database.
struct Parsed {
    set: Option<String>,
    advancements: Vec<Advancement>,
    vales: Vec<Vale>,
    leaders: Vec<Leader>,
    amulets: Vec<Amulet>,
    /// Core files only: the starting cards and the Fertile Soil supply.
    core: Option<Core>,
}

struct Core {
    starting: Vec<(Advancement, [u8; 3])>,
    soil: (Advancement, [u8; 3]),
}

impl Card<'_, '_> {
    fn flag(&self, f: &str) -> Result<bool, CardError> {
        match self.raw.get(f) {
            None => Ok(false),
            Some(toml::Value::Boolean(b)) => Ok(*b),
            Some(_) => Err(self.err(f, Message::new("mv-data-bool"))),
        }
    }

    fn opt_u8(&self, f: &str, hi: i64) -> Result<u8, CardError> {
        if self.raw.contains_key(f) { self.u8(f, hi) } else { Ok(0) }
    }

    /// An ability from the fields `<prefix>timing`, `ability`, `amount`, `reward` (or `gain`), `per`.
    fn ability(&self, prefix: &str, reward_field: &str) -> Result<Ability, CardError> {
        let ab = self.ability_any(prefix, reward_field)?;
        let vale = self.kind == "vale";
        let wrong = if vale { CARD_ONLY } else { VALE_ONLY };
        if wrong & ab.effect.bit() != 0 {
            let m = message!(
                "mv-data-ability-place",
                ability = ab.effect.name(),
                place = if vale { "card" } else { "vale" }
            );
            return Err(self.err(&format!("{prefix}ability"), m));
        }
        Ok(ab)
    }

    fn ability_any(&self, prefix: &str, reward_field: &str) -> Result<Ability, CardError> {
        let f = |s: &str| format!("{prefix}{s}");
        let t = self.str(&f("timing"))?;
        let Some(timing) = Timing::parse(&t) else {
            let all: Vec<&str> = Timing::ALL.iter().map(|x| x.name()).collect();
            return Err(self.err(&f("timing"), message!("mv-data-timing", timing = t.as_str(), known = all.join(", "))));
        };
        let e = self.str(&f("ability"))?;
        let Some(effect) = Effect::parse(&e) else {
            let all: Vec<&str> = Effect::ALL.iter().map(|x| x.name()).collect();
            return Err(
                self.err(&f("ability"), message!("mv-data-ability", ability = e.as_str(), known = all.join(", ")))
            );
        };
        if SUPPORTED & effect.bit() == 0 {
            return Err(self.err(&f("ability"), message!("mv-data-ability-missing", ability = e.as_str())));
        }
        if !Ability::allowed(effect).contains(&timing) {
            let ok: Vec<&str> = Ability::allowed(effect).iter().map(|x| x.name()).collect();
            return Err(self.err(
                &f("timing"),
                message!("mv-data-acts", ability = e.as_str(), ok = ok.join(" / "), timing = t.as_str()),
            ));
        }
        let r = self.str(&f(reward_field))?;
        let Some(reward) = Reward::parse(&r) else {
            return Err(self.err(
                &f(reward_field),
                message!("mv-data-reward", reward = r.as_str(), known = Reward::NAMES.join(", ")),
            ));
        };
        let p = self.str(&f("per"))?;
        let Some(per) = Count::parse(&p) else {
            let all: Vec<&str> = Count::ALL.iter().map(|x| x.name()).collect();
            return Err(self.err(&f("per"), message!("mv-data-count", count = p.as_str(), known = all.join(", "))));
        };
        let amount = self.u8(&f("amount"), 9)?;
        if effect == Effect::Exchange && amount == 0 {
            return Err(self.err(&f("amount"), Message::new("mv-data-exchange")));
        }
        let mut module = 0;
        if effect == Effect::Unique {
            let m = self.str(&f("module"))?;
            let Some(k) = crate::effects::MODULES.iter().position(|x| x.key == m) else {
                let all: Vec<&str> = crate::effects::MODULES.iter().map(|x| x.key).collect();
                return Err(
                    self.err(&f("module"), message!("mv-data-module", module = m.as_str(), known = all.join(", ")))
                );
            };
            let allowed = crate::effects::MODULES[k].timings;
            if !allowed.contains(&timing) {
                let ok: Vec<&str> = allowed.iter().map(|x| x.name()).collect();
                return Err(self.err(
                    &f("timing"),
                    message!("mv-data-module-acts", module = m.as_str(), ok = ok.join(" / "), timing = t.as_str()),
                ));
            }
            module = k as u8;
        } else if self.raw.contains_key(&f("module")) {
            return Err(self.err(&f("module"), Message::new("mv-data-module-unique")));
        }
        Ok(Ability { timing, effect, amount, reward, per, module })
    }

    fn symbols(&self, prefix: &str, required: bool) -> Result<Symbols, CardError> {
        let f = |s: &str| format!("{prefix}{s}");
        let g = |s: &str, hi: i64| if required { self.u8(&f(s), hi) } else { self.opt_u8(&f(s), hi) };
        let vp_end =
            if required || self.raw.contains_key(&f("vp_end")) { self.int(&f("vp_end"), -60, 60)? as i8 } else { 0 };
        Ok(Symbols {
            mana: g("mana", 9)?,
            decay: g("decay", 9)?,
            growth: g("growth", 9)?,
            spirits: [g("animal", 9)?, g("forest", 9)?, g("sky", 9)?, g("wild", 9)?],
            guardian: g("guardian", 9)?,
            vp_harvest: g("vp_harvest", 9)?,
            vp_end,
        })
    }
}

fn parse_file(file: &str, text: &str, core: bool) -> Result<Parsed, CardError> {
    let ctx = Ctx { src: Source::new(file, text) };
    let raw: RawFile = ctx.src.parse()?;
    let top = |m: &'static str| CardError::new(file, 1, "-", "").with_problem(data_problem(Message::new(m)));
    let mut out = Parsed {
        set: raw.set.clone(),
        advancements: Vec::new(),
        vales: Vec::new(),
        leaders: Vec::new(),
        amulets: Vec::new(),
        core: None,
    };
    for (i, sp) in raw.advancement.iter().enumerate() {
        let c = Card { ctx: &ctx, raw: sp.get_ref(), span: sp.span(), kind: "advancement", index: i };
        let source = c.sources(ADV_FIELDS, ADV_OPTIONAL, META)?;
        let slot = match c.str("slot")?.as_str() {
            "top" => Slot::Top,
            "middle" => Slot::Middle,
            "bottom" => Slot::Bottom,
            s => return Err(c.err("slot", message!("mv-data-slot", slot = s))),
        };
        let level = c.u8("level", 3)?;
        if level == 0 {
            return Err(c.err("level", Message::new("mv-data-advancement-level")));
        }
        let copies = c.u8("copies", 30)?;
        if copies == 0 {
            return Err(c.err("copies", Message::new("mv-data-copies")));
        }
        out.advancements.push(Advancement {
            key: c.key("key")?,
            title: c.str("title")?,
            set: c.set(raw.set.as_deref())?,
            level,
            copies,
            slot,
            cost: c.u8("cost", 20)?,
            symbols: c.symbols("", true)?,
            ability: c.ability("", "reward")?,
            long_wise: c.flag("long_wise")?,
            eclipse: c.flag("eclipse")?,
            source,
        });
    }
    for (i, sp) in raw.vale.iter().enumerate() {
        let c = Card { ctx: &ctx, raw: sp.get_ref(), span: sp.span(), kind: "vale", index: i };
        let source = c.sources(VALE_FIELDS, VALE_OPTIONAL, META)?;
        let level = c.u8("level", 2)?;
        if level == 0 {
            return Err(c.err("level", Message::new("mv-data-vale-level")));
        }
        let copies = c.u8("copies", 30)?;
        if copies == 0 {
            return Err(c.err("copies", Message::new("mv-data-copies")));
        }
        out.vales.push(Vale {
            key: c.key("key")?,
            title: c.str("title")?,
            set: c.set(raw.set.as_deref())?,
            level,
            copies,
            cost: [c.u8("animal", 9)?, c.u8("forest", 9)?, c.u8("sky", 9)?, c.u8("any", 9)?],
            vp: c.int("vp", -60, 60)? as i8,
            ability: c.ability("", "gain")?,
            remove_self: c.flag("remove_self")?,
            extra_buy: c.opt_u8("extra_buy", 2)?,
            unique: c.flag("unique")?,
            to_deck: c.flag("to_deck")?,
            source,
        });
    }
    for (i, sp) in raw.leader.iter().enumerate() {
        let c = Card { ctx: &ctx, raw: sp.get_ref(), span: sp.span(), kind: "leader", index: i };
        let mut required = vec!["upgrade_cost".to_owned()];
        let mut optional = Vec::new();
        for side in ["start_", "up_"] {
            for f in ["timing", "ability", "per", "amount", "reward"] {
                required.push(format!("{side}{f}"));
            }
            for f in SIDE_SYMBOLS.iter().chain(&["module"]) {
                optional.push(format!("{side}{f}"));
            }
        }
        let req: Vec<&str> = required.iter().map(String::as_str).collect();
        let opt: Vec<&str> = optional.iter().map(String::as_str).collect();
        let source = c.sources(&req, &opt, META)?;
        out.leaders.push(Leader {
            key: c.key("key")?,
            title: c.str("title")?,
            set: c.set(raw.set.as_deref())?,
            upgrade_cost: c.u8("upgrade_cost", 20)?,
            sides: [
                Face { symbols: c.symbols("start_", false)?, ability: c.ability("start_", "reward")? },
                Face { symbols: c.symbols("up_", false)?, ability: c.ability("up_", "reward")? },
            ],
            source,
        });
    }
    for (i, sp) in raw.amulet.iter().enumerate() {
        let c = Card { ctx: &ctx, raw: sp.get_ref(), span: sp.span(), kind: "amulet", index: i };
        let source = c.sources(&["vp", "window", "evoke", "amount", "reward"], &["must_push"], META)?;
        let w = c.str("window")?;
        let Some(window) = Window::parse(&w) else {
            return Err(c.err("window", message!("mv-data-window", window = w.as_str())));
        };
        let e = c.str("evoke")?;
        let Some(evoke) = Evoke::parse(&e) else {
            return Err(c.err("evoke", message!("mv-data-evoke", evoke = e.as_str())));
        };
        let r = c.str("reward")?;
        let Some(reward) = Reward::parse(&r) else {
            return Err(
                c.err("reward", message!("mv-data-reward", reward = r.as_str(), known = Reward::NAMES.join(", ")))
            );
        };
        out.amulets.push(Amulet {
            key: c.key("key")?,
            title: c.str("title")?,
            set: c.set(raw.set.as_deref())?,
            vp: c.int("vp", -20, 20)? as i8,
            window,
            evoke,
            amount: c.u8("amount", 9)?,
            reward,
            must_push: c.flag("must_push")?,
            source,
        });
    }
    if !core {
        if !raw.starting.is_empty() || !raw.soil.is_empty() {
            return Err(top("mv-data-expansion-core-tables"));
        }
        return Ok(out);
    }
    if !raw.leader.is_empty() || !raw.amulet.is_empty() {
        return Err(top("mv-data-core-leaders"));
    }
    let mut starting = Vec::new();
    for (i, sp) in raw.starting.iter().enumerate() {
        let c = Card { ctx: &ctx, raw: sp.get_ref(), span: sp.span(), kind: "starting", index: i };
        let source = c.sources(&["level", "per_deck", "slots", "mana", "decay"], &[], META)?;
        let slots = c.triple("slots")?;
        let per = c.u8("per_deck", 20)?;
        let sum: u32 = slots.iter().map(|&x| u32::from(x)).sum();
        if sum != u32::from(per) {
            return Err(c.err("slots", message!("mv-data-slots-per-deck", sum = sum, per = per)));
        }
        let key = c.str("key")?;
        if key != "cursed-land" && key != "fertile-soil" {
            return Err(c.err("key", message!("mv-data-starting-key", key = key.as_str())));
        }
        starting.push((
            Advancement {
                key,
                title: c.str("title")?,
                set: c.opt_str("set")?,
                level: c.u8("level", 3)?,
                copies: per,
                slot: Slot::Top,
                cost: 0,
                symbols: Symbols { mana: c.u8("mana", 9)?, decay: c.u8("decay", 9)?, ..Symbols::default() },
                ability: Ability::NONE,
                long_wise: false,
                eclipse: false,
                source,
            },
            slots,
        ));
    }
    if raw.soil.len() != 1 {
        return Err(top("mv-data-one-soil"));
    }
    let sp = &raw.soil[0];
    let c = Card { ctx: &ctx, raw: sp.get_ref(), span: sp.span(), kind: "soil", index: 0 };
    let source = c.sources(&["level", "copies", "slots", "cost", "mana"], &[], META)?;
    let slots = c.triple("slots")?;
    let copies = c.u8("copies", 60)?;
    if slots.iter().map(|&x| u32::from(x)).sum::<u32>() != u32::from(copies) {
        return Err(c.err("slots", Message::new("mv-data-slots-copies")));
    }
    let soil = Advancement {
        key: c.key("key")?,
        title: c.str("title")?,
        set: c.set(raw.set.as_deref())?,
        level: c.u8("level", 3)?,
        copies,
        slot: Slot::Top,
        cost: c.u8("cost", 20)?,
        symbols: Symbols { mana: c.u8("mana", 9)?, ..Symbols::default() },
        ability: Ability::NONE,
        long_wise: false,
        eclipse: false,
        source,
    };
    out.core = Some(Core { starting, soil: (soil, slots) });
    Ok(out)
}

/// 64-bit FNV-1a.
fn fnv1a(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

impl CardDb {
    /// Parses and validates a core card file (the base set, or a user's replacement); `file` names it
    /// in errors.
    pub fn parse(file: &str, text: &str) -> Result<CardDb, CardError> {
        CardDb::build((file, text), &[])
    }

    /// Parses and validates a core file and expansion files `(name, text)`, appended in order.
    pub fn build(core: (&str, &str), expansions: &[(&str, &str)]) -> Result<CardDb, CardError> {
        let (file, text) = core;
        let top = |m: Message| CardError::new(file, 1, "-", "").with_problem(data_problem(m));
        let mut parsed = parse_file(file, text, true)?;
        let Some(c) = parsed.core.take() else { return Err(top(Message::new("mv-data-not-core"))) };
        let mut sets = vec![parsed.set.clone().unwrap_or_else(|| "custom".into())];
        let mut db = CardDb {
            origin: file.to_owned(),
            set: String::new(),
            advancements: std::mem::take(&mut parsed.advancements),
            vales: std::mem::take(&mut parsed.vales),
            leaders: Vec::new(),
            amulets: Vec::new(),
            cursed_land: 0,
            starting_soil: 0,
            soil: [0; 3],
            soil_counts: [0; 3],
            cursed_slots: [0; 3],
            starting_soil_slots: [0; 3],
            blanks: 0,
            content_hash: 0,
            card_effects: 0,
            has_eclipse: false,
            hot_advs: Box::new([HotAdv::UNUSED; 256]),
            hot_vales: Box::new([HotVale::UNUSED; 256]),
            conclaves: ConclavesSlot::default(),
            start_decks: DecksSlot::default(),
            start_stats: StatsSlot::default(),
            growth_vales: false,
            min_vale_total: 0,
        };
        if db.advancements.is_empty() {
            return Err(top(Message::new("mv-data-no-advancement")));
        }
        // Starting cards.
        let mut blanks_left: i32 = 20;
        let mut seen = (false, false);
        for (adv, slots) in c.starting {
            blanks_left -= i32::from(adv.copies);
            let id = db.advancements.len() as u8;
            if adv.key == "cursed-land" {
                db.cursed_land = id;
                db.cursed_slots = slots;
                seen.0 = true;
            } else {
                db.starting_soil = id;
                db.starting_soil_slots = slots;
                seen.1 = true;
            }
            db.advancements.push(adv);
        }
        if seen != (true, true) || db.cursed_land == db.starting_soil {
            return Err(top(Message::new("mv-data-two-starting")));
        }
        if blanks_left < 0 {
            return Err(top(Message::new("mv-data-starting-20")));
        }
        db.blanks = blanks_left as u8;
        if db.cursed_slots.iter().map(|&x| u32::from(x)).sum::<u32>() < 3 {
            return Err(top(Message::new("mv-data-three-cursed")));
        }
        let (soil, slots) = c.soil;
        db.soil_counts = slots;
        for s in Slot::ALL {
            db.soil[s as usize] = db.advancements.len() as u8;
            db.advancements.push(Advancement {
                key: format!("{}-{}", soil.key, s.name()),
                copies: slots[s as usize],
                slot: s,
                ..soil.clone()
            });
        }
        for &(name, text) in expansions {
            let mut p = parse_file(name, text, false)?;
            // A key already in an earlier file: this file repeats it (issue 38: blame it, not the base).
            let repeated = p
                .advancements
                .iter()
                .map(|a| &a.key)
                .chain(p.vales.iter().map(|v| &v.key))
                .find(|k| db.advancements.iter().any(|a| &a.key == *k) || db.vales.iter().any(|v| &v.key == *k));
            if let Some(k) = repeated {
                let m = message!(
                    "mv-data-duplicate-key",
                    key = sylvan_engine::carddata::short(k),
                    file = db.origin.as_str()
                );
                return Err(CardError::new(name, 0, "key", "").with_problem(data_problem(m)));
            }
            if let Some(l) = p.leaders.iter().find(|l| db.leaders.iter().any(|x| x.key == l.key)) {
                let m = message!("mv-data-duplicate-leader", key = sylvan_engine::carddata::short(&l.key));
                return Err(CardError::new(name, 0, "key", "").with_problem(data_problem(m)));
            }
            sets.push(p.set.clone().unwrap_or_else(|| name.to_owned()));
            db.origin.push('+');
            db.origin.push_str(name);
            db.advancements.append(&mut p.advancements);
            db.vales.append(&mut p.vales);
            db.leaders.append(&mut p.leaders);
            db.amulets.append(&mut p.amulets);
        }
        db.set = sets.join(",");
        db.content_hash = content_hash(text, expansions);
        if db.advancements.len() > 250 {
            return Err(top(message!("mv-data-at-most", n = 250, kind = "advancement")));
        }
        if db.vales.len() > 120 {
            return Err(top(message!("mv-data-at-most", n = 120, kind = "vale")));
        }
        if db.leaders.len() > 32 {
            return Err(top(message!("mv-data-at-most", n = 32, kind = "leader")));
        }
        if db.amulets.len() > 16 {
            return Err(top(message!("mv-data-at-most", n = 16, kind = "amulet")));
        }
        let mut keys = std::collections::BTreeSet::new();
        for k in db.advancements.iter().map(|a| &a.key).chain(db.vales.iter().map(|v| &v.key)) {
            if !keys.insert(k.clone()) {
                return Err(top(message!("mv-data-duplicate", key = k.as_str())));
            }
        }
        keys.clear();
        for l in &db.leaders {
            if !keys.insert(l.key.clone()) {
                return Err(top(message!("mv-data-duplicate-leader-here", key = l.key.as_str())));
            }
        }
        for lvl in 1..=3 {
            if !db.advancements.iter().any(|a| a.level == lvl) {
                return Err(top(message!("mv-data-no-level", level = lvl, kind = "advancement")));
            }
        }
        for lvl in 1..=2 {
            if !db.vales.iter().any(|v| v.level == lvl) {
                return Err(top(message!("mv-data-no-level", level = lvl, kind = "vale")));
            }
        }
        db.has_eclipse = db.advancements.iter().any(|a| a.eclipse);
        db.card_effects = db
            .advancements
            .iter()
            .map(|a| a.ability.effect.bit())
            .chain(db.leaders.iter().flat_map(|l| l.sides.iter().map(|f| f.ability.effect.bit())))
            .fold(0, |m, b| m | b);
        for (h, a) in db.hot_advs.iter_mut().zip(&db.advancements) {
            *h = HotAdv {
                slot: a.slot,
                cost: a.cost,
                ability: a.ability,
                eclipse: a.eclipse,
                level: a.level,
                symbols: a.symbols,
                room_bit: HotAdv::room_bit_of(a.slot, a.eclipse),
            };
        }
        for (h, v) in db.hot_vales.iter_mut().zip(&db.vales) {
            *h = HotVale {
                cost: v.cost,
                total: v.cost.iter().sum(),
                ability: v.ability,
                remove_self: v.remove_self,
                extra_buy: v.extra_buy,
                unique: v.unique,
                to_deck: v.to_deck,
                growth: {
                    let a = v.ability;
                    let growth = a.timing == Timing::Ongoing && a.effect == Effect::Gain && a.reward == Reward::Growth;
                    if growth { a.amount } else { 0 }
                },
            };
        }
        db.growth_vales = db.hot_vales.iter().any(|v| v.growth > 0);
        db.min_vale_total = db.hot_vales.iter().map(|v| v.total).min().unwrap_or(u8::MAX);
        Ok(db)
    }

    /// The embedded base set.
    pub fn base() -> &'static CardDb {
        base_arc()
    }

    /// Loads and validates a core card file from disk.
    pub fn load(path: &str) -> Result<CardDb, CardError> {
        CardDb::parse(path, &read(path)?)
    }

    /// The base set with every embedded expansion.
    pub fn every_set() -> Result<CardDb, CardError> {
        CardDb::build(("<embedded data/base.toml>", BASE_TOML), EXPANSIONS)
    }

    /// Checks a card file: a core file (with `[[starting]]`), or an expansion file checked on top of
    /// the embedded base set.
    pub fn check(path: &str) -> Result<CardDb, CardError> {
        let text = read(path)?;
        if text.lines().any(|l| l.trim() == "[[starting]]") {
            CardDb::parse(path, &text)
        } else {
            CardDb::build(("<embedded data/base.toml>", BASE_TOML), &[(path, &text)])
        }
    }

    /// The advancement with id `id`.
    #[inline]
    pub fn adv(&self, id: u8) -> &Advancement {
        &self.advancements[id as usize]
    }

    /// The hot fields of advancement `id`.
    #[inline]
    pub fn hot(&self, id: u8) -> HotAdv {
        self.hot_advs[id as usize]
    }

    /// The hot fields of advancement `id`, by reference.
    #[inline]
    pub fn hot_ref(&self, id: u8) -> &HotAdv {
        &self.hot_advs[id as usize]
    }

    /// The hot fields of vale `id`, by reference.
    #[inline]
    pub fn hot_vale_ref(&self, id: u8) -> &HotVale {
        &self.hot_vales[id as usize]
    }

    /// The hot fields of vale `id`.
    #[inline]
    pub fn hot_vale(&self, id: u8) -> HotVale {
        self.hot_vales[id as usize]
    }

    /// The vale with id `id`.
    #[inline]
    pub fn vale(&self, id: u8) -> &Vale {
        &self.vales[id as usize]
    }

    /// The amulet with id `id`.
    #[inline]
    pub fn amulet(&self, id: u8) -> &Amulet {
        &self.amulets[id as usize]
    }

    /// The leader with id `id`.
    #[inline]
    pub fn leader(&self, id: u8) -> &Leader {
        &self.leaders[id as usize]
    }

    /// Counts of fields by provenance kind (`rulebook`, `fan`, `provisional`), per set.
    pub fn provenance_counts(&self) -> BTreeMap<(String, String), usize> {
        let mut m = BTreeMap::new();
        let mut add = |set: &str, src: &str| {
            let kind = src.split(':').next().unwrap_or("").trim().to_owned();
            *m.entry((set.to_owned(), kind)).or_insert(0) += 1;
        };
        let soil = self.soil[0];
        for (id, a) in self.advancements.iter().enumerate() {
            // The supply is one table in the file, three titles here.
            if self.soil.contains(&(id as u8)) && id as u8 != soil {
                continue;
            }
            for s in a.source.values() {
                add(&a.set, s);
            }
        }
        for v in &self.vales {
            for s in v.source.values() {
                add(&v.set, s);
            }
        }
        for l in &self.leaders {
            for s in l.source.values() {
                add(&l.set, s);
            }
        }
        for a in &self.amulets {
            for s in a.source.values() {
                add(&a.set, s);
            }
        }
        m
    }
}

fn read(path: &str) -> Result<String, CardError> {
    sylvan_engine::carddata::read_file(path)
}

/// The expansion sets an operator offers (`sylvan serve --cards-dir`), by set name.
static OFFERED: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

fn offered() -> std::sync::MutexGuard<'static, Vec<(String, String)>> {
    OFFERED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Offers the expansion file `text` as the set `name` (`sets=base,NAME`), without a path: a server's way
/// to let clients choose extra sets while card files stay forbidden
/// ([`forbid_files`](sylvan_engine::carddata::forbid_files)). The name is lowercase letters, digits and
/// `-`, not an embedded set's; the file is checked on top of the base set first.
pub fn offer_set(name: &str, text: &str) -> Result<(), CardError> {
    let bad = |m: &'static str| CardError::new(name, 0, "-", "").with_problem(data_problem(Message::new(m)));
    if name.is_empty()
        || name.len() > 40
        || !name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err(bad("mv-data-set-name"));
    }
    if matches!(name, "base" | "all") || EXPANSIONS.iter().any(|(n, _)| *n == name) {
        return Err(bad("mv-data-set-embedded"));
    }
    CardDb::build(("<embedded data/base.toml>", BASE_TOML), &[(name, text)])?;
    let mut list = offered();
    if list.iter().any(|(n, _)| n == name) {
        return Err(bad("mv-data-set-twice"));
    }
    list.push((name.to_owned(), text.to_owned()));
    Ok(())
}

/// The names of the sets offered with [`offer_set`], in order.
pub fn offered_sets() -> Vec<String> {
    offered().iter().map(|(n, _)| n.clone()).collect()
}

/// The ruleset of a game: a shared, reference-counted card database, serialized as what it was built
/// from (`base`, a file path, then `+set` per expansion: `base+wild`). Databases of equal content from
/// the same sources are one instance while any game holds it ([`DbRef::resolve`] finds it again); a
/// database is freed when the last handle to it is dropped, except the base set and a few recent
/// embedded combinations ([`PINNED`]), which stay to spare repeated parsing. Cloning a handle is a
/// reference-count increment.
#[derive(Clone)]
pub struct DbRef(Arc<CardDb>);

/// Embedded (and operator-offered) set combinations kept alive after their last game ends, most recent
/// first: a bounded cache, so that games played one after another do not parse their sets again.
/// Databases loaded from files are never pinned.
pub const PINNED: usize = 8;

/// The databases in use, by spec and by content: weak handles, so that the cache keeps nothing alive.
struct Interned {
    /// The spec it was resolved from (`base+wild`, a path...).
    spec: String,
    /// Whether the spec names only embedded or offered sets (its content cannot change).
    fixed: bool,
    db: Weak<CardDb>,
}

#[derive(Default)]
struct Cache {
    live: Vec<Interned>,
    /// Strong handles to the most recent fixed combinations, most recent first (at most [`PINNED`]).
    pinned: Vec<Arc<CardDb>>,
}

static CACHE: Mutex<Cache> = Mutex::new(Cache { live: Vec::new(), pinned: Vec::new() });

fn cache() -> std::sync::MutexGuard<'static, Cache> {
    CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

static BASE: OnceLock<Arc<CardDb>> = OnceLock::new();

fn base_arc() -> &'static Arc<CardDb> {
    BASE.get_or_init(|| match CardDb::parse("<embedded data/base.toml>", BASE_TOML) {
        Ok(db) => Arc::new(db),
        // The embedded file is checked by a test; an invalid build cannot ship.
        Err(e) => panic!("embedded card data invalid: {e}"),
    })
}

impl Cache {
    /// A live database with the same content hash and origin as `hash`/`origin`, or of spec `spec`
    /// when `fixed`.
    fn find(&self, spec: &str, fixed: bool, content: Option<(u64, &str)>) -> Option<Arc<CardDb>> {
        self.live.iter().find_map(|e| {
            let db = e.db.upgrade()?;
            let same = match content {
                Some((hash, origin)) => db.content_hash == hash && db.origin == origin,
                None => fixed && e.fixed && e.spec == spec,
            };
            same.then_some(db)
        })
    }

    fn pin(&mut self, db: &Arc<CardDb>) {
        self.pinned.retain(|p| !Arc::ptr_eq(p, db));
        self.pinned.insert(0, Arc::clone(db));
        self.pinned.truncate(PINNED);
    }
}

/// The content hash of a core file's text and its expansions' texts, as [`CardDb::content_hash`].
fn content_hash(core: &str, expansions: &[(&str, &str)]) -> u64 {
    expansions
        .iter()
        .fold(fnv1a(0xcbf2_9ce4_8422_2325, core.as_bytes()), |h, (_, text)| fnv1a(fnv1a(h, &[0]), text.as_bytes()))
}

impl DbRef {
    /// The base set.
    pub fn base() -> DbRef {
        DbRef(Arc::clone(base_arc()))
    }

    /// A handle to `db`, shared with the live database of the same content and origin if there is one.
    pub fn new(db: CardDb) -> DbRef {
        let base = base_arc();
        if db.content_hash == base.content_hash && db.origin == base.origin {
            return DbRef::base();
        }
        let mut c = cache();
        if let Some(found) = c.find("", false, Some((db.content_hash, &db.origin))) {
            return DbRef(found);
        }
        let db = Arc::new(db);
        c.live.retain(|e| e.db.strong_count() > 0);
        c.live.push(Interned { spec: String::new(), fixed: false, db: Arc::downgrade(&db) });
        DbRef(db)
    }

    /// The database named by `spec`: the core (`base` or empty = the embedded set, else a file path),
    /// then `+name` per expansion (an embedded set name, a set offered with [`offer_set`], or a file
    /// path). A database in use by a game (or [pinned](PINNED)) is shared, not loaded again; files are
    /// read each time and their content compared.
    pub fn resolve(spec: Option<&str>) -> Result<DbRef, CardError> {
        let spec = spec.unwrap_or("base");
        if spec.is_empty() || spec == "base" {
            return Ok(DbRef::base());
        }
        let mut parts = spec.split('+');
        let core = parts.next().unwrap_or("base");
        let names: Vec<&str> = parts.collect();
        let embedded_core = core.is_empty() || core == "base";
        let fixed = embedded_core
            && names.iter().all(|n| EXPANSIONS.iter().any(|(e, _)| e == n) || offered().iter().any(|(o, _)| o == n));
        if fixed {
            let mut c = cache();
            if let Some(db) = c.find(spec, true, None) {
                c.pin(&db);
                return Ok(DbRef(db));
            }
        }
        let core_text = if embedded_core { BASE_TOML.to_owned() } else { read(core)? };
        let core_name = if embedded_core { "<embedded data/base.toml>" } else { core };
        let mut texts = Vec::new();
        for name in names {
            match EXPANSIONS.iter().find(|(n, _)| *n == name) {
                Some(&(n, t)) => texts.push((n.to_owned(), t.to_owned())),
                None => match offered().iter().find(|(n, _)| n == name) {
                    Some((n, t)) => texts.push((n.clone(), t.clone())),
                    // Refused without touching the disk once card files are forbidden (a server).
                    None => texts.push((name.to_owned(), read(name)?)),
                },
            }
        }
        let refs: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
        let origin = refs.iter().fold(core_name.to_owned(), |o, (n, _)| format!("{o}+{n}"));
        let hash = content_hash(&core_text, &refs);
        if let Some(db) = cache().find(spec, fixed, Some((hash, &origin))) {
            return Ok(DbRef(db));
        }
        // Built outside the lock: parsing takes a while, and another thread may resolve meanwhile.
        let built = Arc::new(CardDb::build((core_name, &core_text), &refs)?);
        let mut c = cache();
        let db = match c.find(spec, fixed, Some((hash, &origin))) {
            Some(db) => db,
            None => {
                c.live.retain(|e| e.db.strong_count() > 0);
                c.live.push(Interned { spec: spec.to_owned(), fixed, db: Arc::downgrade(&built) });
                built
            }
        };
        if fixed {
            c.pin(&db);
        }
        Ok(DbRef(db))
    }

    /// The database a deserialized state or view names by `spec`, from memory only: the disk is never
    /// read. Embedded and [offered](offer_set) sets are built (or found) in memory; a spec naming a card
    /// file is found among the live databases (a game, a handle or the [pinned](PINNED) ones) loaded
    /// from that file by [`DbRef::resolve`] or [`DbRef::new`] beforehand (by the CLI's `--cards FILE`, or
    /// a record's named file checked against its content hash). Otherwise, or when that file was loaded
    /// twice with different contents and both are alive, a one-line error naming the spec.
    pub fn loaded(spec: &str) -> Result<DbRef, CardError> {
        if spec.is_empty() || spec == "base" {
            return Ok(DbRef::base());
        }
        let mut parts = spec.split('+');
        let core = parts.next().unwrap_or("base");
        let names: Vec<&str> = parts.collect();
        let embedded_core = core.is_empty() || core == "base";
        let known = |n: &&str| EXPANSIONS.iter().any(|(e, _)| e == n) || offered().iter().any(|(o, _)| o == n);
        if embedded_core && names.iter().all(known) {
            // Embedded or offered sets only: `resolve` reads no file for these.
            return DbRef::resolve(Some(spec));
        }
        let core_name = if embedded_core { "<embedded data/base.toml>" } else { core };
        let origin = names.iter().fold(core_name.to_owned(), |o, n| format!("{o}+{n}"));
        let c = cache();
        let mut found: Vec<Arc<CardDb>> = Vec::new();
        for db in c.live.iter().filter_map(|e| e.db.upgrade()) {
            if db.origin == origin && !found.iter().any(|f| f.content_hash == db.content_hash) {
                found.push(db);
            }
        }
        match found.len() {
            1 => Ok(DbRef(found.remove(0))),
            0 => Err(CardError::file(spec, "").with_problem(data_problem(Message::new("mv-data-not-loaded")))),
            _ => Err(CardError::file(spec, "").with_problem(data_problem(Message::new("mv-data-loaded-twice")))),
        }
    }

    /// The spec it was resolved from.
    pub fn spec(&self) -> String {
        if Arc::ptr_eq(&self.0, base_arc()) {
            return "base".into();
        }
        let mut parts = self.0.origin.split('+');
        let core = parts.next().unwrap_or("base");
        let mut s = if core.starts_with("<embedded") { "base".to_owned() } else { core.to_owned() };
        for p in parts {
            s.push('+');
            s.push_str(p);
        }
        s
    }

    /// The shared database.
    pub fn arc(&self) -> &Arc<CardDb> {
        &self.0
    }

    /// The number of card databases alive in this process (in use by a game or a handle, pinned, or the
    /// base set): what a test watches to see that none is leaked.
    pub fn live_databases() -> usize {
        let c = cache();
        let base = usize::from(BASE.get().is_some());
        base + c.live.iter().filter(|e| e.db.strong_count() > 0).count()
    }
}

impl std::ops::Deref for DbRef {
    type Target = CardDb;
    #[inline]
    fn deref(&self) -> &CardDb {
        &self.0
    }
}

/// The same database: one instance, or equal content from the same sources.
impl PartialEq for DbRef {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.content_hash == other.0.content_hash && self.0.origin == other.0.origin)
    }
}

impl fmt::Debug for DbRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DbRef({})", self.0.origin)
    }
}

impl Serialize for DbRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.spec())
    }
}

/// From memory only ([`DbRef::loaded`]): deserializing never reads a card file.
impl<'de> Deserialize<'de> for DbRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        DbRef::loaded(&s).map_err(serde::de::Error::custom)
    }
}
