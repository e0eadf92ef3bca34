//! What Command of Nature says to players: every sentence comes from the Fluent catalogs
//! `i18n/{en,fr}/command-of-nature.ftl` (the French words are the rulebook's, `command-of-nature.fr.txt`;
//! the terms follow `docs/glossary/command-of-nature.md`): the table, the questions, the events, the end
//! of the game and its reason (VICTOIRE, `command-of-nature.fr.txt:238-246`; the turn limit, ruling C23),
//! the card catalog and the help for each action notation. Card names and texts are the card data's:
//! English in the card files, another language's in its overlay `i18n/<code>/cards.toml`
//! ([`sylvan_words::cards`]). This module only picks the message and passes
//! its arguments: plurals and word order are the catalog's. A language is its folder `i18n/<code>/` here
//! and its line in the engine's list (`sylvan_engine::with_languages!`).

use std::fmt::Write as _;
use std::sync::LazyLock;

use serde_json::{Map, Value, json};
use sylvan_engine::{ActionHelp, Breakdown, BreakdownRow, Game, Locale, Message, ParseError, Seat};
use sylvan_words::cards::CardTexts;
use sylvan_words::{Args, Catalog, args};

use crate::actions::{Action, slot_name};
use crate::cards::{Card, CardInfo, Class, Faction, Reach};
use crate::events::Event;
use crate::state::{Ask, CommandOfNature, DiscardUse, Phase, Question, Step, SwapKind};
use crate::view::View;

static CATALOG: LazyLock<Catalog> = sylvan_words::catalog!("crates/command-of-nature", "command-of-nature.ftl");
static CARD_TEXTS: LazyLock<CardTexts> = sylvan_words::card_texts!("crates/command-of-nature");

/// The card names and texts of each language but English (`i18n/<code>/cards.toml`, entries
/// `[card.<code>]`), parsed once.
pub fn card_texts() -> &'static CardTexts {
    &CARD_TEXTS
}

/// Command of Nature's message catalog, parsed once.
pub fn messages() -> &'static Catalog {
    &CATALOG
}

/// A message of Command of Nature's catalog in `locale` (a parse error's expectation, an illegal
/// action's reason, a setup problem, an option's help), not typeset; `None` for a message it does not
/// have.
pub fn message_text(m: &Message, locale: Locale) -> Option<String> {
    CATALOG.message(locale, m)
}

/// A parse error of `text` whose expectation is message `m` (its English text for `Display`).
pub(crate) fn parse_error(text: &str, m: Message) -> ParseError {
    CATALOG.parse_error(text, m)
}

/// A card-file problem said by message `m` of this catalog, with its English text for `Display`.
pub(crate) fn data_problem(m: Message) -> sylvan_engine::carddata::Problem {
    let english = CATALOG.message(Locale::En, &m).unwrap_or_else(|| m.to_string());
    sylvan_engine::carddata::Problem::new(english, m)
}

/// A card file's error as one message of this catalog: where (`file:line: field`), then what is wrong
/// (this catalog's message, the engine's, or the English text where there is no message).
pub fn data_error_message(e: &crate::cards::DataError) -> Message {
    sylvan_engine::message!("cn-data-error", place = e.place(), problem = e.problem())
}

/// A card file that cannot be used, as the refused setup of the `cards` option.
pub(crate) fn card_setup_error(e: &crate::cards::DataError) -> sylvan_engine::SetupError {
    sylvan_engine::SetupError::new("cards", e.to_string()).with_words(data_error_message(e))
}

/// A card table in one line (`sylvan cards list command-of-nature`, `cards check`), in `locale`: its
/// origin, how many cards of each class, the Sage packs, the markets, and the fields by provenance.
pub fn card_summary(table: &crate::cards::Table, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let elementals = table.cards.iter().filter(|c| c.class.is_elemental()).count();
    let text = t(
        locale,
        "cn-cards-summary",
        args!(
            origin = table.origin.as_str(),
            cards = table.cards.len(),
            elementals = elementals,
            commands = table.cards.len() - elementals,
            packs = table.packs.len(),
            market_elementals = table.elemental_market.len(),
            market_commands = table.command_market.len(),
            fan = table.fan_fields,
            provisional = table.provisional_fields
        ),
    );
    locale.lang().typeset(&text)
}

