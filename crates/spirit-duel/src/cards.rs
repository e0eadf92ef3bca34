//! Card data: the four spirits and the 24 abilities, read from the TOML files of `data/` (embedded as the
//! default set), validated once into compact tables. Cards and spirits are ids into these tables; a
//! player's hand, discard pile and attached cards are bit sets over the 24 ability ids.
//!
//! Every field of every card records its provenance (`rulebook: <passage>` or `provisional: <why>`);
//! a missing or unknown provenance is a validation error naming the file, line and field. The card
//! files hold the English; the French originals (and any other language) are the overlays
//! `i18n/<code>/cards.toml`, read by the words layer.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sylvan_engine::ParseError;
use sylvan_engine::carddata::{Source, check_provenance, short};

/// The default spirits file.
pub const SPIRITS_TOML: &str = include_str!("../data/spirits.toml");
/// The default abilities file.
pub const ABILITIES_TOML: &str = include_str!("../data/abilities.toml");

/// Number of spirits (two teams of two).
pub const SPIRITS: usize = 4;
/// Number of abilities (6 per spirit).
pub const ABILITIES: usize = 24;

/// An element. Criticals and weaknesses are lists of elements printed on each card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Element {
    /// Feu.
    Fire,
    /// Eau.
    Water,
    /// Terre.
    Earth,
    /// Air.
    Air,
}

impl Element {
    /// Every element.
    pub const ALL: [Element; 4] = [Element::Fire, Element::Water, Element::Earth, Element::Air];

    /// The French name.
    pub fn name(self) -> &'static str {
        match self {
            Element::Fire => "Feu",
            Element::Water => "Eau",
            Element::Earth => "Terre",
            Element::Air => "Air",
        }
    }

    /// The element's bit in an element mask.
    #[inline]
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A starter team.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Team {
    /// Team A: Almyra and Dormuz'el (offensive).
    #[default]
    A,
    /// Team B: Kel'Orn and Surok (defensive).
    B,
}

impl Team {
    /// The other team.
    pub fn other(self) -> Team {
        match self {
            Team::A => Team::B,
            Team::B => Team::A,
        }
    }

    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Keyword bits of an ability.
pub mod kw {
    /// Attaque.
    pub const ATTAQUE: u8 = 1;
    /// Défense.
    pub const DEFENSE: u8 = 2;
    /// Soutien.
    pub const SOUTIEN: u8 = 4;
    /// Ultime: removed from the game after use.
    pub const ULTIME: u8 = 8;
    /// Zone: reused once for free on a different enemy spirit.
    pub const ZONE: u8 = 16;
    /// Tour Diurne: the effect applies on a Day turn only.
    pub const DIURNE: u8 = 32;
    /// Tour Nocturne: the effect applies on a Night turn only.
    pub const NOCTURNE: u8 = 64;
}

/// The condition of a power bonus.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cond {
    /// Always.
    Always,
    /// You already dealt damage this turn (Almyra's Fracas).
    DealtDamage,
    /// The attacked spirit is exhausted (Surok's Entrave).
    TargetExhausted,
    /// The attacking spirit has 11 PV or more (Kel'Orn's Croissance).
    #[serde(rename = "self_hp_11")]
    SelfHp11,
    /// The defended spirit has 10 PV or less.
    DefenderLow,
}

/// What a card does (its normal or its Robot effect).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    /// Nothing.
    None,
    /// +n power if the condition holds.
    Bonus(u8, Cond),
    /// Roll the die: +n power, and `extra` more if the result is at least `threshold`.
    Die {
        /// Power always gained.
        n: u8,
        /// The result needed for the extra power.
        threshold: u8,
        /// The extra power.
        extra: u8,
    },
    /// +n to your die results until the end of the turn (Dormuz'el's Chance).
    Chance(u8),
    /// Exhaust the attacked spirit.
    ExhaustTarget,
    /// Heal n PV (Défense: the defended spirit; Soutien: one of your spirits).
    Heal(u8),
    /// Gain n PM.
    GainPm(u8),
    /// Draw n cards.
    Draw(u8),
    /// Exhaust an enemy spirit.
    ExhaustEnemy,
    /// Recharge one of your spirits.
    Recharge,
    /// Deal n damage to an enemy spirit (not an attack).
    Damage(u8),
    /// Attach to one of your spirits: at the start of your turn it heals n PV.
    AttachHeal(u8),
    /// Attach to one of your spirits: at the end of your turn you gain n PM.
    AttachPm(u8),
}

