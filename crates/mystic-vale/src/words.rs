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
    // Vale VP, with the points of the vales' own end-of-game modules (Borderwatch Bog's extra Planting
    // Phase, ruling MV74).
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
    pub(crate) fn words_breakdown(&self, lang: Lang) -> Option<Breakdown> {
        if self.phase != Phase::Over {
            return None;
        }
        let steps: Vec<[i32; 5]> = (0..self.n()).map(|i| score_steps(self, i)).collect();
        let labels = [
            lang.pick("VP tokens", "jetons PV"),
            lang.pick("VP printed on cards", "PV imprimés sur les cartes"),
            lang.pick("end-of-game abilities", "capacités « Fin de la Partie »"),
            lang.pick("vales", "cartes Val"),
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
                "Le pool de jetons PV est épuisé ; la ronde en cours a été jouée jusqu'au bout.",
            )
            .to_owned()
        } else {
            match lang {
                Lang::En => format!("The round limit ({MAX_ROUNDS} rounds) was reached."),
                Lang::Fr => format!("La limite de {MAX_ROUNDS} rondes est atteinte."),
            }
        };
        let totals = self.final_scores();
        let mut notes = Vec::new();
        for (i, p) in self.players.iter().enumerate() {
            // Borderwatch Bog's extra Planting Phase, in public (ruling MV74).
            if let Some(n) = p.bog {
                notes.push(match (lang, n) {
                    (Lang::En, 0) => format!("Borderwatch Bog: p{i} spoiled in the extra Planting Phase (+0 VP)."),
                    (Lang::En, n) => {
                        format!("Borderwatch Bog: p{i} placed {n} cards in the extra Planting Phase without spoiling (+{n} VP).")
                    }
                    (Lang::Fr, 0) => format!("Borderwatch Bog : p{i} a Décliné pendant la Phase de Semence supplémentaire (+0 PV)."),
                    (Lang::Fr, n) => format!(
                        "Borderwatch Bog : p{i} a posé {n} cartes pendant la Phase de Semence supplémentaire sans Décliner (+{n} PV)."
                    ),
                });
            }
        }
        let best = totals.iter().copied().fold(f64::MIN, f64::max);
        let tied: Vec<usize> = (0..totals.len()).filter(|&i| totals[i] == best).collect();
        if tied.len() > 1 {
            let who = tied.iter().map(|i| format!("p{i} {}", self.tie_break(*i))).collect::<Vec<_>>().join(", ");
            notes.push(match lang {
                Lang::En => format!(
                    "Tie on {best}: the most level-3 advancements plus level-2 vales wins ({who}); still tied, the victory is shared."
                ),
                Lang::Fr => format!(
                    "Égalité à {best} PV : le joueur qui a le plus d'Évolutions de niveau 3 et de cartes Val de niveau 2 l'emporte ({who}) ; si l'égalité persiste, la victoire est partagée."
                ),
            });
        }
        Some(Breakdown { end_reason, rows, totals, notes })
    }

    /// The catalog of the cards in this game's database.
    pub(crate) fn words_catalog(&self, lang: Lang) -> Value {
        let mut c = catalog(&self.db, lang);
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
                    let mut titles: Vec<&str> = Vec::new();
                    let advs = x.advancements.iter().map(|&a| title(&db.adv(a).title, &db.adv(a).french, lang));
                    for name in advs.chain(x.vales.iter().map(|&v| title(&db.vale(v).title, &db.vale(v).french, lang)))
                    {
                        if !titles.contains(&name) {
                            titles.push(name);
                        }
                    }
                    (id.to_string(), json!({ "key": x.key, "name": x.name, "text": titles.join(", "), "cost": null }))
                })
                .collect();
            o.insert("conclaves".into(), Value::Object(named));
        }
        c
    }
}

/// The catalog of `db` in `lang`: `{advancements, vales, leaders, amulets}`, each keyed by id (see
/// `docs/PROTOCOL.md`).
pub fn catalog(db: &CardDb, lang: Lang) -> Value {
    let mut advs = Map::new();
    for (id, a) in db.advancements.iter().enumerate() {
        let mut text = symbols_text(&a.symbols, lang);
        let ab = ability_text(a.ability, lang);
        if !ab.is_empty() {
            if !text.is_empty() {
                text.push_str(lang.pick("; ", " ; "));
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
                        text.push_str(lang.pick("; ", " ; "));
                    }
                    text.push_str(&ab);
                }
                if text.is_empty() {
                    // A side with neither symbols nor ability: Xanos's "no-effect starting side" (EN:1728).
                    text.push_str(lang.pick("no effect", "aucun effet"));
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
    let amulets: Map<String, Value> = db
        .amulets
        .iter()
        .enumerate()
        .map(|(id, x)| {
            let entry = json!({
                "key": x.key, "name": x.title, "text": amulet_text(x, lang), "cost": null, "vp": x.vp, "set": x.set,
                "used": amulet_summary(x, false, lang), "active": amulet_summary(x, true, lang),
            });
            (id.to_string(), entry)
        })
        .collect();
    json!({ "advancements": advs, "vales": vales, "leaders": leaders, "amulets": amulets })
}

/// A spirit's name in `lang` (the French book's Esprit Bestial, Sylvain, Céleste, Libre:
/// `mystic-vale-base.fr.txt:356-360`).
pub fn spirit_name(s: Spirit, lang: Lang) -> &'static str {
    match lang {
        Lang::En => s.name(),
        Lang::Fr => match s {
            Spirit::Animal => "Bestial",
            Spirit::Forest => "Sylvain",
            Spirit::Sky => "Céleste",
            Spirit::Wild => "Libre",
        },
    }
}

/// `n` spirits of kind `s` in French: `1 Esprit Bestial`, `2 Esprits Bestiaux`.
fn spirits_fr(n: i64, s: Spirit) -> String {
    let (one, many) = match s {
        Spirit::Animal => ("Esprit Bestial", "Esprits Bestiaux"),
        Spirit::Forest => ("Esprit Sylvain", "Esprits Sylvains"),
        Spirit::Sky => ("Esprit Céleste", "Esprits Célestes"),
        Spirit::Wild => ("Esprit Libre", "Esprits Libres"),
    };
    Lang::Fr.count(n, one, many)
}

/// A slot's name in `lang` (`top`, `middle`, `bottom`; `haut`, `milieu`, `bas`).
pub fn slot_name(s: crate::cards::Slot, lang: Lang) -> &'static str {
    match lang {
        Lang::En => s.name(),
        Lang::Fr => ["haut", "milieu", "bas"][s as usize],
    }
}