/// Message `id` in `locale`.
fn t(locale: Locale, id: &str, args: Args<'_>) -> String {
    CATALOG.text(locale, id, args)
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// A faction's name in `locale` (the French ones are the rulebook's, `command-of-nature.fr.txt:14`).
pub fn faction_name(f: Faction, locale: impl Into<Locale>) -> String {
    let code = match f {
        Faction::Twig => "twig",
        Faction::Pebble => "pebble",
        Faction::Leaf => "leaf",
        Faction::Droplet => "droplet",
        Faction::Neutral => "neutral",
    };
    t(locale.into(), "faction", args!(faction = code))
}

/// A card class's name in `locale` (French from the rulebook's card types).
pub fn class_name(c: Class, locale: impl Into<Locale>) -> String {
    let code = match c {
        Class::Sage => "sage",
        Class::Champion => "champion",
        Class::Basic => "basic",
        Class::Warrior => "warrior",
        Class::Melee => "melee",
        Class::Ranged => "ranged",
        Class::Instant => "instant",
        Class::Utility => "utility",
    };
    t(locale.into(), "class", args!(class = code))
}

/// A card's name in `locale` (the card data's).
pub fn card_name(c: &CardInfo, locale: impl Into<Locale>) -> String {
    CARD_TEXTS.text(locale.into(), "card", &c.code, "name", &c.name).into_owned()
}

/// A card's effect text in `locale` (the card data's).
pub fn card_text(c: &CardInfo, locale: impl Into<Locale>) -> String {
    CARD_TEXTS.text(locale.into(), "card", &c.code, "text", &c.text).into_owned()
}

/// A card's name in `locale`, from the embedded table.
fn name_of(c: Card, locale: Locale) -> String {
    card_name(c.info(), locale)
}

fn rows_list(mask: u8) -> Vec<&'static str> {
    ["I", "II", "III"].iter().enumerate().filter(|(k, _)| mask & (1 << k) != 0).map(|(_, r)| *r).collect()
}

fn market_code(m: u8) -> &'static str {
    if m == 0 { "elemental" } else { "command" }
}

/// A slot in words, "Row II, place 1" (the notation `II1` is for typing, [`slot_name`]).
pub fn slot_words(s: crate::actions::Slot, locale: impl Into<Locale>) -> String {
    t(locale.into(), "slot", args!(row = (s / 6).min(2) + 1, place = s % 6 + 1))
}

impl CommandOfNature {
    /// The end: 1 per seat of the winning side, ½ each on a draw, with the reason and each seat's
    /// level and Sage.
    pub(crate) fn words_breakdown(&self, locale: Locale) -> Option<Breakdown> {
        let Phase::Over(w) = self.phase else { return None };
        let end_reason = match w {
            Some(s) => t(locale, "end-won", args!(teams = yes(self.n() == 4), side = s + 1)),
            None => t(locale, "end-draw", args!(turns = self.options.turn_limit)),
        };
        let scores = self.scores();
        let rows = vec![BreakdownRow::new(t(locale, "breakdown-result", args!()), scores.clone())];
        let notes = (0..self.n())
            .map(|i| {
                let p = &self.players[i];
                let a = args!(seat = Seat(i as u8), side = (i & 1) + 1, level = p.level, standing = yes(p.sage_alive));
                t(locale, "breakdown-seat", a)
            })
            .collect();
        Some(Breakdown { end_reason, rows, totals: scores, notes })
    }

