//! What the spirit duel says to players: every sentence comes from the Fluent catalogs
//! `i18n/{en,fr}/spirit-duel.ftl` (the French words are the rulebook's, `spirit-duel-initiation.fr.txt`;
//! the English ones say HP and MP as the English card texts do; the terms follow
//! `docs/glossary/spirit-duel.md`). Card names and texts are the card data's: English in
//! the card files, the French originals (and any other language) in `i18n/<code>/cards.toml`
//! ([`sylvan_words::cards`]). This module only picks the message and passes its arguments: plurals
//! and word order are the catalog's. A language is its folder `i18n/<code>/` here and its line in
//! the engine's list (`sylvan_engine::with_languages!`).

use std::fmt::Write as _;
use std::sync::LazyLock;

use serde_json::{Map, Value, json};
use sylvan_engine::{ActionHelp, Breakdown, BreakdownRow, Game, Locale, Message, ParseError, Seat, message};
use sylvan_words::cards::CardTexts;
use sylvan_words::{Args, Catalog, args};

use crate::actions::Action;
use crate::cards::{ABILITIES, Ability, Card, Element, SPIRITS, Spirit, SpiritCard, kw, tables};
use crate::events::Event;
use crate::state::{LAST_ROUND, Outcome, Phase, SpiritDuel};
use crate::view::View;

static CATALOG: LazyLock<Catalog> = sylvan_words::catalog!("crates/spirit-duel", "spirit-duel.ftl");
static CARD_TEXTS: LazyLock<CardTexts> = sylvan_words::card_texts!("crates/spirit-duel");

/// The card names and texts of each language but English (`i18n/<code>/cards.toml`, entries
/// `[ability.<code>]` and `[spirit.<code>]`), parsed once.
pub fn card_texts() -> &'static CardTexts {
    &CARD_TEXTS
}

/// The spirit duel's message catalog, parsed once.
pub fn catalog_messages() -> &'static Catalog {
    &CATALOG
}

/// A message of the spirit duel's catalog in `locale` (a parse error's expectation, an illegal action's
/// reason, a setup problem, an option's help), not typeset; `None` for a message it does not have.
pub fn message_text(m: &Message, locale: Locale) -> Option<String> {
    CATALOG.message(locale, m)
}

/// A parse error of `text` whose expectation is message `m` (its English text for `Display`).
pub(crate) fn parse_error(text: &str, m: Message) -> ParseError {
    CATALOG.parse_error(text, m)
}

/// Message `id` in `locale`.
fn t(locale: Locale, id: &str, args: Args<'_>) -> String {
    CATALOG.text(locale, id, args)
}

fn element_code(e: Element) -> &'static str {
    match e {
        Element::Fire => "fire",
        Element::Water => "water",
        Element::Earth => "earth",
        Element::Air => "air",
    }
}

/// An element's name in `locale`.
pub fn element_name(e: Element, locale: impl Into<Locale>) -> String {
    t(locale.into(), "element", args!(element = element_code(e)))
}

/// The elements of a mask, by name in `locale`.
pub fn elements(mask: u8, locale: impl Into<Locale>) -> Vec<String> {
    let locale = locale.into();
    Element::ALL.iter().filter(|e| mask & e.bit() != 0).map(|&e| element_name(e, locale)).collect()
}

/// The keywords of a mask, in `locale`.
pub fn keywords(mask: u8, locale: impl Into<Locale>) -> Vec<String> {
    let locale = locale.into();
    let all = [
        (kw::ATTAQUE, "attack"),
        (kw::DEFENSE, "defence"),
        (kw::SOUTIEN, "support"),
        (kw::ULTIME, "ultimate"),
        (kw::ZONE, "zone"),
        (kw::DIURNE, "day"),
        (kw::NOCTURNE, "night"),
    ];
    all.iter().filter(|(b, _)| mask & b != 0).map(|&(_, code)| t(locale, "keyword", args!(keyword = code))).collect()
}

