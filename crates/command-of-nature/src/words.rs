//! What Command of Nature says to players in English and French: the end of the game and its reason
//! (VICTOIRE, `command-of-nature.fr.txt:238-246`; the turn limit, ruling C23), the card catalog and the
//! help for each action notation.

use serde_json::{Map, Value, json};
use sylvan_engine::{ActionHelp, Breakdown, BreakdownRow, Game, Lang};

use crate::cards::{CardInfo, Class, Faction, Reach};
use crate::state::{CommandOfNature, Phase};

/// A faction's name in `lang` (the French ones are the rulebook's, `command-of-nature.fr.txt:14`).
pub fn faction_name(f: Faction, lang: Lang) -> &'static str {
    match f {
        Faction::Twig => lang.pick("Twig", "Brindille"),
        Faction::Pebble => lang.pick("Pebble", "Caillou"),
        Faction::Leaf => lang.pick("Leaf", "Feuille"),
        Faction::Droplet => lang.pick("Droplet", "Gouttelette"),
        Faction::Neutral => lang.pick("Neutral", "Neutre"),
    }
}

/// A card class's name in `lang` (French from the rulebook's card types).
pub fn class_name(c: Class, lang: Lang) -> &'static str {
    match c {
        Class::Sage => lang.pick("Sage", "Sage élémentaire"),
        Class::Champion => lang.pick("Champion", "Champion élémentaire"),
        Class::Basic => lang.pick("Basic elemental", "Élémentaire de base"),
        Class::Warrior => lang.pick("Warrior", "Guerrier élémentaire"),
        Class::Melee => lang.pick("Melee attack", "Ordre d'attaque au corps-à-corps"),
        Class::Ranged => lang.pick("Ranged attack", "Ordre d'attaque à distance"),
        Class::Instant => lang.pick("Instant", "Ordre immédiat"),
        Class::Utility => lang.pick("Utility", "Ordre stratégique"),
    }
}

/// A card's name in `lang`.
pub fn card_name(c: &CardInfo, lang: Lang) -> &str {
    lang.pick(&c.name, &c.name_fr)
}

/// A card's effect text in `lang`.
pub fn card_text(c: &CardInfo, lang: Lang) -> &str {
    lang.pick(&c.text, &c.text_fr)
}

fn rows_list(mask: u8) -> Vec<&'static str> {
    ["I", "II", "III"].iter().enumerate().filter(|(k, _)| mask & (1 << k) != 0).map(|(_, r)| *r).collect()
}

impl CommandOfNature {
    /// The end: 1 per seat of the winning side, ½ each on a draw, with the reason and each seat's
    /// level and Sage.
    pub(crate) fn words_breakdown(&self, lang: Lang) -> Option<Breakdown> {
        let Phase::Over(w) = self.phase else { return None };
        let team = self.n() == 4;
        let end_reason = match (w, team, lang) {
            (Some(s), false, Lang::En) => format!("Side {s} defeated the other Sage."),
            (Some(s), true, Lang::En) => format!("Side {s} defeated both Sages of the other team."),
            (Some(s), false, Lang::Fr) => format!("Le camp {s} a vaincu le Sage adverse."),
            (Some(s), true, Lang::Fr) => format!("Le camp {s} a vaincu les deux Sages de l'équipe adverse."),
            (None, _, Lang::En) => {
                format!(
                    "The turn limit ({} turns) was reached with both sides standing: a draw.",
                    self.options.turn_limit
                )
            }
            (None, _, Lang::Fr) => {
                format!("La limite de {} tours est atteinte sans vainqueur : match nul.", self.options.turn_limit)
            }
        };
        let scores = self.scores();
        let rows = vec![BreakdownRow::new(
            lang.pick("result (win 1, draw ½)", "résultat (victoire 1, nul ½)"),
            scores.clone(),
        )];
        let notes = (0..self.n())
            .map(|i| {
                let p = &self.players[i];
                let sage = if p.sage_alive {
                    lang.pick("Sage standing", "Sage debout")
                } else {
                    lang.pick("Sage defeated", "Sage vaincu")
                };
                format!(
                    "p{i} ({} {}): {} {}, {sage}",
                    lang.pick("side", "camp"),
                    i & 1,
                    lang.pick("level", "niveau"),
                    p.level
                )
            })
            .collect();
        Some(Breakdown { end_reason, rows, totals: scores, notes })
    }

