//! The cards: loaded from the TOML data files in `data/` (embedded), validated into a compact table.
//!
//! Every field of every card carries its provenance (`fan: <file>` for the fan fact tables in
//! `../shared/cards/command-of-nature/`, `provisional: <why>` for our own choices); loading checks that
//! each field present has one. Validation errors name the file, the line and the field.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex, OnceLock, Weak};

use sylvan_engine::carddata::{self, ProvenanceCount, Source, short};
use sylvan_engine::{Message, ParseError, message};

/// A distinct card: an index into the card table (elementals first, then commands).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Card(pub u8);

/// The four factions, and neutral commands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Faction {
    /// Brindille.
    Twig,
    /// Caillou.
    Pebble,
    /// Feuille.
    Leaf,
    /// Gouttelette.
    Droplet,
    /// Commands of no faction.
    Neutral,
}

impl Faction {
    /// The four Sage factions.
    pub const SAGES: [Faction; 4] = [Faction::Twig, Faction::Pebble, Faction::Leaf, Faction::Droplet];
}

/// What kind of card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Class {
    /// Sage élémentaire.
    Sage,
    /// Champion élémentaire.
    Champion,
    /// Élémentaire de base.
    Basic,
    /// Guerrier élémentaire.
    Warrior,
    /// Ordre d'attaque au corps-à-corps.
    Melee,
    /// Ordre d'attaque à distance.
    Ranged,
    /// Ordre immédiat.
    Instant,
    /// Ordre stratégique.
    Utility,
}

impl Class {
    /// Whether this is an elemental.
    pub fn is_elemental(self) -> bool {
        matches!(self, Class::Sage | Class::Champion | Class::Basic | Class::Warrior)
    }
    /// Whether this is an attack command.
    pub fn is_attack(self) -> bool {
        matches!(self, Class::Melee | Class::Ranged)
    }
}

/// The reach of a ranged attack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reach {
    /// Melee: Row I against Row I.
    Melee,
    /// "N rows away": from your row r the target row is N − r + 1 (rows counted from 1).
    Away(u8),
    /// Fixed: the opponent's Row II.
    Row2,
    /// Any row of the opponent's formation.
    Any,
}

macro_rules! effects {
    ($($v:ident = $k:literal),+ $(,)?) => {
        /// A card's effect, implemented in `effects.rs` and `combat.rs`.
        #[allow(missing_docs)]
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
        pub enum Effect { $($v),+ }
        impl Effect {
            fn from_key(k: &str) -> Option<Effect> {
                match k { $($k => Some(Effect::$v),)+ _ => None }
            }
        }
    };
}

effects!(
    None = "none",
    Sage = "sage",
    VixVanguard = "vix_vanguard",
    HornedHollow = "horned_hollow",
    CalamityLeopard = "calamity_leopard",
    JadeTitan = "jade_titan",
    BoulderhideBrute = "boulderhide_brute",
    OxenAvenger = "oxen_avenger",
    AgileAssailant = "agile_assailant",
    BogBlight = "bog_blight",
    KomodoKin = "komodo_kin",
    TideTurner = "tide_turner",
    KingCrustacean = "king_crustacean",
    FrostfallEmperor = "frostfall_emperor",
    AcornSquire = "acorn_squire",
    QuillThornback = "quill_thornback",
    SlumberJack = "slumber_jack",
    CamouChameleon = "camou_chameleon",
    LumberClaw = "lumber_claw",
    PineSnapper = "pine_snapper",
    SplinterStinger = "splinter_stinger",
    TwineFeline = "twine_feline",
    OakLumbertron = "oak_lumbertron",
    GeoWeasel = "geo_weasel",
    GraniteRampart = "granite_rampart",
    OnyxBearer = "onyx_bearer",
    CackleRipclaw = "cackle_ripclaw",
    Redstone = "redstone",
    RubyGuardian = "ruby_guardian",
    RunePuma = "rune_puma",
    StoneDefender = "stone_defender",
    TerrainTumbler = "terrain_tumbler",
    BotanicFangs = "botanic_fangs",
    PetalMage = "petal_mage",
    ThornFencer = "thorn_fencer",
    BambooBerserker = "bamboo_berserker",
    ForageThumper = "forage_thumper",
    HummingHerald = "humming_herald",
    IguanaGuard = "iguana_guard",
    MossViper = "moss_viper",
    ShrubBeetle = "shrub_beetle",
    CoastalCoyote = "coastal_coyote",
    RiptideTiger = "riptide_tiger",
    RiverRogue = "river_rogue",
    CurrentConjurer = "current_conjurer",
    RoamingRazor = "roaming_razor",
    SplashBasilisk = "splash_basilisk",
    SurgesphereMonk = "surgesphere_monk",
    TyphoonFist = "typhoon_fist",
    WhirlWhipper = "whirl_whipper",
    CloseStrike = "close_strike",
    FarStrike = "far_strike",
    DistantDoubleStrike = "distant_double_strike",
    FarsightFrenzy = "farsight_frenzy",
    FocusedFury = "focused_fury",
    MagicEtherStrike = "magic_ether_strike",
    NaturesWrath = "natures_wrath",
    PrimitiveStrike = "primitive_strike",
    ProjectileBlast = "projectile_blast",
    ReinforcedImpact = "reinforced_impact",
    TwigCharm = "twig_charm",
    PebbleCharm = "pebble_charm",
    LeafCharm = "leaf_charm",
    DropletCharm = "droplet_charm",
    NaturalRestoration = "natural_restoration",
    NaturalDefense = "natural_defense",
    MeleeShield = "melee_shield",
    RangedBarrier = "ranged_barrier",
    ElementalIncantation = "elemental_incantation",
    ElementalSwap = "elemental_swap",
    ExchangeOfNature = "exchange_of_nature",
    Obliterate = "obliterate",
);