    /// The catalog of this game's card table.
    pub(crate) fn words_catalog(&self, locale: Locale) -> Value {
        let mut cards = Map::new();
        for c in &self.cards.cards {
            let reach = match c.reach {
                Reach::Melee => t(locale, "reach", args!(reach = "melee")),
                Reach::Away(n) => t(locale, "reach", args!(reach = "away", rows = n)),
                Reach::Row2 => t(locale, "reach", args!(reach = "row2")),
                Reach::Any => t(locale, "reach", args!(reach = "any")),
            };
            let mut e = json!({
                "name": card_name(c, locale), "text": card_text(c, locale), "cost": c.cost,
                "class": class_name(c.class, locale), "kind": format!("{:?}", c.class).to_lowercase(),
                "faction": faction_name(c.faction, locale), "rows": rows_list(c.rows), "daybreak": c.daybreak,
            });
            if let Some(o) = e.as_object_mut() {
                if c.class.is_elemental() {
                    o.insert("strength".into(), json!(c.strength));
                    o.insert("health".into(), json!(c.health));
                    if c.level > 0 {
                        o.insert("level".into(), json!(c.level));
                    }
                }
                if c.class.is_attack() {
                    o.insert("attacker_rows".into(), json!(rows_list(c.attacker_rows)));
                    o.insert("reach".into(), json!(reach));
                    o.insert("damage".into(), json!(format!("STR{:+}", c.delta)));
                }
            }
            cards.insert(c.code.clone(), e);
        }
        json!({ "cards": cards })
    }
}

/// Each action notation with what it does (the notations are syntax, the same in every language).
pub fn action_help(locale: impl Into<Locale>) -> Vec<ActionHelp> {
    let locale = locale.into();
    let rows: [(&str, &str); 21] = [
        ("summon CARD", "help-summon"),
        ("play CARD", "help-play"),
        ("choose CARD", "help-choose"),
        ("pick SLOT", "help-pick"),
        ("aim SLOT", "help-aim"),
        ("instant CARD", "help-instant"),
        ("dawn SLOT", "help-dawn"),
        ("swap SLOT SLOT", "help-swap"),
        ("refill SLOT SLOT", "help-refill"),
        ("draw", "help-draw"),
        ("buy e1..e3 / c1..c3", "help-buy"),
        ("buy+ e1..e3", "help-buy-place"),
        ("refresh e / refresh c", "help-refresh"),
        ("sell CARD", "help-sell"),
        ("discard CARD", "help-discard"),
        ("faction L", "help-faction"),
        ("amount N", "help-amount"),
        ("use", "help-use"),
        ("partner", "help-partner"),
        ("done", "help-done"),
        ("SLOT", "help-slot"),
    ];
    rows.iter().map(|&(n, id)| ActionHelp::new(n, t(locale, id, args!()))).collect()
}