    /// The catalog of this game's card table.
    pub(crate) fn words_catalog(&self, lang: Lang) -> Value {
        let mut cards = Map::new();
        for c in &self.cards.cards {
            let reach = match c.reach {
                Reach::Melee => "melee".to_owned(),
                Reach::Away(n) => format!("{n} rows away"),
                Reach::Row2 => "row II".to_owned(),
                Reach::Any => "any".to_owned(),
            };
            let mut e = json!({
                "name": card_name(c, lang), "text": card_text(c, lang), "cost": c.cost,
                "class": class_name(c.class, lang), "kind": format!("{:?}", c.class).to_lowercase(),
                "faction": faction_name(c.faction, lang), "rows": rows_list(c.rows), "daybreak": c.daybreak,
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

/// Each action notation with what it does.
pub fn action_help(lang: Lang) -> Vec<ActionHelp> {
    let rows: [(&str, &str, &str); 21] = [
        (
            "summon CARD",
            "summon an elemental from your hand into your formation (1 AP)",
            "invoquer un Élémentaire de votre main dans votre formation (1 PA)",
        ),
        ("play CARD", "play a command from your hand", "jouer un Ordre de votre main"),
        (
            "choose CARD",
            "choose a card (setup warrior, or a card a step asks for)",
            "choisir une carte (Guerrier de départ, ou carte demandée)",
        ),
        (
            "pick SLOT",
            "choose your elemental in SLOT (e.g. I1, II3)",
            "choisir votre Élémentaire en SLOT (p. ex. I1, II3)",
        ),
        ("aim SLOT", "target the enemy elemental in SLOT", "cibler l'Élémentaire adverse en SLOT"),
        ("instant CARD", "answer with an Instant command", "répondre avec un Ordre immédiat"),
        (
            "dawn SLOT",
            "use the daybreak effect of the elemental in SLOT",
            "utiliser l'effet d'aube de l'Élémentaire en SLOT",
        ),
        ("swap SLOT SLOT", "swap two of your elementals (1 AP)", "échanger deux de vos Élémentaires (1 PA)"),
        (
            "refill SLOT SLOT",
            "move an elemental forward into an empty slot",
            "avancer un Élémentaire dans une case vide",
        ),
        ("draw", "draw a card (1 AP)", "piocher une carte (1 PA)"),
        (
            "buy e1..e3 / c1..c3",
            "buy from the elemental (e) or command (c) market",
            "acheter au Marché des Élémentaires (e) ou des Ordres (c)",
        ),
        ("buy+ e1..e3", "buy an elemental and place it at once", "acheter un Élémentaire et le placer aussitôt"),
        ("refresh e / refresh c", "refresh a market", "rafraîchir un Marché"),
        ("sell CARD", "sell a card from your hand for gold", "vendre une carte de votre main contre de l'or"),
        ("discard CARD", "discard a card from your hand", "défausser une carte de votre main"),
        (
            "faction L",
            "use the faction action unlocked at level L (1 AP)",
            "utiliser l'action de faction débloquée au niveau L (1 PA)",
        ),
        ("amount N", "choose a number", "choisir un nombre"),
        ("use", "use the optional effect", "utiliser l'effet optionnel"),
        ("partner", "hand over to your partner (teams)", "passer la main à votre coéquipier (équipes)"),
        ("done", "end the current phase or step", "terminer la phase ou l'étape en cours"),
        (
            "SLOT",
            "row I, II or III then position 1-6: I1 is the front row's first slot",
            "Rangée I, II ou III puis position 1 à 6 : I1 est la première case de la Rangée I",
        ),
    ];
    rows.iter().map(|&(n, en, fr)| ActionHelp::new(n, lang.pick(en, fr))).collect()
}

/// A card's name in `lang`, from the embedded table.
fn name_of(c: crate::cards::Card, lang: Lang) -> &'static str {
    card_name(c.info(), lang)
}

/// An event as a sentence in `lang` (English is the event's `Display`, but a decision is in words too).
pub fn event_text(e: &crate::events::Event, lang: Lang) -> String {
    use crate::actions::slot_name;
    use crate::events::Event;
    if lang == Lang::En && !matches!(e, Event::Acted { .. }) {
        return e.to_string();
    }
    let n = |c: &crate::cards::Card| name_of(*c, lang);
    match e {
        Event::Acted { seat, action } => acted_text(*seat, *action, lang),
        Event::Hand { seat, cards } => {
            format!("main de {seat} : {}", cards.iter().map(n).collect::<Vec<_>>().join(", "))
        }
        Event::HandCount { seat, count } => format!("{seat} a {} en main", lang.count(*count, "carte", "cartes")),
        Event::Cut { seat, card, amount } => format!("{seat} joue {} : DGT -{amount}", n(card)),
        Event::Damaged { side, slot, card, amount, shielded, dealt, by, attack } => format!(
            "{} en {} (camp {side}) subit {dealt} DGT infligés par {by}{} ({amount} avant les pions Bouclier, {shielded} arrêtés)",
            n(card),
            slot_name(*slot),
            if *attack { ", en attaque" } else { "" }
        ),
        Event::Defeated { side, slot, card, by } => {
            format!("{} en {} (camp {side}) est vaincu par {by}", n(card), slot_name(*slot))
        }
        Event::SageFallen { seat } => format!("le Sage de {seat} est vaincu"),
        Event::LevelUp { seat, level } => format!("{seat} atteint le niveau {level}"),
        Event::ChampionToDiscard { seat, card } => {
            format!("le Champion élémentaire {} de {seat} va dans sa défausse", n(card))
        }
        Event::FactionUnlocked { seat, level } => format!("{seat} débloque l'action de faction {level}"),
        Event::Refilled { side, from, to, card } => {
            format!("camp {side} : {} passe de {} à {}", n(card), slot_name(*from), slot_name(*to))
        }
        Event::Bought { seat, card, gold, placed } => format!(
            "{seat} achète {} pour {}{}",
            n(card),
            lang.count(*gold, "Pièce d'or", "Pièces d'or"),
            if *placed { " et le place dans sa formation" } else { "" }
        ),
        Event::Sold { seat, card, gold } => {
            format!("{seat} vend {} pour {}", n(card), lang.count(*gold, "Pièce d'or", "Pièces d'or"))
        }
        Event::Refreshed { seat, market } => {
            format!("{seat} rafraîchit le Marché des {}", if *market == 0 { "Élémentaires" } else { "Ordres" })
        }
        Event::MarketFace { market, index, card } => {
            let m = ["e", "c"][(*market).min(1) as usize];
            match card {
                Some(c) => format!("Marché {m}{} : {}", index + 1, n(c)),
                None => format!("Marché {m}{} : vide", index + 1),
            }
        }
        Event::GameOver { winning_side: Some(s) } => format!("partie terminée : le camp {s} gagne"),
        Event::GameOver { winning_side: None } => "partie terminée : match nul (limite de tours)".to_owned(),
    }
}

/// A decision as a sentence in `lang`, without a view (the log keeps it for every seat): the card's
/// name and the slot's, never the raw notation (`p0: choose geo-weasel`).
fn acted_text(seat: sylvan_engine::Seat, a: crate::actions::Action, lang: Lang) -> String {
    use crate::actions::{Action, slot_name};
    let n = |c| name_of(c, lang);
    let market = |i: u8| format!("{}{}", if i < 3 { 'e' } else { 'c' }, i % 3 + 1);
    let fr = lang == Lang::Fr;
    match a {
        Action::Done if fr => format!("{seat} termine la phase ou l'étape"),
        Action::Done => format!("{seat} ends the phase or step"),
        Action::Draw if fr => format!("{seat} pioche une carte (1 PA)"),
        Action::Draw => format!("{seat} draws a card (1 AP)"),
        Action::Partner if fr => format!("{seat} passe la main à son coéquipier"),
        Action::Partner => format!("{seat} hands over to their partner"),
        Action::Use if fr => format!("{seat} utilise l'effet optionnel"),
        Action::Use => format!("{seat} uses the optional effect"),
        Action::Amount(k) if fr => format!("{seat} choisit {k}"),
        Action::Amount(k) => format!("{seat} chooses {k}"),
        Action::Faction(l) if fr => format!("{seat} utilise l'action de faction du niveau {l} (1 PA)"),
        Action::Faction(l) => format!("{seat} uses the level {l} faction action (1 AP)"),
        Action::Buy(i) if fr => format!("{seat} achète la carte {} du Marché", market(i)),
        Action::Buy(i) => format!("{seat} buys market card {}", market(i)),
        Action::BuyPlace(i) if fr => format!("{seat} achète la carte {} du Marché et la place aussitôt", market(i)),
        Action::BuyPlace(i) => format!("{seat} buys market card {} and places it at once", market(i)),
        Action::Refresh(m) if fr => {
            format!("{seat} rafraîchit le Marché des {}", if m == 0 { "Élémentaires" } else { "Ordres" })
        }
        Action::Refresh(m) => format!("{seat} refreshes the {} market", if m == 0 { "elemental" } else { "command" }),
        Action::Choose(c) if fr => format!("{seat} choisit {}", n(c)),
        Action::Choose(c) => format!("{seat} chooses {}", n(c)),
        Action::Summon(c) if fr => format!("{seat} invoque {}", n(c)),
        Action::Summon(c) => format!("{seat} summons {}", n(c)),
        Action::Play(c) if fr => format!("{seat} joue {}", n(c)),
        Action::Play(c) => format!("{seat} plays {}", n(c)),
        Action::Sell(c) if fr => format!("{seat} vend {}", n(c)),
        Action::Sell(c) => format!("{seat} sells {}", n(c)),
        Action::Discard(c) if fr => format!("{seat} défausse {}", n(c)),
        Action::Discard(c) => format!("{seat} discards {}", n(c)),
        Action::Instant(c) if fr => format!("{seat} répond avec l'Ordre immédiat {}", n(c)),
        Action::Instant(c) => format!("{seat} answers with the Instant {}", n(c)),
        Action::Dawn(s) if fr => format!("{seat} utilise l'effet d'aube de l'Élémentaire en {}", slot_name(s)),
        Action::Dawn(s) => format!("{seat} uses the daybreak effect of the elemental in {}", slot_name(s)),
        Action::Pick(s) if fr => format!("{seat} choisit son Élémentaire en {}", slot_name(s)),
        Action::Pick(s) => format!("{seat} picks their elemental in {}", slot_name(s)),
        Action::Aim(s) if fr => format!("{seat} cible l'Élémentaire adverse en {}", slot_name(s)),
        Action::Aim(s) => format!("{seat} targets the enemy elemental in {}", slot_name(s)),
        Action::Swap(x, y) if fr => format!("{seat} échange ses Élémentaires en {} et {}", slot_name(x), slot_name(y)),
        Action::Swap(x, y) => format!("{seat} swaps their elementals in {} and {}", slot_name(x), slot_name(y)),
        Action::Refill(x, y) if fr => {
            format!("{seat} avance son Élémentaire de {} en {}", slot_name(x), slot_name(y))
        }
        Action::Refill(x, y) => {
            format!("{seat} moves their elemental from {} forward to {}", slot_name(x), slot_name(y))
        }
    }
}

/// An action described for the seat of `view`, in `lang`.
pub fn describe_in(view: &crate::view::View, a: crate::actions::Action, lang: Lang) -> String {
    use crate::actions::{Action, slot_name};
    if lang == Lang::En {
        return crate::heuristic::describe(view, a);
    }
    let side = view.seat.0 & 1;
    let unit = |sd: u8, s| view.at(sd, s).map_or("case vide".to_owned(), |u| name_of(u.card, lang).to_owned());
    let text = |c: crate::cards::Card| card_text(view.cards.info(c), lang).to_owned();
    match a {
        Action::Pick(s) => unit(side, s),
        Action::Aim(s) => format!("{} adverse", unit(1 - side, s)),
        Action::Dawn(s) => format!("{} : {}", unit(side, s), view.at(side, s).map_or(String::new(), |u| text(u.card))),
        Action::Play(c) | Action::Instant(c) => format!("{} : {}", name_of(c, lang), text(c)),
        Action::Summon(c) => {
            let i = view.cards.info(c);
            format!("invoquer {} {}/{}", name_of(c, lang), i.strength, i.health)
        }
        Action::Choose(c) | Action::Sell(c) | Action::Discard(c) => name_of(c, lang).to_owned(),
        Action::Buy(i) | Action::BuyPlace(i) => {
            let c = view.market[(i / 3) as usize][(i % 3) as usize];
            c.map_or("-".to_owned(), |c| {
                let cost = view.cards.info(c).cost.unwrap_or(0);
                format!("{} ({})", name_of(c, lang), lang.count(cost, "Pièce d'or", "Pièces d'or"))
            })
        }
        Action::Refill(x, y) => format!("avancer {} en {}", unit(side, x), slot_name(y)),
        Action::Swap(x, y) => format!("échanger {} et {}", unit(side, x), unit(side, y)),
        Action::Done => "terminer".to_owned(),
        Action::Draw => "piocher une carte (1 PA)".to_owned(),
        Action::Partner => "passer la main à votre coéquipier".to_owned(),
        Action::Use => "utiliser l'effet".to_owned(),
        Action::Amount(n) => format!("choisir {n}"),
        Action::Faction(l) => format!("action de faction du niveau {l} (1 PA)"),
        Action::Refresh(m) => {
            format!("rafraîchir le Marché des {} (1 Pièce d'or)", if m == 0 { "Élémentaires" } else { "Ordres" })
        }
    }
}

impl crate::view::View {
    /// The terminal rendering in `lang`: the table, each card in the hands with its text, and a legend.
    pub fn render(&self, lang: Lang) -> String {
        let mut t = String::new();
        let _ = self.write_in(&mut t, lang);
        let mut seen = Vec::new();
        for s in &self.seats {
            for &c in s.hand.iter().flatten() {
                if !seen.contains(&c) {
                    seen.push(c);
                }
            }
        }
        if !seen.is_empty() {
            t.push_str(lang.pick("\ncards in hand:", "\ncartes en main :"));
            for c in seen {
                let i = self.cards.info(c);
                let cost = i.cost.map_or(String::new(), |k| format!(", {k}{}", lang.pick("g", " or")));
                let stats =
                    if i.class.is_elemental() { format!(" {}/{}", i.strength, i.health) } else { String::new() };
                t.push_str(&format!(
                    "\n  {}{stats} ({}{cost}): {}",
                    card_name(i, lang),
                    class_name(i.class, lang),
                    card_text(i, lang)
                ));
            }
        }
        t.push('\n');
        t.push_str(lang.pick(
            "legend: `Name 2/3 d1 +2 s1*` = strength 2 / health 3, 1 damage counter, 2 boosts (+1 damage each on its next attack), 1 shield (stops 1 damage), * attacked this turn; slots I1..III3: row I faces the enemy; 3g = 3 gold; AP = action points",
            "légende : `Nom 2/3 d1 +2 s1*` = FOR 2 / SAN 3, 1 compteur de dégâts, 2 pions Amélioration (+1 DGT chacun à sa prochaine attaque), 1 pion Bouclier (arrête 1 DGT), * a attaqué ce tour-ci ; cases I1..III3 : la Rangée I fait face à l'adversaire ; 3 or = 3 Pièces d'or ; PA = Points d'Action ; DGT = dégâts ; FOR/SAN = force/santé",
        ));
        t
    }
}