/// The printed symbols in words: `1 mana, 1 forest, 2 VP at the end`; in French with the book's
/// terms (Déclin, Croissance, Esprit..., Gardien) and plurals.
pub fn symbols_text(s: &Symbols, lang: Lang) -> String {
    if lang == Lang::En {
        return s.describe();
    }
    let fr = Lang::Fr;
    let mut t = Vec::new();
    let mut add = |n: i64, text: String| {
        if n != 0 {
            t.push(text);
        }
    };
    add(s.mana.into(), format!("{} mana", s.mana));
    add(s.decay.into(), fr.count(s.decay, "Déclin", "Déclins"));
    add(s.growth.into(), fr.count(s.growth, "Croissance", "Croissances"));
    for (k, &n) in s.spirits.iter().enumerate() {
        add(n.into(), spirits_fr(n.into(), Spirit::ALL[k]));
    }
    add(s.guardian.into(), fr.count(s.guardian, "Gardien", "Gardiens"));
    add(s.vp_harvest.into(), format!("{} PV à chaque Récolte", s.vp_harvest));
    add(s.vp_end.into(), format!("{} PV en fin de partie", s.vp_end));
    t.join(", ")
}

/// `n` of a reward in French, with its plural: `1 mana`, `2 Esprits Libres`, `3 PV`.
fn reward_fr(r: crate::cards::Reward, n: i64) -> String {
    use crate::cards::Reward as R;
    let fr = Lang::Fr;
    match r {
        R::None => "rien".into(),
        R::Mana => format!("{n} mana"),
        R::Vp => format!("{n} PV"),
        R::BoxVp => format!("{n} PV pris dans la boîte"),
        R::Growth => fr.count(n, "Croissance", "Croissances"),
        R::Guardian => fr.count(n, "Gardien", "Gardiens"),
        R::Wild => spirits_fr(n, Spirit::Wild),
        R::Animal => spirits_fr(n, Spirit::Animal),
        R::Forest => spirits_fr(n, Spirit::Forest),
        R::Sky => spirits_fr(n, Spirit::Sky),
    }
}

/// The text of a unique effect (`effects/`) in French, by key; `None` for a module added without one
/// (its English text stands in).
fn unique_text_fr(key: &str) -> Option<&'static str> {
    Some(match key {
        "copy-card" => "cette carte a aussi les symboles et capacités d'une autre carte de votre champ",
        "flip-back" => "revient sur sa face de départ à la fin de chaque Phase de Récolte menée à son terme",
        "soil-from-supply" => "vous pouvez glisser un Sol Fertile de la réserve dans une carte de votre champ",
        "refill-pool" => "des jetons PV de la boîte rejoignent le pool",
        "vale-cost-points" => "PV, plus 1 par symbole Sylvain ou « au choix » dans le coût de vos cartes Val",
        "clear-commons" => {
            "retirez de la partie jusqu'à 3 Évolutions de niveau 2 ou 3 de la réserve, puis complétez-la"
        }
        "gain-choice" => "gagnez 1 mana ou 1 Esprit Libre (au choix)",
        "redraw-on-deck" => "vous pouvez défausser votre carte on-deck et en révéler une autre",
        "third-buy" => "vous pouvez acheter une troisième Évolution, 2 mana moins cher",
        "neighbour-on-deck" => "les cartes on-deck de vos voisins comptent comme étant dans votre champ",
        "take-level-1-vale" => "prenez la première carte de la pioche de cartes Val de niveau 1",
        "guardian-on-card" => "+1 Gardien sur une carte de votre champ ou votre carte on-deck",
        "claim-advancement" => {
            "vous pouvez réclamer une autre Évolution de la réserve coûtant de 1 à 6, comme si vous l'aviez achetée"
        }
        "replay-when-played" => "résolvez à nouveau une capacité « Une Fois Jouée » d'une carte de votre champ",
        "workshop-take" => "prenez gratuitement une Évolution de la réserve (Sols Fertiles compris) dans votre atelier",
        "workshop-sleeve" => {
            "glissez des Évolutions de votre atelier dans une carte de votre champ, qui va sous votre deck ; payez 1 mana pour retourner le meneur"
        }
        "bog-planting" => {
            "après la partie, une Phase de Semence de plus : +1 PV par carte de votre champ si vous ne Déclinez pas"
        }
        "discard-on-evoke" => "vous pouvez défausser votre carte on-deck ou une carte de votre champ",
        "guardian-and-graft" => {
            "+1 Gardien sur une carte de votre champ ou votre carte on-deck, qui peut aussi recevoir une capacité \
             Récolte ou Toujours d'une autre carte de votre champ ou du champ d'un voisin (jusqu'à la fin du tour)"
        }
        _ => return None,
    })
}