/// An event as a sentence in `locale` (a decision too: the card's name and the slot's, never the raw
/// notation).
pub fn event_text(e: &Event, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let n = |c: &Card| name_of(*c, locale);
    let (id, a): (&str, Args<'_>) = match e {
        Event::Acted { seat, action } => return acted_text(*seat, *action, locale),
        Event::Hand { seat, cards } => {
            ("hand", args!(seat = *seat, cards = cards.iter().map(n).collect::<Vec<_>>().join(", ")))
        }
        Event::HandCount { seat, count } => ("hand-count", args!(seat = *seat, count = *count)),
        Event::Cut { seat, card, amount } => ("cut", args!(seat = *seat, card = n(card), amount = *amount)),
        Event::Damaged { side, slot, card, amount, shielded, dealt, by, attack } => (
            "damaged",
            args!(
                card = n(card),
                slot = slot_words(*slot, locale),
                side = side + 1,
                dealt = *dealt,
                by = *by,
                attack = yes(*attack),
                amount = *amount,
                shielded = *shielded
            ),
        ),
        Event::Defeated { side, slot, card, by } => {
            ("defeated", args!(card = n(card), slot = slot_words(*slot, locale), side = side + 1, by = *by))
        }
        Event::SageFallen { seat } => ("sage-fallen", args!(seat = *seat)),
        Event::LevelUp { seat, level } => ("level-up", args!(seat = *seat, level = *level)),
        Event::ChampionToDiscard { seat, card } => ("champion-to-discard", args!(seat = *seat, card = n(card))),
        Event::FactionUnlocked { seat, level } => ("faction-unlocked", args!(seat = *seat, level = *level)),
        Event::Refilled { side, from, to, card } => (
            "refilled",
            args!(side = side + 1, card = n(card), from = slot_words(*from, locale), to = slot_words(*to, locale)),
        ),
        Event::Bought { seat, card, gold, placed } => {
            ("bought", args!(seat = *seat, card = n(card), gold = *gold, placed = yes(*placed)))
        }
        Event::Sold { seat, card, gold } => ("sold", args!(seat = *seat, card = n(card), gold = *gold)),
        Event::Refreshed { seat, market } => ("refreshed", args!(seat = *seat, market = market_code(*market))),
        Event::MarketFace { market: m, index, card: Some(c) } => {
            ("market-face", args!(market = market_code(*m), place = index + 1, card = n(c)))
        }
        Event::MarketFace { market: m, index, card: None } => {
            ("market-empty", args!(market = market_code(*m), place = index + 1))
        }
        Event::GameOver { winning_side: Some(s) } => ("over-won", args!(side = s + 1)),
        Event::GameOver { winning_side: None } => ("over-draw", args!()),
    };
    t(locale, id, a)
}

/// A decision as a sentence in `locale`, without a view (the log keeps it for every seat): the card's
/// name and the slot's, never the raw notation (`p0: choose geo-weasel`).
fn acted_text(seat: Seat, a: Action, locale: Locale) -> String {
    let n = |c| name_of(c, locale);
    // A market place: the market (the first 3 places are the elementals') and the place in it.
    let market = |i: u8| market_code(i / 3);
    let (id, args): (&str, Args<'_>) = match a {
        Action::Done => ("acted-done", args!(seat = seat)),
        Action::Draw => ("acted-draw", args!(seat = seat)),
        Action::Partner => ("acted-partner", args!(seat = seat)),
        Action::Use => ("acted-use", args!(seat = seat)),
        Action::Amount(k) => ("acted-amount", args!(seat = seat, amount = k)),
        Action::Faction(l) => ("acted-faction", args!(seat = seat, level = l)),
        Action::Buy(i) => ("acted-buy", args!(seat = seat, market = market(i), place = i % 3 + 1)),
        Action::BuyPlace(i) => ("acted-buy-place", args!(seat = seat, market = market(i), place = i % 3 + 1)),
        Action::Refresh(m) => ("acted-refresh", args!(seat = seat, market = market_code(m))),
        Action::Choose(c) => ("acted-choose", args!(seat = seat, card = n(c))),
        Action::Summon(c) => ("acted-summon", args!(seat = seat, card = n(c))),
        Action::Play(c) => ("acted-play", args!(seat = seat, card = n(c))),
        Action::Sell(c) => ("acted-sell", args!(seat = seat, card = n(c))),
        Action::Discard(c) => ("acted-discard", args!(seat = seat, card = n(c))),
        Action::Instant(c) => ("acted-instant", args!(seat = seat, card = n(c))),
        Action::Dawn(s) => ("acted-dawn", args!(seat = seat, slot = slot_words(s, locale))),
        Action::Pick(s) => ("acted-pick", args!(seat = seat, slot = slot_words(s, locale))),
        Action::Aim(s) => ("acted-aim", args!(seat = seat, slot = slot_words(s, locale))),
        Action::Swap(x, y) => {
            ("acted-swap", args!(seat = seat, from = slot_words(x, locale), to = slot_words(y, locale)))
        }
        Action::Refill(x, y) => {
            ("acted-refill", args!(seat = seat, from = slot_words(x, locale), to = slot_words(y, locale)))
        }
    };
    t(locale, id, args)
}

