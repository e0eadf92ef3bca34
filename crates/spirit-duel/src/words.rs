//! What the spirit duel says to players in English and French: the end of the game and its reason (the
//! rulebook's victory conditions), the card catalog and the help for each action notation. The French
//! names and texts are the data files' (the rulebook is French); English ones are given beside them.

use serde_json::{Map, Value, json};
use sylvan_engine::{ActionHelp, Breakdown, BreakdownRow, Game, Lang};

use crate::cards::{ABILITIES, Ability, Card, Element, SPIRITS, Spirit, SpiritCard, kw, tables};
use crate::events::Event;
use crate::state::{LAST_ROUND, Outcome, Phase, SpiritDuel};

/// An element's name in `lang`.
pub fn element_name(e: Element, lang: Lang) -> &'static str {
    match (e, lang) {
        (_, Lang::Fr) => e.name(),
        (Element::Fire, Lang::En) => "Fire",
        (Element::Water, Lang::En) => "Water",
        (Element::Earth, Lang::En) => "Earth",
        (Element::Air, Lang::En) => "Air",
    }
}

/// The elements of a mask, by name in `lang`.
pub fn elements(mask: u8, lang: Lang) -> Vec<&'static str> {
    Element::ALL.iter().filter(|e| mask & e.bit() != 0).map(|&e| element_name(e, lang)).collect()
}

/// The keywords of a mask, in `lang`.
pub fn keywords(mask: u8, lang: Lang) -> Vec<&'static str> {
    let all = [
        (kw::ATTAQUE, "Attack", "Attaque"),
        (kw::DEFENSE, "Defence", "Défense"),
        (kw::SOUTIEN, "Support", "Soutien"),
        (kw::ULTIME, "Ultimate", "Ultime"),
        (kw::ZONE, "Zone", "Zone"),
        (kw::DIURNE, "Day", "Diurne"),
        (kw::NOCTURNE, "Night", "Nocturne"),
    ];
    all.iter().filter(|(b, _, _)| mask & b != 0).map(|&(_, en, fr)| lang.pick(en, fr)).collect()
}

/// An ability card's name in `lang`.
pub fn ability_name(a: &Ability, lang: Lang) -> &str {
    lang.pick(&a.name_en, &a.name)
}

/// An ability card's text in `lang`.
pub fn ability_text(a: &Ability, lang: Lang) -> &str {
    lang.pick(&a.text_en, &a.text)
}

/// A spirit's name in `lang` (proper names: the same in both).
pub fn spirit_name(s: &SpiritCard, _lang: Lang) -> &str {
    &s.name
}

/// A spirit's attack text in `lang`.
pub fn attack_text(s: &SpiritCard, lang: Lang) -> &str {
    lang.pick(&s.attack_text_en, &s.attack_text)
}

impl SpiritDuel {
    /// The end: a win (1), a loss (0) or a draw (½) per seat, the victory condition that ended it
    /// (`spirit-duel-initiation.fr.txt`, FIN DE LA PARTIE) and each side's spirits at the end.
    pub(crate) fn words_breakdown(&self, lang: Lang) -> Option<Breakdown> {
        let Phase::Over(o) = self.phase() else { return None };
        let end_reason = match (o, lang) {
            (Outcome::Destroyed(s), Lang::En) => format!("{s} destroyed every enemy spirit."),
            (Outcome::Destroyed(s), Lang::Fr) => format!("{s} a détruit tous les Esprits adverses."),
            (Outcome::Exhausted(s), Lang::En) => {
                format!("The other side's pile ran out a second time: {s} wins.")
            }
            (Outcome::Exhausted(s), Lang::Fr) => {
                format!("La pioche adverse s'est épuisée une seconde fois : {s} gagne.")
            }
            (Outcome::Draw, Lang::En) => format!("Round {LAST_ROUND} ended without a winner: a draw."),
            (Outcome::Draw, Lang::Fr) => format!("Le tour {LAST_ROUND} s'est achevé sans vainqueur : match nul."),
        };
        let scores = self.scores();
        let rows = vec![BreakdownRow::new(
            lang.pick("result (win 1, draw ½)", "résultat (victoire 1, nul ½)"),
            scores.clone(),
        )];
        let notes = (0..2)
            .map(|i| {
                let side = self.side(i);
                let spirits: Vec<String> = side
                    .spirits
                    .iter()
                    .map(|s| {
                        let name = spirit_name(s.id.data(), lang);
                        if s.alive {
                            format!("{name} {} {}", s.pv, lang.pick("HP", "PV"))
                        } else {
                            format!("{name} {}", lang.pick("destroyed", "détruit"))
                        }
                    })
                    .collect();
                format!("p{i}: {}", spirits.join(", "))
            })
            .collect();
        Some(Breakdown { end_reason, rows, totals: scores, notes })
    }
}

