//! The card database: advancements, starting cards, the Fertile Soil supply and vales, loaded from TOML
//! (`data/base.toml` is embedded as the default set) and validated into compact tables. Every field of
//! every card carries its provenance (`rulebook: <citation>`, `fan: <file>`, `provisional: <why>`);
//! validation errors name the file, the line and the field.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// The embedded default set (the base game).
pub const BASE_TOML: &str = include_str!("../data/base.toml");

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

/// When an ability acts. The base set uses the first six; the others are there for the expansions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Timing {
    /// No ability.
    None,
    /// When the card is played from on-deck into the field (not when revealed).
    WhenPlayed,
    /// In the Harvest Phase, from the field.
    Harvest,
    /// Always, wherever the card is.
    Ongoing,
    /// In the Planting or Prep Phase, instead of spoiling.
    PreventSpoil,
    /// At the end of the game.
    EndOfGame,
    /// While the card is on-deck (expansions: Centaur, Moss Troll, Unicorn).
    WhileOnDeck,
    /// In the Discard Phase (expansions: Hatchery, Burrow Wurm).
    Discard,
    /// The moment it is bought (expansions: Nightvale Pathfinder, Amberwood).
    WhenBought,
}

/// An advancement's ability, by effect. Amounts and rewards are data.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum AdvAbility {
    /// None.
    None,
    /// Cleansing Rain: when played, search the deck, may discard one card, shuffle.
    CleansingRain,
    /// Dawnsinger, Feral Chieftain, Woodland Warden: harvest, `amount` reward per guardian on the card.
    PerGuardian,
    /// Deadwood Harvester, Mindful Owl: when played, may discard another card of the field.
    DiscardFromField,
    /// Earthchant Chorus: a purchase declared for its card costs `amount` less.
    EarthchantChorus,
    /// Grassland: harvest, subtract `amount` mana.
    Grassland,
    /// Peacekeeper Druid: once a turn, discard the on-deck card that would spoil you.
    PeacekeeperDruid,
    /// Seedling: its card counts at most `amount` decay.
    Seedling,
    /// Grovtender: +`amount` growth per guardian on its card.
    Grovtender,
    /// Lifebringer Seed: its card counts no decay.
    LifebringerSeed,
    /// Aurora: harvest, `amount` reward per 2 cards in the field.
    Aurora,
    /// Calm Weather: when played, look at the top card of the deck, discard it or leave it.
    CalmWeather,
    /// Gaia's Chosen: end of game, `amount` VP per printed symbol on its card.
    GaiasChosen,
    /// Magic Seed: harvest, `amount` reward per other card in the field.
    MagicSeed,
}

impl AdvAbility {
    fn parse(s: &str) -> Option<(AdvAbility, Timing)> {
        use AdvAbility::*;
        Some(match s {
            "none" => (None, Timing::None),
            "cleansing-rain" => (CleansingRain, Timing::WhenPlayed),
            "per-guardian" => (PerGuardian, Timing::Harvest),
            "discard-from-field" => (DiscardFromField, Timing::WhenPlayed),
            "earthchant-chorus" => (EarthchantChorus, Timing::Harvest),
            "grassland" => (Grassland, Timing::Harvest),
            "peacekeeper-druid" => (PeacekeeperDruid, Timing::PreventSpoil),
            "seedling" => (Seedling, Timing::Ongoing),
            "grovtender" => (Grovtender, Timing::Ongoing),
            "lifebringer-seed" => (LifebringerSeed, Timing::Ongoing),
            "aurora" => (Aurora, Timing::Harvest),
            "calm-weather" => (CalmWeather, Timing::WhenPlayed),
            "gaias-chosen" => (GaiasChosen, Timing::EndOfGame),
            "magic-seed" => (MagicSeed, Timing::Harvest),
            _ => return Option::None,
        })
    }
}

/// What a gain gives.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
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
}

impl Reward {
    /// Its name for people.
    pub fn name(self) -> &'static str {
        match self {
            Reward::None => "nothing",
            Reward::Mana => "mana",
            Reward::Vp => "VP",
            Reward::Wild => "wild spirit",
            Reward::Growth => "growth",
            Reward::Guardian => "guardian",
        }
    }

    fn parse(s: &str) -> Option<Reward> {
        Some(match s {
            "none" => Reward::None,
            "mana" => Reward::Mana,
            "vp" => Reward::Vp,
            "wild" => Reward::Wild,
            "growth" => Reward::Growth,
            "guardian" => Reward::Guardian,
            _ => return None,
        })
    }
}

