//! What Equinox says to players: every sentence comes from the Fluent catalogs
//! `i18n/{en,fr}/equinox.ftl` (the French texts are the rulebook's, `equinox.fr.txt:345-420`; the
//! English ones are our translation; the terms follow `docs/glossary/equinox.md`). This module only
//! picks the message and passes its arguments: plurals, elision (`d'Ursus`, `du Duc`) and word order
//! are the catalog's. A language is its folder `i18n/<code>/` here and its line in the engine's list.
//!
//! Creature names are the French edition's proper names in both languages.

use std::fmt;
use std::sync::LazyLock;

use serde_json::{Map, Value, json};
use sylvan_engine::{ActionHelp, Breakdown, BreakdownRow, Locale, Message, ParseError, Seat, message};
use sylvan_words::{Args, Catalog, args};

use crate::actions::{Action, StoneSpot};
use crate::cards::{Card, CardKind, CardSet, Creature, TreeKind};
use crate::events::{EndReason, Event};
use crate::state::{COLUMNS, Equinox, Phase, ROUNDS};
use crate::view::View;

static CATALOG: LazyLock<Catalog> = sylvan_words::catalog!("crates/equinox", "equinox.ftl");

/// Equinox's message catalog, parsed once.
pub fn catalog() -> &'static Catalog {
    &CATALOG
}

/// A message of Equinox's catalog in `locale` (a parse error's expectation, an illegal action's reason,
/// a setup problem, an option's help), not typeset; `None` for a message it does not have.
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

fn tree_code(k: TreeKind) -> &'static str {
    match k {
        TreeKind::Ancetre => "ancetre",
        TreeKind::Dryade => "dryade",
    }
}

/// The power text of `c`.
pub fn power_text(c: Creature, locale: impl Into<Locale>) -> String {
    t(locale.into(), "power", args!(creature = c.code()))
}

/// A creature's name (the champion card's).
pub fn creature_name(c: Creature, locale: impl Into<Locale>) -> String {
    t(locale.into(), "creature", args!(creature = c.code()))
}

/// `de` before a creature's French name, with its elision and contraction (ruling L8): `de Griso`,
/// `d'Ursus`, `du Duc`, from the French catalog's `de-creature`.
pub fn de(name: &str) -> String {
    let code = Creature::ALL.iter().find(|c| c.name() == name).map_or(name, |c| c.code());
    t(Locale::Fr, "de-creature", args!(creature = code))
}

/// A card's name (`Gruyère 7`, `Chameleon 3` / `Caméléon 3`, `Dryade`).
pub fn card_name(card: Card, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    match card.kind() {
        CardKind::Creature(c, s) => t(locale, "card-creature", args!(creature = c.code(), strength = s)),
        CardKind::Chameleon(s) => t(locale, "card-chameleon", args!(strength = s)),
        CardKind::Tree(k) => t(locale, "card-tree", args!(tree = tree_code(k))),
    }
}

fn list<'a>(v: impl IntoIterator<Item = &'a Card>, locale: Locale) -> String {
    v.into_iter().map(|&c| card_name(c, locale)).collect::<Vec<_>>().join(", ")
}

/// Why the game ended, as a sentence.
pub fn end_reason_text(reason: EndReason, locale: impl Into<Locale>) -> String {
    let id = match reason {
        EndReason::FiveRounds => "end-five-rounds",
        EndReason::DeckExhausted => "end-deck-exhausted",
        EndReason::Stalled => "end-stalled",
    };
    t(locale.into(), id, args!())
}