/// An ability in a few words (empty when it has none), in `lang`. The French timings are the book's
/// ("Une Fois Jouée", "Récolte", "Toujours", "Fin de la Partie": `mystic-vale-base.fr.txt:516-530`).
pub fn ability_text(a: Ability, lang: Lang) -> String {
    if lang == Lang::En {
        return a.text();
    }
    let n = i64::from(a.amount);
    let per = match a.per {
        Count::One => "",
        Count::GuardiansOnCard => " par Gardien sur cette carte",
        Count::FieldPairs => " par paire de cartes de votre champ",
        Count::OtherFieldCards => " par autre carte de votre champ",
        Count::FieldShortfall => " par carte qui manque à votre champ pour en compter 7",
        Count::PrintedSymbolsOnCard => " par symbole imprimé sur cette carte",
        Count::DecayOwned => " (Déclins de toutes vos cartes)",
        Count::DecayField => " par Déclin de votre champ (annulés compris)",
        Count::ManaPairs => " par paire de mana que vous avez",
        Count::ValesOwned => " par carte Val que vous possédez",
        Count::GuardiansOwned => " par Gardien de toutes vos Évolutions",
        Count::MostManaOnFieldCard => " par mana de la carte de votre champ qui en a le plus",
        Count::Level3Owned => " par Évolution de niveau 3 que vous possédez",
        Count::Level1OnCard => " par Évolution de niveau 1 sur cette carte",
        Count::BlankFieldCards => " par carte vierge de votre champ",
        Count::BlankCardsOwnedSteps => " × (0/2/3/6/13 pour 0/1-2/3-4/5-6/7-8 cartes vierges)",
    };
    let when = match a.timing {
        Timing::None => return String::new(),
        Timing::WhenPlayed => "Une Fois Jouée",
        Timing::Harvest => "Récolte",
        Timing::Ongoing => "Toujours",
        Timing::WouldSpoil => "sur le point de Décliner",
        Timing::EndOfGame => "Fin de la Partie",
        Timing::OnSpoil => "si elle vous fait Décliner depuis l'on-deck",
        Timing::Discard => "Phase de Défausse",
        Timing::WhenBought => "à l'achat",
        Timing::AnyTime => "une fois par tour",
        Timing::OnEvoke => "quand vous l'invoquez",
        Timing::Planting => "Phase de Semence",
    };
    let gain = format!("+{}{per}", reward_fr(a.reward, n));
    let what = match a.effect {
        Effect::None => return String::new(),
        Effect::Gain => gain,
        Effect::ManaMinus => format!("-{n} mana à votre total"),
        Effect::CapDecay if n == 0 => "cette carte ne compte aucun Déclin".into(),
        Effect::CapDecay => format!("cette carte compte au plus {}", Lang::Fr.count(n, "Déclin", "Déclins")),
        Effect::AddPer => format!("cette carte compte {gain}"),
        Effect::SpiritsToWild => {
            "les symboles Esprit Bestial, Sylvain et Céleste de cette carte sont des Esprits Libres".into()
        }
        Effect::DoubleAbilityVp => "les PV des capacités de cette carte sont doublés".into(),
        Effect::SearchDeckDiscard => {
            "consultez votre deck, vous pouvez en défausser 1 carte, puis mélangez-le".into()
        }
        Effect::DiscardOtherField => "vous pouvez défausser une autre carte de votre champ".into(),
        Effect::LookTopDiscard if n > 1 => format!(
            "regardez les {n} premières cartes de votre deck, défaussez-en autant que vous voulez, les autres restent dans l'ordre"
        ),
        Effect::LookTopDiscard => "regardez la première carte de votre deck, vous pouvez la défausser".into(),
        Effect::DiscardOnDeck if a.timing == Timing::OnSpoil => {
            format!("{gain}, puis elle va dans votre défausse et une nouvelle carte est révélée")
        }
        Effect::DiscardOnDeck => {
            "défaussez votre carte on-deck et révélez-en une autre (une fois par tour)".into()
        }
        Effect::CancelSpoil => "cette carte on-deck ne vous fait pas Décliner".into(),
        Effect::ExtraTurn => format!("+{}, puis un tour supplémentaire (un par ronde)", reward_fr(a.reward, n)),
        Effect::ToDeckBottom => "cette carte va sous votre deck, pas dans votre défausse".into(),
        Effect::FillField if a.reward != crate::cards::Reward::None => format!(
            "+{}{per}, puis complétez votre champ jusqu'à {n} cartes depuis votre deck",
            reward_fr(a.reward, 1)
        ),
        Effect::FillField => format!("complétez votre champ jusqu'à {n} cartes depuis votre deck"),
        Effect::Exchange => format!("payez {n} mana pour {}, autant de fois que vous voulez", reward_fr(a.reward, 1)),
        Effect::DiscountOnCard => format!("un achat destiné à cette carte coûte {n} mana de moins"),
        Effect::MostAmong => format!("{n} PV si vous avez strictement le plus{per}"),
        Effect::ConvertToWild => format!("payez {n} mana : un de vos Esprits devient un Esprit Libre"),
        Effect::PlusGuardian => format!(
            "+{} sur une carte de votre champ ou votre carte on-deck",
            Lang::Fr.count(n, "Gardien", "Gardiens")
        ),
        Effect::CancelDecayOn => {
            "une carte de votre champ ou on-deck ne compte aucun Déclin jusqu'à votre Phase de Défausse".into()
        }
        Effect::FreeBuy => format!("une Évolution de niveau {n} coûte 0"),
        Effect::KeepInField if a.timing == Timing::OnSpoil => {
            "cette carte reste la plus à gauche de votre prochain champ".into()
        }
        Effect::KeepInField => {
            "si elle n'est pas la plus à gauche, cette carte peut rester la plus à gauche de votre prochain champ".into()
        }
        Effect::MoveAdvancement => "déplacez une Évolution d'une carte de votre champ à une autre".into(),
        Effect::MultiplyMana => format!("votre total de mana (jeton Mana compris) compte {n} fois"),
        Effect::RefreshToken => "retournez un jeton Mana utilisé sur sa face active".into(),
        Effect::DeckToField => format!(
            "déplacez {}{per} de votre deck vers votre champ",
            Lang::Fr.count(n, "carte", "cartes")
        ),
        Effect::CancelDecayCard => {
            "une carte de votre champ ou on-deck ne compte aucun Déclin, sauf celui d'une Terre Maudite, jusqu'à votre prochaine Phase de Préparation".into()
        }
        Effect::MultiplyEndVp => format!("les PV de fin de partie de vos Évolutions comptent {n} fois"),
        Effect::Unique => match crate::effects::module(a.module) {
            Some(m) => unique_text_fr(m.key).or(Some(m.text_fr).filter(|t| !t.is_empty())).unwrap_or(m.text).to_owned(),
            None => "?".to_owned(),
        },
    };
    format!("{when} : {what}")
}