/// A vale's ability.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ValeAbility {
    /// None.
    None,
    /// Every Harvest Phase: gain `amount` of `gain` (Azure Lake, Cascading Falls, Pool of Light, ...).
    HarvestGain,
    /// Stream of Vigor: gain `amount` mana each harvest and buy up to 3 advancements.
    StreamOfVigor,
    /// Sunstone Aerie: once a harvest, pay `amount` mana to make one spirit wild.
    SunstoneAerie,
    /// Blooming Arbor: instead of spoiling, remove it from the game for `amount` growth until the next Prep Phase.
    BloomingArbor,
    /// Conclave of Ents: once a turn, a card in the field or on-deck has +`amount` guardian.
    ConclaveOfEnts,
    /// Ancient Liferoots: always +`amount` growth; a player owns at most one.
    AncientLiferoots,
}

impl ValeAbility {
    fn parse(s: &str) -> Option<ValeAbility> {
        use ValeAbility::*;
        Some(match s {
            "none" => None,
            "harvest-gain" => HarvestGain,
            "stream-of-vigor" => StreamOfVigor,
            "sunstone-aerie" => SunstoneAerie,
            "blooming-arbor" => BloomingArbor,
            "conclave-of-ents" => ConclaveOfEnts,
            "ancient-liferoots" => AncientLiferoots,
            _ => return Option::None,
        })
    }
}

/// The printed symbols of one advancement.
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
    /// VP on the right, at the end of the game.
    pub vp_end: u8,
}

impl Symbols {
    /// The printed symbols in words, for people: `1 mana, 1 forest, 2 VP at the end`.
    pub fn describe(&self) -> String {
        let mut t = Vec::new();
        let mut add = |n: u8, what: &str| {
            if n > 0 {
                t.push(format!("{n} {what}"));
            }
        };
        add(self.mana, "mana");
        add(self.decay, "decay");
        add(self.growth, "growth");
        for (k, &n) in self.spirits.iter().enumerate() {
            add(n, Spirit::ALL[k].name());
        }
        add(self.guardian, "guardian");
        add(self.vp_harvest, "VP each harvest");
        add(self.vp_end, "VP at the end");
        t.join(", ")
    }

    /// The number of printed symbols Gaia's Chosen counts (mana, decay, growth, spirits, guardians).
    pub fn counted(&self) -> u8 {
        self.mana + self.decay + self.growth + self.spirits.iter().sum::<u8>() + self.guardian
    }
}

/// One advancement title.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advancement {
    /// A short stable key (`podlings`).
    pub key: String,
    /// The English title.
    pub title: String,
    /// The French title, when known.
    pub french: String,
    /// The set (`base`, `starting`).
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
    /// Ability.
    pub ability: AdvAbility,
    /// When the ability acts.
    pub timing: Timing,
    /// The ability's number.
    pub amount: u8,
    /// What the ability gives.
    pub reward: Reward,
    /// Whether the ability runs long-wise (may be covered by another long-wise ability).
    pub long_wise: bool,
    /// Whether it is an eclipse advancement (expansions).
    pub eclipse: bool,
    /// Provenance of each field.
    pub source: BTreeMap<String, String>,
}

impl Advancement {
    /// The ability in a few words (empty when it has none), e.g. `harvest: +1 mana per guardian on this card`.
    pub fn ability_text(&self) -> String {
        use AdvAbility::*;
        let (n, r) = (self.amount, self.reward.name());
        match self.ability {
            None => String::new(),
            CleansingRain => "when played: search your deck, may discard 1 card, shuffle".into(),
            PerGuardian => format!("harvest: +{n} {r} per guardian on this card"),
            DiscardFromField => "when played: may discard another card of your field".into(),
            EarthchantChorus => format!("harvest: a purchase declared for this card costs {n} less"),
            Grassland => format!("harvest: -{n} from your mana total"),
            PeacekeeperDruid => "about to spoil: discard the on-deck card, reveal another (once a turn)".into(),
            Seedling => format!("this card counts at most {n} decay"),
            Grovtender => format!("+{n} growth per guardian on this card"),
            LifebringerSeed => "this card counts no decay".into(),
            Aurora => format!("harvest: +{n} {r} per 2 cards in your field"),
            CalmWeather => "when played: look at your top card, may discard it".into(),
            GaiasChosen => format!("end: +{n} VP per symbol on this card"),
            MagicSeed => format!("harvest: +{n} {r} per other card in your field"),
        }
    }