/// One card's facts, validated.
#[derive(Clone, Debug)]
pub struct CardInfo {
    /// Its name (English, as in the fan tables).
    pub name: String,
    /// Its notation: the name in lower case with `-` for spaces (e.g. `close-strike`).
    pub code: String,
    /// Its kind.
    pub class: Class,
    /// Its faction.
    pub faction: Faction,
    /// FOR (elementals).
    pub strength: i8,
    /// SAN (elementals).
    pub health: u8,
    /// Market cost in gold; `None` for Sage-pack cards and champions (sold for 1 gold).
    pub cost: Option<u8>,
    /// Champion level (4, 6, 8), 0 otherwise.
    pub level: u8,
    /// Rows (bit 0 = Row I) where the effect works.
    pub rows: u8,
    /// Whether the effect is a daybreak effect.
    pub daybreak: bool,
    /// The effect.
    pub effect: Effect,
    /// Attack commands: rows (bit 0 = Row I) the attacker may stand in.
    pub attacker_rows: u8,
    /// Attack commands: reach.
    pub reach: Reach,
    /// Attack commands: damage = STR + this (before the card's own bonuses).
    pub delta: i8,
    /// Copies in the market deck.
    pub market_copies: u8,
    /// The paraphrased effect text.
    pub text: String,
}

/// One Sage pack and board.
#[derive(Clone, Debug)]
pub struct SagePack {
    /// The Sage card.
    pub sage: Card,
    /// The faction.
    pub faction: Faction,
    /// Champions for levels 4, 6, 8.
    pub champions: [Card; 3],
    /// The basic elemental (4 copies).
    pub basic: Card,
    /// The three warriors.
    pub warriors: [Card; 3],
    /// The commands of the default pack (fan source TS), with copies.
    pub commands: Vec<(Card, u8)>,
    /// The commands of the Godot reading.
    pub commands_godot: Vec<(Card, u8)>,
    /// The faction actions' texts for levels 4, 6, 8.
    pub actions: [String; 3],
}

/// The validated card table.
#[derive(Clone, Debug)]
pub struct Table {
    /// Where it came from: `base` (the embedded files) or the path of a user card file.
    pub origin: String,
    /// Every distinct card, indexed by [`Card`].
    pub cards: Vec<CardInfo>,
    /// The four Sage packs in faction order (Twig, Pebble, Leaf, Droplet).
    pub packs: Vec<SagePack>,
    /// The elemental market deck (one entry per copy).
    pub elemental_market: Vec<Card>,
    /// The command market deck (one entry per copy).
    pub command_market: Vec<Card>,
    /// Number of fields marked `provisional`.
    pub provisional_fields: usize,
    /// Number of fields marked `fan`.
    pub fan_fields: usize,
    /// A hash (64-bit FNV-1a) of the card files' texts: tables of equal content and origin are one
    /// shared instance ([`Cards`]).
    pub content_hash: u64,
}

