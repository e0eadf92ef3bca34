//! What Mystic Vale says to players in English and French: the final score breakdown (the rulebook's
//! final count, EN:899-906, FR:629-637, through the same functions as the rules: [`score_of`],
//! [`card_points`]), the end reason, the card catalog and the help for each action notation.
//!
//! French titles come from the card files (`french`, from the French book's card clarifications);
//! ability texts are generated from each card's ability model in either language.

use serde_json::{Map, Value, json};
use sylvan_engine::{ActionHelp, Breakdown, BreakdownRow, Lang};

use crate::cards::{Ability, CardDb, Count, Effect, Spirit, Symbols, Timing};
use crate::harvest::Table;
use crate::scoring::{card_points, score_of};
use crate::state::{MysticVale, Phase, leader_face};
use crate::turn::MAX_ROUNDS;

/// A card title in `lang`: the French title where the data has one, else the English.
pub fn title<'a>(english: &'a str, french: &'a str, lang: Lang) -> &'a str {
    if lang == Lang::Fr && !french.is_empty() { french } else { english }
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
    let vales: i32 = t.vales(i).iter().map(|&v| i32::from(db.vale(v).vp)).sum();
    let most = score_of(t, i) - tokens - cards - vales;
    [tokens, printed, cards - printed, vales, most]
}

impl MysticVale {
    /// The final breakdown, or `None` before the end.
    pub(crate) fn words_breakdown(&self, lang: Lang) -> Option<Breakdown> {
        if self.phase != Phase::Over {
            return None;
        }
        let steps: Vec<[i32; 5]> = (0..self.n()).map(|i| score_steps(self, i)).collect();
        let labels = [
            lang.pick("VP tokens", "jetons PV"),
            lang.pick("VP printed on cards", "PV imprimés sur les cartes"),
            lang.pick("end-of-game abilities", "capacités de fin de partie"),
            lang.pick("vales", "vallons"),
            lang.pick("\"most\" bonuses", "bonus « le plus de »"),
        ];
        let rows = labels
            .iter()
            .enumerate()
            .filter(|&(k, _)| k < 4 || steps.iter().any(|s| s[k] != 0))
            .map(|(k, l)| BreakdownRow::new(*l, steps.iter().map(|s| f64::from(s[k]))))
            .collect();
        let end_reason = if self.pool == 0 {
            lang.pick(
                "The VP pool ran out; the round was played to its end.",
                "La réserve de PV est épuisée ; la manche a été jouée jusqu'au bout.",
            )
            .to_owned()
        } else {
            match lang {
                Lang::En => format!("The round limit ({MAX_ROUNDS} rounds) was reached."),
                Lang::Fr => format!("La limite de {MAX_ROUNDS} manches est atteinte."),
            }
        };
        let totals = self.final_scores();
        let mut notes = Vec::new();
        let best = totals.iter().copied().fold(f64::MIN, f64::max);
        let tied: Vec<usize> = (0..totals.len()).filter(|&i| totals[i] == best).collect();
        if tied.len() > 1 {
            let who = tied.iter().map(|i| format!("p{i} {}", self.tie_break(*i))).collect::<Vec<_>>().join(", ");
            notes.push(match lang {
                Lang::En => format!(
                    "Tie on {best}: the most level-3 advancements plus level-2 vales wins ({who}); still tied, the victory is shared."
                ),
                Lang::Fr => format!(
                    "Égalité à {best} : le plus d'améliorations de niveau 3 et de vallons de niveau 2 l'emporte ({who}) ; si l'égalité persiste, la victoire est partagée."
                ),
            });
        }
        Some(Breakdown { end_reason, rows, totals, notes })
    }

    /// The catalog of the cards in this game's database.
    pub(crate) fn words_catalog(&self, lang: Lang) -> Value {
        catalog(&self.db, lang)
    }
}