/// An advancement in one line: title, cost, slot, symbols and ability (the view's commons).
pub fn adv_summary(x: &crate::cards::Advancement, lang: Lang) -> String {
    if lang == Lang::En {
        return x.summary();
    }
    let eclipse = if x.eclipse { ", éclipse" } else { "" };
    let mut t = format!("{} ({} mana, {}{eclipse})", title(&x.title, &x.french, lang), x.cost, slot_name(x.slot, lang));
    let sym = symbols_text(&x.symbols, lang);
    if !sym.is_empty() {
        t.push_str(" : ");
        t.push_str(&sym);
    }
    let ab = ability_text(x.ability, lang);
    if !ab.is_empty() {
        t.push_str(if sym.is_empty() { " : " } else { " ; " });
        t.push_str(&ab);
    }
    t
}

/// A leader's side in one line, in `lang`.
pub fn leader_summary(l: &crate::cards::Leader, upgraded: bool, lang: Lang) -> String {
    if lang == Lang::En {
        return l.summary(upgraded);
    }
    let f = &l.sides[usize::from(upgraded)];
    let mut t = if upgraded {
        format!("{} (face améliorée)", l.title)
    } else {
        format!("{} (amélioration : {} mana)", l.title, l.upgrade_cost)
    };
    let sym = symbols_text(&f.symbols, lang);
    if !sym.is_empty() {
        t.push_str(" : ");
        t.push_str(&sym);
    }
    let ab = ability_text(f.ability, lang);
    if !ab.is_empty() {
        t.push_str(if sym.is_empty() { " : " } else { " ; " });
        t.push_str(&ab);
    }
    if l.symbols_only(upgraded) {
        t.push_str(" (provisoire : aucune capacité, symboles seulement)");
    }
    t
}

/// An amulet's Evoke ability in `lang`.
pub fn amulet_text(x: &crate::amulets::Amulet, lang: Lang) -> String {
    use crate::amulets::{Evoke, Window};
    if lang == Lang::En {
        return x.text();
    }
    let n = i64::from(x.amount);
    let what = match x.evoke {
        Evoke::Gain => format!("+{}", reward_fr(x.reward, n)),
        Evoke::GainThenToss => {
            format!("+{}, puis lancez-la : elle retombe sur une face au hasard", reward_fr(x.reward, n))
        }
        Evoke::Growth => {
            format!("+{} jusqu'à votre prochaine Phase de Préparation", Lang::Fr.count(n, "Croissance", "Croissances"))
        }
        Evoke::FieldToDeckBottom => "une carte de votre champ va sous votre deck".into(),
        Evoke::DeckBottomToField => "la dernière carte de votre deck rejoint votre champ".into(),
        Evoke::SleeveNow => "glissez dès maintenant une Évolution achetée ce tour-ci".into(),
        Evoke::ManaOrGuardians => format!(
            "+1 mana, ou +{} sur une carte de votre champ ou on-deck ce tour-ci",
            Lang::Fr.count(n, "Gardien", "Gardiens")
        ),
    };
    let when = match x.window {
        Window::Harvest => "Récolte",
        Window::HarvestOrDiscard => "Phase de Récolte ou de Défausse",
        Window::WouldSpoil => "sur le point de Décliner",
        Window::Any => "à tout moment",
    };
    let mut t = format!("invocation ({when}) : {what}");
    if x.must_push {
        t.push_str(" ; face utilisée : poussez au moins une fois à chaque Phase de Semence");
    }
    t
}