pub use sylvan_engine::carddata::DataError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawElemental {
    name: toml::Spanned<String>,
    faction: Faction,
    kind: toml::Spanned<String>,
    strength: i8,
    health: u8,
    cost: Option<u8>,
    champion_level: Option<u8>,
    rows: Option<Vec<toml::Spanned<String>>>,
    timing: toml::Spanned<String>,
    effect: toml::Spanned<String>,
    text: String,
    copies_in_market: u8,
    provenance: toml::Spanned<toml::Table>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCommand {
    name: toml::Spanned<String>,
    faction: Faction,
    kind: toml::Spanned<String>,
    cost: Option<u8>,
    attacker_rows: Option<Vec<toml::Spanned<String>>>,
    range: Option<toml::Spanned<toml::Value>>,
    strength_delta: Option<i8>,
    effect: toml::Spanned<String>,
    text: String,
    copies_in_market: u8,
    provenance: toml::Spanned<toml::Table>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CopyEntry {
    card: toml::Spanned<String>,
    copies: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSage {
    name: toml::Spanned<String>,
    faction: Faction,
    champions: Vec<toml::Spanned<String>>,
    basic: toml::Spanned<String>,
    basic_copies: u8,
    warriors: Vec<toml::Spanned<String>>,
    commands: Vec<CopyEntry>,
    commands_godot: Vec<CopyEntry>,
    actions: Vec<String>,
    provenance: toml::Spanned<toml::Table>,
}

/// A data file: the embedded files hold one section each, a user card file all three.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DataFile {
    #[serde(default)]
    elemental: Vec<RawElemental>,
    #[serde(default)]
    command: Vec<RawCommand>,
    #[serde(default)]
    sage: Vec<RawSage>,
}

/// The embedded default data files: (file name, text).
pub const DEFAULT_FILES: [(&str, &str); 3] = [
    ("elementals.toml", include_str!("../data/elementals.toml")),
    ("commands.toml", include_str!("../data/commands.toml")),
    ("sages.toml", include_str!("../data/sages.toml")),
];

struct Ctx<'a> {
    src: Source<'a>,
}

impl Ctx<'_> {
    /// An error on `field`, at the line where it is written in the `[[...]]` entry starting at `span`.
    fn err(&self, span: std::ops::Range<usize>, field: &str, message: Message) -> DataError {
        self.src.error_in(&span, field, field, "").with_problem(crate::words::data_problem(message))
    }
    fn parse<T: serde::de::DeserializeOwned>(&self) -> Result<T, DataError> {
        self.src.parse()
    }
}

fn rows_mask(ctx: &Ctx, rows: &[toml::Spanned<String>], field: &str) -> Result<u8, DataError> {
    let mut m = 0;
    for r in rows {
        m |= match r.get_ref().as_str() {
            "I" => 1,
            "II" => 2,
            "III" => 4,
            other => return Err(ctx.err(r.span(), field, message!("cn-data-row", row = short(other)))),
        };
    }
    Ok(m)
}

/// Checks that every field present has a valid provenance (see [`carddata::check_provenance`]).
fn check_provenance(
    ctx: &Ctx,
    prov: &toml::Spanned<toml::Table>,
    fields: &[&str],
    count: &mut ProvenanceCount,
) -> Result<(), DataError> {
    carddata::check_provenance(prov.get_ref(), fields, count, &|f, m| ctx.src.error_at(prov.span().start, f, m))
}

/// Parses and validates the three data files.
pub fn load(files: &[(&str, &str); 3]) -> Result<Table, DataError> {
    load_checked(files, None)
}