/// An action described for the seat of `view`, in `locale`.
pub fn describe_in(view: &View, a: Action, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let side = view.seat.0 & 1;
    let unit = |sd: u8, s| view.at(sd, s).map_or_else(|| t(locale, "empty-slot", args!()), |u| name_of(u.card, locale));
    let text = |c: Card| card_text(view.cards.info(c), locale);
    let (id, args): (&str, Args<'_>) = match a {
        Action::Pick(s) => return unit(side, s),
        Action::Choose(c) | Action::Sell(c) | Action::Discard(c) => return name_of(c, locale),
        Action::Aim(s) => ("describe-aim", args!(unit = unit(1 - side, s))),
        Action::Dawn(s) => (
            "describe-text",
            args!(name = unit(side, s), text = view.at(side, s).map_or(String::new(), |u| text(u.card))),
        ),
        Action::Play(c) | Action::Instant(c) => ("describe-text", args!(name = name_of(c, locale), text = text(c))),
        Action::Summon(c) => {
            let i = view.cards.info(c);
            ("describe-summon", args!(card = name_of(c, locale), strength = i64::from(i.strength), health = i.health))
        }
        Action::Buy(i) | Action::BuyPlace(i) => match view.market[(i / 3) as usize][(i % 3) as usize] {
            None => return "-".to_owned(),
            Some(c) => ("describe-buy", args!(card = name_of(c, locale), gold = view.cards.info(c).cost.unwrap_or(0))),
        },
        Action::Refill(x, y) => ("describe-refill", args!(unit = unit(side, x), slot = slot_words(y, locale))),
        Action::Swap(x, y) => ("describe-swap", args!(unit = unit(side, x), other = unit(side, y))),
        Action::Done => ("describe-done", args!()),
        Action::Draw => ("describe-draw", args!()),
        Action::Partner => ("describe-partner", args!()),
        Action::Use => ("describe-use", args!()),
        Action::Amount(n) => ("describe-amount", args!(amount = n)),
        Action::Faction(l) => ("describe-faction", args!(level = l)),
        Action::Refresh(m) => ("describe-refresh", args!(market = market_code(m))),
    };
    t(locale, id, args)
}