/// An amulet in one line with the side shown, in `lang`.
pub fn amulet_summary(x: &crate::amulets::Amulet, active: bool, lang: Lang) -> String {
    if lang == Lang::En {
        return x.summary(active);
    }
    let side = if active { "face active" } else { "face utilisée" };
    let vp = if x.vp != 0 { format!(", {} PV en fin de partie", x.vp) } else { String::new() };
    format!("{} ({side}{vp}) : {}", x.title, amulet_text(x, lang))
}

/// A vale's cost in words: `1 animal + 1 forest`; in French `1 Bestial + 1 Sylvain`.
pub fn vale_cost_text(v: &crate::cards::Vale, lang: Lang) -> String {
    if lang == Lang::En {
        return v.cost_text();
    }
    let names = ["Bestial", "Sylvain", "Céleste", "au choix"];
    let parts: Vec<String> = (0..4).filter(|&k| v.cost[k] > 0).map(|k| format!("{} {}", v.cost[k], names[k])).collect();
    if parts.is_empty() { "gratuit".into() } else { parts.join(" + ") }
}

/// Each action notation with what it does.
pub fn action_help(lang: Lang) -> Vec<ActionHelp> {
    let rows: [(&str, &str, &str); 39] = [
        (
            "push",
            "plant the on-deck card and reveal the next",
            "pousser : poser la carte on-deck dans votre champ et révéler la suivante",
        ),
        ("pass", "end the Planting Phase", "passer : terminer votre Phase de Semence"),
        ("spoil", "accept the spoil", "accepter de Décliner"),
        ("token", "spend the active mana token for 1 mana", "retourner votre jeton Mana actif pour 1 mana"),
        (
            "buy L.K",
            "buy common K of level L (e.g. buy 2.3)",
            "acheter l'Évolution K du niveau L de la réserve (p. ex. buy 2.3)",
        ),
        (
            "buy soil.SLOT",
            "buy a Fertile Soil for a slot (top, middle, bottom)",
            "acheter un Sol Fertile pour un emplacement (top = haut, middle = milieu, bottom = bas)",
        ),
        ("buy L.K on cN", "buy for card N (Earthchant Chorus)", "acheter pour la carte N (Chœur de la Terre)"),
        (
            "vale L.K [SPIRIT]",
            "buy vale K of level L, paying \"any\" with SPIRIT",
            "acheter la carte Val K du niveau L, en payant « au choix » avec SPIRIT",
        ),
        (
            "sleeve cN",
            "sleeve the bought advancement on field card N",
            "glisser l'Évolution achetée dans la protection de la carte N de votre champ",
        ),
        ("done", "end the Harvest Phase (or the current step)", "terminer la Phase de Récolte (ou l'étape en cours)"),
        ("decline", "decline an optional ability", "refuser une capacité optionnelle"),
        ("discard cN", "discard card N", "défausser la carte N"),
        (
            "mill",
            "Calm Weather: discard the top card of your deck",
            "Temps Calme : défausser la première carte de votre deck",
        ),
        (
            "druid",
            "Peacekeeper Druid: discard the on-deck card, reveal another",
            "Druide Pacificateur : défausser la carte on-deck et en révéler une autre",
        ),
        (
            "arbor",
            "Blooming Arbor: remove it from the game for growth",
            "Bois de l'Éclosion : le retirer de la partie pour de la Croissance",
        ),
        ("conclave cN", "Conclave of Ents: +1 guardian on card N", "Conclave des Ents : +1 Gardien sur la carte N"),
        (
            "aerie SPIRIT",
            "Sunstone Aerie: one spirit of this kind becomes wild",
            "Aire de l'Héliolite : un Esprit de ce type devient un Esprit Libre",
        ),
        ("resolve SLOT", "resolve the ability in this slot next", "résoudre d'abord la capacité de cet emplacement"),
        ("upgrade", "turn your leader to its upgraded side", "retourner votre meneur sur sa face améliorée"),
        ("leader N", "keep leader 1 or 2", "garder le meneur 1 ou 2"),
        ("sow", "pay mana for an exchange ability", "payer du mana pour une capacité d'échange"),
        ("use vN", "use owned vale N", "utiliser la carte Val N que vous possédez"),
        (
            "use cN / use vales",
            "resolve now card N's (the vales') harvest abilities whose gain can still change",
            "résoudre maintenant les capacités de Récolte de la carte N (des cartes Val) dont le gain peut encore changer",
        ),
        (
            "cancel cN / keep cN",
            "cancel the decay of card N / keep card N for the next field",
            "annuler le Déclin de la carte N / garder la carte N pour votre prochain champ",
        ),
        (
            "portal cA SLOT cB",
            "Wayfarer Portal: move an advancement between field cards",
            "Wayfarer Portal : déplacer une Évolution entre deux cartes de votre champ",
        ),
        (
            "take leader N / take amulet N",
            "draft: take leader or amulet N from the table",
            "draft : prendre le meneur ou l'amulette N sur la table",
        ),
        (
            "trade",
            "trade your amulet for a regular mana token",
            "échanger votre amulette contre un jeton Mana ordinaire",
        ),
        ("evoke / evoke cN", "evoke your active amulet (on card N)", "invoquer votre amulette active (sur la carte N)"),
        ("ability cN", "a unique ability chooses card N", "une capacité unique choisit la carte N"),
        (
            "ability L.K",
            "a unique ability chooses common K of level L",
            "une capacité unique choisit l'Évolution K du niveau L de la réserve",
        ),
        (
            "ability soil.SLOT cN",
            "a unique ability sleeves a Fertile Soil on card N",
            "une capacité unique glisse un Sol Fertile dans la carte N",
        ),
        ("ability N", "a unique ability's option N", "l'option N d'une capacité unique"),
        (
            "ability SPIRIT",
            "Halo Mountain: spend one spirit of this kind for its VP",
            "Halo Mountain : dépenser un Esprit de ce type pour ses PV",
        ),
        (
            "claim L.K / claim soil.SLOT",
            "Nightvale Pathfinder: claim this advancement as if bought (no buy used)",
            "Nightvale Pathfinder : réclamer cette Évolution comme si vous l'aviez achetée (sans utiliser d'achat)",
        ),
        (
            "replay cN SLOT",
            "Harpy Canyon: resolve the \"when played\" ability of card N in SLOT (or leader) again",
            "Harpy Canyon : résoudre à nouveau la capacité « Une Fois Jouée » de la carte N dans SLOT (ou leader)",
        ),
        (
            "ability soil.SLOT",
            "Old Bakarab: take a Fertile Soil of the supply into your workshop",
            "Old Bakarab : prendre un Sol Fertile de la réserve dans votre atelier",
        ),
        (
            "workshop K cN",
            "Old Bakarab (upgraded): sleeve workshop advancement K on field card N, which goes under your deck",
            "Old Bakarab (améliorée) : glisser l'Évolution K de l'atelier dans la carte N du champ, qui va sous votre deck",
        ),
        (
            "vp SPIRIT,SPIRIT,SPIRIT",
            "variant buy_vp: pay 3 spirits for 1 VP",
            "variante buy_vp : payer 3 Esprits pour 1 PV",
        ),
        (
            "SPIRIT / SLOT",
            "animal, forest, sky, wild / top, middle, bottom",
            "animal (Bestial), forest (Sylvain), sky (Céleste), wild (Libre) / top (haut), middle (milieu), bottom (bas)",
        ),
    ];
    rows.iter().map(|&(n, en, fr)| ActionHelp::new(n, lang.pick(en, fr))).collect()
}