/// Parses and validates the data files; with `reference`, every card must keep its place, name, kind,
/// faction, effect and champion level (card ids are the notation of actions and records, and effects are
/// code), while numbers, rows, timing, reach, texts, market copies and pack contents may change.
fn load_checked(files: &[(&str, &str); 3], reference: Option<&Table>) -> Result<Table, DataError> {
    let mut cards: Vec<CardInfo> = Vec::new();
    let mut count = ProvenanceCount::default();
    let ectx = Ctx { src: Source::new(files[0].0, files[0].1) };
    let ef: DataFile = ectx.parse()?;
    for e in ef.elemental {
        let class = match e.kind.get_ref().as_str() {
            "sage" => Class::Sage,
            "champion" => Class::Champion,
            "basic" => Class::Basic,
            "warrior" => Class::Warrior,
            k => {
                return Err(ectx.err(e.kind.span(), "kind", message!("cn-data-elemental-kind", kind = short(k))));
            }
        };
        let effect = Effect::from_key(e.effect.get_ref()).ok_or_else(|| {
            ectx.err(e.effect.span(), "effect", message!("cn-data-effect", effect = short(e.effect.get_ref())))
        })?;
        let daybreak = match e.timing.get_ref().as_str() {
            "daybreak" => true,
            "reaction" | "none" => false,
            t => {
                return Err(ectx.err(e.timing.span(), "timing", message!("cn-data-timing", timing = short(t))));
            }
        };
        if e.health == 0 {
            return Err(ectx.err(e.name.span(), "health", Message::new("cn-data-health-zero")));
        }
        // Ruling C26: stats stay in printable ranges, so no sum of them can overflow.
        if !(1..=STAT_MAX).contains(&e.health) {
            return Err(ectx.err(
                e.name.span(),
                "health",
                message!("cn-data-range", value = e.health, lo = 1, hi = STAT_MAX),
            ));
        }
        if !(0..=STAT_MAX as i8).contains(&e.strength) {
            return Err(ectx.err(
                e.name.span(),
                "strength",
                message!("cn-data-range", value = e.strength, lo = 0, hi = STAT_MAX),
            ));
        }
        market_cost(&ectx, &e.name, e.cost, e.copies_in_market)?;
        if class == Class::Champion && !matches!(e.champion_level, Some(4 | 6 | 8)) {
            return Err(ectx.err(e.name.span(), "champion_level", Message::new("cn-data-champion-level")));
        }
        if e.rows.as_ref().is_some_and(Vec::is_empty) {
            // An effect that works in no row (issue 38): name its rows, or leave the field out.
            return Err(ectx.err(e.name.span(), "rows", Message::new("cn-data-rows-empty")));
        }
        let rows = rows_mask(&ectx, e.rows.as_deref().unwrap_or(&[]), "rows")?;
        let mut fields = vec!["name", "faction", "kind", "strength", "health", "timing", "effect", "text"];
        fields.push("copies_in_market");
        if e.cost.is_some() {
            fields.push("cost");
        }
        if e.champion_level.is_some() {
            fields.push("champion_level");
        }
        if e.rows.is_some() {
            fields.push("rows");
        }
        check_provenance(&ectx, &e.provenance, &fields, &mut count)?;
        if let Some(r) = reference {
            same_card(&ectx, r, cards.len(), &e.name, class, e.faction, effect, e.champion_level.unwrap_or(0))?;
        }
        let name = e.name.into_inner();
        cards.push(CardInfo {
            code: name.to_lowercase().replace(' ', "-").replace('\'', ""),
            name,
            class,
            faction: e.faction,
            strength: e.strength,
            health: e.health,
            cost: e.cost,
            level: e.champion_level.unwrap_or(0),
            rows,
            daybreak,
            effect,
            attacker_rows: 0,
            reach: Reach::Melee,
            delta: 0,
            market_copies: e.copies_in_market,
            text: e.text,
        });
    }
    let cctx = Ctx { src: Source::new(files[1].0, files[1].1) };
    let cf: DataFile = cctx.parse()?;
    for c in cf.command {
        let class = match c.kind.get_ref().as_str() {
            "attack_melee" => Class::Melee,
            "attack_ranged" => Class::Ranged,
            "instant" => Class::Instant,
            "utility" => Class::Utility,
            k => return Err(cctx.err(c.kind.span(), "kind", message!("cn-data-command-kind", kind = short(k)))),
        };
        let effect = Effect::from_key(c.effect.get_ref()).ok_or_else(|| {
            cctx.err(c.effect.span(), "effect", message!("cn-data-effect", effect = short(c.effect.get_ref())))
        })?;
        let reach = match (&c.range, class) {
            (None, Class::Melee) => Reach::Melee,
            (None, Class::Ranged) => {
                return Err(cctx.err(c.name.span(), "range", Message::new("cn-data-range-missing")));
            }
            (None, _) => Reach::Melee,
            (Some(r), _) => match r.get_ref() {
                toml::Value::Integer(n) if (1..=5).contains(n) => Reach::Away(*n as u8),
                toml::Value::String(s) if s == "row2" => Reach::Row2,
                toml::Value::String(s) if s == "any" => Reach::Any,
                v => {
                    return Err(cctx.err(r.span(), "range", message!("cn-data-reach", reach = short(&v.to_string()))));
                }
            },
        };
        market_cost(&cctx, &c.name, c.cost, c.copies_in_market)?;
        if let Some(d) = c.strength_delta
            && !(-(STAT_MAX as i8)..=STAT_MAX as i8).contains(&d)
        {
            return Err(cctx.err(c.name.span(), "strength_delta", message!("cn-data-delta", value = d, hi = STAT_MAX)));
        }
        let attacker_rows = rows_mask(&cctx, c.attacker_rows.as_deref().unwrap_or(&[]), "attacker_rows")?;
        if class.is_attack() && attacker_rows == 0 {
            return Err(cctx.err(c.name.span(), "attacker_rows", Message::new("cn-data-attacker-rows")));
        }
        let mut fields = vec!["name", "faction", "kind", "effect", "text", "copies_in_market"];
        for (present, f) in [
            (c.cost.is_some(), "cost"),
            (c.attacker_rows.is_some(), "attacker_rows"),
            (c.range.is_some(), "range"),
            (c.strength_delta.is_some(), "strength_delta"),
        ] {
            if present {
                fields.push(f);
            }
        }
        check_provenance(&cctx, &c.provenance, &fields, &mut count)?;
        if let Some(r) = reference {
            same_card(&cctx, r, cards.len(), &c.name, class, c.faction, effect, 0)?;
        }
        let name = c.name.into_inner();
        cards.push(CardInfo {
            code: name.to_lowercase().replace(' ', "-").replace('\'', ""),
            name,
            class,
            faction: c.faction,
            strength: 0,
            health: 0,
            cost: c.cost,
            level: 0,
            rows: 0,
            daybreak: false,
            effect,
            attacker_rows,
            reach,
            delta: c.strength_delta.unwrap_or(0),
            market_copies: c.copies_in_market,
            text: c.text,
        });
    }
    if let Some(r) = reference
        && cards.len() != r.cards.len()
    {
        let m = message!("cn-data-card-count", cards = cards.len(), set = r.cards.len());
        return Err(DataError::new(files[1].0, 0, "command", "").with_problem(crate::words::data_problem(m)));
    }
    if cards.len() > 250 {
        let m = Message::new("cn-data-too-many");
        return Err(DataError::new(files[0].0, 0, "cards", "").with_problem(crate::words::data_problem(m)));
    }
    for (i, c) in cards.iter().enumerate() {
        if cards[..i].iter().any(|d| d.code == c.code) {
            let m = message!("cn-data-twice", name = short(&c.name));
            return Err(DataError::new(files[0].0, 0, "name", "").with_problem(crate::words::data_problem(m)));
        }
    }
    let find = |ctx: &Ctx, s: &toml::Spanned<String>, field: &str| -> Result<Card, DataError> {
        cards
            .iter()
            .position(|c| &c.name == s.get_ref())
            .map(|i| Card(i as u8))
            .ok_or_else(|| ctx.err(s.span(), field, message!("cn-data-no-card", name = short(s.get_ref()))))
    };
    let sctx = Ctx { src: Source::new(files[2].0, files[2].1) };
    let sf: DataFile = sctx.parse()?;
    let mut packs = Vec::new();
    for s in &sf.sage {
        let sage = find(&sctx, &s.name, "name")?;
        if cards[sage.0 as usize].class != Class::Sage {
            return Err(sctx.err(s.name.span(), "name", Message::new("cn-data-not-sage")));
        }
        if s.champions.len() != 3 || s.warriors.len() != 3 || s.actions.len() != 3 {
            return Err(sctx.err(s.name.span(), "champions/warriors/actions", Message::new("cn-data-three-each")));
        }
        if s.basic_copies != 4 {
            return Err(sctx.err(s.basic.span(), "basic_copies", Message::new("cn-data-four-basics")));
        }
        let mut champions = [Card(0); 3];
        for (i, c) in s.champions.iter().enumerate() {
            champions[i] = find(&sctx, c, "champions")?;
            if cards[champions[i].0 as usize].level != [4, 6, 8][i] {
                return Err(sctx.err(c.span(), "champions", Message::new("cn-data-champion-order")));
            }
        }
        let mut warriors = [Card(0); 3];
        for (i, c) in s.warriors.iter().enumerate() {
            warriors[i] = find(&sctx, c, "warriors")?;
        }
        let cmds = |list: &[CopyEntry], field: &str| -> Result<Vec<(Card, u8)>, DataError> {
            let mut v = Vec::new();
            let mut total = 0;
            for e in list {
                let c = find(&sctx, &e.card, field)?;
                if cards[c.0 as usize].class.is_elemental() {
                    return Err(sctx.err(e.card.span(), field, Message::new("cn-data-not-command")));
                }
                total += e.copies;
                v.push((c, e.copies));
            }
            if total != 5 {
                return Err(sctx.err(s.name.span(), field, message!("cn-data-five-commands", total = total)));
            }
            Ok(v)
        };
        let commands = cmds(&s.commands, "commands")?;
        let commands_godot = cmds(&s.commands_godot, "commands_godot")?;
        let fields = [
            "name",
            "faction",
            "champions",
            "basic",
            "basic_copies",
            "warriors",
            "commands",
            "commands_godot",
            "actions",
        ];
        check_provenance(&sctx, &s.provenance, &fields, &mut count)?;
        packs.push(SagePack {
            sage,
            faction: s.faction,
            champions,
            basic: find(&sctx, &s.basic, "basic")?,
            warriors,
            commands,
            commands_godot,
            actions: [s.actions[0].clone(), s.actions[1].clone(), s.actions[2].clone()],
        });
    }
    for (i, f) in Faction::SAGES.iter().enumerate() {
        if packs.get(i).map(|p| p.faction) != Some(*f) {
            let m = Message::new("cn-data-sage-order");
            return Err(DataError::new(files[2].0, 0, "sage", "").with_problem(crate::words::data_problem(m)));
        }
    }
    let mut elemental_market = Vec::new();
    let mut command_market = Vec::new();
    for (i, c) in cards.iter().enumerate() {
        for _ in 0..c.market_copies {
            if c.class.is_elemental() {
                elemental_market.push(Card(i as u8))
            } else {
                command_market.push(Card(i as u8))
            }
        }
    }
    for (m, deck, file) in [(0, &elemental_market, files[0].0), (1, &command_market, files[1].0)] {
        if deck.len() > MARKET_MAX {
            let m = message!(
                "cn-data-market-size",
                market = ["elemental", "command"][m],
                cards = deck.len(),
                max = MARKET_MAX
            );
            return Err(DataError::new(file, 0, "copies_in_market", "").with_problem(crate::words::data_problem(m)));
        }
    }
    Ok(Table {
        origin: "base".into(),
        cards,
        packs,
        elemental_market,
        command_market,
        provisional_fields: count.provisional,
        fan_fields: count.fan,
        content_hash: files.iter().fold(0xcbf2_9ce4_8422_2325, |h, (_, t)| fnv1a(fnv1a(h, t.as_bytes()), &[0])),
    })
}