    /// Title, cost, slot, symbols and ability in one line, for people.
    pub fn summary(&self) -> String {
        let mut t = format!("{} ({} mana, {})", self.title, self.cost, self.slot.name());
        let sym = self.symbols.describe();
        if !sym.is_empty() {
            t.push_str(": ");
            t.push_str(&sym);
        }
        let ab = self.ability_text();
        if !ab.is_empty() {
            t.push_str(if sym.is_empty() { ": " } else { "; " });
            t.push_str(&ab);
        }
        t
    }
}

/// One vale title.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Vale {
    /// A short stable key.
    pub key: String,
    /// The English title.
    pub title: String,
    /// The French title, when known.
    pub french: String,
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
    /// Ability.
    pub ability: ValeAbility,
    /// What it gives.
    pub gain: Reward,
    /// How much.
    pub amount: u8,
    /// Provenance of each field.
    pub source: BTreeMap<String, String>,
}

impl Vale {
    /// The ability in a few words (empty when it has none).
    pub fn ability_text(&self) -> String {
        use ValeAbility::*;
        let (n, g) = (self.amount, self.gain.name());
        match self.ability {
            None => String::new(),
            HarvestGain => format!("harvest: +{n} {g}"),
            StreamOfVigor => format!("harvest: +{n} mana, buy up to 3 advancements"),
            SunstoneAerie => format!("harvest: pay {n} mana, one spirit becomes wild"),
            BloomingArbor => format!("about to spoil: remove it from the game for +{n} growth"),
            ConclaveOfEnts => format!("once a turn: +{n} guardian on a field or on-deck card"),
            AncientLiferoots => format!("always +{n} growth; only one per player"),
        }
    }

    /// The cost in words: `1 animal + 1 forest + 1 any`.
    pub fn cost_text(&self) -> String {
        let names = ["animal", "forest", "sky", "any"];
        let parts: Vec<String> =
            (0..4).filter(|&k| self.cost[k] > 0).map(|k| format!("{} {}", self.cost[k], names[k])).collect();
        if parts.is_empty() { "free".into() } else { parts.join(" + ") }
    }
}

/// A validated card database.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardDb {
    /// Where it was loaded from (`<embedded base>` or a path).
    pub origin: String,
    /// The set name.
    pub set: String,
    /// Advancement titles; ids index this table. The starting Cursed Land and Fertile Soil come last.
    pub advancements: Vec<Advancement>,
    /// Vale titles.
    pub vales: Vec<Vale>,
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
    /// Compact copies of what the hot path reads of each advancement (indexed like `advancements`).
    #[serde(skip)]
    pub hot_advs: Vec<HotAdv>,
    /// Compact copies of what the hot path reads of each vale (indexed like `vales`).
    #[serde(skip)]
    pub hot_vales: Vec<HotVale>,
}

/// The fields of an advancement the rules engine reads on every move, packed together.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HotAdv {
    /// Its slot.
    pub slot: Slot,
    /// Its cost.
    pub cost: u8,
    /// Its ability.
    pub ability: AdvAbility,
}

/// The fields of a vale the rules engine reads on every move, packed together.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HotVale {
    /// Its cost (animal, forest, sky, any).
    pub cost: [u8; 4],
    /// Its total cost.
    pub total: u8,
    /// Its ability.
    pub ability: ValeAbility,
    /// The ability's amount.
    pub amount: u8,
}

/// A card file that does not validate: names the file, line and field.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", sylvan_engine::data_file_error(file, *line, field, message))]
pub struct CardError {
    /// The file.
    pub file: String,
    /// The 1-based line.
    pub line: usize,
    /// The field (or `-` for syntax errors).
    pub field: String,
    /// What is wrong.
    pub message: String,
}

type Raw = BTreeMap<String, toml::Value>;

#[derive(Deserialize)]
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
}