impl Equinox {
    /// The final breakdown ("Décompte final", `equinox.fr.txt:295-306`): secret predictions (5), stones
    /// in rows 1–5 (4, 3, 2, 1, 0), Ursus's half points; then the tie-breaks in words.
    pub fn words_breakdown(&self, locale: Locale) -> Option<Breakdown> {
        let Phase::Over(reason) = self.phase else { return None };
        let number = |x: f64| locale.lang().number(x);
        let t_ = self.tallies();
        let mut rows = vec![BreakdownRow::new(
            t(locale, "breakdown-secrets", args!()),
            t_.iter().map(|x| f64::from(x.secrets) * 5.0),
        )];
        for r in 1..=ROUNDS as u8 {
            let v = Self::row_value(r);
            rows.push(BreakdownRow::new(
                t(locale, "breakdown-row", args!(row = r, points = v)),
                t_.iter().map(|x| f64::from(x.stones_by_row[r as usize - 1]) * f64::from(v)),
            ));
        }
        if t_.iter().any(|x| x.ursus_half_points > 0) {
            rows.push(BreakdownRow::new(
                t(locale, "breakdown-ursus", args!()),
                t_.iter().map(|x| f64::from(x.ursus_half_points) / 2.0),
            ));
        }
        let totals = self.final_scores();
        let mut notes = Vec::new();
        let best = totals.iter().copied().fold(f64::MIN, f64::max);
        let tied: Vec<usize> = (0..totals.len()).filter(|&i| totals[i] == best).collect();
        let winners: Vec<Seat> = sylvan_engine::Game::winners(self);
        if tied.len() > 1 {
            let seats = tied.iter().map(|i| format!("p{i}")).collect::<Vec<_>>().join(", ");
            let why = if winners.len() > 1 {
                t(locale, "tie-shared", args!())
            } else if tied.iter().filter(|&&i| t_[i].secret_on_survivor).count() == 1 {
                t(locale, "tie-secret", args!())
            } else {
                let row = (0..ROUNDS)
                    .find(|&r| tied.iter().any(|&i| t_[i].stones_by_row[r] != t_[tied[0]].stones_by_row[r]))
                    .map_or(ROUNDS, |r| r + 1);
                t(locale, "tie-row", args!(row = row))
            };
            let won = winners.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
            notes.push(t(
                locale,
                "tie",
                args!(seats = seats, score = number(best), why = why, winners_count = winners.len(), winners = won),
            ));
        }
        Some(Breakdown { end_reason: end_reason_text(reason, locale), rows, totals, notes })
    }

    /// The catalog: every creature (champion and power), every card id of this game.
    pub fn words_catalog(&self, locale: Locale) -> Value {
        let mut creatures = Map::new();
        for c in Creature::ALL {
            creatures.insert(
                c.code().to_owned(),
                json!({ "name": creature_name(c, locale), "text": power_text(c, locale), "cost": Value::Null, "in_game": self.col(c).is_some() }),
            );
        }
        let mut cards = Map::new();
        for id in 0..Card::COUNT as u8 {
            let card = Card(id);
            let (kind, text, extra) = match card.kind() {
                CardKind::Creature(c, s) => (
                    "creature",
                    power_text(c, locale),
                    json!({ "creature": c.code(), "strength": f64::from(card.half_strength()) / 2.0, "printed": s }),
                ),
                CardKind::Chameleon(s) => {
                    ("chameleon", t(locale, "chameleon-text", args!()), json!({ "strength": s, "printed": s }))
                }
                CardKind::Tree(k) => (
                    "tree",
                    t(locale, "tree-text", args!(tree = tree_code(k))),
                    json!({ "tree": card.canonical().to_string() }),
                ),
            };
            let mut entry = json!({ "name": card_name(card, locale), "notation": card.to_string(), "kind": kind, "text": text, "cost": Value::Null });
            if let (Some(o), Some(e)) = (entry.as_object_mut(), extra.as_object()) {
                o.extend(e.clone());
            }
            cards.insert(id.to_string(), entry);
        }
        json!({ "creatures": creatures, "cards": cards })
    }
}

/// Each action notation with what it does (the notations are syntax, the same in every language).
pub fn action_help(locale: impl Into<Locale>) -> Vec<ActionHelp> {
    let locale = locale.into();
    let rows: [(&str, &str); 23] = [
        ("skip", "help-skip"),
        ("predict CRE", "help-predict"),
        ("secret CARD", "help-secret"),
        ("reveal", "help-reveal"),
        ("play CARD", "help-play"),
        ("play camN>CRE", "help-play-chameleon"),
        ("play dryade / play ancetre", "help-play-tree"),
        ("pass", "help-pass"),
        ("discard CARD", "help-discard"),
        ("done", "help-done"),
        ("use / decline", "help-power"),
        ("retrieve rN CRE / retrieve secret", "help-retrieve"),
        ("target pN", "help-target"),
        ("stone rN CRE", "help-stone"),
        ("ask pN CRE", "help-ask"),
        ("give CARD", "help-give"),
        ("bolet CRE", "help-bolet"),
        ("keep CARD", "help-keep"),
        ("take rN CRE", "help-take"),
        ("swap CRE rA rB", "help-swap"),
        ("remove CRE", "help-remove"),
        ("name CRE", "help-name"),
        ("CRE", "help-codes"),
    ];
    rows.iter().map(|&(n, id)| ActionHelp::new(n, t(locale, id, args!()))).collect()
}