/// An ability card's name in `locale` (the data file's).
pub fn ability_name(a: &Ability, locale: impl Into<Locale>) -> String {
    CARD_TEXTS.text(locale.into(), "ability", &a.code, "name", &a.name).into_owned()
}

/// An ability card's text in `locale` (the data file's).
pub fn ability_text(a: &Ability, locale: impl Into<Locale>) -> String {
    CARD_TEXTS.text(locale.into(), "ability", &a.code, "text", &a.text).into_owned()
}

/// A spirit's name in `locale` (proper names: the same in both languages).
pub fn spirit_name(s: &SpiritCard, locale: impl Into<Locale>) -> String {
    CARD_TEXTS.text(locale.into(), "spirit", &s.code, "name", &s.name).into_owned()
}

/// A spirit's attack text in `locale` (the data file's).
pub fn attack_text(s: &SpiritCard, locale: impl Into<Locale>) -> String {
    CARD_TEXTS.text(locale.into(), "spirit", &s.code, "attack_text", &s.attack_text).into_owned()
}

fn sp(s: Spirit, locale: Locale) -> String {
    spirit_name(s.data(), locale)
}

fn cd(c: Card, locale: Locale) -> String {
    ability_name(c.data(), locale)
}

impl SpiritDuel {
    /// The end: a win (1), a loss (0) or a draw (½) per seat, the victory condition that ended it
    /// (`spirit-duel-initiation.fr.txt`, FIN DE LA PARTIE) and each side's spirits at the end.
    pub(crate) fn words_breakdown(&self, locale: Locale) -> Option<Breakdown> {
        let Phase::Over(o) = self.phase() else { return None };
        let end_reason = match o {
            Outcome::Destroyed(s) => t(locale, "end-destroyed", args!(seat = s)),
            Outcome::Exhausted(s) => t(locale, "end-exhausted", args!(seat = s)),
            Outcome::Draw => t(locale, "end-draw", args!(round = LAST_ROUND)),
        };
        let scores = self.scores();
        let rows = vec![BreakdownRow::new(t(locale, "breakdown-result", args!()), scores.clone())];
        let notes = (0..2)
            .map(|i| {
                let side = self.side(i);
                let spirits: Vec<String> = side
                    .spirits
                    .iter()
                    .map(|s| {
                        let name = sp(s.id, locale);
                        if s.alive {
                            t(locale, "breakdown-spirit", args!(spirit = name, hp = s.pv))
                        } else {
                            t(locale, "breakdown-spirit-destroyed", args!(spirit = name))
                        }
                    })
                    .collect();
                t(locale, "breakdown-side", args!(seat = Seat(i as u8), spirits = spirits.join(", ")))
            })
            .collect();
        Some(Breakdown { end_reason, rows, totals: scores, notes })
    }
}

/// The catalog: `{spirits, abilities}`, keyed by code (see `docs/PROTOCOL.md`).
pub fn catalog(locale: impl Into<Locale>) -> Value {
    let locale = locale.into();
    let t = tables();
    let mut spirits = Map::new();
    for i in 0..SPIRITS {
        let s = Spirit(i as u8).data();
        spirits.insert(
            s.code.clone(),
            json!({
                "name": spirit_name(s, locale), "text": attack_text(s, locale), "cost": s.attack_cost,
                "team": s.team, "element": element_name(s.element, locale), "pv": s.pv,
                "attack_power": s.attack_power, "criticals": elements(s.criticals, locale),
                "weaknesses": elements(s.weaknesses, locale),
            }),
        );
    }
    let mut abilities = Map::new();
    for i in 0..ABILITIES {
        let a = Card(i as u8).data();
        abilities.insert(
            a.code.clone(),
            json!({
                "index": i, "name": ability_name(a, locale), "text": ability_text(a, locale), "cost": a.cost,
                "power": a.power, "element": element_name(a.element, locale), "keywords": keywords(a.keywords, locale),
                "criticals": elements(a.criticals, locale), "weaknesses": elements(a.weaknesses, locale),
                "spirit": t.spirits[a.spirit as usize].code,
            }),
        );
    }
    json!({ "spirits": spirits, "abilities": abilities })
}