/// A vale's ability text with its notes, in `lang`.
pub fn vale_text(v: &crate::cards::Vale, lang: Lang) -> String {
    if lang == Lang::En {
        return v.ability_text();
    }
    let mut text = ability_text(v.ability, lang);
    if v.to_deck && !text.is_empty() {
        text.push_str(" (cette carte Val va sur la pioche de cartes Val de niveau 1)");
    } else if v.remove_self && !text.is_empty() {
        text.push_str(" (retire cette carte Val de la partie)");
    }
    if v.extra_buy > 0 {
        text.push_str(&format!(" ; achetez jusqu'à {} Évolutions", 2 + v.extra_buy));
    }
    if v.unique {
        text.push_str(" ; une seule par joueur");
    }
    text
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

/// A card of the log in `lang`: its titles, or a blank card.
fn card_name(c: &crate::events::Card, lang: Lang) -> String {
    if c.titles.is_empty() {
        return lang.pick("a blank card", "une carte vierge").to_owned();
    }
    c.titles.iter().map(|t| any_title(t, lang)).collect::<Vec<_>>().join(" + ")
}

/// "of" a card of the log, in French: `d'une carte vierge`, `de la carte …`.
fn of_card(c: &crate::events::Card, lang: Lang) -> String {
    if c.titles.is_empty() { "d'une carte vierge".to_owned() } else { format!("de la carte {}", card_name(c, lang)) }
}

/// An event as a sentence in `lang` (English is the event's `Display`).
pub fn event_text(e: &crate::events::Event, lang: Lang) -> String {
    use crate::events::Event::*;
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        TurnStart(s) => format!("— au tour de {s}"),
        UsedAbility(s, c, a) => format!("{s} utilise la capacité {} ({a})", of_card(c, lang)),
        Played(s, c) => format!("{s} pose {} dans son champ", card_name(c, lang)),
        Revealed(s, c) => format!("{s} révèle {}, sa nouvelle carte on-deck", card_name(c, lang)),
        Reshuffled(s) => format!("{s} mélange sa défausse, qui devient son nouveau deck"),
        Spoiled(s, prep) => format!("{s} Décline{}", if *prep { " pendant sa Phase de Préparation" } else { "" }),
        AbilityDiscard(s, Some(c)) => format!("{s} défausse {}", card_name(c, lang)),
        AbilityDiscard(s, None) => format!("{s} défausse une carte"),
        Peeked(s, Some(c)) => format!("{s} regarde la première carte de son deck : {}", card_name(c, lang)),
        Peeked(s, None) => format!("{s} regarde la première carte de son deck"),
        Bought(s, t) => format!("{s} achète {}", any_title(t, lang)),
        BoughtVale(s, t) => format!("{s} achète la carte Val {}", any_title(t, lang)),
        Sleeved(s, t, c) => format!("{s} glisse {} dans la protection {}", any_title(t, lang), of_card(c, lang)),
        GainedVp(s, v) => format!("{s} gagne {v} PV"),
        UsedVale(s, t) => format!("{s} utilise {}", any_title(t, lang)),
        TookLeader(s, t) => format!("{s} prend le meneur {t}"),
        TookAmulet(s, t) => format!("{s} prend l'amulette {t}"),
        TradedAmulet(s) => format!("{s} échange son amulette contre un jeton Mana ordinaire"),
        Evoked(s, t) => format!("{s} invoque {t}"),
        Upgraded(s, t) => format!("{s} fait passer {t} sur sa face améliorée"),
        PoolEmpty => "le pool de jetons PV est vide : la ronde en cours est la dernière".to_owned(),
        GameOver => "la partie est terminée".to_owned(),
    }
}