/// An event as a sentence.
pub fn event_text(e: &Event, locale: impl Into<Locale>) -> String {
    use crate::events::Event::*;
    let locale = locale.into();
    let l = |c: &Card| card_name(*c, locale);
    let (id, a): (&str, Args<'_>) = match e {
        TurnStarted { seat, round } => ("turn-started", args!(seat = *seat, round = *round)),
        Predicted { seat, creature, row } => ("predicted", args!(seat = *seat, creature = creature.code(), row = *row)),
        SecretPlaced { seat, card: Some(c) } => ("secret-placed-card", args!(seat = *seat, card = l(c))),
        SecretPlaced { seat, card: None } => ("secret-placed", args!(seat = *seat)),
        SecretRevealed { seat, card } => ("secret-revealed", args!(seat = *seat, card = l(card))),
        PredictionSkipped { seat } => ("prediction-skipped", args!(seat = *seat)),
        Played { seat, card, column: Some(c) } if card.is_chameleon() => {
            ("played-on", args!(seat = *seat, card = l(card), creature = c.code()))
        }
        Played { seat, card, .. } => ("played", args!(seat = *seat, card = l(card))),
        PassedShowingHand { seat, hand } => ("passed-showing-hand", args!(seat = *seat, cards = list(hand, locale))),
        PowerUsed { seat, creature } => ("power-used", args!(seat = *seat, creature = creature.code())),
        PowerDeclined { seat, creature } => ("power-declined", args!(seat = *seat, creature = creature.code())),
        Discarded { seat, card: Some(c) } => ("discarded-card", args!(seat = *seat, card = l(c))),
        Discarded { seat, card: None } => ("discarded", args!(seat = *seat)),
        CardToDiscard { card } => ("card-to-discard", args!(card = l(card))),
        Drew { seat, cards } => ("drew", args!(seat = *seat, cards = list(cards, locale))),
        DrewCount { seat, count } => ("drew-count", args!(seat = *seat, count = *count)),
        StoneRetrieved { seat, creature: Some(c), row: Some(r) } => {
            ("stone-retrieved-at", args!(seat = *seat, creature = c.code(), row = *r))
        }
        StoneRetrieved { seat, .. } => ("stone-retrieved-secret", args!(seat = *seat)),
        StonePlaced { seat, creature, row } => {
            ("stone-placed", args!(seat = *seat, creature = creature.code(), row = *row))
        }
        SetAside { victim, count } => ("set-aside", args!(victim = *victim, count = *count)),
        AsideReturned { seat, count } => ("aside-returned", args!(seat = *seat, count = *count)),
        Asked { seat, victim, creature } => {
            ("asked", args!(seat = *seat, victim = *victim, creature = creature.code()))
        }
        Gave { victim, to, card: Some(c) } => ("gave-card", args!(victim = *victim, to = *to, card = l(c))),
        Gave { victim, to, card: None } => ("gave", args!(victim = *victim, to = *to)),
        HandShown { from, to, hand: Some(h) } => {
            ("hand-shown-cards", args!(from = *from, to = *to, cards = list(h, locale)))
        }
        HandShown { from, to, hand: None } => ("hand-shown", args!(from = *from, to = *to)),
        SabotDrew { seat, victim, cards: Some(c) } => {
            ("sabot-drew-cards", args!(seat = *seat, victim = *victim, cards = list(c, locale)))
        }
        SabotDrew { seat, victim, cards: None } => ("sabot-drew", args!(seat = *seat, victim = *victim)),
        SabotKept { seat, victim, card: Some(c) } => {
            ("sabot-kept-card", args!(seat = *seat, victim = *victim, card = l(c)))
        }
        SabotKept { seat, victim, card: None } => ("sabot-kept", args!(seat = *seat, victim = *victim)),
        Took { seat, card, row, column } => {
            ("took", args!(seat = *seat, card = l(card), creature = column.code(), row = *row))
        }
        Swapped { column, rows } => ("swapped", args!(creature = column.code(), row_a = rows.0, row_b = rows.1)),
        Removed { card, column } => ("removed", args!(card = l(card), creature = column.code())),
        Named { seat, creature } => ("named", args!(seat = *seat, creature = creature.code())),
        Eliminated { creature, round } => ("eliminated", args!(creature = creature.code(), round = *round)),
        GameOver { reason, scores } => {
            let sep = t(locale, "score-separator", args!());
            let s: Vec<String> = scores
                .iter()
                .enumerate()
                .map(|(i, &x)| t(locale, "score", args!(seat = Seat(i as u8), score = locale.lang().number(x))))
                .collect();
            ("game-over", args!(reason = end_reason_text(*reason, locale), scores = s.join(&sep)))
        }
    };
    t(locale, id, a)
}

