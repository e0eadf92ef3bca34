//! What Mystic Vale says to players: every sentence comes from the Fluent catalogs
//! `i18n/{en,fr}/mystic-vale.ftl` (the English words are the Essential Edition's, the French ones the
//! French book's, `mystic-vale-base.fr.txt`; the terms follow `docs/glossary/mystic-vale.md`): the
//! table, the events, the action descriptions, the help for each action notation, the card catalog
//! (ability texts made from each card's ability model) and the final score breakdown (the rulebook's
//! final count, EN:899-906, FR:629-637, through the same functions as the rules: [`score_of`],
//! [`card_points`]).
//!
//! Card titles are the card data's: `title` in the card files in English, and each language's in its
//! overlay `i18n/<code>/cards.toml` (in French, the French book's card clarifications); a card with no
//! French source keeps its English title ([`title`]) and is listed there as a known gap (`none = …`;
//! the card files keep no mark because a record names the hash of their text). This module only picks the message and passes its arguments:
//! plurals, elision and word order are the catalog's. A language is its folder `i18n/<code>/` here and
//! its line in the engine's list (`sylvan_engine::with_languages!`).

use std::fmt;
use std::sync::LazyLock;

use serde_json::{Map, Value, json};
use sylvan_engine::{ActionHelp, Breakdown, BreakdownRow, Locale, Seat};
use sylvan_words::cards::CardTexts;
use sylvan_words::{Args, Catalog, args};

use crate::actions::{Action, Choice, Held, Source};
use crate::amulets::{Amulet, Evoke};
use crate::cards::{Ability, Advancement, CardDb, Count, Effect, Leader, Reward, Slot, Spirit, Symbols, Timing, Vale};
use crate::effects::Hint;
use crate::harvest::Table;
use crate::heuristic::AbilityHome;
use crate::scoring::{card_points, score_of};
use crate::state::{EMPTY, MysticVale, NUM_CARDS, Phase, Sleeve, leader_face};
use crate::turn::MAX_ROUNDS;
use crate::view::View;

static CATALOG: LazyLock<Catalog> = sylvan_words::catalog!("crates/mystic-vale", "mystic-vale.ftl");
static CARD_TEXTS: LazyLock<CardTexts> = sylvan_words::card_texts!("crates/mystic-vale");

/// The card titles of each language but English (`i18n/<code>/cards.toml`, entries `[<kind>.<key>]`
/// with a `title` or a known gap's `none`), parsed once.
pub fn card_texts() -> &'static CardTexts {
    &CARD_TEXTS
}

/// Mystic Vale's message catalog, parsed once.
pub fn messages() -> &'static Catalog {
    &CATALOG
}

/// A message of Mystic Vale's catalog in `locale` (a parse error's expectation), not typeset; `None` for
/// a message it does not have.
pub fn message_text(m: &sylvan_engine::Message, locale: Locale) -> Option<String> {
    CATALOG.message(locale, m)
}

/// A parse error of `text` whose expectation is message `m` (its English text for `Display`).
pub(crate) fn parse_error(text: &str, m: sylvan_engine::Message) -> sylvan_engine::ParseError {
    CATALOG.parse_error(text, m)
}

/// A card-file problem said by message `m` of this catalog, with its English text for `Display`.
pub(crate) fn data_problem(m: sylvan_engine::Message) -> sylvan_engine::carddata::Problem {
    let english = CATALOG.message(Locale::En, &m).unwrap_or_else(|| m.to_string());
    sylvan_engine::carddata::Problem::new(english, m)
}

/// A card file's error as one message of this catalog: where (`file:line: field`), then what is wrong
/// (this catalog's message, the engine's, or the English text where there is no message).
pub fn data_error_message(e: &crate::cards::CardError) -> sylvan_engine::Message {
    sylvan_engine::message!("mv-data-error", place = e.place(), problem = e.problem())
}