/// The largest strength, health or strength delta a card file may give (ruling C26).
pub const STAT_MAX: u8 = 99;

/// Most cards in each market deck: « 1 paquet Marché des Élémentaires (40 cartes) », same for commands.
pub const MARKET_MAX: usize = 40;

/// A market card has a cost of at least 1 gold (every buy and refresh spends gold: ruling C23's bound).
fn market_cost(ctx: &Ctx, name: &toml::Spanned<String>, cost: Option<u8>, copies: u8) -> Result<(), DataError> {
    match cost {
        Some(0) => Err(ctx.err(name.span(), "cost", Message::new("cn-data-cost-zero"))),
        None if copies > 0 => Err(ctx.err(name.span(), "cost", Message::new("cn-data-cost-missing"))),
        _ => Ok(()),
    }
}

/// Checks a user file's card `i` against the embedded set (see [`load_checked`]).
#[allow(clippy::too_many_arguments)]
fn same_card(
    ctx: &Ctx,
    r: &Table,
    i: usize,
    name: &toml::Spanned<String>,
    class: Class,
    faction: Faction,
    effect: Effect,
    level: u8,
) -> Result<(), DataError> {
    let Some(want) = r.cards.get(i) else {
        return Err(ctx.err(name.span(), "name", message!("cn-data-beyond", n = i + 1, set = r.cards.len())));
    };
    if name.get_ref() != &want.name {
        let m = message!("cn-data-must-be", n = i + 1, name = want.name.as_str());
        return Err(ctx.err(name.span(), "name", m));
    }
    for (same, field) in [
        (class == want.class, "kind"),
        (faction == want.faction, "faction"),
        (effect == want.effect, "effect"),
        (level == want.level, "champion_level"),
    ] {
        if !same {
            return Err(ctx.err(
                name.span(),
                field,
                message!("cn-data-keeps", name = want.name.as_str(), field = field),
            ));
        }
    }
    Ok(())
}