struct Ctx<'a> {
    file: &'a str,
    text: &'a str,
}

impl Ctx<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())].matches('\n').count() + 1
    }
    /// The line of `field = ` inside the table starting at `span`, else the table's line.
    fn err(&self, span: &std::ops::Range<usize>, field: &str, message: impl Into<String>) -> CardError {
        // The table runs from its header to the next `[[` header (spans may cover the header only).
        let body = &self.text[span.start.min(self.text.len())..];
        let mut line = self.line_of(span.start);
        let mut at = 0;
        for (k, l) in body.split_inclusive('\n').enumerate() {
            let t = l.trim_start();
            if k > 0 && t.starts_with("[[") {
                break;
            }
            if t.starts_with(field) && t[field.len()..].trim_start().starts_with('=') {
                line = self.line_of(span.start + at);
                break;
            }
            at += l.len();
        }
        CardError { file: self.file.to_owned(), line, field: field.to_owned(), message: message.into() }
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
    fn err(&self, f: &str, m: impl Into<String>) -> CardError {
        self.ctx.err(&self.span, f, m).renamed(self.name(f))
    }
    fn str(&self, f: &str) -> Result<String, CardError> {
        match self.raw.get(f) {
            Some(toml::Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(self.err(f, "expected a string")),
            None => Err(self.err(f, "missing")),
        }
    }
    fn opt_str(&self, f: &str) -> Result<String, CardError> {
        if self.raw.contains_key(f) { self.str(f) } else { Ok(String::new()) }
    }
    fn int(&self, f: &str, lo: i64, hi: i64) -> Result<i64, CardError> {
        match self.raw.get(f) {
            Some(toml::Value::Integer(v)) if (lo..=hi).contains(v) => Ok(*v),
            Some(toml::Value::Integer(v)) => Err(self.err(f, format!("{v} is out of range {lo}..={hi}"))),
            Some(_) => Err(self.err(f, "expected an integer")),
            None => Err(self.err(f, "missing")),
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
                        _ => return Err(self.err(f, "expected three integers 0..=40 (top, middle, bottom)")),
                    }
                }
                Ok(out)
            }
            Some(_) => Err(self.err(f, "expected three integers (top, middle, bottom)")),
            None => Err(self.err(f, "missing")),
        }
    }
    /// Checks every field has a provenance and nothing unknown is present; returns the sources.
    fn sources(&self, fields: &[&str], meta: &[&str]) -> Result<BTreeMap<String, String>, CardError> {
        for k in self.raw.keys() {
            if !fields.contains(&k.as_str()) && !meta.contains(&k.as_str()) && k != "source" {
                return Err(self.err(k, format!("unknown field (known: {})", fields.join(", "))));
            }
        }
        let src = match self.raw.get("source") {
            Some(toml::Value::Table(t)) => t,
            Some(_) => return Err(self.err("source", "expected a table of provenances")),
            None => return Err(self.err("source", "missing: every field needs a provenance")),
        };
        let mut out = BTreeMap::new();
        for &f in fields {
            let Some(v) = src.get(f) else {
                return Err(self.err(
                    f,
                    format!(
                        "no provenance: add `{f} = \"rulebook: ...\"` (or fan:, provisional:) to [{}.source]",
                        self.kind
                    ),
                ));
            };
            let Some(s) = v.as_str() else { return Err(self.err(f, "provenance must be a string")) };
            if !(s.starts_with("rulebook") || s.starts_with("fan") || s.starts_with("provisional")) {
                return Err(self.err(f, format!("provenance `{s}` must start with rulebook, fan or provisional")));
            }
            out.insert(f.to_owned(), s.to_owned());
        }
        for k in src.keys() {
            if !fields.contains(&k.as_str()) {
                return Err(self.err(k, "provenance for an unknown field"));
            }
        }
        Ok(out)
    }
}