/// Message `id` in `locale`.
fn t(locale: Locale, id: &str, args: Args<'_>) -> String {
    CATALOG.text(locale, id, args)
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// A card that has a title: its kind and key in the card overlays (`i18n/<code>/cards.toml`,
/// `[<kind>.<key>]`) and its English title (the card file's).
pub trait Titled {
    /// The kind of card (`advancement`, `vale`, `leader`, `amulet`, `conclave`).
    const KIND: &'static str;
    /// Its key.
    fn key(&self) -> &str;
    /// Its English title.
    fn english(&self) -> &str;
}

macro_rules! titled {
    ($($t:ty, $kind:literal, $field:ident;)*) => {$(
        impl Titled for $t {
            const KIND: &'static str = $kind;
            fn key(&self) -> &str {
                &self.key
            }
            fn english(&self) -> &str {
                &self.$field
            }
        }
    )*};
}
titled! {
    Advancement, "advancement", title;
    Vale, "vale", title;
    Leader, "leader", title;
    Amulet, "amulet", title;
    crate::conclaves::Conclave, "conclave", name;
}

/// A card's title in `locale`: its language's overlay's where one is given (the French book's, in
/// French), else the English of the card file (made pseudo in the pseudo-locale).
pub fn title<T: Titled>(card: &T, locale: impl Into<Locale>) -> String {
    CARD_TEXTS.text(locale.into(), T::KIND, card.key(), "title", card.english()).into_owned()
}

/// A conclave's name in `locale`: none has a French source (the conclaves are the Essential Edition's,
/// the French book is the base game's), so each keeps its English name, a known gap of
/// `i18n/fr/cards.toml` (`[conclave.<key>]`); in the pseudo-locale, the English made pseudo.
pub fn conclave_name(c: &crate::conclaves::Conclave, locale: impl Into<Locale>) -> String {
    title(c, locale)
}

/// `label: text` (`label : text` in French).
fn labelled(locale: Locale, label: &str, text: &str) -> String {
    t(locale, "labelled", args!(label = label, text = text))
}

/// `first; second` (`first ; second` in French).
fn and_then(locale: Locale, first: &str, second: &str) -> String {
    t(locale, "and-then", args!(first = first, second = second))
}

/// The printed VP on the right of player `i`'s visible advancements and leader side.
fn printed_points(t: &dyn Table, i: usize) -> i32 {
    let db = t.db();
    t.cards(i)
        .iter()
        .enumerate()
        .map(|(c, s)| {
            let face = leader_face(db, t.leader(i), c as u8);
            s.advs().map(|a| i32::from(db.adv(a).symbols.vp_end)).sum::<i32>()
                + face.map_or(0, |f| i32::from(f.symbols.vp_end))
        })
        .sum()
}

/// Player `i`'s points split by the final count's steps: VP tokens, VP printed on advancements (and the
/// leader), end-of-game abilities, vale VP, "most among" bonuses. They add up to [`score_of`].
pub fn score_steps(t: &dyn Table, i: usize) -> [i32; 5] {
    let db = t.db();
    let tokens = i32::from(t.vp(i));
    let cards = card_points(db, t.cards(i), t.leader(i));
    let printed = printed_points(t, i);
    // Vale VP, with the points of the vales' own end-of-game modules (e.g. an extra Planting Phase,
    // ruling MV74).
    let vales: i32 = t
        .vales(i)
        .iter()
        .map(|&v| {
            let x = db.vale(v);
            let module = match x.ability {
                ab if ab.timing == Timing::EndOfGame && ab.effect == Effect::Unique => {
                    crate::effects::module(ab.module).and_then(|m| m.end_points).map_or(0, |f| f(t, i, ab.amount))
                }
                _ => 0,
            };
            i32::from(x.vp) + module
        })
        .sum();
    let most = score_of(t, i) - tokens - cards - vales;
    [tokens, printed, cards - printed, vales, most]
}

impl MysticVale {
    /// The final breakdown, or `None` before the end.
    pub(crate) fn words_breakdown(&self, locale: Locale) -> Option<Breakdown> {
        if self.phase != Phase::Over {
            return None;
        }
        let steps: Vec<[i32; 5]> = (0..self.n()).map(|i| score_steps(self, i)).collect();
        let labels =
            ["breakdown-tokens", "breakdown-printed", "breakdown-abilities", "breakdown-vales", "breakdown-most"];
        let rows = labels
            .iter()
            .enumerate()
            .filter(|&(k, _)| k < 4 || steps.iter().any(|s| s[k] != 0))
            .map(|(k, l)| BreakdownRow::new(t(locale, l, args!()), steps.iter().map(|s| f64::from(s[k]))))
            .collect();
        let end_reason = if self.pool == 0 {
            t(locale, "end-pool", args!())
        } else {
            t(locale, "end-rounds", args!(rounds = MAX_ROUNDS))
        };
        let totals = self.final_scores();
        let mut notes = Vec::new();
        for i in 0..self.players.len() {
            // The modules' own notes (the extra Planting Phase after the game, ruling MV74).
            for (id, n) in crate::effects::MODULES.iter().filter_map(|m| (m.end_note?)(self, i)) {
                notes.push(t(locale, id, args!(seat = Seat(i as u8), n = n)));
            }
        }
        let best = totals.iter().copied().fold(f64::MIN, f64::max);
        let tied: Vec<usize> = (0..totals.len()).filter(|&i| totals[i] == best).collect();
        if tied.len() > 1 {
            let who = tied.iter().map(|i| format!("p{i} {}", self.tie_break(*i))).collect::<Vec<_>>().join(", ");
            notes.push(t(locale, "tie-note", args!(best = best, who = who)));
        }
        Some(Breakdown { end_reason, rows, totals, notes })
    }

    /// The catalog of the cards in this game's database.
    pub(crate) fn words_catalog(&self, locale: Locale) -> Value {
        let mut c = catalog(&self.db, locale);
        // The conclaves of this game (option `conclaves`), by id as in the views.
        if self.conclaves.is_some()
            && let (Ok(list), Some(o)) = (crate::conclaves::Conclaves::for_db(self.db.clone()), c.as_object_mut())
        {
            let db = &*self.db;
            let named: Map<String, Value> = list
                .list
                .iter()
                .enumerate()
                .map(|(id, x)| {
                    // Its cards: each advancement title once, then the vales.
                    let mut titles: Vec<String> = Vec::new();
                    let advs = x.advancements.iter().map(|&a| title(db.adv(a), locale));
                    let vales = x.vales.iter().map(|&v| title(db.vale(v), locale));
                    for n in advs.chain(vales) {
                        if !titles.contains(&n) {
                            titles.push(n);
                        }
                    }
                    let name = conclave_name(x, locale);
                    (id.to_string(), json!({ "key": x.key, "name": name, "text": titles.join(", "), "cost": null }))
                })
                .collect();
            o.insert("conclaves".into(), Value::Object(named));
        }
        c
    }
}

/// Symbols then ability, as a card's text: `1 mana; harvest: +1 mana` (either may be empty).
fn symbols_and_ability(symbols: &Symbols, ability: Ability, locale: Locale) -> String {
    let sym = symbols_text(symbols, locale);
    let ab = ability_text(ability, locale);
    match (sym.is_empty(), ab.is_empty()) {
        (_, true) => sym,
        (true, false) => ab,
        (false, false) => and_then(locale, &sym, &ab),
    }
}

/// The catalog of `db` in `locale`: `{advancements, vales, leaders, amulets}`, each keyed by id (see
/// `docs/PROTOCOL.md`).
pub fn catalog(db: &CardDb, locale: impl Into<Locale>) -> Value {
    let locale = locale.into();
    let mut advs = Map::new();
    for (id, a) in db.advancements.iter().enumerate() {
        let text = symbols_and_ability(&a.symbols, a.ability, locale);
        advs.insert(
            id.to_string(),
            json!({
                "key": a.key, "name": title(a, locale), "text": text, "cost": a.cost,
                "level": a.level, "slot": a.slot.name(), "set": a.set, "eclipse": a.eclipse,
                "symbols": a.symbols, "ability": ability_text(a.ability, locale),
            }),
        );
    }
    let mut vales = Map::new();
    for (id, v) in db.vales.iter().enumerate() {
        vales.insert(
            id.to_string(),
            json!({
                "key": v.key, "name": title(v, locale), "text": vale_text(v, locale),
                "cost": { "animal": v.cost[0], "forest": v.cost[1], "sky": v.cost[2], "any": v.cost[3] },
                "vp": v.vp, "level": v.level, "set": v.set,
            }),
        );
    }
    let mut leaders = Map::new();
    for (id, l) in db.leaders.iter().enumerate() {
        let sides: Vec<Value> = l
            .sides
            .iter()
            .map(|f| {
                let mut text = symbols_and_ability(&f.symbols, f.ability, locale);
                if text.is_empty() {
                    // A side with neither symbols nor ability: Xanos's "no-effect starting side" (EN:1728).
                    text = t(locale, "no-effect", args!());
                }
                json!({ "symbols": f.symbols, "text": text })
            })
            .collect();
        let side = |k: usize| sides[k]["text"].as_str().unwrap_or("").to_owned();
        let text = t(locale, "leader-text", args!(start = side(0), cost = l.upgrade_cost, upgraded = side(1)));
        leaders.insert(
            id.to_string(),
            json!({ "key": l.key, "name": title(l, locale), "text": text, "cost": l.upgrade_cost, "upgrade_cost": l.upgrade_cost, "set": l.set, "sides": sides }),
        );
    }
    let amulets: Map<String, Value> = db
        .amulets
        .iter()
        .enumerate()
        .map(|(id, x)| {
            let entry = json!({
                "key": x.key, "name": title(x, locale), "text": amulet_text(x, locale), "cost": null,
                "vp": x.vp, "set": x.set,
                "used": amulet_summary(x, false, locale), "active": amulet_summary(x, true, locale),
            });
            (id.to_string(), entry)
        })
        .collect();
    json!({ "advancements": advs, "vales": vales, "leaders": leaders, "amulets": amulets })
}

/// A spirit's name in `locale` (the French book's Bestial, Sylvain, Céleste, Libre:
/// `mystic-vale-base.fr.txt:356-360`).
pub fn spirit_name(s: Spirit, locale: impl Into<Locale>) -> String {
    t(locale.into(), "spirit", args!(spirit = s.name()))
}

/// A slot's name in `locale` (`top`, `middle`, `bottom`; `haut`, `milieu`, `bas`).
pub fn slot_name(s: Slot, locale: impl Into<Locale>) -> String {
    t(locale.into(), "slot", args!(slot = s.name()))
}

/// The printed symbols in words: `1 mana, 1 forest, 2 VP at the end`; in French with the book's
/// terms (Déclin, Croissance, Esprit..., Gardien) and plurals.
pub fn symbols_text(s: &Symbols, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let mut parts = Vec::new();
    let mut add = |n: i32, kind: &str| {
        if n != 0 {
            parts.push(t(locale, "symbol", args!(kind = kind, n = n)));
        }
    };
    add(s.mana.into(), "mana");
    add(s.decay.into(), "decay");
    add(s.growth.into(), "growth");
    for (k, &n) in s.spirits.iter().enumerate() {
        add(n.into(), Spirit::ALL[k].name());
    }
    add(s.guardian.into(), "guardian");
    add(s.vp_harvest.into(), "vp-harvest");
    add(s.vp_end.into(), "vp-end");
    parts.join(", ")
}

/// The text of a unique effect (`effects/`) in `locale`: the catalog's `unique-KEY` (every module has
/// one: `tests/all/text.rs`, `every_unique_ability_has_catalog_text`).
fn unique_text(key: &str, locale: Locale) -> String {
    t(locale, &format!("unique-{key}"), args!())
}

/// An ability in a few words (empty when it has none), in `locale`. The French timings are the book's
/// ("Une Fois Jouée", "Récolte", "Toujours", "Fin de la Partie": `mystic-vale-base.fr.txt:516-530`).
pub fn ability_text(a: Ability, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    if a.timing == Timing::None || a.effect == Effect::None {
        return String::new();
    }
    let n = i64::from(a.amount);
    let each = match a.per {
        Count::One => String::new(),
        c => format!(" {}", t(locale, "per", args!(per = c.name()))),
    };
    let reward = a.reward.key();
    let gain = |id: &str, n: i64| t(locale, id, args!(reward = reward, n = n, each = each.clone()));
    let what = match a.effect {
        Effect::None => return String::new(),
        Effect::Gain => gain("effect-gain", n),
        Effect::AddPer => gain("effect-add-per", n),
        Effect::DiscardOnDeck if a.timing == Timing::OnSpoil => gain("effect-discard-on-deck-spoiled", n),
        Effect::ExtraTurn => gain("effect-extra-turn", n),
        Effect::FillField if a.reward != Reward::None => {
            t(locale, "effect-fill-field-gain", args!(reward = reward, n = 1, each = each.clone(), fill = n))
        }
        Effect::FillField => t(locale, "effect-fill-field", args!(fill = n)),
        Effect::Exchange => t(locale, "effect-exchange", args!(reward = reward, n = 1, cost = n)),
        Effect::KeepInField if a.timing == Timing::OnSpoil => t(locale, "effect-keep-in-field-spoiled", args!()),
        Effect::MostAmong | Effect::DeckToField => {
            t(locale, &format!("effect-{}", a.effect.name()), args!(n = n, each = each.clone()))
        }
        Effect::Unique => match crate::effects::module(a.module) {
            Some(m) => unique_text(m.key, locale),
            None => "?".to_owned(),
        },
        e => t(locale, &format!("effect-{}", e.name()), args!(n = n)),
    };
    t(locale, "ability", args!(timing = a.timing.name(), what = what))
}

/// An advancement in one line: title, cost, slot, symbols and ability (the view's commons).
pub fn adv_summary(x: &Advancement, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let head = t(
        locale,
        "advancement-head",
        args!(title = title(x, locale), cost = x.cost, slot = x.slot.name(), eclipse = yes(x.eclipse)),
    );
    summary(head, &x.symbols, x.ability, locale)
}

/// `head: symbols; ability` (either part may be missing).
fn summary(head: String, symbols: &Symbols, ability: Ability, locale: Locale) -> String {
    let details = symbols_and_ability(symbols, ability, locale);
    if details.is_empty() { head } else { labelled(locale, &head, &details) }
}

/// A leader's side in one line, in `locale`.
pub fn leader_summary(l: &Leader, upgraded: bool, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let f = &l.sides[usize::from(upgraded)];
    let head =
        t(locale, "leader-head", args!(title = title(l, locale), cost = l.upgrade_cost, upgraded = yes(upgraded)));
    let text = summary(head, &f.symbols, f.ability, locale);
    if l.symbols_only(upgraded) { t(locale, "leader-provisional", args!(text = text)) } else { text }
}

/// An amulet's Evoke ability in `locale`.
pub fn amulet_text(x: &Amulet, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let n = i64::from(x.amount);
    let id = match x.evoke {
        Evoke::Gain => "amulet-gain",
        Evoke::GainThenToss => "amulet-gain-then-toss",
        Evoke::Growth => "amulet-growth",
        Evoke::FieldToDeckBottom => "amulet-field-to-deck-bottom",
        Evoke::DeckBottomToField => "amulet-deck-bottom-to-field",
        Evoke::SleeveNow => "amulet-sleeve-now",
        Evoke::ManaOrGuardians => "amulet-mana-or-guardians",
    };
    let what = t(locale, id, args!(reward = x.reward.key(), n = n));
    let text = t(locale, "amulet-evoke", args!(window = x.window.name(), what = what));
    if x.must_push { t(locale, "amulet-must-push", args!(text = text)) } else { text }
}

/// An amulet in one line with the side shown, in `locale`.
pub fn amulet_summary(x: &Amulet, active: bool, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let a = args!(title = title(x, locale), active = yes(active), vp = x.vp, text = amulet_text(x, locale));
    t(locale, "amulet-summary", a)
}

/// A vale's cost in words: `1 animal + 1 forest`; in French `1 Bestial + 1 Sylvain`.
pub fn vale_cost_text(v: &Vale, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let kinds = ["animal", "forest", "sky", "any"];
    let parts: Vec<String> = (0..4)
        .filter(|&k| v.cost[k] > 0)
        .map(|k| t(locale, "vale-cost", args!(kind = kinds[k], n = v.cost[k])))
        .collect();
    if parts.is_empty() { t(locale, "vale-cost-free", args!()) } else { parts.join(" + ") }
}

/// A vale's ability text with its notes, in `locale`.
pub fn vale_text(v: &Vale, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let mut text = ability_text(v.ability, locale);
    if v.to_deck && !text.is_empty() {
        text = t(locale, "vale-to-deck", args!(text = text));
    } else if v.remove_self && !text.is_empty() {
        text = t(locale, "vale-remove-self", args!(text = text));
    }
    if v.extra_buy > 0 {
        text = t(locale, "vale-extra-buy", args!(text = text, buys = 2 + u32::from(v.extra_buy)));
    }
    if v.unique {
        text = t(locale, "vale-unique", args!(text = text));
    }
    text
}

/// Each action notation with what it does (the notations are syntax, the same in every language).
pub fn action_help(locale: impl Into<Locale>) -> Vec<ActionHelp> {
    let locale = locale.into();
    let rows: [(&str, &str); 36] = [
        ("push", "help-push"),
        ("pass", "help-pass"),
        ("spoil", "help-spoil"),
        ("token", "help-token"),
        ("buy L.K", "help-buy"),
        ("buy soil.SLOT", "help-buy-soil"),
        ("buy L.K on cN", "help-buy-on"),
        ("vale L.K [SPIRIT]", "help-vale"),
        ("sleeve cN", "help-sleeve"),
        ("done", "help-done"),
        ("decline", "help-decline"),
        ("discard cN", "help-discard"),
        ("resolve SLOT", "help-resolve"),
        ("upgrade", "help-upgrade"),
        ("leader N", "help-leader"),
        ("use vN", "help-use-vale"),
        ("use cN SLOT [cN] / use vN cN|SPIRIT", "help-use-ability"),
        ("use cN / use vales", "help-use"),
        ("cancel cN / keep cN", "help-cancel-keep"),
        ("portal cA SLOT cB", "help-portal"),
        ("take leader N / take amulet N", "help-take"),
        ("trade", "help-trade"),
        ("evoke / evoke cN", "help-evoke"),
        ("ability cN", "help-ability-card"),
        ("ability L.K", "help-ability-common"),
        ("ability soil.SLOT cN", "help-ability-soil-card"),
        ("ability N", "help-ability-pick"),
        ("ability SPIRIT", "help-ability-spirit"),
        ("claim L.K / claim soil.SLOT", "help-claim"),
        ("replay cN SLOT", "help-replay"),
        ("ability soil.SLOT", "help-ability-soil"),
        ("workshop K cN", "help-workshop"),
        ("vp SPIRIT,SPIRIT,SPIRIT", "help-vp"),
        ("use pS cN", "help-use-on-deck"),
        ("use pS cN SLOT", "help-use-on-deck-ability"),
        ("SPIRIT / SLOT", "help-words"),
    ];
    rows.iter().map(|&(n, id)| ActionHelp::new(n, t(locale, id, args!()))).collect()
}

/// Every embedded set, for texts that name cards without their database (events).
fn every_set() -> Option<&'static CardDb> {
    static ALL: std::sync::OnceLock<Option<CardDb>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| CardDb::every_set().ok()).as_ref()
}