impl crate::view::View {
    /// The terminal rendering in `lang`, with a legend.
    pub fn render(&self, lang: Lang) -> String {
        let mut t = String::new();
        let _ = self.write_in(&mut t, lang);
        t.push_str(lang.pick(
            "legend: c0..c19 your 20 cards; [top | middle | bottom] the three slots of a card; L.K = common K of level L; you spoil when your decay minus your growth reaches 4 (decay vs growth); score = tokens + card VP + end-of-game abilities + vales",
            "légende : c0..c19 vos 20 cartes ; [haut | milieu | bas] les trois emplacements d'une carte ; L.K = Évolution K du niveau L ; vous Déclinez quand vos Déclins moins vos Croissances atteignent 4 (Déclin contre Croissance) ; score = jetons PV + PV des cartes + capacités « Fin de la Partie » + cartes Val",
        ));
        t
    }
}

/// An action described for the seat of `view`, in `lang` (English: the heuristic's description).
pub fn describe_in(view: &crate::view::View, a: crate::actions::Action, lang: Lang) -> String {
    use crate::actions::{Action, Source};
    use crate::state::EMPTY;
    if let Some(d) = plain_description(a, lang) {
        return d.to_owned();
    }
    if lang == Lang::En {
        return crate::heuristic::describe(view, a);
    }
    let db = &*view.db;
    let me = &view.players[view.current as usize];
    match a {
        Action::Buy(src) | Action::BuyOn(src, _) => {
            let x = match src {
                Source::Common(l, k) => view.commons[l as usize][k as usize],
                Source::Soil(slot) => Some(db.soil[slot as usize]).filter(|&x| x != EMPTY),
            };
            let Some(x) = x else {
                return a.to_string();
            };
            let adv = db.adv(x);
            let on = match a {
                Action::BuyOn(_, c) => format!(" pour c{c}"),
                _ => String::new(),
            };
            format!(
                "acheter {}{on} ({} mana, {}, niveau {})",
                title(&adv.title, &adv.french, lang),
                adv.cost,
                slot_name(adv.slot, lang),
                adv.level
            )
        }
        Action::Vale(l, k, _) => {
            let Some(v) = view.vale_row[l as usize][k as usize] else {
                return a.to_string();
            };
            let x = db.vale(v);
            format!("acheter la carte Val {} ({} PV)", title(&x.title, &x.french, lang), x.vp)
        }
        Action::Resolve(slot) => match view.phase {
            crate::state::Phase::Order { card, .. } => {
                let x = me.cards[card as usize].slots[slot as usize];
                if x == EMPTY {
                    return a.to_string();
                }
                let adv = db.adv(x);
                format!(
                    "résoudre d'abord {} ({})",
                    title(&adv.title, &adv.french, lang),
                    ability_text(adv.ability, lang)
                )
            }
            _ => a.to_string(),
        },
        Action::Sleeve(c) => format!("glisser dans c{c} {}", view.card_text_in(me.cards[c as usize], lang)),
        Action::Discard(c) => format!("défausser c{c} {}", view.card_text_in(me.cards[c as usize], lang)),
        Action::Conclave(c) => format!("+1 Gardien sur c{c} {}", view.card_text_in(me.cards[c as usize], lang)),
        Action::Use(c) if usize::from(c) < crate::state::NUM_CARDS => {
            format!("résoudre maintenant c{c} {}", view.card_text_in(me.cards[c as usize], lang))
        }
        Action::AbilityCard(c) => {
            let card = view.card_text_in(me.cards[c as usize], lang);
            match crate::heuristic::card_choice_key(view, c) {
                Some("magpie") => format!("mélanger c{c} {card} de votre défausse dans votre deck"),
                Some("guardian-on-card" | "guardian-and-graft") => format!("+1 Gardien sur c{c} {card}"),
                Some("copy-card") => match crate::heuristic::copying_card(view) {
                    Some(x) => format!("c{x} a aussi les symboles et capacités de c{c} {card}"),
                    None => format!("la carte de votre meneur a aussi les symboles et capacités de c{c} {card}"),
                },
                Some("redraw-on-deck") => format!("défausser votre carte on-deck c{c} {card} et en révéler une autre"),
                _ => format!("choisir c{c} {card}"),
            }
        }
        Action::AbilityPick(k) if crate::heuristic::card_choice_key(view, EMPTY) == Some("gain-choice") => {
            format!("gagner {}", if k == 0 { "1 mana" } else { "1 Esprit Libre" })
        }
        Action::AbilityGraft(..) => match crate::heuristic::grafted_text(view, a, lang) {
            Some((title, text, first)) => {
                format!("ajouter à c{first} la capacité de {title} jusqu'à la fin du tour ({text})")
            }
            None => a.to_string(),
        },
        Action::CancelDecay(c) => {
            format!("annuler le Déclin de c{c} {}", view.card_text_in(me.cards[c as usize], lang))
        }
        Action::Keep(c) => {
            format!("garder c{c} pour votre prochain champ {}", view.card_text_in(me.cards[c as usize], lang))
        }
        Action::TakeLeader(l) if usize::from(l) < db.leaders.len() => {
            format!("prendre le meneur {}", leader_summary(db.leader(l), false, lang))
        }
        Action::ChooseLeader(k) => match me.leader_offer {
            Some(o) => format!("garder le meneur {}", leader_summary(db.leader(o[usize::from(k.min(1))]), false, lang)),
            None => a.to_string(),
        },
        Action::TakeAmulet(x) if usize::from(x) < db.amulets.len() => {
            format!("prendre l'amulette {}", amulet_summary(db.amulet(x), false, lang))
        }
        Action::Trade => "échanger votre amulette contre un jeton Mana ordinaire".into(),
        Action::Decline if view.phase == crate::state::Phase::AmuletTrade => "refuser : garder votre amulette".into(),
        Action::Evoke | Action::EvokeOn(_) => match me.amulet {
            Some(x) => format!("invoquer votre amulette : {}", amulet_text(db.amulet(x), lang)),
            None => a.to_string(),
        },
        Action::AbilitySpirit(k) => format!("dépenser 1 Esprit {} pour 2 PV", spirit_name(k, lang)),
        Action::Claim(src) => {
            let x = match src {
                Source::Common(l, k) => view.commons[l as usize][k as usize],
                Source::Soil(slot) => Some(db.soil[slot as usize]).filter(|&x| x != EMPTY),
            };
            match x {
                Some(x) => format!(
                    "réclamer {} ({} mana, {}) comme si vous l'aviez achetée",
                    title(&db.adv(x).title, &db.adv(x).french, lang),
                    db.adv(x).cost,
                    slot_name(db.adv(x).slot, lang)
                ),
                None => a.to_string(),
            }
        }
        Action::Workshop(k, c) => match me.workshop.get(usize::from(k)) {
            Some(&x) => format!(
                "glisser {} de l'atelier dans c{c} {}, qui va sous votre deck",
                title(&db.adv(x).title, &db.adv(x).french, lang),
                view.card_text_in(me.cards[c as usize], lang)
            ),
            None => a.to_string(),
        },
        Action::Replay(c, _) => {
            format!(
                "résoudre à nouveau une capacité « Une Fois Jouée » de c{c} {}",
                view.card_text_in(me.cards[c as usize], lang)
            )
        }
        _ => a.to_string(),
    }
}