/// The catalog: `{spirits, abilities}`, keyed by code (see `docs/PROTOCOL.md`).
pub fn catalog(lang: Lang) -> Value {
    let t = tables();
    let mut spirits = Map::new();
    for i in 0..SPIRITS {
        let s = Spirit(i as u8).data();
        spirits.insert(
            s.code.clone(),
            json!({
                "name": spirit_name(s, lang), "text": attack_text(s, lang), "cost": s.attack_cost,
                "team": s.team, "element": element_name(s.element, lang), "pv": s.pv,
                "attack_power": s.attack_power, "criticals": elements(s.criticals, lang),
                "weaknesses": elements(s.weaknesses, lang),
            }),
        );
    }
    let mut abilities = Map::new();
    for i in 0..ABILITIES {
        let a = Card(i as u8).data();
        abilities.insert(
            a.code.clone(),
            json!({
                "index": i, "name": ability_name(a, lang), "text": ability_text(a, lang), "cost": a.cost,
                "power": a.power, "element": element_name(a.element, lang), "keywords": keywords(a.keywords, lang),
                "criticals": elements(a.criticals, lang), "weaknesses": elements(a.weaknesses, lang),
                "spirit": t.spirits[a.spirit as usize].code,
            }),
        );
    }
    json!({ "spirits": spirits, "abilities": abilities })
}

/// Each action notation with what it does.
pub fn action_help(lang: Lang) -> Vec<ActionHelp> {
    let rows: [(&str, &str, &str); 8] = [
        (
            "attack CARD SPIRIT",
            "play Attack card CARD against enemy spirit SPIRIT",
            "jouer la carte Attaque CARD contre l'Esprit adverse SPIRIT",
        ),
        (
            "strike SPIRIT TARGET",
            "your spirit SPIRIT uses its own Attack on enemy TARGET",
            "votre Esprit SPIRIT utilise sa propre Attaque contre TARGET",
        ),
        (
            "support CARD [SPIRIT]",
            "play Support card CARD (on one of your spirits)",
            "jouer la carte Soutien CARD (sur l'un de vos Esprits)",
        ),
        (
            "recycle CARD",
            "put CARD under your pile and draw (once a turn)",
            "placer CARD sous votre pioche et piocher (une fois par tour)",
        ),
        ("defend CARD", "answer an attack with Defence card CARD", "répondre à une attaque avec la carte Défense CARD"),
        ("take", "take the attack without defending", "subir l'attaque sans se défendre"),
        ("end", "end your turn", "terminer votre tour"),
        (
            "CARD / SPIRIT",
            "a card code (see your hand) / almyra, dormuzel, kelorn, surok",
            "un code de carte (voir votre main) / almyra, dormuzel, kelorn, surok",
        ),
    ];
    rows.iter().map(|&(n, en, fr)| ActionHelp::new(n, lang.pick(en, fr))).collect()
}