/// An action described for the seat of `view`.
pub fn describe_in(view: &View, a: Action, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let l = |c: Card| card_name(c, locale);
    let (id, args): (&str, Args<'_>) = match a {
        Action::SkipPrediction => ("describe-skip", args!()),
        Action::Predict(c) => {
            ("describe-predict", args!(creature = c.code(), row = view.round, points = 5 - i32::from(view.round)))
        }
        Action::Secret(card) => ("describe-secret", args!(card = l(card))),
        Action::Reveal => ("describe-reveal", args!()),
        Action::Play(card) => ("describe-play", args!(card = l(card))),
        Action::PlayChameleon(cam, c) => ("describe-play-chameleon", args!(card = l(cam), creature = c.code())),
        Action::PlayTree(k) => ("describe-play", args!(card = l(k.card(0)))),
        Action::Pass => ("describe-pass", args!()),
        Action::Discard(card) => ("describe-discard", args!(card = l(card))),
        Action::EndDiscard => ("describe-end-discard", args!()),
        Action::Decline => ("describe-decline", args!()),
        Action::UsePower => match view.phase {
            Phase::Power { creature, .. } => ("describe-use-power", args!(creature = creature.code())),
            _ => ("describe-use-power-any", args!()),
        },
        Action::Retrieve(StoneSpot::Secret) => ("describe-retrieve-secret", args!()),
        Action::Retrieve(StoneSpot::At(0, c)) => ("describe-retrieve-champion", args!(creature = c.code())),
        Action::Retrieve(StoneSpot::At(r, c)) => ("describe-retrieve", args!(creature = c.code(), row = r)),
        Action::Target(s) => match view.phase {
            Phase::Power { creature: Creature::Panache, .. } => ("describe-set-aside", args!(victim = s)),
            _ => ("describe-sabot", args!(victim = s)),
        },
        Action::PlaceStone(r, c) => ("describe-place-stone", args!(creature = c.code(), row = r)),
        Action::Ask(s, c) => ("describe-ask", args!(victim = s, creature = c.code())),
        Action::Give(card) => ("describe-give", args!(card = l(card))),
        Action::Borrow(c) => ("describe-borrow", args!(creature = c.code())),
        Action::Keep(card) => ("describe-keep", args!(card = l(card))),
        Action::Take(r, c) => {
            let col = view.champions.iter().position(|&x| x == c);
            match col.and_then(|col| view.stacks.get(usize::from(r).wrapping_sub(1))?[col].top()) {
                Some(top) => ("describe-take-card", args!(card = l(top), creature = c.code(), row = r)),
                None => ("describe-take", args!(creature = c.code(), row = r)),
            }
        }
        Action::Swap(c, r1, r2) => ("describe-swap", args!(creature = c.code(), row_a = r1, row_b = r2)),
        Action::Remove(c) => ("describe-remove", args!(creature = c.code())),
        Action::Name(c) => ("describe-name", args!(creature = c.code())),
    };
    t(locale, id, args)
}

impl View {
    /// A one-line description of where the turn stands, in English.
    pub fn phase_text(&self) -> String {
        self.phase_text_in(Locale::En)
    }

    /// [`phase_text`](View::phase_text) in `locale`.
    pub fn phase_text_in(&self, locale: impl Into<Locale>) -> String {
        let m = self.phase_message();
        CATALOG.message(locale.into(), &m).unwrap_or_else(|| m.to_string())
    }

    /// Where the turn stands, as a message of the catalog.
    pub fn phase_message(&self) -> Message {
        match self.phase {
            Phase::Predict => Message::new("phase-predict"),
            Phase::Play { extra: false } => Message::new("phase-play"),
            Phase::Play { extra: true } => Message::new("phase-play-extra"),
            Phase::Power { creature, .. } => message!("phase-power", creature = creature.code()),
            Phase::Dryade => Message::new("phase-dryade"),
            Phase::Ancetre => Message::new("phase-ancetre"),
            Phase::Reveals { creature, .. } => message!("phase-reveals", creature = creature.code()),
            Phase::Give { victim, creature } => message!("phase-give", victim = victim, creature = creature.code()),
            Phase::Keep { .. } => Message::new("phase-keep"),
            Phase::Discard => Message::new("phase-discard"),
            Phase::Over(r) => message!(
                "phase-over",
                reason = Message::new(match r {
                    EndReason::FiveRounds => "end-five-rounds",
                    EndReason::DeckExhausted => "end-deck-exhausted",
                    EndReason::Stalled => "end-stalled",
                })
            ),
        }
    }