/// A title of any embedded set (an advancement, a vale, a leader, an amulet) in `locale`, found by its
/// English title (what the log records).
fn any_title(english: &str, locale: Locale) -> String {
    let found = every_set().and_then(|db| {
        let find = |e: &str| e == english;
        (db.advancements.iter().find(|a| find(&a.title)).map(|a| title(a, locale)))
            .or_else(|| db.vales.iter().find(|v| find(&v.title)).map(|v| title(v, locale)))
            .or_else(|| db.leaders.iter().find(|l| find(&l.title)).map(|l| title(l, locale)))
            .or_else(|| db.amulets.iter().find(|x| find(&x.title)).map(|x| title(x, locale)))
    });
    found.unwrap_or_else(|| CARD_TEXTS.text(locale, "", "", "title", english).into_owned())
}

/// A card of the log in `locale`: its titles, or a blank card.
fn card_name(c: &crate::events::Card, locale: Locale) -> String {
    if c.titles.is_empty() {
        return t(locale, "blank-card", args!());
    }
    c.titles.iter().map(|x| any_title(x, locale)).collect::<Vec<_>>().join(" + ")
}

/// An event as a sentence in `locale`.
pub fn event_text(e: &crate::events::Event, locale: impl Into<Locale>) -> String {
    use crate::events::Event::*;
    let locale = locale.into();
    let card = |c: &crate::events::Card| card_name(c, locale);
    let title = |x: &str| any_title(x, locale);
    let (id, a): (&str, Args<'_>) = match e {
        TurnStart(s) => ("event-turn", args!(seat = *s)),
        Played(s, c) => ("event-played", args!(seat = *s, card = card(c))),
        Revealed(s, c) => ("event-revealed", args!(seat = *s, card = card(c))),
        Reshuffled(s) => ("event-reshuffled", args!(seat = *s)),
        Spoiled(s, prep) => ("event-spoiled", args!(seat = *s, prep = yes(*prep))),
        AbilityDiscard(s, Some(c)) => ("event-discards", args!(seat = *s, card = card(c))),
        AbilityDiscard(s, None) => ("event-discards-hidden", args!(seat = *s)),
        Peeked(s, Some(c)) => ("event-peeked", args!(seat = *s, card = card(c))),
        Peeked(s, None) => ("event-peeked-hidden", args!(seat = *s)),
        Bought(s, x) => ("event-bought", args!(seat = *s, title = title(x))),
        BoughtVale(s, x) => ("event-bought-vale", args!(seat = *s, title = title(x))),
        Sleeved(s, x, c) => {
            ("event-sleeved", args!(seat = *s, title = title(x), card = card(c), blank = yes(c.titles.is_empty())))
        }
        GainedVp(s, v) => ("event-gained-vp", args!(seat = *s, n = *v)),
        UsedVale(s, x) => ("event-used-vale", args!(seat = *s, title = title(x))),
        PoolEmpty => ("event-pool-empty", args!()),
        GameOver => ("event-game-over", args!()),
        UsedAbility(s, c, None) => {
            ("event-used-ability", args!(seat = *s, card = card(c), blank = yes(c.titles.is_empty())))
        }
        UsedAbility(s, c, Some(on)) => (
            "event-used-ability-on",
            args!(
                seat = *s,
                card = card(c),
                blank = yes(c.titles.is_empty()),
                target = card(on),
                target_blank = yes(on.titles.is_empty())
            ),
        ),
        ResolvedNow(s, c) => ("event-resolved-now", args!(seat = *s, card = card(c), blank = yes(c.titles.is_empty()))),
        TookLeader(s, x) => ("event-took-leader", args!(seat = *s, title = any_title(x, locale))),
        TookAmulet(s, x) => ("event-took-amulet", args!(seat = *s, title = any_title(x, locale))),
        TradedAmulet(s) => ("event-traded-amulet", args!(seat = *s)),
        Evoked(s, x) => ("event-evoked", args!(seat = *s, title = any_title(x, locale))),
        Upgraded(s, x) => ("event-upgraded", args!(seat = *s, title = any_title(x, locale))),
    };
    t(locale, id, a)
}