/// An event as a sentence in `lang`.
pub fn event_text(e: &Event, lang: Lang) -> String {
    use Event::*;
    let sp = |s: &Spirit| s.data().name.clone();
    let cd = |c: &Card| ability_name(c.data(), lang).to_owned();
    match lang {
        Lang::En => match e {
            TurnStarted { seat, round, day } => {
                format!("— {seat}'s turn, round {round}, {}", if *day { "Day" } else { "Night" })
            }
            Mana { seat, pm } => format!("{seat} now has {pm} PM"),
            Drew { seat, cards } => format!("{seat} draws {}", cards.iter().map(cd).collect::<Vec<_>>().join(", ")),
            DrewCount { seat, count } => format!("{seat} draws {}", lang.count(*count, "card", "cards")),
            Reshuffled { seat, robot_penalty: false } => {
                format!("{seat}'s pile is empty: the discard pile is shuffled into a new pile (PM card turned over)")
            }
            Reshuffled { seat, robot_penalty: true } => {
                format!("{seat} (Robot) reshuffles its discard pile: its spirits lose 5 PV")
            }
            Attacked { seat, card, spirit, target, power } => {
                let what = card.as_ref().map(cd).or(spirit.as_ref().map(sp)).unwrap_or_default();
                format!("{seat} attacks {} with {what}: power {power}", sp(target))
            }
            Rolled { seat, result } => format!("{seat} rolls the die: {result}"),
            Defended { seat, card, power } => format!("{seat} defends with {}: power {power}", cd(card)),
            NoDefence { seat } => format!("{seat} does not defend"),
            Damaged { spirit, amount, pv } => format!("{} takes {amount} damage ({pv} PV left)", sp(spirit)),
            Healed { spirit, amount, pv } => format!("{} heals {amount} PV ({pv} PV)", sp(spirit)),
            Exhausted { spirit } => format!("{} is exhausted", sp(spirit)),
            Recharged { spirit } => format!("{} is recharged", sp(spirit)),
            Supported { seat, card, target: Some(t) } => format!("{seat} plays {} on {}", cd(card), sp(t)),
            Supported { seat, card, target: None } => format!("{seat} plays {}", cd(card)),
            Attached { card, spirit } => format!("{} is attached to {}", cd(card), sp(spirit)),
            Recycled { seat, card: Some(c) } => format!("{seat} puts {} under the pile and draws", cd(c)),
            Recycled { seat, card: None } => format!("{seat} puts a card under the pile and draws"),
            RobotFlipped { card, usable: true } => format!("the Robot flips {} and plays it", cd(card)),
            RobotFlipped { card, usable: false } => format!("the Robot flips {}: unusable, discarded", cd(card)),
            Removed { card } => format!("{} is removed from the game (Ultimate)", cd(card)),
            Destroyed { spirit, bound_to_hand } => {
                let n = lang.count(*bound_to_hand, "bound ability goes", "bound abilities go");
                format!("{} is destroyed; {n} to its owner's hand", sp(spirit))
            }
            ZoneReuse { card } => format!("Zone: {} is used again for free", cd(card)),
            GameOver { outcome: Outcome::Destroyed(s) } => format!("game over: {s} destroyed every enemy spirit"),
            GameOver { outcome: Outcome::Exhausted(s) } => {
                format!("game over: {s} wins, the other pile was emptied a second time")
            }
            GameOver { outcome: Outcome::Draw } => "game over: draw at the end of round 8".to_owned(),
        },
        Lang::Fr => match e {
            TurnStarted { seat, round, day } => {
                format!("— tour de {seat}, tour {round}, {}", if *day { "Tour Diurne" } else { "Tour Nocturne" })
            }
            Mana { seat, pm } => format!("{seat} a maintenant {pm} PM"),
            Drew { seat, cards } => format!("{seat} pioche {}", cards.iter().map(cd).collect::<Vec<_>>().join(", ")),
            DrewCount { seat, count } => format!("{seat} pioche {}", lang.count(*count, "carte", "cartes")),
            Reshuffled { seat, robot_penalty: false } => {
                format!(
                    "la pioche de {seat} est vide : la défausse est mélangée en une nouvelle pioche (carte PM retournée)"
                )
            }
            Reshuffled { seat, robot_penalty: true } => {
                format!("{seat} (Robot) remélange sa défausse : ses Esprits perdent 5 PV")
            }
            Attacked { seat, card, spirit, target, power } => {
                let what = card.as_ref().map(cd).or(spirit.as_ref().map(sp)).unwrap_or_default();
                format!("{seat} attaque {} avec {what} : puissance {power}", sp(target))
            }
            Rolled { seat, result } => format!("{seat} lance le dé : {result}"),
            Defended { seat, card, power } => format!("{seat} se défend avec {} : puissance {power}", cd(card)),
            NoDefence { seat } => format!("{seat} ne se défend pas"),
            Damaged { spirit, amount, pv } => format!("{} subit {amount} dégâts ({pv} PV restants)", sp(spirit)),
            Healed { spirit, amount, pv } => format!("{} récupère {amount} PV ({pv} PV)", sp(spirit)),
            Exhausted { spirit } => format!("{} est épuisé", sp(spirit)),
            Recharged { spirit } => format!("{} est rechargé", sp(spirit)),
            Supported { seat, card, target: Some(t) } => format!("{seat} joue {} sur {}", cd(card), sp(t)),
            Supported { seat, card, target: None } => format!("{seat} joue {}", cd(card)),
            Attached { card, spirit } => format!("{} est attachée à {}", cd(card), sp(spirit)),
            Recycled { seat, card: Some(c) } => format!("{seat} place {} sous sa pioche et pioche", cd(c)),
            Recycled { seat, card: None } => format!("{seat} place une carte sous sa pioche et pioche"),
            RobotFlipped { card, usable: true } => format!("le Robot retourne {} et la joue", cd(card)),
            RobotFlipped { card, usable: false } => format!("le Robot retourne {} : inutilisable, défaussée", cd(card)),
            Removed { card } => format!("{} est retirée de la partie (Ultime)", cd(card)),
            Destroyed { spirit, bound_to_hand } => {
                let n = lang.count(*bound_to_hand, "capacité liée va", "capacités liées vont");
                format!("{} est détruit ; {n} dans la main de son propriétaire", sp(spirit))
            }
            ZoneReuse { card } => format!("Zone : {} est réutilisée gratuitement", cd(card)),
            GameOver { outcome: Outcome::Destroyed(s) } => {
                format!("partie terminée : {s} a détruit tous les Esprits adverses")
            }
            GameOver { outcome: Outcome::Exhausted(s) } => {
                format!("partie terminée : {s} gagne, la pioche adverse s'est épuisée une seconde fois")
            }
            GameOver { outcome: Outcome::Draw } => "partie terminée : match nul à la fin du tour 8".to_owned(),
        },
    }
}
