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
        let text = vale_text(v, lang);
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
        add(n.into(), spirit_name(Spirit::ALL[k], lang));
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
        crate::cards::Reward::Wild => "sauvage",
        crate::cards::Reward::Growth => "croissance",
        crate::cards::Reward::Guardian => "gardien",
        crate::cards::Reward::Animal => "animal",
        crate::cards::Reward::Forest => "forêt",
        crate::cards::Reward::Sky => "ciel",
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
        Count::Level3Owned => " par amélioration de niveau 3 possédée",
        Count::Level1OnCard => " par amélioration de niveau 1 sur cette carte",
        Count::BlankFieldCards => " par carte vierge de votre champ",
        Count::BlankCardsOwnedSteps => " x (0/2/3/6/13 pour 0/1-2/3-4/5-6/7-8 cartes vierges)",
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
        Timing::OnEvoke => "quand vous invoquez",
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
        Effect::FillField if a.reward != crate::cards::Reward::None => {
            format!("+1 {r}{per}, puis complétez votre champ à {n} cartes depuis votre paquet")
        }
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
        Effect::MultiplyEndVp => format!("les PV de fin de partie de vos améliorations comptent {n} fois"),
        Effect::Unique => match crate::effects::module(a.module).map(|m| m.text_fr).filter(|t| !t.is_empty()) {
            Some(t) => t.to_owned(),
            None => return a.text(),
        },
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

/// The view's English phrases and their French, applied after the card texts and titles.
const VIEW_FR: &[(&str, &str)] = &[
    ("== Mystic Vale · round", "== Mystic Vale · manche"),
    ("· VP pool", "· réserve de PV"),
    ("(last round)", "(dernière manche)"),
    ("· you are", "· vous êtes"),
    (
        "conclaves (their cards make the commons and vale decks):",
        "conclaves (leurs cartes forment les pioches d'améliorations et de vallons) :",
    ),
    ("commons:", "améliorations communes :"),
    ("  level ", "  niveau "),
    ("(deck ", "(pioche "),
    ("):\n", ") :\n"),
    ("soil.top/middle/bottom: ", "soil.top/middle/bottom : "),
    ("), left ", "), restants "),
    ("vales:", "vallons :"),
    ("(cost ", "(coût "),
    (" VP)", " PV)"),
    (" VP tokens (score ", " jetons PV (score "),
    ("(to play)", "(joue)"),
    ("token active", "jeton actif"),
    ("token spent", "jeton utilisé"),
    (", deck ", ", pioche "),
    (", discard ", ", défausse "),
    (", vales: ", ", vallons : "),
    ("   vale ", "   vallon "),
    ("   leader (c", "   meneur (c"),
    ("not yet seen", "pas encore vu"),
    ("leaders dealt:", "meneurs distribués :"),
    ("   field c", "   champ c"),
    ("   on-deck c", "   attente c"),
    ("   decay ", "   pourriture "),
    (" vs growth ", " contre croissance "),
    ("spoil risk if you push:", "risque de flétrir en poussant :"),
    ("harvest: ", "récolte : "),
    (" mana left, spirits ", " mana restant, esprits "),
    (" VP to gain, ", " PV à gagner, "),
    (" bought", " achetées"),
    ("when played (c", "en jeu (c"),
    ("choose which resolves next:", "choisissez laquelle se résout d'abord :"),
    ("(eclipse, covered)", "(éclipse, couverte)"),
    ("eclipse (may be covered, never covers)", "éclipse (peut être couverte, ne couvre jamais)"),
    ("[leader ", "[meneur "),
    ("[a leader, not yet seen]", "[un meneur pas encore vu]"),
    ("(upgraded)", "(améliorée)"),
    ("(upgrade: ", "(amélioration : "),
    ("decay (cancelled)", "pourriture (annulée)"),
    (" decay", " pourriture"),
    (" growth", " croissance"),
    (" guardian", " gardien"),
    (" forest", " forêt"),
    (" sky", " ciel"),
    (" wild", " sauvage"),
    (" any", " au choix"),
    (" over ", " sur "),
    (", level ", ", niveau "),
    (" mana, top", " mana, haut"),
    (" mana, middle", " mana, milieu"),
    (" mana, bottom", " mana, bas"),
    (", eclipse)", ", éclipse)"),
    (" VP each harvest", " PV à chaque récolte"),
    (" VP at the end", " PV en fin de partie"),
    ("top of your deck", "dessus de votre paquet"),
    (": sleeve ", " : insérer "),
    ("'s GinGan: ", " : GinGan : "),
    (" may discard the on-deck card c", " peut défausser la carte en attente c"),
    (" and reveal another, for ", " et en révéler une autre, pour que "),
    (" to gain 1 VP from the box (discard c", " gagne 1 PV pris dans la boîte (discard c"),
    ("), or keep it (decline)", "), ou la garder (decline)"),
    (", reveal another; ", ", en révéler une autre ; "),
    (" gains 1 VP from the box", " gagne 1 PV pris dans la boîte"),
    (" at once", " tout de suite"),
];