/// What a Soutien effect targets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Targets {
    /// No target.
    None,
    /// One of your living spirits.
    Own,
    /// A living enemy spirit.
    Enemy,
}

impl Effect {
    /// The target a Soutien card with this effect needs.
    pub fn targets(self) -> Targets {
        match self {
            Effect::Heal(_) | Effect::Recharge | Effect::AttachHeal(_) | Effect::AttachPm(_) => Targets::Own,
            Effect::ExhaustEnemy | Effect::Damage(_) => Targets::Enemy,
            _ => Targets::None,
        }
    }

    /// Whether the card stays attached to a spirit after use.
    pub fn attaches(self) -> bool {
        matches!(self, Effect::AttachHeal(_) | Effect::AttachPm(_))
    }
}

/// A spirit card.
#[derive(Clone, Debug, PartialEq)]
pub struct SpiritCard {
    /// Notation code (`kelorn`).
    pub code: String,
    /// Printed name.
    pub name: String,
    /// Its team.
    pub team: Team,
    /// Its element.
    pub element: Element,
    /// Starting and maximum PV.
    pub pv: u8,
    /// PM cost of its Attack.
    pub attack_cost: u8,
    /// Power of its Attack.
    pub attack_power: u8,
    /// The Attack's effect.
    pub attack_effect: Effect,
    /// The Attack's text in English (the French original is in `i18n/fr/cards.toml`).
    pub attack_text: String,
    /// Elements against which its Attack is critical (+4), as a mask.
    pub criticals: u8,
    /// Elements against which its Attack is weak (-4), as a mask.
    pub weaknesses: u8,
}

/// An ability card.
#[derive(Clone, Debug, PartialEq)]
pub struct Ability {
    /// Notation code (`glaciation`).
    pub code: String,
    /// The name in English (the French original is in `i18n/fr/cards.toml`).
    pub name: String,
    /// The spirit whose base ability it is (id).
    pub spirit: u8,
    /// Its element.
    pub element: Element,
    /// Keyword bits ([`kw`]).
    pub keywords: u8,
    /// PM cost.
    pub cost: u8,
    /// Power.
    pub power: u8,
    /// Critical elements (mask).
    pub criticals: u8,
    /// Weak elements (mask).
    pub weaknesses: u8,
    /// The normal effect.
    pub effect: Effect,
    /// The effect when the Robot plays it.
    pub robot_effect: Effect,
    /// The card text in English (the French original is in `i18n/fr/cards.toml`).
    pub text: String,
}

impl Ability {
    /// Whether it has keyword bit `k`.
    #[inline]
    pub fn has(&self, k: u8) -> bool {
        self.keywords & k != 0
    }
}

pub use sylvan_engine::carddata::ProvenanceCount;

/// The validated card tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Tables {
    /// The spirits, by id (team A's two, then team B's two).
    pub spirits: Vec<SpiritCard>,
    /// The abilities, by id (team A's twelve, then team B's twelve).
    pub abilities: Vec<Ability>,
    /// Per-team spirit ids.
    pub team_spirits: [[u8; 2]; 2],
    /// Per-team ability masks.
    pub team_cards: [u32; 2],
    /// Provenance counts of the spirit file.
    pub spirit_provenance: ProvenanceCount,
    /// Provenance counts of the ability file.
    pub ability_provenance: ProvenanceCount,
}