/// The catalog of `db` in `lang`: `{advancements, vales, leaders}`, each keyed by id (see
/// `docs/PROTOCOL.md`).
pub fn catalog(db: &CardDb, lang: Lang) -> Value {
    let mut advs = Map::new();
    for (id, a) in db.advancements.iter().enumerate() {
        let mut text = symbols_text(&a.symbols, lang);
        let ab = ability_text(a.ability, lang);
        if !ab.is_empty() {
            if !text.is_empty() {
                text.push_str("; ");
            }
            text.push_str(&ab);
        }
        advs.insert(
            id.to_string(),
            json!({
                "key": a.key, "name": title(&a.title, &a.french, lang), "text": text, "cost": a.cost,
                "level": a.level, "slot": a.slot.name(), "set": a.set, "eclipse": a.eclipse,
                "symbols": a.symbols, "ability": ability_text(a.ability, lang),
            }),
        );
    }
    let mut vales = Map::new();
    for (id, v) in db.vales.iter().enumerate() {
        let mut text = ability_text(v.ability, lang);
        if v.remove_self && !text.is_empty() {
            text.push_str(lang.pick(" (removes this vale from the game)", " (retire ce vallon de la partie)"));
        }
        if v.extra_buy > 0 {
            match lang {
                Lang::En => text.push_str(&format!("; buy up to {} advancements", 2 + v.extra_buy)),
                Lang::Fr => text.push_str(&format!(" ; achetez jusqu'à {} améliorations", 2 + v.extra_buy)),
            }
        }
        if v.unique {
            text.push_str(lang.pick("; only one per player", " ; un seul par joueur"));
        }
        vales.insert(
            id.to_string(),
            json!({
                "key": v.key, "name": title(&v.title, &v.french, lang), "text": text,
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
                let mut text = symbols_text(&f.symbols, lang);
                let ab = ability_text(f.ability, lang);
                if !ab.is_empty() {
                    if !text.is_empty() {
                        text.push_str("; ");
                    }
                    text.push_str(&ab);
                }
                json!({ "symbols": f.symbols, "text": text })
            })
            .collect();
        let text = match lang {
            Lang::En => format!(
                "Starting side: {}. Upgraded side ({} mana): {}.",
                sides[0]["text"].as_str().unwrap_or(""),
                l.upgrade_cost,
                sides[1]["text"].as_str().unwrap_or("")
            ),
            Lang::Fr => format!(
                "Face de départ : {}. Face améliorée ({} mana) : {}.",
                sides[0]["text"].as_str().unwrap_or(""),
                l.upgrade_cost,
                sides[1]["text"].as_str().unwrap_or("")
            ),
        };
        leaders.insert(
            id.to_string(),
            json!({ "key": l.key, "name": l.title, "text": text, "cost": l.upgrade_cost, "upgrade_cost": l.upgrade_cost, "set": l.set, "sides": sides }),
        );
    }
    json!({ "advancements": advs, "vales": vales, "leaders": leaders })
}

/// A spirit's name in `lang`.
pub fn spirit_name(s: Spirit, lang: Lang) -> &'static str {
    match lang {
        Lang::En => s.name(),
        Lang::Fr => match s {
            Spirit::Animal => "animal",
            Spirit::Forest => "forêt",
            Spirit::Sky => "ciel",
            Spirit::Wild => "sauvage",
        },
    }
}

/// The printed symbols in words: `1 mana, 1 forest, 2 VP at the end`.
pub fn symbols_text(s: &Symbols, lang: Lang) -> String {
    if lang == Lang::En {
        return s.describe();
    }
    let mut t = Vec::new();
    let mut add = |n: i32, what: &str| {
        if n != 0 {
            t.push(format!("{n} {what}"));
        }
    };
    add(s.mana.into(), "mana");
    add(s.decay.into(), "pourriture");
    add(s.growth.into(), "croissance");
    for (k, &n) in s.spirits.iter().enumerate() {
        add(n.into(), &format!("esprit {}", spirit_name(Spirit::ALL[k], lang)));
    }
    add(s.guardian.into(), "gardien");
    add(s.vp_harvest.into(), "PV à chaque récolte");
    add(s.vp_end.into(), "PV en fin de partie");
    t.join(", ")
}

