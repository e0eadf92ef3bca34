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
            "avancer un Élémentaire dans un emplacement vide",
        ),
        ("draw", "draw a card (1 AP)", "piocher une carte (1 PA)"),
        (
            "buy e1..e3 / c1..c3",
            "buy from the elemental (e) or command (c) market",
            "acheter au Marché des Élémentaires (e) ou des Ordres (c)",
        ),
        ("buy+ e1..e3", "buy an elemental and place it at once", "acheter un Élémentaire et le placer aussitôt"),
        ("refresh e / refresh c", "refresh a market", "renouveler un Marché"),
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
            "rangée I, II ou III puis position 1-6 : I1 est le premier emplacement de la première rangée",
        ),
    ];
    rows.iter().map(|&(n, en, fr)| ActionHelp::new(n, lang.pick(en, fr))).collect()
}