/// An event in English, from the catalog (the trait's events are `Display`; front ends say them in the
/// reader's language with [`event_text`]).
impl fmt::Display for crate::events::Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&event_text(self, Locale::En))
    }
}

/// A card of the log in English, from the catalog: its titles, or a blank card.
impl fmt::Display for crate::events::Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&card_name(self, Locale::En))
    }
}

/// What an action that needs no card says, in `locale` (`None` for the others).
pub fn plain_description(a: Action, locale: impl Into<Locale>) -> Option<String> {
    let id = match a {
        Action::Pass => "describe-pass",
        Action::Push => "describe-push",
        Action::Spoil => "describe-spoil",
        Action::Druid => "describe-druid",
        Action::Arbor => "describe-arbor",
        Action::Decline => "describe-decline",
        Action::Mill => "describe-mill",
        Action::Token => "describe-token",
        Action::Done => "describe-done",
        Action::Upgrade => "describe-upgrade",
        Action::Sow => "describe-sow",
        Action::Score => "describe-score",
        _ => return None,
    };
    Some(t(locale.into(), id, args!()))
}

/// What an action does, for the seat of `view`, in `locale` (the front ends show its notation next to
/// it; an action with nothing more to say is its notation).
pub fn describe_in(view: &View, a: Action, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    // A unique ability's choice: the module that takes it, and where that ability is printed.
    let home = match a {
        a if a.is_module_choice() && view.phase == Phase::Harvest && view.turn.fx.vale_choice.waiting.is_none() => {
            crate::heuristic::ability_home(view, a)
        }
        _ => None,
    };
    let used = match home {
        Some((_, AbilityHome::Used(s, c), ab, m)) => Some((s, c, ab, m)),
        _ => None,
    };
    let text = describe_action(view, a, home.map(|h| (h.2, h.3)), used.is_some(), locale);
    // Rules revision 8 (MV23): a used on-deck card's choice names that card and its owner.
    let Some((s, c, _, _)) = used else { return text };
    let Some(owner) = view.players.get(usize::from(s)) else { return text };
    match view.leader_card(usize::from(s)).filter(|l| l.card == c) {
        Some(l) => t(
            locale,
            "describe-used-leader",
            args!(them = Seat(s), title = title(view.db.leader(l.id), locale), c = c, text = text),
        ),
        None => match owner.cards.get(usize::from(c)) {
            Some(sl) => t(
                locale,
                "describe-used-card",
                args!(them = Seat(s), card = view.card_text_in(*sl, locale), text = text),
            ),
            None => text,
        },
    }
}