/// Loads and validates a user card file: one TOML file holding the three sections of the embedded
/// files (`[[elemental]]`, `[[command]]`, `[[sage]]`), checked against the embedded set (see
/// [`load_checked`]). Errors name the file, the line and the field.
pub fn load_file(path: &str) -> Result<Table, DataError> {
    let text = carddata::read_file(path)?;
    load_text(path, &text)
}

/// Validates the text of a user card file named `file` (see [`load_file`]).
pub fn load_text(file: &str, text: &str) -> Result<Table, DataError> {
    let base = try_table()?;
    let mut t = load_checked(&[(file, text), (file, text), (file, text)], Some(base))?;
    t.origin = file.to_owned();
    Ok(t)
}

/// The card files an operator offers (`sylvan serve --cards-dir`), by name.
static OFFERED: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

/// Offers the card file `text` under `name` (`cards=NAME`), without a path: a server's way to let
/// clients choose another card file while card files stay forbidden
/// ([`forbid_files`](sylvan_engine::carddata::forbid_files)). The name is lowercase letters, digits and
/// `-`, not `base`; the file is checked first.
pub fn offer_file(name: &str, text: &str) -> Result<(), DataError> {
    let bad = |m: &'static str| DataError::file(name, "").with_problem(crate::words::data_problem(Message::new(m)));
    if name.is_empty()
        || name.len() > 40
        || name == "base"
        || !name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err(bad("cn-data-file-name"));
    }
    load_text(name, text)?;
    let mut list = OFFERED.lock().unwrap_or_else(|e| e.into_inner());
    if list.iter().any(|(n, _)| n == name) {
        return Err(bad("cn-data-offered-twice"));
    }
    list.push((name.to_owned(), text.to_owned()));
    Ok(())
}

/// The names of the card files offered with [`offer_file`], in order.
pub fn offered_files() -> Vec<String> {
    OFFERED.lock().unwrap_or_else(|e| e.into_inner()).iter().map(|(n, _)| n.clone()).collect()
}