/// Each action notation with what it does (the notations are syntax, the same in every language).
pub fn action_help(locale: impl Into<Locale>) -> Vec<ActionHelp> {
    let locale = locale.into();
    let rows: [(&str, &str); 8] = [
        ("attack CARD SPIRIT", "help-attack"),
        ("strike SPIRIT TARGET", "help-strike"),
        ("support CARD [SPIRIT]", "help-support"),
        ("recycle CARD", "help-recycle"),
        ("defend CARD", "help-defend"),
        ("take", "help-take"),
        ("end", "help-end"),
        ("CARD / SPIRIT", "help-codes"),
    ];
    rows.iter().map(|&(n, id)| ActionHelp::new(n, t(locale, id, args!()))).collect()
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// An event as a sentence in `locale`.
pub fn event_text(e: &Event, locale: impl Into<Locale>) -> String {
    use Event::*;
    let locale = locale.into();
    let sp = |s: &Spirit| sp(*s, locale);
    let cd = |c: &Card| cd(*c, locale);
    let (id, a): (&str, Args<'_>) = match e {
        TurnStarted { seat, round, day } => ("turn-started", args!(seat = *seat, round = *round, day = yes(*day))),
        Mana { seat, pm } => ("mana", args!(seat = *seat, mp = *pm)),
        Drew { seat, cards } => {
            ("drew", args!(seat = *seat, cards = cards.iter().map(cd).collect::<Vec<_>>().join(", ")))
        }
        DrewCount { seat, count } => ("drew-count", args!(seat = *seat, count = *count)),
        Reshuffled { seat, robot_penalty: false } => ("reshuffled", args!(seat = *seat)),
        Reshuffled { seat, robot_penalty: true } => ("reshuffled-robot", args!(seat = *seat)),
        Attacked { seat, card, spirit, target, power } => {
            let what = card.as_ref().map(cd).or(spirit.as_ref().map(sp)).unwrap_or_default();
            ("attacked", args!(seat = *seat, target = sp(target), source = what, power = *power))
        }
        Rolled { seat, result } => ("rolled", args!(seat = *seat, result = *result)),
        Defended { seat, card, power } => ("defended", args!(seat = *seat, card = cd(card), power = *power)),
        NoDefence { seat } => ("no-defence", args!(seat = *seat)),
        Damaged { spirit, amount, pv } => ("damaged", args!(spirit = sp(spirit), amount = *amount, hp = *pv)),
        Healed { spirit, amount, pv } => ("healed", args!(spirit = sp(spirit), amount = *amount, hp = *pv)),
        Exhausted { spirit } => ("exhausted", args!(spirit = sp(spirit))),
        Recharged { spirit } => ("recharged", args!(spirit = sp(spirit))),
        Supported { seat, card, target: Some(t) } => {
            ("supported-on", args!(seat = *seat, card = cd(card), target = sp(t)))
        }
        Supported { seat, card, target: None } => ("supported", args!(seat = *seat, card = cd(card))),
        Attached { card, spirit } => ("attached", args!(card = cd(card), spirit = sp(spirit))),
        Recycled { seat, card: Some(c) } => ("recycled-card", args!(seat = *seat, card = cd(c))),
        Recycled { seat, card: None } => ("recycled", args!(seat = *seat)),
        RobotFlipped { card, usable: true } => ("robot-played", args!(card = cd(card))),
        RobotFlipped { card, usable: false } => ("robot-unusable", args!(card = cd(card))),
        Removed { card } => ("removed", args!(card = cd(card))),
        Destroyed { spirit, bound_to_hand } => ("destroyed", args!(spirit = sp(spirit), count = *bound_to_hand)),
        ZoneReuse { card } => ("zone-reuse", args!(card = cd(card))),
        GameOver { outcome: Outcome::Destroyed(s) } => ("over-destroyed", args!(seat = *s)),
        GameOver { outcome: Outcome::Exhausted(s) } => ("over-exhausted", args!(seat = *s)),
        GameOver { outcome: Outcome::Draw } => ("over-draw", args!(round = LAST_ROUND)),
    };
    t(locale, id, a)
}

/// An action described for the seat of `view`, in `locale`.
pub fn describe_in(view: &View, a: Action, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let (id, args): (&str, Args<'_>) = match a {
        Action::End => ("describe-end", args!()),
        Action::Take => ("describe-take", args!()),
        Action::Attack(c, tg) => {
            ("describe-attack", args!(target = sp(tg, locale), card = cd(c, locale), cost = c.data().cost))
        }
        Action::Strike(s, tg) => {
            ("describe-strike", args!(spirit = sp(s, locale), target = sp(tg, locale), cost = s.data().attack_cost))
        }
        Action::Support(c, Some(tg)) => {
            ("describe-support-on", args!(card = cd(c, locale), target = sp(tg, locale), cost = c.data().cost))
        }
        Action::Support(c, None) => ("describe-support", args!(card = cd(c, locale), cost = c.data().cost)),
        Action::Recycle(c) => ("describe-recycle", args!(card = cd(c, locale))),
        Action::Defend(c) => match view.phase {
            Phase::Defend(p) => (
                "describe-defend-against",
                args!(card = cd(c, locale), cost = c.data().cost, power = i64::from(p.power)),
            ),
            _ => ("describe-defend", args!(card = cd(c, locale), cost = c.data().cost)),
        },
    };
    t(locale, id, args)
}

fn names(m: u32) -> String {
    let v: Vec<String> = crate::cards::cards_of(m).map(|c| c.to_string()).collect();
    if v.is_empty() { "-".into() } else { v.join(" ") }
}

fn card_line(c: Card, locale: Locale) -> String {
    let a = c.data();
    let sep = t(locale, "element-separator", args!());
    let or_none = |v: Vec<String>| if v.is_empty() { "none".to_owned() } else { v.join(&sep) };
    let power = if a.has(kw::SOUTIEN) { "none".to_owned() } else { a.power.to_string() };
    let line = t(
        locale,
        "card-line",
        args!(
            name = ability_name(a, locale),
            keywords = keywords(a.keywords, locale).join(", "),
            cost = a.cost,
            power = power,
            element = element_name(a.element, locale),
            critical = or_none(elements(a.criticals, locale)),
            weak = or_none(elements(a.weaknesses, locale)),
            text = ability_text(a, locale)
        ),
    );
    format!("{:<11} {line}", c.to_string())
}

impl View {
    /// A one-line description of where the turn stands, in English.
    pub fn phase_text(&self) -> String {
        self.phase_text_in(Locale::En)
    }

    /// Where the turn stands, as a message (spirits by their name, which is the same in every
    /// language): for an illegal action's reason.
    pub fn phase_message(&self) -> Message {
        match self.phase {
            Phase::Combat => message!("phase-combat", seat = self.current),
            Phase::Defend(p) => {
                let target = self.sides[1 - self.current.index()].spirits[p.target as usize].id;
                let defender = Seat(1 - self.current.0);
                let power = i64::from(p.power);
                message!("phase-defend", seat = defender, spirit = target.data().name.clone(), power = power)
            }
            Phase::Over(_) => Message::new("engine-game-over"),
        }
    }

    /// [`phase_text`](View::phase_text) in `locale`.
    pub fn phase_text_in(&self, locale: impl Into<Locale>) -> String {
        let locale = locale.into();
        match self.phase {
            Phase::Combat => t(locale, "phase-combat", args!(seat = self.current)),
            Phase::Defend(p) => {
                let target = self.sides[1 - self.current.index()].spirits[p.target as usize].id;
                let defender = Seat(1 - self.current.0);
                t(
                    locale,
                    "phase-defend",
                    args!(seat = defender, spirit = sp(target, locale), power = i64::from(p.power)),
                )
            }
            Phase::Over(o) => {
                let reason = match o {
                    Outcome::Destroyed(s) => t(locale, "reason-destroyed", args!(seat = s)),
                    Outcome::Exhausted(s) => t(locale, "reason-exhausted", args!(seat = s)),
                    Outcome::Draw => t(locale, "reason-draw", args!(round = LAST_ROUND)),
                };
                t(locale, "phase-over", args!(reason = reason))
            }
        }
    }

    /// The terminal rendering in `locale`, with a legend of its abbreviations.
    pub fn render(&self, locale: impl Into<Locale>) -> String {
        let locale = locale.into();
        let mut f = String::new();
        self.write_to(&mut f, locale);
        f
    }

    fn write_to(&self, f: &mut String, locale: Locale) {
        let header = args!(
            solo = yes(self.options.solo),
            round = self.round,
            rounds = LAST_ROUND,
            day = yes(self.day),
            phase = self.phase_text_in(locale)
        );
        let _ = writeln!(f, "{}", t(locale, "view-header", header));
        for (i, s) in self.sides.iter().enumerate() {
            let who = if self.options.solo && i == 1 {
                "robot"
            } else if i == self.seat.index() {
                "you"
            } else {
                "opponent"
            };
            let team = if i == 0 { self.options.team } else { self.options.team.other() };
            let line = args!(
                seat = Seat(i as u8),
                who = t(locale, "view-who", args!(who = who)),
                team = format!("{team:?}"),
                first = yes(self.first.index() == i),
                mp = s.pm,
                hand = s.hand_count,
                pile = s.deck_len,
                reshuffled = yes(s.reshuffled),
                discard = names(s.discard)
            );
            let _ = writeln!(f, "{}", t(locale, "view-side", line));
            for x in &s.spirits {
                let d = x.id.data();
                if !x.alive {
                    let _ = writeln!(f, "    {:<9} {}", x.id.to_string(), t(locale, "view-spirit-destroyed", args!()));
                    continue;
                }
                let state = t(locale, if x.charged { "view-charged" } else { "view-exhausted" }, args!());
                let spirit = args!(
                    hp = format!("{:>2}", x.pv),
                    max = d.pv,
                    state = format!("{state:<9}"),
                    element = format!("{:<5}", element_name(d.element, locale)),
                    cost = d.attack_cost,
                    power = d.attack_power,
                    bound = x.bound,
                    attached = names(x.attached)
                );
                let _ = writeln!(f, "    {:<9} {}", x.id.to_string(), t(locale, "view-spirit", spirit));
                let _ = writeln!(f, "              {}", attack_text(d, locale));
            }
            if s.removed != 0 {
                let _ = writeln!(f, "    {}", t(locale, "view-removed", args!(cards = names(s.removed))));
            }
        }
        if let Some(c) = self.in_play {
            let _ = writeln!(f, "{}", t(locale, "view-in-play", args!(card = cd(c, locale))));
        }
        match self.hand {
            Some(h) => {
                let _ = writeln!(f, "{}", t(locale, "view-hand", args!(seat = self.seat)));
                for c in crate::cards::cards_of(h) {
                    let _ = writeln!(f, "    {}", card_line(c, locale));
                }
            }
            None => {
                let _ = writeln!(f, "{}", t(locale, "view-robot-hand", args!()));
            }
        }
        if !self.known_bottom.is_empty() {
            let v: Vec<String> = self.known_bottom.iter().map(|c| c.to_string()).collect();
            let _ = writeln!(f, "{}", t(locale, "view-under-pile", args!(cards = v.join(" "))));
        }
        let _ = writeln!(f, "{}", t(locale, "view-legend", args!()));
        let _ = write!(f, "{}", t(locale, "view-move", args!(moves = self.moves)));
    }
}