/// What an action that needs no card says, in `lang` (`None` for the others).
pub fn plain_description(a: crate::actions::Action, lang: Lang) -> Option<&'static str> {
    use crate::actions::Action::*;
    Some(match a {
        Pass => lang.pick("end the Planting Phase", "terminer votre Phase de Semence"),
        Push => lang.pick(
            "plant the on-deck card and reveal the next",
            "poser la carte on-deck dans votre champ et révéler la suivante",
        ),
        Spoil => lang.pick("accept the spoil", "accepter de Décliner"),
        Druid => lang
            .pick("discard the on-deck card and reveal another", "défausser la carte on-deck et en révéler une autre"),
        Arbor => lang.pick(
            "remove Blooming Arbor from the game for growth",
            "retirer le Bois de l'Éclosion de la partie pour de la Croissance",
        ),
        Decline => lang.pick("decline", "refuser"),
        Mill => lang.pick("discard the top card of your deck", "défausser la première carte de votre deck"),
        Token => lang.pick("spend the mana token for 1 mana", "retourner votre jeton Mana pour 1 mana"),
        Done => lang.pick("end this step", "terminer cette étape"),
        Upgrade => lang.pick("turn your leader to its upgraded side", "retourner votre meneur sur sa face améliorée"),
        Sow => lang.pick("pay mana for the exchange ability", "payer du mana pour la capacité d'échange"),
        _ => return None,
    })
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
        let Some(b) = g.breakdown(Lang::En) else { panic!("no breakdown") };
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
            let Some(b) = g.breakdown(Lang::Fr) else { panic!("no breakdown") };
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
        let c = catalog(db, Lang::Fr);
        let dawn = db.advancements.iter().position(|a| a.key == "dawnsinger").map(|i| i.to_string());
        let Some(dawn) = dawn else { panic!("no Dawnsinger") };
        assert_eq!(c["advancements"][&dawn]["name"], "Chanteuse de l'Aube");
        assert_eq!(
            c["advancements"][&dawn]["text"],
            "1 mana, 1 Esprit Bestial, 1 Gardien ; Récolte : +1 mana par Gardien sur cette carte"
        );
        let en = catalog(db, Lang::En);
        assert_eq!(en["advancements"][&dawn]["name"], "Dawnsinger");
        // Titles the French book does not give keep their English title (documented fallback).
        let missing = db.advancements.iter().filter(|a| a.french.is_empty()).count();
        assert!(missing < db.advancements.len() / 2, "{missing} untranslated titles");
    }
}