    /// The table as the terminal shows it (the `Display` is the English).
    pub fn write_in(&self, f: &mut dyn fmt::Write, locale: impl Into<Locale>) -> fmt::Result {
        let locale = locale.into();
        let n = self.options.players;
        let header = args!(round = self.round, seat = self.current, phase = self.phase_text_in(locale));
        writeln!(f, "{}", t(locale, "view-header", header))?;
        write!(f, "{:<15}", "")?;
        for c in &self.champions {
            write!(f, "{:<8}", c.code())?;
        }
        writeln!(f)?;
        write!(f, "{:<15}", t(locale, "view-champion-row", args!()))?;
        for col in 0..COLUMNS {
            let mut s = String::new();
            for p in 0..n {
                if self.revealed[col].contains(Seat(p as u8)) {
                    s.push_str(&format!("●{p}"));
                }
            }
            if self.eliminated_in[col].is_some() {
                s = format!("✗{s}");
            }
            write!(f, "{s:<8}")?;
        }
        writeln!(f)?;
        for r in 0..ROUNDS {
            let marker = if r + 1 == self.round as usize { "▶" } else { " " };
            let label = t(locale, "view-row", args!(row = r + 1, points = 4 - r));
            write!(f, "{marker}{label:<14}")?;
            for col in 0..COLUMNS {
                write!(f, "{:<8}", self.cell_text(r, col))?;
            }
            writeln!(f)?;
        }
        writeln!(f, "{}", t(locale, "view-legend", args!()))?;
        let cards = |s: CardSet| s.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
        writeln!(f, "{}", t(locale, "view-hand", args!(seat = self.seat, cards = cards(self.hand))))?;
        if !self.aside.is_empty() {
            writeln!(f, "{}", t(locale, "view-aside", args!(cards = cards(self.aside))))?;
        }
        if let Some(c) = self.secret {
            writeln!(f, "{}", t(locale, "view-secret", args!(card = card_name(c, locale))))?;
        }
        if let Phase::Keep { drawn: Some(drawn), .. } = self.phase {
            let drawn = drawn.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
            writeln!(f, "{}", t(locale, "view-sabot-drawn", args!(cards = drawn)))?;
        }
        for s in 0..n {
            let seat = Seat(s as u8);
            let mut line =
                t(locale, "view-seat", args!(seat = seat, cards = self.hand_counts[s], stones = self.stones_left[s]));
            if self.aside_counts[s] > 0 {
                line.push_str(&t(locale, "view-seat-aside", args!(count = self.aside_counts[s])));
            }
            if self.has_secret.contains(seat) {
                line.push_str(&t(locale, "view-seat-secret", args!()));
            }
            if s != self.seat.index() && !self.known[s].is_empty() {
                line.push_str(&t(locale, "view-seat-known", args!(cards = cards(self.known[s]))));
            }
            writeln!(f, "{line}")?;
        }
        write!(f, "{}", t(locale, "view-deck", args!(count = self.deck_len)))
    }

    /// The terminal rendering, with the creatures in play and their powers, and the tree cards in the
    /// hand.
    pub fn render(&self, locale: impl Into<Locale>) -> String {
        let locale = locale.into();
        let mut s = String::new();
        let _ = self.write_in(&mut s, locale);
        s.push('\n');
        s.push_str(&t(locale, "view-creatures", args!()));
        for (col, c) in self.champions.iter().enumerate() {
            let id = if self.eliminated_in[col].is_some() { "view-creature-eliminated" } else { "view-creature" };
            s.push_str("\n  ");
            s.push_str(&t(locale, id, args!(creature = c.code())));
        }
        for k in TreeKind::ALL {
            if self.hand.iter().any(|c| c.tree() == Some(k)) {
                s.push_str("\n  ");
                s.push_str(&t(locale, "view-tree", args!(tree = tree_code(k))));
            }
        }
        s
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&event_text(self, Locale::En))
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(f, Locale::En)
    }
}