/// The English → French pairs for the cards of `db`: ability texts, printed symbols, titles; longest
/// first, so that no pair replaces part of a longer one.
fn card_pairs(db: &CardDb) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = Vec::new();
    let mut push = |en: String, fr: String| {
        if !en.is_empty() && en != fr && !v.iter().any(|(e, _)| *e == en) {
            v.push((en, fr));
        }
    };
    for a in &db.advancements {
        push(a.ability.text(), ability_text(a.ability, Lang::Fr));
        push(a.symbols.describe(), symbols_text(&a.symbols, Lang::Fr));
        push(a.title.clone(), title(&a.title, &a.french, Lang::Fr).to_owned());
    }
    for x in &db.vales {
        push(x.ability_text(), vale_text(x, Lang::Fr));
        push(x.title.clone(), title(&x.title, &x.french, Lang::Fr).to_owned());
    }
    for l in &db.leaders {
        for f in &l.sides {
            push(f.ability.text(), ability_text(f.ability, Lang::Fr));
            push(f.symbols.describe(), symbols_text(&f.symbols, Lang::Fr));
        }
    }
    v.sort_by_key(|(en, _)| std::cmp::Reverse(en.len()));
    v
}

/// A vale's ability text with its notes, in `lang`.
fn vale_text(v: &crate::cards::Vale, lang: Lang) -> String {
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
    text
}

/// English text about the cards of `db` (a view, an action's description) in French.
pub fn to_french(db: &CardDb, english: &str) -> String {
    let mut t = english.to_owned();
    for (en, fr) in card_pairs(db) {
        t = t.replace(&en, &fr);
    }
    for m in crate::effects::MODULES.iter().filter(|m| !m.text_fr.is_empty()) {
        t = t.replace(m.text, m.text_fr);
    }
    for (en, fr) in VIEW_FR {
        t = t.replace(en, fr);
    }
    t
}

/// Every embedded set, for texts that name cards without their database (events).
fn every_set() -> Option<&'static CardDb> {
    static ALL: std::sync::OnceLock<Option<CardDb>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| CardDb::every_set().ok()).as_ref()
}

/// A title of any embedded set in `lang`.
fn any_title(t: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return t.to_owned();
    }
    let Some(db) = every_set() else { return t.to_owned() };
    db.advancements
        .iter()
        .map(|a| (&a.title, &a.french))
        .chain(db.vales.iter().map(|v| (&v.title, &v.french)))
        .find(|(e, _)| e.as_str() == t)
        .map_or_else(|| t.to_owned(), |(e, f)| title(e, f, lang).to_owned())
}

/// An event as a sentence in `lang` (English is the event's `Display`).
pub fn event_text(e: &crate::events::Event, lang: Lang) -> String {
    use crate::events::Event::*;
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        TurnStart(s) => format!("tour de {s}"),
        UsedAbility(s, c, a) => format!("{s} utilise la capacité de c{c} : {a}"),
        Played(s, c) => format!("{s} plante c{c}"),
        Revealed(s, c) => format!("{s} révèle c{c} en attente"),
        Reshuffled(s) => format!("{s} mélange sa défausse pour former un nouveau paquet"),
        Spoiled(s, prep) => format!("{s} flétrit{}", if *prep { " pendant la phase de préparation" } else { "" }),
        AbilityDiscard(s, Some(c)) => format!("{s} défausse c{c}"),
        AbilityDiscard(s, None) => format!("{s} défausse une carte"),
        Peeked(s, Some(c)) => format!("{s} regarde la première carte : c{c}"),
        Peeked(s, None) => format!("{s} regarde la première carte de son paquet"),
        Bought(s, t) => format!("{s} achète {}", any_title(t, lang)),
        BoughtVale(s, t) => format!("{s} achète le vallon {}", any_title(t, lang)),
        Sleeved(s, t, c) => format!("{s} insère {} dans c{c}", any_title(t, lang)),
        GainedVp(s, v) => format!("{s} gagne {v} PV"),
        UsedVale(s, t) => format!("{s} utilise {}", any_title(t, lang)),
        PoolEmpty => "la réserve de PV est vide : la manche est terminée".to_owned(),
        GameOver => "la partie est terminée".to_owned(),
    }
}