/// A description of the phase or the question asked, in `locale`.
pub fn phase_text_in(question: Option<&Question>, phase: Phase, actor: u8, ap: u8, locale: Locale) -> String {
    let name = |c: Card| name_of(c, locale);
    if let Some(q) = question {
        let (id, a): (&str, Args<'_>) = match q.ask {
            Ask::DeckWarrior => ("ask-deck-warrior", args!()),
            Ask::Place { card, .. } => ("ask-place", args!(card = name(card))),
            Ask::Attacker { cmd } => ("ask-attacker", args!(card = name(cmd))),
            Ask::Target { cmd, .. } => ("ask-target", args!(card = name(cmd))),
            Ask::Target2 { .. } => ("ask-target2", args!()),
            Ask::Instants => ("ask-instants", args!()),
            Ask::CharmTarget { boost: true, .. } => ("ask-charm-boost", args!()),
            Ask::CharmTarget { .. } => ("ask-charm-shield", args!()),
            Ask::Intercept { .. } => ("ask-intercept", args!()),
            Ask::Tokens { boosts, shields, .. } => ("ask-tokens", args!(boosts = boosts, shields = shields)),
            Ask::Discards { done, min, max, .. } => ("ask-discards", args!(done = done, min = min, max = max)),
            Ask::BoostOrShield { .. } => ("ask-boost-or-shield", args!()),
            Ask::FromDiscard { purpose, left, .. } => {
                let purpose = match purpose {
                    DiscardUse::ToHand => "hand",
                    DiscardUse::ToDeck => "deck",
                    DiscardUse::Attack => "attack",
                    DiscardUse::Formation => "formation",
                };
                ("ask-from-discard", args!(purpose = purpose, left = left))
            }
            Ask::Hit { dmg, left, .. } => ("ask-hit", args!(damage = dmg, left = left)),
            Ask::SwapFirst { kind } | Ask::SwapSecond { kind, .. } => {
                let kind = match kind {
                    SwapKind::Rows23 => "rows23",
                    SwapKind::Rows12 => "rows12",
                    SwapKind::Rows13 => "rows13",
                    SwapKind::EnemyRows12 => "enemy-rows12",
                    SwapKind::AnyTwo => "any-two",
                    SwapKind::Razor(_) => "razor",
                    SwapKind::LeafSend => "leaf-send",
                };
                ("ask-swap", args!(kind = kind))
            }
            Ask::Spend { .. } => ("ask-spend", args!()),
            Ask::FactionPick { level } => ("ask-faction-pick", args!(level = level)),
            Ask::Redistribute { left } => ("ask-redistribute", args!(left = left)),
            Ask::Refill => ("ask-refill", args!()),
            Ask::InnerWarrior => ("ask-inner-warrior", args!()),
        };
        let what = t(locale, id, a);
        return t(locale, "asked", args!(seat = Seat(q.seat), what = what));
    }
    let seat = Seat(actor);
    let (id, a): (&str, Args<'_>) = match phase {
        Phase::Setup => ("phase-setup", args!()),
        Phase::Daybreak => ("phase-daybreak", args!(seat = seat)),
        Phase::Actions => ("phase-actions", args!(seat = seat, ap = ap)),
        Phase::Market => ("phase-market", args!(seat = seat)),
        Phase::Reset(_) => ("phase-reset", args!(seat = seat)),
        Phase::Over(None) => ("phase-over-draw", args!()),
        Phase::Over(Some(s)) => ("phase-over-won", args!(side = s + 1)),
    };
    t(locale, id, a)
}

impl View {
    fn unit_text(&self, side: u8, s: crate::actions::Slot, locale: Locale) -> String {
        match self.at(side, s) {
            None => format!("{:<5}{:<24}", slot_name(s), "."),
            Some(u) => {
                let i = self.cards.info(u.card);
                let mut t = format!("{} {}/{}", card_name(i, locale), i.strength, i.health);
                if u.dmg > 0 {
                    t.push_str(&format!(" d{}", u.dmg));
                }
                if u.boosts > 0 {
                    t.push_str(&format!(" +{}", u.boosts));
                }
                if u.shields > 0 {
                    t.push_str(&format!(" s{}", u.shields));
                }
                if u.attacked {
                    t.push('*');
                }
                format!("{:<5}{:<24}", slot_name(s), t)
            }
        }
    }