/// An ability in a few words (empty when it has none), in `lang`.
pub fn ability_text(a: Ability, lang: Lang) -> String {
    if lang == Lang::En {
        return a.text();
    }
    let n = a.amount;
    let r = match a.reward {
        crate::cards::Reward::None => "rien",
        crate::cards::Reward::Mana => "mana",
        crate::cards::Reward::Vp => "PV",
        crate::cards::Reward::Wild => "esprit sauvage",
        crate::cards::Reward::Growth => "croissance",
        crate::cards::Reward::Guardian => "gardien",
        crate::cards::Reward::Animal => "esprit animal",
        crate::cards::Reward::Forest => "esprit forêt",
        crate::cards::Reward::Sky => "esprit ciel",
        crate::cards::Reward::BoxVp => "PV pris dans la boîte",
    };
    let per = match a.per {
        Count::One => "",
        Count::GuardiansOnCard => " par gardien sur cette carte",
        Count::FieldPairs => " par 2 cartes de votre champ",
        Count::OtherFieldCards => " par autre carte de votre champ",
        Count::FieldShortfall => " par carte manquant à votre champ pour en avoir 7",
        Count::PrintedSymbolsOnCard => " par symbole imprimé sur cette carte",
        Count::DecayOwned => " (pourriture sur toutes vos cartes)",
        Count::DecayField => " par pourriture dans votre champ (annulées comprises)",
        Count::ManaPairs => " par 2 mana que vous avez",
        Count::ValesOwned => " par vallon possédé",
        Count::GuardiansOwned => " par gardien sur toutes vos améliorations",
        Count::MostManaOnFieldCard => " par mana sur une carte de votre champ",
    };
    let when = match a.timing {
        Timing::None => return String::new(),
        Timing::WhenPlayed => "en jeu",
        Timing::Harvest => "récolte",
        Timing::Ongoing => "toujours",
        Timing::WouldSpoil => "sur le point de flétrir",
        Timing::EndOfGame => "fin de partie",
        Timing::OnSpoil => "flétrissement causé par elle en attente",
        Timing::Discard => "phase de défausse",
        Timing::WhenBought => "à l'achat",
        Timing::AnyTime => "une fois par tour",
    };
    let what = match a.effect {
        Effect::None => return String::new(),
        Effect::Gain => format!("+{n} {r}{per}"),
        Effect::ManaMinus => format!("-{n} à votre total de mana"),
        Effect::CapDecay if n == 0 => "cette carte ne compte aucune pourriture".into(),
        Effect::CapDecay => format!("cette carte compte au plus {n} pourriture"),
        Effect::AddPer => format!("cette carte compte +{n} {r}{per}"),
        Effect::SpiritsToWild => "les symboles animal, forêt et ciel de cette carte sont sauvages".into(),
        Effect::DoubleAbilityVp => "les PV des capacités de cette carte sont doublés".into(),
        Effect::SearchDeckDiscard => "fouillez votre paquet, défaussez-en 1 carte si vous voulez, mélangez".into(),
        Effect::DiscardOtherField => "vous pouvez défausser une autre carte de votre champ".into(),
        Effect::LookTopDiscard if n > 1 => {
            format!("regardez les {n} premières cartes de votre paquet, défaussez-en autant que voulu, le reste garde son ordre")
        }
        Effect::LookTopDiscard => "regardez la première carte de votre paquet, vous pouvez la défausser".into(),
        Effect::DiscardOnDeck => "défaussez la carte en attente et révélez-en une autre (une fois par tour)".into(),
        Effect::CancelSpoil => "cette carte en attente ne vous fait pas flétrir".into(),
        Effect::ExtraTurn => format!("+{n} {r}, puis un tour supplémentaire (un par manche)"),
        Effect::ToDeckBottom => "cette carte va sous votre paquet, pas dans la défausse".into(),
        Effect::FillField => format!("complétez votre champ à {n} cartes depuis votre paquet"),
        Effect::Exchange => format!("payez {n} mana pour 1 {r}, autant de fois que voulu"),
        Effect::DiscountOnCard => format!("un achat destiné à cette carte coûte {n} de moins"),
        Effect::MostAmong => format!("{n} PV si vous avez strictement le plus{per}"),
        Effect::ConvertToWild => format!("payez {n} mana : un esprit devient sauvage"),
        Effect::PlusGuardian => format!("+{n} gardien sur une carte du champ ou en attente"),
        Effect::CancelDecayOn => {
            "une carte du champ ou en attente ne compte aucune pourriture jusqu'à votre phase de défausse".into()
        }
        Effect::FreeBuy => format!("une amélioration de niveau {n} coûte 0"),
        Effect::KeepInField => {
            "sauf si elle est la plus à gauche, cette carte peut rester la plus à gauche de votre prochain champ".into()
        }
        Effect::MoveAdvancement => "déplacez une amélioration d'une carte du champ à une autre".into(),
        Effect::MultiplyMana => format!("votre total de mana (et le jeton de mana) compte {n} fois"),
        Effect::RefreshToken => "retournez un jeton de mana utilisé sur sa face active".into(),
        Effect::DeckToField => format!("déplacez {n} carte{per} de votre paquet vers votre champ"),
        Effect::CancelDecayCard => {
            "une carte du champ ou en attente ne compte aucune pourriture sauf celle d'une Terre Maudite, jusqu'à votre prochaine phase de préparation".into()
        }
        Effect::Unique => return a.text(),
    };
    format!("{when} : {what}")
}