/// The concatenation of the embedded files: a complete user card file to start from.
pub fn default_file_text() -> String {
    DEFAULT_FILES.iter().map(|(_, t)| *t).collect::<Vec<_>>().join("\n")
}

/// The card table of a game: the embedded set or a loaded user file, shared and reference counted.
/// Tables of equal content from the same origin are one instance while any game holds it
/// ([`Cards::resolve`] finds it again); a loaded table is freed when its last handle is dropped (the
/// embedded one lives on, and a few recent offered ones are [pinned](PINNED)). Serialized as where it
/// came from (`base` or the file's path). Cloning is a reference-count increment.
#[derive(Clone)]
pub struct Cards(Arc<Table>);

/// Tables offered by the operator kept alive after their last game ends, most recent first. Tables
/// loaded from files are never pinned.
pub const PINNED: usize = 4;

/// The tables in use: weak handles, so that the cache keeps nothing alive; and the pinned ones.
struct Cache {
    live: Vec<(String, bool, Weak<Table>)>,
    pinned: Vec<Arc<Table>>,
}

static CACHE: Mutex<Cache> = Mutex::new(Cache { live: Vec::new(), pinned: Vec::new() });

/// 64-bit FNV-1a.
fn fnv1a(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

impl Table {
    /// A one-paragraph summary of a validated table (for `sylvan cards check`).
    pub fn summary(&self) -> String {
        crate::words::card_summary(self, sylvan_engine::Locale::En)
    }
}

impl Cards {
    /// The embedded set.
    pub fn base() -> Cards {
        Cards(Arc::clone(table_arc()))
    }

    /// The table named by an option value: empty or `base` for the embedded set, an offered file's name
    /// ([`offer_file`]), else a card file path. A table in use by a game is shared, not loaded again;
    /// files are read each time and their content compared.
    pub fn resolve(cards: &str) -> Result<Cards, DataError> {
        if cards.is_empty() || cards == "base" {
            return try_table_arc().map(|t| Cards(Arc::clone(t)));
        }
        let lock = || CACHE.lock().unwrap_or_else(|e| e.into_inner());
        let offered = OFFERED.lock().unwrap_or_else(|e| e.into_inner()).iter().find(|(n, _)| n == cards).cloned();
        let fixed = offered.is_some();
        let find = |c: &Cache, hash: Option<u64>| {
            c.live.iter().find_map(|(spec, f, w)| {
                let t = w.upgrade()?;
                let same = match hash {
                    Some(h) => t.content_hash == h && t.origin == cards,
                    None => *f && spec == cards,
                };
                same.then_some(t)
            })
        };
        let pin = |c: &mut Cache, t: &Arc<Table>| {
            c.pinned.retain(|p| !Arc::ptr_eq(p, t));
            c.pinned.insert(0, Arc::clone(t));
            c.pinned.truncate(PINNED);
        };
        if fixed {
            let mut c = lock();
            if let Some(t) = find(&c, None) {
                pin(&mut c, &t);
                return Ok(Cards(t));
            }
        }
        // Refused without touching the disk once card files are forbidden (a server).
        let table = match offered {
            Some((name, text)) => load_text(&name, &text)?,
            None => load_file(cards)?,
        };
        let mut c = lock();
        let t = match find(&c, Some(table.content_hash)) {
            Some(t) => t,
            None => {
                let t = Arc::new(table);
                c.live.retain(|(_, _, w)| w.strong_count() > 0);
                c.live.push((cards.to_owned(), fixed, Arc::downgrade(&t)));
                t
            }
        };
        if fixed {
            pin(&mut c, &t);
        }
        Ok(Cards(t))
    }

    /// The table a deserialized state or view names by `cards`, from memory only: the disk is never
    /// read. The embedded set and [offered](offer_file) files are found (or built) in memory; a card
    /// file's path is found among the live tables (a game's or a handle's) loaded from that path by
    /// [`Cards::resolve`] beforehand (by the CLI's `-o cards=FILE`, or a record's named file checked
    /// against its content hash). Otherwise, or when that path was loaded twice with different contents
    /// and both are alive, a one-line error naming it.
    pub fn loaded(cards: &str) -> Result<Cards, DataError> {
        let offered = OFFERED.lock().unwrap_or_else(|e| e.into_inner()).iter().any(|(n, _)| n == cards);
        if cards.is_empty() || cards == "base" || offered {
            // `resolve` reads no file for these.
            return Cards::resolve(cards);
        }
        let c = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        let mut found: Vec<Arc<Table>> = Vec::new();
        for t in c.live.iter().filter_map(|(_, _, w)| w.upgrade()) {
            if t.origin == cards && !found.iter().any(|f| f.content_hash == t.content_hash) {
                found.push(t);
            }
        }
        match found.len() {
            1 => Ok(Cards(found.remove(0))),
            0 => {
                Err(DataError::file(cards, "")
                    .with_problem(crate::words::data_problem(Message::new("cn-data-not-loaded"))))
            }
            _ => Err(DataError::file(cards, "")
                .with_problem(crate::words::data_problem(Message::new("cn-data-loaded-twice")))),
        }
    }

    /// The shared table.
    pub fn arc(&self) -> &Arc<Table> {
        &self.0
    }

    /// The number of card tables alive in this process (in use by a game or a handle, pinned, or the
    /// embedded one): what a test watches to see that none is leaked.
    pub fn live_tables() -> usize {
        let c = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        usize::from(SHARED.get().is_some_and(Result::is_ok))
            + c.live.iter().filter(|(_, _, w)| w.strong_count() > 0).count()
    }

    /// A card's facts in this table.
    #[inline]
    pub fn info(&self, c: Card) -> &CardInfo {
        &self.0.cards[c.0 as usize]
    }

    /// Sale price: half the cost rounded up; Sage-pack cards and champions 1.
    #[inline]
    pub fn sale_price(&self, c: Card) -> u8 {
        self.info(c).cost.map_or(1, |k| k.div_ceil(2))
    }

    /// Whether the effect of `u` works in slot `s` (it stands in one of its effect rows).
    #[inline]
    pub fn works(&self, u: &crate::state::Unit, s: crate::actions::Slot) -> bool {
        self.info(u.card).rows & (1 << (s / 6)) != 0
    }
}

impl std::ops::Deref for Cards {
    type Target = Table;
    #[inline]
    fn deref(&self) -> &Table {
        &self.0
    }
}

/// The same table: one instance, or equal content from the same origin.
impl PartialEq for Cards {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.content_hash == other.0.content_hash && self.0.origin == other.0.origin)
    }
}
impl Eq for Cards {}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cards({})", self.0.origin)
    }
}