impl CardError {
    fn renamed(mut self, field: String) -> CardError {
        self.field = field;
        self
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
    "ability",
    "amount",
    "reward",
];
const META: &[&str] = &["key", "title", "french", "set", "long_wise", "eclipse"];

impl CardDb {
    /// Parses and validates a card file; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<CardDb, CardError> {
        let ctx = Ctx { file, text };
        let raw: RawFile = toml::from_str(text).map_err(|e| CardError {
            file: file.to_owned(),
            line: e.span().map(|s| ctx.line_of(s.start)).unwrap_or(1),
            field: "-".to_owned(),
            message: e.message().to_owned(),
        })?;
        let top = |m: &str| CardError { file: file.to_owned(), line: 1, field: "-".into(), message: m.to_owned() };
        let mut db = CardDb {
            origin: file.to_owned(),
            set: raw.set.clone().unwrap_or_else(|| "custom".into()),
            advancements: Vec::new(),
            vales: Vec::new(),
            cursed_land: 0,
            starting_soil: 0,
            soil: [0; 3],
            soil_counts: [0; 3],
            cursed_slots: [0; 3],
            starting_soil_slots: [0; 3],
            blanks: 0,
            hot_advs: Vec::new(),
            hot_vales: Vec::new(),
        };
        let mut keys = std::collections::BTreeSet::new();
        for (i, sp) in raw.advancement.iter().enumerate() {
            let c = Card { ctx: &ctx, raw: sp.get_ref(), span: sp.span(), kind: "advancement", index: i };
            let source = c.sources(ADV_FIELDS, META)?;
            let key = c.str("key")?;
            if !keys.insert(key.clone()) {
                return Err(c.err("key", format!("duplicate key `{key}`")));
            }
            let slot = match c.str("slot")?.as_str() {
                "top" => Slot::Top,
                "middle" => Slot::Middle,
                "bottom" => Slot::Bottom,
                s => return Err(c.err("slot", format!("`{s}` is not top, middle or bottom"))),
            };
            let ab = c.str("ability")?;
            let Some((ability, timing)) = AdvAbility::parse(&ab) else {
                return Err(c.err("ability", format!("unknown ability `{ab}`")));
            };
            let rw = c.str("reward")?;
            let Some(reward) = Reward::parse(&rw) else {
                return Err(c.err("reward", format!("unknown reward `{rw}` (none, mana, vp, wild, growth, guardian)")));
            };
            let level = c.u8("level", 3)?;
            if level == 0 {
                return Err(c.err("level", "an advancement has level 1, 2 or 3"));
            }
            let copies = c.u8("copies", 30)?;
            if copies == 0 {
                return Err(c.err("copies", "at least one copy"));
            }
            let flag = |f: &str| matches!(c.raw.get(f), Some(toml::Value::Boolean(true)));
            db.advancements.push(Advancement {
                key,
                title: c.str("title")?,
                french: c.opt_str("french")?,
                set: c.opt_str("set")?,
                level,
                copies,
                slot,
                cost: c.u8("cost", 20)?,
                symbols: Symbols {
                    mana: c.u8("mana", 9)?,
                    decay: c.u8("decay", 9)?,
                    growth: c.u8("growth", 9)?,
                    spirits: [c.u8("animal", 9)?, c.u8("forest", 9)?, c.u8("sky", 9)?, c.u8("wild", 9)?],
                    guardian: c.u8("guardian", 9)?,
                    vp_harvest: c.u8("vp_harvest", 9)?,
                    vp_end: c.u8("vp_end", 20)?,
                },
                ability,
                timing,
                amount: c.u8("amount", 9)?,
                reward,
                long_wise: flag("long_wise"),
                eclipse: flag("eclipse"),
                source,
            });
        }
        if db.advancements.is_empty() {
            return Err(top("no [[advancement]] in the file"));
        }
        for lvl in 1..=3 {
            if !db.advancements.iter().any(|a| a.level == lvl) {
                return Err(top(&format!("no level-{lvl} advancement")));
            }
        }
        // Starting cards.
        let mut blanks_left: i32 = 20;
        for (i, sp) in raw.starting.iter().enumerate() {
            let c = Card { ctx: &ctx, raw: sp.get_ref(), span: sp.span(), kind: "starting", index: i };
            let source = c.sources(&["level", "per_deck", "slots", "mana", "decay"], META)?;
            let key = c.str("key")?;
            let slots = c.triple("slots")?;
            let per = c.u8("per_deck", 20)?;
            if slots.iter().map(|&x| x as u32).sum::<u32>() != per as u32 {
                return Err(c.err(
                    "slots",
                    format!(
                        "the slots add up to {} but per_deck is {per}",
                        slots.iter().map(|&x| x as u32).sum::<u32>()
                    ),
                ));
            }
            blanks_left -= per as i32;
            let id = db.advancements.len() as u8;
            let which = match key.as_str() {
                "cursed-land" => {
                    db.cursed_land = id;
                    db.cursed_slots = slots;
                    "cursed"
                }
                "fertile-soil" => {
                    db.starting_soil = id;
                    db.starting_soil_slots = slots;
                    "soil"
                }
                k => {
                    return Err(c.err("key", format!("starting cards are `cursed-land` and `fertile-soil`, not `{k}`")));
                }
            };
            let _ = which;
            db.advancements.push(Advancement {
                key,
                title: c.str("title")?,
                french: c.opt_str("french")?,
                set: c.opt_str("set")?,
                level: c.u8("level", 3)?,
                copies: per,
                slot: Slot::Top,
                cost: 0,
                symbols: Symbols { mana: c.u8("mana", 9)?, decay: c.u8("decay", 9)?, ..Symbols::default() },
                ability: AdvAbility::None,
                timing: Timing::None,
                amount: 0,
                reward: Reward::None,
                long_wise: false,
                eclipse: false,
                source,
            });
        }
        if raw.starting.len() != 2 || db.cursed_land == db.starting_soil {
            return Err(top("exactly two [[starting]] cards are needed: cursed-land and fertile-soil"));
        }
        if blanks_left < 0 {
            return Err(top("the starting cards exceed 20 per deck"));
        }
        db.blanks = blanks_left as u8;
        if db.cursed_slots.iter().sum::<u8>() < 3 {
            return Err(top(
                "a starting deck needs at least 3 Cursed Lands (setup stops at two in the field and one on-deck)",
            ));
        }
        // Fertile Soil supply.
        if raw.soil.len() != 1 {
            return Err(top("exactly one [[soil]] table (the buyable Fertile Soil supply) is needed"));
        }
        {
            let sp = &raw.soil[0];
            let c = Card { ctx: &ctx, raw: sp.get_ref(), span: sp.span(), kind: "soil", index: 0 };
            let source = c.sources(&["level", "copies", "slots", "cost", "mana"], META)?;
            let slots = c.triple("slots")?;
            let copies = c.u8("copies", 60)?;
            if slots.iter().sum::<u8>() != copies {
                return Err(c.err("slots", "the slots must add up to copies"));
            }
            db.soil_counts = slots;
            for s in Slot::ALL {
                db.soil[s as usize] = db.advancements.len() as u8;
                db.advancements.push(Advancement {
                    key: format!("{}-{}", c.str("key")?, s.name()),
                    title: c.str("title")?,
                    french: c.opt_str("french")?,
                    set: c.opt_str("set")?,
                    level: c.u8("level", 3)?,
                    copies: slots[s as usize],
                    slot: s,
                    cost: c.u8("cost", 20)?,
                    symbols: Symbols { mana: c.u8("mana", 9)?, ..Symbols::default() },
                    ability: AdvAbility::None,
                    timing: Timing::None,
                    amount: 0,
                    reward: Reward::None,
                    long_wise: false,
                    eclipse: false,
                    source: source.clone(),
                });
            }
        }
        if db.advancements.len() > 250 {
            return Err(top("at most 250 advancement titles"));
        }
        for (i, sp) in raw.vale.iter().enumerate() {
            let c = Card { ctx: &ctx, raw: sp.get_ref(), span: sp.span(), kind: "vale", index: i };
            let source = c.sources(
                &["level", "copies", "animal", "forest", "sky", "any", "vp", "ability", "gain", "amount"],
                META,
            )?;
            let level = c.u8("level", 2)?;
            if level == 0 {
                return Err(c.err("level", "a vale has level 1 or 2"));
            }
            let ab = c.str("ability")?;
            let Some(ability) = ValeAbility::parse(&ab) else {
                return Err(c.err("ability", format!("unknown vale ability `{ab}`")));
            };
            let g = c.str("gain")?;
            let Some(gain) = Reward::parse(&g) else { return Err(c.err("gain", format!("unknown gain `{g}`"))) };
            let copies = c.u8("copies", 30)?;
            if copies == 0 {
                return Err(c.err("copies", "at least one copy"));
            }
            db.vales.push(Vale {
                key: c.str("key")?,
                title: c.str("title")?,
                french: c.opt_str("french")?,
                set: c.opt_str("set")?,
                level,
                copies,
                cost: [c.u8("animal", 9)?, c.u8("forest", 9)?, c.u8("sky", 9)?, c.u8("any", 9)?],
                vp: c.int("vp", -60, 60)? as i8,
                ability,
                gain,
                amount: c.u8("amount", 9)?,
                source,
            });
        }
        if db.vales.len() > 120 {
            return Err(top("at most 120 vale titles"));
        }
        for lvl in 1..=2 {
            if !db.vales.iter().any(|v| v.level == lvl) {
                return Err(top(&format!("no level-{lvl} vale")));
            }
        }
        db.hot_advs =
            db.advancements.iter().map(|a| HotAdv { slot: a.slot, cost: a.cost, ability: a.ability }).collect();
        db.hot_vales = db
            .vales
            .iter()
            .map(|v| HotVale { cost: v.cost, total: v.cost.iter().sum(), ability: v.ability, amount: v.amount })
            .collect();
        Ok(db)
    }