pub use sylvan_engine::carddata::DataError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EffectRaw {
    kind: String,
    n: Option<u8>,
    cond: Option<Cond>,
    threshold: Option<u8>,
    extra: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpiritRaw {
    code: toml::Spanned<String>,
    name: String,
    team: Team,
    element: Element,
    pv: u8,
    attack_cost: u8,
    attack_power: u8,
    attack_effect: EffectRaw,
    attack_text: String,
    criticals: Vec<Element>,
    weaknesses: Vec<Element>,
    provenance: toml::Table,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AbilityRaw {
    code: toml::Spanned<String>,
    name: String,
    spirit: String,
    element: Element,
    keywords: Vec<String>,
    cost: u8,
    power: u8,
    criticals: Vec<Element>,
    weaknesses: Vec<Element>,
    effect: EffectRaw,
    robot_effect: EffectRaw,
    text: String,
    provenance: toml::Table,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpiritFile {
    spirit: Vec<SpiritRaw>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AbilityFile {
    ability: Vec<AbilityRaw>,
}

const SPIRIT_FIELDS: &[&str] = &[
    "name",
    "team",
    "element",
    "pv",
    "attack_cost",
    "attack_power",
    "attack_effect",
    "attack_text",
    "criticals",
    "weaknesses",
];
const ABILITY_FIELDS: &[&str] = &[
    "name",
    "spirit",
    "element",
    "keywords",
    "cost",
    "power",
    "criticals",
    "weaknesses",
    "effect",
    "robot_effect",
    "text",
];

fn mask(v: &[Element]) -> u8 {
    v.iter().fold(0, |m, e| m | e.bit())
}

fn effect(raw: &EffectRaw, err: &dyn Fn(&str) -> DataError) -> Result<Effect, DataError> {
    let n = || raw.n.ok_or_else(|| err("needs `n`"));
    Ok(match raw.kind.as_str() {
        "none" => Effect::None,
        "bonus" => Effect::Bonus(n()?, raw.cond.ok_or_else(|| err("needs `cond`"))?),
        "die" => Effect::Die {
            n: n()?,
            threshold: raw.threshold.filter(|t| (1..=7).contains(t)).ok_or_else(|| err("needs `threshold` 1..7"))?,
            extra: raw.extra.ok_or_else(|| err("needs `extra`"))?,
        },
        "chance" => Effect::Chance(n()?),
        "exhaust_target" => Effect::ExhaustTarget,
        "heal" => Effect::Heal(n()?),
        "gain_pm" => Effect::GainPm(n()?),
        "draw" => Effect::Draw(n()?),
        "exhaust_enemy" => Effect::ExhaustEnemy,
        "recharge" => Effect::Recharge,
        "damage" => Effect::Damage(n()?),
        "attach_heal" => Effect::AttachHeal(n()?),
        "attach_pm" => Effect::AttachPm(n()?),
        k => return Err(err(&format!("unknown effect kind `{}`", short(k)))),
    })
}

impl Tables {
    /// Reads and validates a spirits file and an abilities file (`names` are used in errors).
    pub fn load(spirits: &str, abilities: &str, names: (&str, &str)) -> Result<Tables, DataError> {
        let (ssrc, asrc) = (Source::new(names.0, spirits), Source::new(names.1, abilities));
        let sf: SpiritFile = ssrc.parse()?;
        let af: AbilityFile = asrc.parse()?;
        let mut t = Tables {
            spirits: Vec::new(),
            abilities: Vec::new(),
            team_spirits: [[0; 2]; 2],
            team_cards: [0; 2],
            spirit_provenance: ProvenanceCount::default(),
            ability_provenance: ProvenanceCount::default(),
        };
        if sf.spirit.len() != SPIRITS {
            return Err(DataError {
                file: names.0.into(),
                line: 0,
                field: "spirit".into(),
                message: format!("{SPIRITS} spirits needed, found {}", sf.spirit.len()),
                words: None,
            });
        }
        for (i, s) in sf.spirit.iter().enumerate() {
            let line = ssrc.line_of(s.code.span().start);
            let err = |field: &str, message: &str| DataError {
                file: names.0.into(),
                line,
                field: format!("spirit[{i}].{field}"),
                message: message.into(),
                words: None,
            };
            let want = if i < 2 { Team::A } else { Team::B };
            if s.team != want {
                return Err(err("team", "list team A's two spirits, then team B's two"));
            }
            if s.pv == 0 || s.pv > 99 {
                return Err(err("pv", "PV must be 1..99"));
            }
            check_provenance(&s.provenance, SPIRIT_FIELDS, &mut t.spirit_provenance, &|f, m| err(f, &m))?;
            let e = effect(&s.attack_effect, &|m| err("attack_effect", m))?;
            if !matches!(e, Effect::None | Effect::Bonus(..) | Effect::Chance(_) | Effect::Die { .. }) {
                return Err(err("attack_effect", "a spirit's Attack has a bonus, die or chance effect"));
            }
            t.team_spirits[want.index()][i % 2] = i as u8;
            t.spirits.push(SpiritCard {
                code: s.code.get_ref().clone(),
                name: s.name.clone(),
                team: s.team,
                element: s.element,
                pv: s.pv,
                attack_cost: s.attack_cost,
                attack_power: s.attack_power,
                attack_effect: e,
                attack_text: s.attack_text.clone(),
                criticals: mask(&s.criticals),
                weaknesses: mask(&s.weaknesses),
            });
        }
        if af.ability.len() != ABILITIES {
            return Err(DataError {
                file: names.1.into(),
                line: 0,
                field: "ability".into(),
                message: format!("{ABILITIES} abilities needed, found {}", af.ability.len()),
                words: None,
            });
        }
        let mut per_spirit = [0usize; SPIRITS];
        for (i, a) in af.ability.iter().enumerate() {
            let line = asrc.line_of(a.code.span().start);
            let err = |field: &str, message: &str| DataError {
                file: names.1.into(),
                line,
                field: format!("ability[{i}].{field}"),
                message: message.into(),
                words: None,
            };
            let code = a.code.get_ref();
            if code.is_empty() || !code.chars().all(|c| c.is_ascii_lowercase()) {
                return Err(err("code", "a code is lowercase ascii letters"));
            }
            if t.abilities.iter().any(|b| &b.code == code) || t.spirits.iter().any(|s| &s.code == code) {
                return Err(err("code", &format!("`{}` is used twice", short(code))));
            }
            let spirit = t
                .spirits
                .iter()
                .position(|s| s.code == a.spirit)
                .ok_or_else(|| err("spirit", &format!("`{}` is not a spirit of {}", short(&a.spirit), names.0)))?;
            if i / 12 != spirit / 2 {
                return Err(err("spirit", "list team A's twelve abilities, then team B's twelve"));
            }
            per_spirit[spirit] += 1;
            check_provenance(&a.provenance, ABILITY_FIELDS, &mut t.ability_provenance, &|f, m| err(f, &m))?;
            let mut keywords = 0;
            for k in &a.keywords {
                keywords |= match k.as_str() {
                    "attaque" => kw::ATTAQUE,
                    "defense" => kw::DEFENSE,
                    "soutien" => kw::SOUTIEN,
                    "ultime" => kw::ULTIME,
                    "zone" => kw::ZONE,
                    "diurne" => kw::DIURNE,
                    "nocturne" => kw::NOCTURNE,
                    other => return Err(err("keywords", &format!("unknown keyword `{}`", short(other)))),
                };
            }
            let kinds = (keywords & (kw::ATTAQUE | kw::DEFENSE | kw::SOUTIEN)).count_ones();
            if kinds != 1 {
                return Err(err("keywords", "exactly one of attaque, defense, soutien"));
            }
            if keywords & kw::DIURNE != 0 && keywords & kw::NOCTURNE != 0 {
                return Err(err("keywords", "a card is not both diurne and nocturne"));
            }
            let e = effect(&a.effect, &|m| err("effect", m))?;
            let r = effect(&a.robot_effect, &|m| err("robot_effect", m))?;
            for (what, x) in [("effect", e), ("robot_effect", r)] {
                let ok = match keywords & (kw::ATTAQUE | kw::DEFENSE | kw::SOUTIEN) {
                    kw::ATTAQUE => matches!(
                        x,
                        Effect::None
                            | Effect::Bonus(..)
                            | Effect::Die { .. }
                            | Effect::ExhaustTarget
                            | Effect::Chance(_)
                    ),
                    kw::DEFENSE => matches!(x, Effect::None | Effect::Bonus(..) | Effect::Die { .. } | Effect::Heal(_)),
                    _ => {
                        !matches!(x, Effect::Bonus(..) | Effect::Die { .. } | Effect::ExhaustTarget | Effect::Chance(_))
                    }
                };
                if !ok {
                    return Err(err(what, "this effect does not fit the card's keyword"));
                }
            }
            if keywords & kw::ZONE != 0 && keywords & kw::SOUTIEN != 0 && e.targets() != Targets::Enemy {
                return Err(err("keywords", "a Zone Soutien must target an enemy spirit"));
            }
            t.team_cards[i / 12] |= 1 << i;
            t.abilities.push(Ability {
                code: code.clone(),
                name: a.name.clone(),
                spirit: spirit as u8,
                element: a.element,
                keywords,
                cost: a.cost,
                power: a.power,
                criticals: mask(&a.criticals),
                weaknesses: mask(&a.weaknesses),
                effect: e,
                robot_effect: r,
                text: a.text.clone(),
            });
        }
        if let Some(s) = per_spirit.iter().position(|&c| c != 6) {
            return Err(DataError {
                file: names.1.into(),
                line: 0,
                field: "spirit".into(),
                message: format!("{} has {} abilities, not 6", t.spirits[s].code, per_spirit[s]),
                words: None,
            });
        }
        Ok(t)
    }

    /// The default set (the embedded data files).
    pub fn default_set() -> Result<&'static Tables, DataError> {
        static T: OnceLock<Result<Tables, DataError>> = OnceLock::new();
        T.get_or_init(|| Tables::load(SPIRITS_TOML, ABILITIES_TOML, ("data/spirits.toml", "data/abilities.toml")))
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// The default tables. The embedded files are validated by a unit test and by every `Game::new`, which
/// returns an error instead of reaching this with a broken set.
/// Search reads them at every step, so the checked result is kept as a plain reference.
pub fn tables() -> &'static Tables {
    static T: OnceLock<&'static Tables> = OnceLock::new();
    T.get_or_init(|| match Tables::default_set() {
        Ok(t) => t,
        Err(e) => panic!("the embedded spirit-duel card data is invalid: {e}"),
    })
}

/// An ability card, by id (0..24).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(pub u8);

/// A spirit, by id (0..4).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Spirit(pub u8);

impl Card {
    /// Its data.
    #[inline]
    pub fn data(self) -> &'static Ability {
        &tables().abilities[self.0 as usize]
    }

    /// Its bit in a card mask.
    #[inline]
    pub fn bit(self) -> u32 {
        1 << self.0
    }
}

impl Spirit {
    /// Its data.
    #[inline]
    pub fn data(self) -> &'static SpiritCard {
        &tables().spirits[self.0 as usize]
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.data().code)
    }
}

impl fmt::Display for Spirit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.data().code)
    }
}

impl FromStr for Card {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = Tables::default_set().map_err(|e| ParseError::new(s, e.to_string()))?;
        t.abilities
            .iter()
            .position(|a| a.code == s)
            .map(|i| Card(i as u8))
            .ok_or_else(|| crate::words::parse_error(s, sylvan_engine::Message::new("expect-ability")))
    }
}

impl FromStr for Spirit {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = Tables::default_set().map_err(|e| ParseError::new(s, e.to_string()))?;
        t.spirits
            .iter()
            .position(|a| a.code == s)
            .map(|i| Spirit(i as u8))
            .ok_or_else(|| crate::words::parse_error(s, sylvan_engine::Message::new("expect-spirit")))
    }
}

macro_rules! serde_by_code {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
serde_by_code!(Card);
serde_by_code!(Spirit);

/// Iterates the cards of a mask, by id.
#[inline]
pub fn cards_of(mut m: u32) -> impl Iterator<Item = Card> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros();
            m &= m - 1;
            Some(Card(i as u8))
        }
    })
}