impl crate::view::View {
    /// The terminal rendering in `lang`, with a legend.
    pub fn render(&self, lang: Lang) -> String {
        let mut t = self.to_string();
        if lang == Lang::Fr {
            t = to_french(&self.db, &t);
        }
        t.push_str(lang.pick(
            "legend: c0..c19 your 20 cards; [top | middle | bottom] the three slots of a card; L.K = common K of level L; a card spoils your turn when its decay exceeds your growth (decay vs growth); score = tokens + card VP + end-of-game abilities + vales",
            "légende : c0..c19 vos 20 cartes ; [haut | milieu | bas] les trois emplacements d'une carte ; L.K = amélioration K du niveau L ; vous flétrissez quand la pourriture dépasse la croissance ; score = jetons + PV des cartes + capacités de fin de partie + vallons",
        ));
        t
    }
}

/// What an action that needs no card says, in `lang` (`None` for the others).
pub fn plain_description(a: crate::actions::Action, lang: Lang) -> Option<&'static str> {
    use crate::actions::Action::*;
    Some(match a {
        Pass => lang.pick("end the Planting Phase", "terminer la phase de plantation"),
        Push => lang
            .pick("plant the on-deck card and reveal the next", "planter la carte en attente et révéler la suivante"),
        Spoil => lang.pick("accept the spoil", "accepter le flétrissement"),
        Druid => lang.pick(
            "discard the on-deck card and reveal another",
            "défausser la carte en attente et en révéler une autre",
        ),
        Arbor => lang.pick(
            "remove Blooming Arbor from the game for growth",
            "retirer le Bois de l'Éclosion de la partie pour de la croissance",
        ),
        Decline => lang.pick("decline", "refuser"),
        Mill => lang.pick("discard the top card of your deck", "défausser la première carte de votre paquet"),
        Token => lang.pick("spend the mana token for 1 mana", "dépenser le jeton de mana pour 1 mana"),
        Done => lang.pick("end this step", "terminer cette étape"),
        Upgrade => lang.pick("turn your leader to its upgraded side", "retourner votre meneur sur sa face améliorée"),
        Sow => lang.pick("pay mana for the exchange ability", "payer du mana pour la capacité d'échange"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{EMPTY, Sleeve};
    use sylvan_engine::{Game, GameRng, NoEvents, Seat};

    fn game() -> MysticVale {
        let Ok(o) = MysticVale::options_for_players(2) else { panic!("options") };
        let Ok(g) = MysticVale::new(&o, 7) else { panic!("deal") };
        g
    }

    /// EN:643-651 "Example Final Scoring": 12 VP from tokens, 8 from advancements, 5 from vales = 25.
    #[test]
    fn rulebook_final_scoring_example() {
        let mut g = game();
        let db = g.db;
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
        let Some(b) = g.breakdown(Lang::En) else { panic!("no breakdown") };
        let col: Vec<f64> = b.rows.iter().map(|r| r.values[0]).collect();
        assert_eq!(col, [12.0, 8.0, 0.0, 5.0]);
        assert_eq!(b.totals[0], 25.0);
        assert_eq!(b.rows[0].label, "VP tokens");
    }

    /// The score a view shows is the final score (issue 15: the screen once showed 62 for a final 66).
    #[test]
    fn views_show_the_breakdown_totals() {
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
            let Some(b) = g.breakdown(Lang::Fr) else { panic!("no breakdown") };
            for s in 0..g.n() {
                let v = g.view(Seat(s as u8));
                for i in 0..g.n() {
                    assert_eq!(f64::from(score_of(&v, i)), b.totals[i], "seed {seed}: seat {s}'s view of p{i}");
                }
            }
        }
    }

    #[test]
    fn french_card_texts_and_titles() {
        let db = CardDb::base();
        let c = catalog(db, Lang::Fr);
        let dawn = db.advancements.iter().position(|a| a.key == "dawnsinger").map(|i| i.to_string());
        let Some(dawn) = dawn else { panic!("no Dawnsinger") };
        assert_eq!(c["advancements"][&dawn]["name"], "Chanteuse de l'Aube");
        assert_eq!(
            c["advancements"][&dawn]["text"],
            "1 mana, 1 animal, 1 gardien; récolte : +1 mana par gardien sur cette carte"
        );
        let en = catalog(db, Lang::En);
        assert_eq!(en["advancements"][&dawn]["name"], "Dawnsinger");
        // Titles the French book does not give keep their English title (documented fallback).
        let missing = db.advancements.iter().filter(|a| a.french.is_empty()).count();
        assert!(missing < db.advancements.len() / 2, "{missing} untranslated titles");
    }
}