    /// The table as the terminal shows it, in `locale` (the `Display` is the English).
    pub fn write_in(&self, f: &mut dyn std::fmt::Write, locale: impl Into<Locale>) -> std::fmt::Result {
        let locale = locale.into();
        let me = self.seat.0;
        let my_side = me & 1;
        let phase = phase_text_in(self.question.as_ref(), self.phase, self.actor.0, self.ap, locale);
        let header = args!(turn = self.turns + 1, side = self.side + 1, phase = phase);
        writeln!(f, "{}", t(locale, "view-header", header))?;
        for side in [1 - my_side, my_side] {
            let seats: Vec<String> = (0..self.n())
                .filter(|&i| i as u8 & 1 == side)
                .map(|i| {
                    let s = &self.seats[i];
                    let pack = &self.cards.packs[s.pack as usize];
                    let a = args!(
                        seat = Seat(i as u8),
                        sage = card_name(self.cards.info(pack.sage), locale),
                        faction = faction_name(pack.faction, locale),
                        level = s.level,
                        fallen = yes(!s.sage_alive),
                        hand = s.hand_count,
                        deck = s.deck_count,
                        discard = s.discard.len()
                    );
                    t(locale, "view-seat", a)
                })
                .collect();
            let a = args!(
                side = side + 1,
                you = yes(side == my_side),
                gold = self.gold[side as usize],
                seats = seats.join(" · ")
            );
            writeln!(f, "{}", t(locale, "view-side", a))?;
            let order: [usize; 3] = if side == my_side { [0, 1, 2] } else { [2, 1, 0] };
            for r in order {
                let cells: Vec<String> =
                    (0..(r + 1) * self.w()).map(|c| self.unit_text(side, crate::actions::slot(r, c), locale)).collect();
                writeln!(f, "  {}", cells.join(" ").trim_end())?;
            }
            if side != my_side {
                writeln!(f, "  ----------------------------------------")?;
            }
        }
        let m = |k: usize| -> String {
            (0..3)
                .map(|i| match self.market[k][i] {
                    Some(c) => {
                        let a = args!(
                            market = format!("{}{}", if k == 0 { 'e' } else { 'c' }, i + 1),
                            card = name_of(c, locale),
                            gold = self.cards.info(c).cost.unwrap_or(0)
                        );
                        t(locale, "view-market-card", a)
                    }
                    None => "-".into(),
                })
                .collect::<Vec<_>>()
                .join(" · ")
        };
        for (k, id) in [(0, "view-elemental-market"), (1, "view-command-market")] {
            writeln!(f, "{}", t(locale, id, args!(cards = m(k), left = self.market_decks[k].len())))?;
        }
        if let Some(a) = &self.attack {
            writeln!(f, "{}", t(locale, "view-attack", args!(card = name_of(a.cmd, locale), cut = a.cut)))?;
        }
        // Commands in play: they reach their owner's discard pile once their effect is over (ruling C17).
        let playing: Vec<String> = self
            .stack
            .iter()
            .filter_map(|s| match *s {
                Step::Discard { seat, card } => {
                    Some(t(locale, "view-played-by", args!(card = name_of(card, locale), seat = Seat(seat))))
                }
                _ => None,
            })
            .collect();
        if !playing.is_empty() {
            writeln!(f, "{}", t(locale, "view-in-play", args!(cards = playing.join(", "))))?;
        }
        for (i, s) in self.seats.iter().enumerate() {
            if let Some(h) = &s.hand {
                let names: Vec<String> = h.iter().map(|&c| name_of(c, locale)).collect();
                let id = if i as u8 == me { "view-hand" } else { "view-partner-hand" };
                writeln!(f, "{}", t(locale, id, args!(seat = Seat(i as u8), cards = names.join(", "))))?;
            }
        }
        Ok(())
    }

    /// The terminal rendering in `locale`: the table, each card in the hands with its text, and a legend.
    pub fn render(&self, locale: impl Into<Locale>) -> String {
        let locale = locale.into();
        let mut out = String::new();
        let _ = self.write_in(&mut out, locale);
        let mut seen = Vec::new();
        for s in &self.seats {
            for &c in s.hand.iter().flatten() {
                if !seen.contains(&c) {
                    seen.push(c);
                }
            }
        }
        if !seen.is_empty() {
            let _ = write!(out, "\n{}", t(locale, "view-cards-in-hand", args!()));
            for c in seen {
                let i = self.cards.info(c);
                let stats =
                    if i.class.is_elemental() { format!(" {}/{}", i.strength, i.health) } else { String::new() };
                let a = args!(
                    card = card_name(i, locale),
                    stats = stats,
                    class = class_name(i.class, locale),
                    cost = if i.cost.is_some() { "some" } else { "none" },
                    gold = i.cost.unwrap_or(0),
                    text = card_text(i, locale)
                );
                let _ = write!(out, "\n  {}", t(locale, "view-card", a));
            }
        }
        let _ = write!(out, "\n{}", t(locale, "view-legend", args!()));
        out
    }
}