impl Serialize for Cards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.origin)
    }
}

/// From memory only ([`Cards::loaded`]): deserializing never reads a card file.
impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Cards::loaded(&s).map_err(serde::de::Error::custom)
    }
}

static TABLE: OnceLock<Result<Table, DataError>> = OnceLock::new();

/// The embedded table as games hold it (a copy of [`table`], which stays inline in its static for
/// [`Card::info`]'s sake: one load less on every read).
static SHARED: OnceLock<Result<Arc<Table>, DataError>> = OnceLock::new();

fn try_table_arc() -> Result<&'static Arc<Table>, DataError> {
    SHARED.get_or_init(|| try_table().map(|t| Arc::new(t.clone()))).as_ref().map_err(Clone::clone)
}

fn table_arc() -> &'static Arc<Table> {
    match try_table_arc() {
        Ok(t) => t,
        Err(e) => panic!("embedded card data is invalid: {e}"),
    }
}

/// The default card table, loaded and validated once.
pub fn try_table() -> Result<&'static Table, DataError> {
    TABLE.get_or_init(|| load(&DEFAULT_FILES)).as_ref().map_err(Clone::clone)
}

/// The default card table. The embedded files are validated by a unit test and by every `Game::new`, so a
/// failure here is a broken build, reported by name.
pub fn table() -> &'static Table {
    match TABLE.get_or_init(|| load(&DEFAULT_FILES)) {
        Ok(t) => t,
        Err(e) => panic!("embedded card data is invalid: {e}"),
    }
}

impl Card {
    /// The card's facts in the embedded set. Name, kind, faction, effect and champion level are the same
    /// in every card file; numbers and rows may differ, so game code reads those through the game's
    /// [`Cards`].
    #[inline]
    pub fn info(self) -> &'static CardInfo {
        &table().cards[self.0 as usize]
    }
    /// Its class.
    #[inline]
    pub fn class(self) -> Class {
        self.info().class
    }
    /// Its effect.
    #[inline]
    pub fn effect(self) -> Effect {
        self.info().effect
    }
    /// Its name.
    pub fn name(self) -> &'static str {
        &self.info().name
    }
    /// Sale price: half the cost rounded up; Sage-pack cards and champions 1.
    pub fn sale_price(self) -> u8 {
        self.info().cost.map_or(1, |c| c.div_ceil(2))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match table().cards.get(self.0 as usize) {
            Some(c) => f.write_str(&c.code),
            None => write!(f, "card{}", self.0),
        }
    }
}

impl FromStr for Card {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = try_table().map_err(|e| ParseError::new(s, e.to_string()))?;
        t.cards
            .iter()
            .position(|c| c.code == s)
            .map(|i| Card(i as u8))
            .ok_or_else(|| ParseError::new(s, "a card code such as `close-strike` or `timber`"))
    }
}

sylvan_engine::serde_via_notation!(Card);