/// Each action notation with what it does.
pub fn action_help(lang: Lang) -> Vec<ActionHelp> {
    let rows: [(&str, &str, &str); 25] = [
        ("push", "plant the on-deck card and reveal the next", "planter la carte en attente et révéler la suivante"),
        ("pass", "end the Planting Phase", "terminer la phase de plantation"),
        ("spoil", "accept the spoil", "accepter le flétrissement"),
        ("token", "spend the active mana token for 1 mana", "dépenser le jeton de mana actif pour 1 mana"),
        ("buy L.K", "buy common K of level L (e.g. buy 2.3)", "acheter l'amélioration K du niveau L (p. ex. buy 2.3)"),
        (
            "buy soil.SLOT",
            "buy a Fertile Soil for a slot (top, middle, bottom)",
            "acheter un Sol Fertile pour un emplacement (top, middle, bottom)",
        ),
        ("buy L.K on cN", "buy for card N (Earthchant Chorus)", "acheter pour la carte N (Choeur de la Terre)"),
        (
            "vale L.K [SPIRIT]",
            "buy vale K of level L, paying \"any\" with SPIRIT",
            "acheter le vallon K du niveau L, en payant « au choix » avec SPIRIT",
        ),
        (
            "sleeve cN",
            "sleeve the bought advancement on field card N",
            "insérer l'amélioration achetée dans la carte N du champ",
        ),
        ("done", "end the Harvest Phase (or the current step)", "terminer la phase de récolte (ou l'étape en cours)"),
        ("decline", "decline an optional ability", "refuser une capacité optionnelle"),
        ("discard cN", "discard card N", "défausser la carte N"),
        (
            "mill",
            "Calm Weather: discard the top card of your deck",
            "Temps Calme : défausser la première carte de votre paquet",
        ),
        (
            "druid",
            "Peacekeeper Druid: discard the on-deck card, reveal another",
            "Druide Pacificateur : défausser la carte en attente et en révéler une autre",
        ),
        (
            "arbor",
            "Blooming Arbor: remove it from the game for growth",
            "Bois de l'Éclosion : la retirer de la partie pour de la croissance",
        ),
        ("conclave cN", "Conclave of Ents: +1 guardian on card N", "Conclave des Ents : +1 gardien sur la carte N"),
        (
            "aerie SPIRIT",
            "Sunstone Aerie: one spirit of this kind becomes wild",
            "Aire de l'Héliolite : un esprit de ce type devient sauvage",
        ),
        ("resolve SLOT", "resolve the ability in this slot next", "résoudre d'abord la capacité de cet emplacement"),
        ("upgrade", "turn your leader to its upgraded side", "retourner votre meneur sur sa face améliorée"),
        ("leader N", "keep leader 1 or 2", "garder le meneur 1 ou 2"),
        ("sow", "pay mana for an exchange ability", "payer du mana pour une capacité d'échange"),
        ("use vN", "use owned vale N", "utiliser le vallon N possédé"),
        (
            "cancel cN / keep cN",
            "cancel the decay of card N / keep card N for the next field",
            "annuler la pourriture de la carte N / garder la carte N pour le prochain champ",
        ),
        (
            "portal cA SLOT cB",
            "Wayfarer Portal: move an advancement between field cards",
            "Wayfarer Portal : déplacer une amélioration entre deux cartes du champ",
        ),
        (
            "SPIRIT / SLOT",
            "animal, forest, sky, wild / top, middle, bottom",
            "animal, forest, sky, wild (sauvage) / top, middle, bottom",
        ),
    ];
    rows.iter().map(|&(n, en, fr)| ActionHelp::new(n, lang.pick(en, fr))).collect()
}