    /// The embedded base set.
    pub fn base() -> &'static CardDb {
        static BASE: OnceLock<&'static CardDb> = OnceLock::new();
        BASE.get_or_init(|| match CardDb::parse("<embedded data/base.toml>", BASE_TOML) {
            Ok(db) => Box::leak(Box::new(db)),
            // The embedded file is checked by a test; an invalid build cannot ship.
            Err(e) => panic!("embedded card data invalid: {e}"),
        })
    }

    /// Loads and validates a card file from disk.
    pub fn load(path: &str) -> Result<CardDb, CardError> {
        let text = std::fs::read_to_string(path).map_err(|e| CardError {
            file: path.to_owned(),
            line: 0,
            field: "-".into(),
            message: format!("cannot read: {e}"),
        })?;
        CardDb::parse(path, &text)
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

    /// Counts of fields by provenance kind (`rulebook`, `fan`, `provisional`), per set.
    pub fn provenance_counts(&self) -> BTreeMap<(String, String), usize> {
        let mut m = BTreeMap::new();
        let mut add = |set: &str, src: &str| {
            let kind = src.split(':').next().unwrap_or("").trim().to_owned();
            *m.entry((set.to_owned(), kind)).or_insert(0) += 1;
        };
        let mut soil_seen = false;
        for a in &self.advancements {
            if a.key.starts_with("fertile-soil-supply") {
                if soil_seen {
                    continue;
                }
                soil_seen = true;
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
        m
    }
}

/// A reference to a loaded card database, serialized as where it came from (`base` or a file path).
/// Loaded files are kept for the life of the process.
#[derive(Clone, Copy)]
pub struct DbRef(pub &'static CardDb);

impl DbRef {
    /// The base set.
    pub fn base() -> DbRef {
        DbRef(CardDb::base())
    }

    /// The database named by `cards` (`None` or `base` = the embedded set, else a file path), loaded once.
    pub fn resolve(cards: Option<&str>) -> Result<DbRef, CardError> {
        let Some(path) = cards.filter(|p| !p.is_empty() && *p != "base") else { return Ok(DbRef::base()) };
        static LOADED: OnceLock<Mutex<Vec<(String, &'static CardDb)>>> = OnceLock::new();
        let m = LOADED.get_or_init(|| Mutex::new(Vec::new()));
        let mut list = m.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, db)) = list.iter().find(|(p, _)| p == path) {
            return Ok(DbRef(db));
        }
        let db: &'static CardDb = Box::leak(Box::new(CardDb::load(path)?));
        list.push((path.to_owned(), db));
        Ok(DbRef(db))
    }
}

impl std::ops::Deref for DbRef {
    type Target = CardDb;
    fn deref(&self) -> &CardDb {
        self.0
    }
}

impl PartialEq for DbRef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl fmt::Debug for DbRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DbRef({})", self.0.origin)
    }
}

impl Serialize for DbRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if std::ptr::eq(self.0, CardDb::base()) { s.serialize_str("base") } else { s.serialize_str(&self.0.origin) }
    }
}

impl<'de> Deserialize<'de> for DbRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        DbRef::resolve(Some(&s)).map_err(serde::de::Error::custom)
    }
}