/// [`describe_in`] for the seat of `view`, with the unique ability that takes `a` (its ability and
/// module), if it is one, and whether that ability is a used on-deck card's (rules revision 8).
fn describe_action(
    view: &View,
    a: Action,
    home: Option<(Ability, &'static crate::effects::Module)>,
    used: bool,
    locale: Locale,
) -> String {
    let db = &*view.db;
    let me = &view.players[view.current as usize];
    let adv = |x: u8| title(db.adv(x), locale);
    let card = |c: u8| me.cards.get(usize::from(c)).map_or_else(String::new, |s| view.card_text_in(*s, locale));
    let source = |s: Source| match s {
        Source::Common(l, k) => view.commons[l as usize][k as usize],
        Source::Soil(slot) => Some(db.soil[slot as usize]).filter(|&x| x != EMPTY),
    };
    let choice = crate::heuristic::card_choice_module;
    let portal = view.turn.fx.move_advancement.pending.filter(|_| view.phase == Phase::Harvest);
    let (id, args): (&str, Args<'_>) = match a {
        Action::AbilityPick(0) | Action::AbilitySpirit(_) if view.turn.fx.vale_choice.waiting.is_some() => {
            // A vale's optional "when bought" ability (ruling MV68).
            let Some((v, _)) = view.turn.fx.vale_choice.waiting else { return a.to_string() };
            let x = db.vale(v);
            let text =
                crate::effects::module(x.ability.module).map_or_else(String::new, |m| unique_text(m.key, locale));
            ("describe-vale-choice", args!(title = title(x, locale), text = text))
        }
        Action::Decline if portal.is_some() => return t(locale, "describe-portal-decline", args!()),
        // Rules revision 7 (MV90): a Wayfarer Portal move half made names the advancement, then its card.
        Action::Use { card: Held::Card(c, at), choice: Choice::Nothing } if portal.is_some() => {
            match me.cards.get(usize::from(c)).and_then(|s| s.slots.get(usize::from(at))) {
                Some(&x) if x != EMPTY => (
                    "describe-portal-from",
                    args!(adv = adv(x), slot = Slot::ALL[usize::from(at)].name(), card = card(c)),
                ),
                _ => return a.to_string(),
            }
        }
        Action::Use { card: Held::Vale(_), choice: Choice::Card(b) } if portal.is_some_and(|p| p.from.is_some()) => {
            let Some((c, s)) = portal.and_then(|p| p.from) else { return a.to_string() };
            match me.cards.get(usize::from(c)).map(|x| x.slots[s as usize]) {
                Some(x) if x != EMPTY => ("describe-portal-to", args!(adv = adv(x), card = card(b))),
                _ => return a.to_string(),
            }
        }
        _ if plain_description(a, locale).is_some() && !(a == Action::Decline && view.phase == Phase::AmuletTrade) => {
            return plain_description(a, locale).unwrap_or_default();
        }
        Action::Buy(s) | Action::BuyOn(s, _) => {
            let Some(x) = source(s) else { return a.to_string() };
            let d = db.adv(x);
            ("describe-buy", args!(title = adv(x), cost = d.cost, slot = d.slot.name(), level = d.level))
        }
        Action::Vale(l, k, _) => match view.vale_row[l as usize][k as usize] {
            Some(v) => ("describe-vale", args!(title = title(db.vale(v), locale), vp = db.vale(v).vp)),
            None => return a.to_string(),
        },
        Action::Resolve(slot) => match view.phase {
            Phase::Order { card: c, .. } => {
                let x = me.cards[c as usize].slots[slot as usize];
                if x == EMPTY {
                    return a.to_string();
                }
                ("describe-resolve", args!(title = adv(x), ability = ability_text(db.adv(x).ability, locale)))
            }
            _ => return a.to_string(),
        },
        Action::Discard(c) if matches!(view.phase, Phase::NeighbourDiscard { .. }) => {
            let Phase::NeighbourDiscard { seat, .. } = view.phase else { return a.to_string() };
            let Some(s) = view.players.get(usize::from(seat)).and_then(|p| p.cards.get(usize::from(c))) else {
                return a.to_string();
            };
            ("describe-neighbour-discard", args!(card = view.card_text_in(*s, locale), me = Seat(view.current)))
        }
        Action::Sleeve(c) => ("describe-sleeve", args!(card = card(c))),
        Action::Discard(c) => ("describe-discard", args!(card = card(c))),
        Action::Conclave(c) => ("describe-conclave", args!(card = card(c))),
        Action::CancelDecay(c) => ("describe-cancel-decay", args!(card = card(c))),
        Action::Keep(c) => ("describe-keep", args!(card = card(c))),
        Action::Bank(c) if usize::from(c) < NUM_CARDS => ("describe-use", args!(card = card(c))),
        Action::Use { card: Held::Card(c, at), choice: Choice::Nothing }
            if hunt_words(view, c, at, locale).is_some() =>
        {
            return hunt_words(view, c, at, locale).unwrap_or_default();
        }
        Action::Use { card: held, choice: ch } => {
            let Some((title, ability)) = held_ability(view, held, locale) else { return a.to_string() };
            let text = ability_text(ability, locale);
            match ch {
                Choice::Nothing => ("describe-use-ability", args!(title = title, text = text)),
                Choice::Card(t) => ("describe-use-ability-on", args!(title = title, text = text, card = card(t))),
                Choice::Spirit(k) => {
                    ("describe-use-ability-spirit", args!(title = title, text = text, spirit = k.name()))
                }
            }
        }
        Action::UseVale(v) if usize::from(v) < db.vales.len() => {
            let x = db.vale(v);
            let text = ability_text(x.ability, locale);
            ("describe-use-ability", args!(title = title(x, locale), text = text))
        }
        Action::Claim(s) => match source(s) {
            Some(x) => ("describe-claim", args!(title = adv(x), cost = db.adv(x).cost, slot = db.adv(x).slot.name())),
            None => return a.to_string(),
        },
        Action::Workshop(k, c) => match me.fx.workshop.pile.get(usize::from(k)) {
            Some(&x) => ("describe-workshop", args!(title = adv(x), card = card(c))),
            None => return a.to_string(),
        },
        Action::Replay(c, _) => ("describe-replay", args!(card = card(c))),
        Action::TakeLeader(l) if usize::from(l) < db.leaders.len() => {
            ("describe-take-leader", args!(title = title(db.leader(l), locale)))
        }
        Action::ChooseLeader(k) => match me.leader_offer {
            Some(o) => ("describe-choose-leader", args!(title = title(db.leader(o[usize::from(k.min(1))]), locale))),
            None => return a.to_string(),
        },
        Action::TakeAmulet(x) if usize::from(x) < db.amulets.len() => {
            ("describe-take-amulet", args!(title = title(db.amulet(x), locale)))
        }
        Action::Trade => return t(locale, "describe-trade", args!()),
        Action::Decline if view.phase == Phase::AmuletTrade => return t(locale, "describe-keep-amulet", args!()),
        Action::Evoke | Action::EvokeOn(_) => match me.amulet {
            Some(x) => ("describe-card", args!(card = amulet_text(db.amulet(x), locale))),
            None => return a.to_string(),
        },
        Action::AbilityCard(c) => {
            let cd = card(c);
            // The module's own words (copying: onto the card Cyrilla gave the copy, else the leader's;
            // a used on-deck card's copy is counted once more in the harvest).
            let m = if used { home.map(|h| h.1) } else { choice(view, c) };
            match m.filter(|m| m.choice.takes(a)).map(|m| (m.hint, m.describe)) {
                Some((Hint::CopyCard, _)) if used => ("describe-copy-used", args!(c = c, card = cd)),
                Some((Hint::CopyCard, _)) => match crate::heuristic::copying_card(view) {
                    Some(x) => ("describe-copy", args!(x = x, c = c, card = cd, target = card(x))),
                    None => ("describe-copy-leader", args!(c = c, card = cd)),
                },
                Some((_, Some(id))) => (id, args!(c = c, card = cd)),
                _ => ("describe-card", args!(card = cd)),
            }
        }
        Action::AbilityPick(k) if choice(view, EMPTY).is_some_and(|m| m.hint == Hint::GainChoice) && !used => {
            (choice(view, EMPTY).and_then(|m| m.describe).unwrap_or("describe-gain-choice"), args!(pick = k))
        }
        // Another unique ability's option (a used leader side's gain choice, the workshop's turning
        // back), a commons position or a Fertile Soil it takes: the module's own words.
        Action::AbilityPick(_) | Action::AbilityCommon(..) | Action::AbilityTake(_) | Action::AbilitySoil(..) => {
            let Some((ab, Some(id))) = home.map(|(ab, m)| (ab, m.describe)) else { return a.to_string() };
            let Some(soil) =
                db.soil.iter().map(|&x| (x != EMPTY).then(|| title(db.adv(x), locale))).collect::<Option<Vec<_>>>()
            else {
                return a.to_string();
            };
            let soil = |s: Slot| soil[s as usize].clone();
            match a {
                // Rules revision 9 (MV23): a used Old Bakarab card's turning back turns that card.
                Action::AbilityPick(_)
                    if used
                        && home.is_some_and(|h| h.1.hint == Hint::WorkshopSleeve)
                        && view.rules() >= crate::setup::DIONE_TURN_BACK_RULES =>
                {
                    ("describe-workshop-turn-back-used", args!(n = ab.amount))
                }
                Action::AbilityPick(k) => (id, args!(pick = k, n = ab.amount)),
                Action::AbilityCommon(l, k) => {
                    match view.commons.get(usize::from(l)).and_then(|r| r.get(usize::from(k))) {
                        Some(&Some(x)) => (id, args!(title = adv(x))),
                        _ => return a.to_string(),
                    }
                }
                Action::AbilityTake(s) => (id, args!(title = soil(s))),
                Action::AbilitySoil(s, c) => (id, args!(title = soil(s), slot = s.name(), card = card(c))),
                _ => return a.to_string(),
            }
        }
        Action::AbilityGraft(s, c, slot) => {
            match (grafted(view, s, c, slot, locale), view.turn.fx.guardian_and_graft.guardian_plus) {
                (Some((title, ability)), Some(first)) => {
                    ("describe-graft", args!(title = title, first = first, ability = ability))
                }
                _ => return a.to_string(),
            }
        }
        // Rules revision 8 (MV23): a neighbour's on-deck card, a leader's by its side.
        Action::UseOnDeck(s, c) | Action::UseOnDeckAbility(s, c, _)
            if usize::from(s) < view.players.len() && usize::from(c) < NUM_CARDS =>
        {
            let id = if matches!(a, Action::UseOnDeck(..)) {
                "describe-use-on-deck"
            } else {
                "describe-use-on-deck-ability"
            };
            (id, args!(them = Seat(s), card = view.card_line(usize::from(s), c, locale)))
        }
        Action::EvokeBought(k, c) => match view.turn.bought.get(usize::from(k)) {
            Some(b) => ("describe-evoke-bought", args!(title = adv(b.adv), card = card(c))),
            None => return a.to_string(),
        },
        _ => return a.to_string(),
    };
    t(locale, id, args)
}

/// Rules revision 8 (ruling MV91): the words of `use cN SLOT` resolving a waiting fill (the cards it
/// would draw now) or Canopy Explorer; `None` for any other `use`.
fn hunt_words(view: &View, c: u8, at: u8, locale: Locale) -> Option<String> {
    let state = &view.turn.fx.deck_to_field;
    if view.phase != Phase::Harvest || state.waiting() & 1u32.checked_shl(u32::from(c))? == 0 {
        return None;
    }
    let me = view.players.get(usize::from(view.current))?;
    let fill = state.fill & (1 << c) != 0;
    let is_fill = crate::effects::deck_to_field::place_of(&view.db, *me.cards.get(usize::from(c))?, fill, at)?;
    let (title, ability) = held_ability(view, Held::Card(c, at), locale)?;
    Some(if is_fill {
        let draw = usize::from(ability.amount).saturating_sub(me.field.len());
        t(locale, "describe-use-fill", args!(title = title, fill = ability.amount, draw = draw))
    } else {
        t(locale, "describe-use-explore", args!(title = title, text = ability_text(ability, locale)))
    })
}

/// The title an ability used by [`Action::Use`] is printed on (an advancement, a leader's side, a vale)
/// and the ability, as the seat of `view` sees them, in `locale`.
fn held_ability(view: &View, held: Held, locale: Locale) -> Option<(String, crate::cards::Ability)> {
    let db = &*view.db;
    match held {
        Held::Card(c, at) => {
            let me = view.players.get(usize::from(view.current))?;
            match me.cards.get(usize::from(c))?.slots.get(usize::from(at)) {
                Some(&x) if x != EMPTY => {
                    let adv = db.adv(x);
                    Some((title(adv, locale), adv.ability))
                }
                Some(_) => None,
                None => {
                    let l = me.leader.filter(|l| l.card == c)?;
                    let leader = db.leader(l.id?);
                    Some((title(leader, locale), leader.sides[usize::from(l.upgraded)].ability))
                }
            }
        }
        Held::Vale(v) if usize::from(v) < db.vales.len() => {
            let x = db.vale(v);
            Some((title(x, locale), x.ability))
        }
        Held::Vale(_) => None,
    }
}

/// Cyrilla's graft (`ability p1 c7 top`): the title the copied ability is printed on and its text, in
/// `locale`.
fn grafted(view: &View, s: u8, c: u8, slot: u8, locale: Locale) -> Option<(String, String)> {
    let db = &*view.db;
    let pv = view.players.get(usize::from(s))?;
    match pv.cards.get(usize::from(c))?.slots.get(usize::from(slot)) {
        Some(&x) if x != EMPTY => {
            let adv = db.adv(x);
            Some((title(adv, locale), ability_text(adv.ability, locale)))
        }
        Some(_) => None,
        None => {
            let l = view.leader_card(usize::from(s)).filter(|l| l.card == c)?;
            Some((title(db.leader(l.id), locale), ability_text(l.face(db).ability, locale)))
        }
    }
}

impl View {
    /// [`card_text`](View::card_text) in `locale`: `[Stag | Pack Leader over Sundered Land | Cursed Land]`.
    pub fn card_text_in(&self, s: Sleeve, locale: impl Into<Locale>) -> String {
        let locale = locale.into();
        let name = |a: u8| title(self.db.adv(a), locale);
        let parts: Vec<String> = (0..3)
            .map(|k| match (s.slot(k), s.covered_in(k)) {
                (None, _) => "-".to_owned(),
                (Some(a), None) => name(a),
                (Some(a), Some(c)) => t(locale, "view-covered", args!(title = name(a), under = name(c))),
            })
            .collect();
        format!("[{}]", parts.join(" | "))
    }

    /// Player `i`'s card `c` in words, its leader (as far as this seat knows it) included.
    fn card_line(&self, i: usize, c: u8, locale: Locale) -> String {
        let p = &self.players[i];
        match p.leader.filter(|l| l.card == c && p.leader_offer.is_none()) {
            Some(l) => match l.id {
                Some(id) => {
                    t(locale, "view-card-leader", args!(text = leader_summary(self.db.leader(id), l.upgraded, locale)))
                }
                None => t(locale, "view-card-leader-unseen", args!()),
            },
            None => self.card_text_in(p.cards[c as usize], locale),
        }
    }

    /// One indented line per ability on the card: `Dawnsinger: harvest: +1 mana per guardian on this card`.
    fn abilities(&self, f: &mut dyn fmt::Write, s: Sleeve, locale: Locale) -> fmt::Result {
        for a in s.advs() {
            let x = self.db.adv(a);
            let name = title(x, locale);
            let ab = ability_text(x.ability, locale);
            if !ab.is_empty() {
                writeln!(f, "{}", t(locale, "view-ability", args!(title = name.clone(), text = ab)))?;
            }
            if x.eclipse {
                writeln!(f, "{}", t(locale, "view-eclipse", args!(title = name)))?;
            }
        }
        Ok(())
    }

    /// Player `i`'s card `c` totals in words (with `bonus` guardians from Conclave of Ents).
    fn stats(&self, i: usize, c: u8, bonus: u8, locale: Locale) -> String {
        let st = self.card_stats(i, c);
        let mut parts = Vec::new();
        let mut add = |n: u8, kind: &str| {
            if n > 0 {
                parts.push(t(locale, "symbol", args!(kind = kind, n = n)));
            }
        };
        add(st.mana, "mana");
        add(
            st.decay,
            if self.players[i].fx.cancel_decay.until_discard == Some(c) { "decay-cancelled" } else { "decay" },
        );
        add(st.growth.saturating_add(st.grov.saturating_mul(bonus)), "growth");
        for (k, s) in Spirit::ALL.iter().enumerate() {
            add(st.spirits[k].saturating_add(st.spirits_per_guardian[k].saturating_mul(bonus)), s.name());
        }
        add(st.guardians.saturating_add(bonus), "guardian");
        parts.join(", ")
    }

    /// The terminal rendering in `locale`, with a legend.
    pub fn render(&self, locale: impl Into<Locale>) -> String {
        let locale = locale.into();
        let mut out = String::new();
        let _ = self.write_in(&mut out, locale);
        out.push_str(&t(locale, "view-legend", args!()));
        out
    }

    /// The table as the terminal shows it, in `locale` (the `Display` is the English). The French uses
    /// the French book's terms (`mystic-vale-base.fr.txt`): Évolution, carte Val, Déclin, Croissance,
    /// champ, on-deck, deck, pool de jetons PV, jeton Mana.
    pub fn write_in(&self, f: &mut dyn fmt::Write, locale: impl Into<Locale>) -> fmt::Result {
        let locale = locale.into();
        let db = &*self.db;
        let line = |f: &mut dyn fmt::Write, id: &str, a: Args<'_>| writeln!(f, "{}", t(locale, id, a));
        let adv_title = |a: u8| title(db.adv(a), locale);
        let vale_title = |v: u8| title(db.vale(v), locale);
        let head = args!(round = self.rounds, pool = self.pool, last = yes(self.ending), seat = self.seat);
        line(f, "view-header", head)?;
        if let Some(ids) = self.conclaves
            && let Ok(c) = crate::conclaves::Conclaves::for_db(self.db.clone())
        {
            let names: Vec<String> =
                ids.iter().filter_map(|&i| c.list.get(i as usize)).map(|x| conclave_name(x, locale)).collect();
            line(f, "view-conclaves", args!(names = names.join(", ")))?;
        }
        if let Some(d) = &self.draft {
            // The draft table (EN:810-816): everything on it is public.
            line(f, "view-draft", args!())?;
            for &l in &d.leaders {
                line(f, "view-draft-leader", args!(id = l, text = leader_summary(db.leader(l), false, locale)))?;
                line(f, "view-draft-upgraded", args!(text = leader_summary(db.leader(l), true, locale)))?;
            }
            for &a in &d.amulets {
                line(f, "view-draft-amulet", args!(id = a, text = amulet_summary(db.amulet(a), false, locale)))?;
            }
        }
        line(f, "view-commons", args!())?;
        for (l, row) in self.commons.iter().enumerate() {
            line(f, "view-level", args!(level = l + 1, deck = self.adv_deck_counts[l]))?;
            for (k, a) in row.iter().enumerate() {
                if let &Some(a) = a {
                    let n = self.commons_stack[l][k];
                    let stack = if n > 0 { format!(" (×{})", u32::from(n) + 1) } else { String::new() };
                    writeln!(f, "    {}.{} {}{stack}", l + 1, k + 1, adv_summary(db.adv(a), locale))?;
                }
            }
        }
        let soil = db.adv(db.soil[0]);
        let a = args!(
            title = adv_title(db.soil[0]),
            cost = soil.cost,
            symbols = symbols_text(&soil.symbols, locale),
            top = self.soil[0],
            middle = self.soil[1],
            bottom = self.soil[2]
        );
        line(f, "view-soil", a)?;
        line(f, "view-vales", args!())?;
        for (l, row) in self.vale_row.iter().enumerate() {
            line(f, "view-level", args!(level = l + 1, deck = self.vale_deck_counts[l]))?;
            for (k, v) in row.iter().enumerate() {
                if let &Some(v) = v {
                    let x = db.vale(v);
                    let text = vale_text(x, locale);
                    let id = if text.is_empty() { "view-vale" } else { "view-vale-ability" };
                    let a = args!(
                        id = format!("{}.{}", l + 1, k + 1),
                        title = vale_title(v),
                        cost = vale_cost_text(x, locale),
                        vp = x.vp,
                        text = text
                    );
                    line(f, id, a)?;
                }
            }
            // Crystal Cavern went face down on top of the level-1 vale deck in sight of all (MV66).
            if let Some(v) = self.vale_top.filter(|_| l == 0 && self.vale_deck_counts[0] > 0) {
                line(f, "view-vale-top", args!(title = vale_title(v)))?;
            }
        }
        for i in 0..self.players.len() {
            self.write_player(f, i, locale)?;
        }
        self.write_turn(f, locale)
    }

    /// Player `i`'s line, vales, amulet, leader and cards.
    fn write_player(&self, f: &mut dyn fmt::Write, i: usize, locale: Locale) -> fmt::Result {
        let db = &*self.db;
        let p = &self.players[i];
        let line = |f: &mut dyn fmt::Write, id: &str, a: Args<'_>| writeln!(f, "{}", t(locale, id, a));
        let adv_title = |a: u8| title(db.adv(a), locale);
        let vale_title = |v: u8| title(db.vale(v), locale);
        let token = match p.amulet {
            Some(a) => t(
                locale,
                "view-token-amulet",
                args!(amulet = title(db.amulet(a), locale), active = yes(p.token_active)),
            ),
            None => t(locale, "view-token", args!(active = yes(p.token_active))),
        };
        let vales = if p.vales.is_empty() {
            String::new()
        } else {
            let names = p.vales.iter().map(|&v| vale_title(v)).collect::<Vec<_>>().join(", ");
            t(locale, "view-player-vales", args!(names = names))
        };
        let a = args!(
            seat = Seat(i as u8),
            playing = yes(i == self.current as usize),
            vp = p.vp,
            score = score_of(self, i),
            token = token,
            deck = p.deck_count,
            discard = p.discard_count,
            vales = vales
        );
        line(f, "view-player", a)?;
        for &v in &p.vales {
            let text = vale_text(db.vale(v), locale);
            if !text.is_empty() {
                line(f, "view-owned-vale", args!(title = vale_title(v), text = text))?;
            }
        }
        if let Some(a) = p.amulet {
            line(f, "view-amulet", args!(text = amulet_summary(db.amulet(a), p.token_active, locale)))?;
        }
        if !p.fx.workshop.pile.is_empty() {
            // Old Bakarab's workshop, face up (ruling MV75).
            let items: Vec<String> =
                p.fx.workshop.pile.iter().enumerate().map(|(k, &a)| format!("{} {}", k + 1, adv_title(a))).collect();
            line(f, "view-workshop", args!(items = items.join(", ")))?;
        }
        if p.pending_mana > 0 {
            line(f, "view-pending-mana", args!(n = p.pending_mana))?;
        }
        if let Some(l) = p.leader.filter(|_| p.leader_offer.is_none()) {
            match l.id {
                Some(id) => {
                    line(f, "view-leader", args!(c = l.card, text = leader_summary(db.leader(id), l.upgraded, locale)))?
                }
                None => line(f, "view-leader-unseen", args!(c = l.card))?,
            }
        }
        if let Some(o) = p.leader_offer {
            let a = args!(
                first = leader_summary(db.leader(o[0]), false, locale),
                second = leader_summary(db.leader(o[1]), false, locale)
            );
            line(f, "view-leaders-dealt", a)?;
        }
        // Cyrilla's guardians and copied ability on a card, until the end of the turn (MV80).
        let boost = |f: &mut dyn fmt::Write, c: u8| -> fmt::Result {
            let Some(b) = p.fx.guardian_and_graft.boost.filter(|b| b.card == c) else { return Ok(()) };
            match b.ability {
                Some(ab) => line(f, "view-boost-ability", args!(n = b.guardians, ability = ability_text(ab, locale))),
                None => line(f, "view-boost", args!(n = b.guardians)),
            }
        };
        let cards = p.field.iter().map(|&c| ("view-field", c)).chain(p.on_deck.map(|c| ("view-on-deck", c)));
        for (id, c) in cards {
            let a = args!(
                c = format!("{c:<2}"),
                card = self.card_line(i, c, locale),
                stats = self.stats(i, c, p.conclave_bonus(c), locale)
            );
            line(f, id, a)?;
            self.abilities(f, p.cards[c as usize], locale)?;
            boost(f, c)?;
        }
        if !p.deck_bottom.is_empty() {
            // Burrow Wyrms' cards went face down under the deck in sight of all (MV56).
            let cards: Vec<String> = p.deck_bottom.iter().map(|c| format!("c{c}")).collect();
            line(f, "view-deck-bottom", args!(cards = cards.join(", ")))?;
        }
        if i == self.current as usize {
            let (decay, growth) = self.decay_growth(i);
            write!(f, "{}", t(locale, "view-decay", args!(decay = decay, growth = growth)))?;
            if i == self.seat.index()
                && let Some(r) = self.spoil_risk()
            {
                write!(f, "{}", t(locale, "view-spoil-risk", args!(pct = format!("{:.0}", r * 100.0))))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }

    /// The lines of the turn under way: the harvest, a decision waiting.
    fn write_turn(&self, f: &mut dyn fmt::Write, locale: Locale) -> fmt::Result {
        let db = &*self.db;
        let line = |f: &mut dyn fmt::Write, id: &str, a: Args<'_>| writeln!(f, "{}", t(locale, id, a));
        let adv_title = |a: u8| title(db.adv(a), locale);
        if self.phase == Phase::Harvest {
            let tn = &self.turn;
            let spirits: Vec<String> = (0..4)
                .map(|k| {
                    let n = tn.spirits[k].saturating_sub(tn.spirit_spent[k]);
                    t(locale, "view-harvest-spirit", args!(n = n, spirit = Spirit::ALL[k].name()))
                })
                .collect();
            let a =
                args!(mana = tn.mana_left(), spirits = spirits.join(" "), vp = tn.vp_total, bought = tn.bought.len());
            line(f, "view-harvest", a)?;
        }
        if let Phase::Order { card, pending, .. } = self.phase {
            let s = self.players[self.current as usize].cards[card as usize];
            let waiting: Vec<String> = (0..3)
                .filter_map(|k| s.slot(k).filter(|_| pending & (1 << k) != 0).map(|a| (k, a)))
                .map(|(k, a)| t(locale, "view-order-item", args!(title = adv_title(a), slot = Slot::ALL[k].name())))
                .collect();
            line(f, "view-order", args!(c = card, waiting = waiting.join(", ")))?;
        }
        if let Phase::WhenPlayed { card, slot, .. } = self.phase
            && let Some(a) = self.players[self.current as usize].cards[card as usize].slot(usize::from(slot))
        {
            let ab = ability_text(db.adv(a).ability, locale);
            line(f, "view-when-played", args!(c = card, title = adv_title(a), ability = ab))?;
        }
        if let Phase::NeighbourDiscard { seat, .. } = self.phase
            && let Some(c) = self.players[usize::from(seat)].on_deck
        {
            line(f, "view-gingan", args!(me = Seat(self.current), them = Seat(seat), c = c))?;
        }
        if self.phase == Phase::Harvest
            && let Some(p) = self.turn.fx.move_advancement.pending
            && usize::from(p.vale) < db.vales.len()
        {
            // Rules revision 7 (MV90): the Wayfarer Portal move half made.
            let portal = title(db.vale(p.vale), locale);
            let me = &self.players[self.current as usize];
            match p.from.map(|(c, s)| (c, me.cards.get(usize::from(c)).map_or(EMPTY, |x| x.slots[s as usize]))) {
                Some((c, x)) if x != EMPTY => {
                    line(f, "view-portal-named", args!(title = portal, adv = adv_title(x), c = c))?
                }
                _ => line(f, "view-portal-open", args!(title = portal))?,
            }
        }
        // A module's decision waiting (a claim, a discard after an Evoke, the extra Planting Phase).
        for id in crate::effects::MODULES.iter().filter_map(|m| (m.view_note?)(self)) {
            line(f, id, args!())?;
        }
        if let Phase::Hatch { .. } = self.phase {
            line(f, "view-hatchery", args!())?;
        }
        if let Some(c) = self.peek {
            let what = match self.phase {
                Phase::Look { depth: 0, .. } => "hoard",
                Phase::Look { .. } => "hoard-next",
                _ => "calm",
            };
            let me = &self.players[self.seat.index()];
            line(f, "view-peek", args!(what = what, c = c, card = self.card_text_in(me.cards[c as usize], locale)))?;
            for &x in &self.looking {
                line(f, "view-peek-then", args!(c = x, card = self.card_text_in(me.cards[x as usize], locale)))?;
            }
        }
        Ok(())
    }
}

/// The listing for `sylvan cards list` in `locale`: one block per card, each field with its value and
/// provenance (as the card files write them); with `only`, just the fields of that provenance kind;
/// then the leader sides played with their symbols only and the fields by provenance.
pub fn card_listing(db: &CardDb, only: Option<&str>, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let mut out = String::new();
    let keep = |src: &str| only.is_none_or(|k| src.starts_with(k));
    let mut block =
        |head: String, source: &std::collections::BTreeMap<String, String>, value: &dyn Fn(&str) -> String| {
            let fields: Vec<String> = source
                .iter()
                .filter(|(_, src)| keep(src))
                .map(|(f, src)| format!("    {f} = {}  [{src}]\n", value(f)))
                .collect();
            if !fields.is_empty() {
                out += &head;
                out.push('\n');
                out.extend(fields);
            }
        };
    for (id, a) in db.advancements.iter().enumerate() {
        if db.soil.contains(&(id as u8)) && id as u8 != db.soil[0] {
            continue;
        }
        let head = args!(title = title(a, locale), set = a.set.as_str(), level = a.level, n = a.copies);
        block(t(locale, "listing-advancement", head), &a.source, &|f| a.field_value(f));
    }
    for v in &db.vales {
        let head = args!(title = title(v, locale), set = v.set.as_str(), level = v.level, n = v.copies);
        block(t(locale, "listing-vale", head), &v.source, &|f| v.field_value(f));
    }
    for l in &db.leaders {
        let head = args!(title = title(l, locale), set = l.set.as_str());
        block(t(locale, "listing-leader", head), &l.source, &|f| l.field_value(f));
    }
    for a in &db.amulets {
        let head = args!(title = title(a, locale), set = a.set.as_str());
        block(t(locale, "listing-amulet", head), &a.source, &|f| a.field_value(f));
    }
    if keep("provisional") {
        out += &symbols_only_sides(db, locale);
    }
    out + &provenance_summary(db, locale)
}

/// The leader sides that play with their provisional symbols only, with the reason their data gives, in
/// `locale` (empty when there are none).
pub fn symbols_only_sides(db: &CardDb, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let mut out = String::new();
    for l in &db.leaders {
        for (up, key) in [(false, "start_ability"), (true, "up_ability")] {
            if l.symbols_only(up) {
                let why = l.source.get(key).map_or("", |s| s.trim_start_matches("provisional:").trim());
                let a = args!(title = title(l, locale), set = l.set.as_str(), upgraded = yes(up), why = why);
                out += &format!("  {}\n", t(locale, "listing-symbols-only", a));
            }
        }
    }
    if out.is_empty() {
        return out;
    }
    format!("{}\n{out}", t(locale, "listing-symbols-only-head", args!()))
}

/// The card data's fields by set and provenance kind, one line each, in `locale`.
pub fn provenance_summary(db: &CardDb, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let mut out = format!("{}\n", t(locale, "listing-provenance-head", args!()));
    for ((set, kind), n) in db.provenance_counts() {
        out += &format!("  {set:<10} {kind:<12} {n}\n");
    }
    out
}

/// The listing for `sylvan cards list mystic-vale --conclaves` in `locale`: each conclave, its cards by
/// level (with copies), and the provenance of each field.
pub fn conclave_listing(c: &crate::conclaves::Conclaves, db: &CardDb, locale: impl Into<Locale>) -> String {
    let locale = locale.into();
    let mut out = String::new();
    let mut line = |indent: &str, id: &str, a: Args<'_>| {
        out += indent;
        out += &t(locale, id, a);
        out.push('\n');
    };
    for x in &c.list {
        line(
            "",
            "listing-conclave",
            args!(name = conclave_name(x, locale), key = x.key.as_str(), named = yes(x.named)),
        );
        line("    ", "listing-conclave-name", args!(source = x.source[0].as_str()));
        for level in 1..=3u8 {
            let titles: Vec<String> = x
                .advancements
                .iter()
                .map(|&a| db.adv(a))
                .filter(|a| a.level == level)
                .map(|a| format!("{} ×{}", title(a, locale), a.copies))
                .collect();
            if !titles.is_empty() {
                line("    ", "listing-conclave-level", args!(level = level, titles = titles.join(", ")));
            }
        }
        line("    ", "listing-conclave-advancements", args!(source = x.source[1].as_str()));
        for level in 1..=2u8 {
            let titles: Vec<String> = x
                .vales
                .iter()
                .map(|&v| db.vale(v))
                .filter(|v| v.level == level)
                .map(|v| format!("{} ×{}", title(v, locale), v.copies))
                .collect();
            if !titles.is_empty() {
                line("    ", "listing-conclave-vale-level", args!(level = level, titles = titles.join(", ")));
            }
        }
        line("    ", "listing-conclave-vales", args!(source = x.source[2].as_str()));
    }
    let named = c.list.iter().filter(|x| x.named).count();
    line("", "listing-conclaves-total", args!(n = c.list.len(), named = named, pick = crate::conclaves::PICK));
    out
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;
    use crate::state::{EMPTY, Sleeve};
    use sylvan_engine::{Game, GameRng, NoEvents, Seat};

    fn game() -> MysticVale {
        let Ok(o) = MysticVale::options_for_players(2) else { panic!("options") };
        let Ok(g) = MysticVale::new(&o, 7) else { panic!("deal") };
        g
    }

    /// EN:643-651 "Example Final Scoring": 12 VP from tokens, 8 from advancements, 5 from vales = 25.
    pub fn rulebook_final_scoring_example() {
        let mut g = game();
        let db = g.db.clone();
        // Advancements with printed end-of-game VP and no ability, sleeved one per card, up to 8 VP.
        let plain: Vec<u8> = (0..db.advancements.len() as u8)
            .filter(|&a| db.adv(a).symbols.vp_end > 0 && db.adv(a).ability.timing == Timing::None)
            .collect();
        let mut left = 8i32;
        let p = &mut g.players[0];
        p.cards = [Sleeve::default(); crate::state::NUM_CARDS];
        for (k, &a) in plain.iter().cycle().take(40).enumerate() {
            let vp = i32::from(db.adv(a).symbols.vp_end);
            if vp <= left && k < crate::state::NUM_CARDS {
                p.cards[k].slots[0] = a;
                left -= vp;
            }
        }
        assert_eq!(left, 0, "advancements worth 8 VP");
        // Vales with VP and no "most" ability, up to 5 VP.
        let mut vleft = 5i32;
        p.vales.clear();
        for v in 0..db.vales.len() as u8 {
            let x = db.vale(v);
            if x.vp > 0 && i32::from(x.vp) <= vleft && x.ability.effect != Effect::MostAmong {
                p.vales.push(v);
                vleft -= i32::from(x.vp);
            }
        }
        assert_eq!(vleft, 0, "vales worth 5 VP");
        p.vp = 12;
        assert!(p.cards.iter().all(|s| s.covered == [EMPTY; 3]));
        g.phase = Phase::Over;
        let Some(b) = g.breakdown(Locale::En) else { panic!("no breakdown") };
        let col: Vec<f64> = b.rows.iter().map(|r| r.values[0]).collect();
        assert_eq!(col, [12.0, 8.0, 0.0, 5.0]);
        assert_eq!(b.totals[0], 25.0);
        assert_eq!(b.rows[0].label, "VP tokens");
    }

    /// The score a view shows is the final score (issue 15: the screen once showed 62 for a final 66).
    pub fn views_show_the_breakdown_totals() {
        for seed in 0..6 {
            let mut g = game();
            let Ok(o) = MysticVale::options_for_players(3) else { panic!("options") };
            if seed % 2 == 1 {
                let Ok(g3) = MysticVale::new(&o, seed) else { panic!("deal") };
                g = g3;
            }
            let mut rng = GameRng::new(seed);
            let mut legal = Vec::new();
            while g.to_move().is_some() {
                g.legal_actions(&mut legal);
                g.apply_unchecked(legal[rng.index(legal.len())], &mut NoEvents);
            }
            let Some(b) = g.breakdown(Locale::Fr) else { panic!("no breakdown") };
            for s in 0..g.n() {
                let v = g.view(Seat(s as u8));
                for i in 0..g.n() {
                    assert_eq!(f64::from(score_of(&v, i)), b.totals[i], "seed {seed}: seat {s}'s view of p{i}");
                }
            }
        }
    }

    pub fn french_card_texts_and_titles() {
        let db = CardDb::base();
        let c = catalog(db, Locale::Fr);
        let dawn = db.advancements.iter().position(|a| a.key == "dawnsinger").map(|i| i.to_string());
        let Some(dawn) = dawn else { panic!("no Dawnsinger") };
        assert_eq!(c["advancements"][&dawn]["name"], "Chanteuse de l'Aube");
        assert_eq!(
            c["advancements"][&dawn]["text"],
            "1 mana, 1 Esprit Bestial, 1 Gardien ; Récolte : +1 mana par Gardien sur cette carte"
        );
        let en = catalog(db, Locale::En);
        assert_eq!(en["advancements"][&dawn]["name"], "Dawnsinger");
        // Titles the French book does not give keep their English title (documented fallback).
        let missing = db.advancements.iter().filter(|a| title(*a, Locale::Fr) == a.title).count();
        assert!(missing < db.advancements.len() / 2, "{missing} untranslated titles");
    }
}
