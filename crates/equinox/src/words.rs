//! What Equinox says to players in English and French: the final score breakdown and end reason, the
//! card catalog (names and power texts from the rulebook's appendix, `equinox.fr.txt:345-420`) and the
//! help for each action notation.
//!
//! The French texts are the rulebook's; the English ones are our translation. Creature names are the
//! French edition's proper names in both languages.

use serde_json::{Map, Value, json};
use sylvan_engine::{ActionHelp, Breakdown, BreakdownRow, Lang, Seat, number};

use crate::cards::{Card, CardKind, Creature, TreeKind};
use crate::events::EndReason;
use crate::state::{Equinox, Phase, ROUNDS};

/// The power of each creature, in [`Creature::ALL`] order: (English, French from `equinox.fr.txt`).
const POWERS: [(&str, &str); Creature::COUNT] = [
    (
        "Draw 3 cards (no more, no fewer) into your hand. If this empties the draw pile, the game ends at once.",
        "Piochez 3 cartes (ni plus ni moins) pour les ajouter à votre main. Si de cette manière vous épuisez la pioche, la partie s'arrête immédiatement.",
    ),
    (
        "Take back one of your prediction stones already placed in a creature's column (eliminated or not). If it is your secret prediction, discard its creature card. You may place that stone again on a later turn.",
        "Récupérez l'un de vos cailloux Prédiction déjà posés dans la colonne d'une créature (éliminée ou non). Si vous récupérez le caillou de votre prédiction secrète, défaussez la carte Créature qui y est associée. Vous pouvez placer une nouvelle prédiction avec ce caillou lors d'un tour suivant.",
    ),
    (
        "Choose another player. Draw half of their hand at random (rounded up) and set those cards face down in front of them without looking.",
        "Désignez un autre joueur. Piochez aléatoirement la moitié (arrondie au supérieur) de ses cartes en main et posez-les face cachée devant lui sans les regarder.",
    ),
    (
        "Place one of your available prediction stones at once on a creature that has none, in any row (earlier rows included), but not on a champion card.",
        "Placez immédiatement un de vos cailloux Prédiction disponibles sur une créature qui n'en a pas déjà, dans n'importe quelle rangée (y compris les rangées précédentes). Vous ne pouvez placer ce caillou sur une carte Champion.",
    ),
    (
        "Play a second card at once, as if you had an extra phase 2 this turn. At most once per turn.",
        "Jouez immédiatement une seconde carte, comme si vous aviez une phase 2 supplémentaire à ce tour. Vous ne pouvez activer ce pouvoir spécial plus d'une fois par tour.",
    ),
    (
        "Choose a player and name a creature not yet eliminated. That player must give you one of its creature cards if they have one; otherwise they show you their hand.",
        "Désignez un joueur et nommez une créature qui n'a pas encore été éliminée. Ce joueur doit vous donner une carte Créature de celle-ci s'il en a une. S'il n'en a pas, il doit vous montrer sa main.",
    ),
    (
        "In phase 3 of your turn you may discard up to 3 creature cards (in play or eliminated) without showing them.",
        "À la phase 3 de votre tour, vous pouvez défausser des cartes de créatures encore en jeu ou éliminées, sans les montrer. Vous ne pouvez défausser plus de 3 cartes ce tour-ci.",
    ),
    (
        "Choose another creature eliminated during the game and use its power at once.",
        "Choisissez une autre créature qui a été éliminée durant la partie et activez immédiatement son pouvoir spécial.",
    ),
    (
        "Choose another player with at least 3 cards in hand. Draw 3 of them, keep one and give the other two back unseen by the others.",
        "Choisissez un autre joueur qui a au moins 3 cartes en main. Piochez 3 cartes dans la main de ce joueur et regardez-les. Gardez-en une de votre choix et rendez les deux autres à son propriétaire.",
    ),
    (
        "Take a visible Croc ardent creature card from an earlier row into your hand.",
        "Récupérez une carte Créature visible de Croc ardent dans une rangée précédente puis l'ajouter à votre main.",
    ),
    (
        "Choose the column of a creature still in play and swap two of its visible creature cards.",
        "Choisissez la colonne d'une créature encore en jeu. Échangez d'emplacements deux cartes Créature visibles de cette colonne.",
    ),
    (
        "Discard a visible creature card or chameleon in another column of the current row; the card beneath becomes that creature's current card.",
        "Défaussez une carte Créature ou une carte Caméléon visible dans une autre colonne de la rangée actuelle. Une carte révélée grâce à ce pouvoir est considérée comme la carte actuelle de cette créature.",
    ),
    (
        "No power, but each of its creature cards is half a point stronger (0.5 to 10.5). At the end, if Ursus is still in play, each stone in its column scores half a prestige point more.",
        "Ursus n'a pas de pouvoir particulier, mais la force de chacune de ses cartes Créature est d'une demie de plus que la normale (0,5 à 10,5). Lors du décompte final, si Ursus est encore en jeu, chaque joueur marque 0,5 PP pour chacun de ses cailloux Prédiction dans cette colonne.",
    ),
    (
        "Take a visible chameleon from any row into your hand; the card beneath becomes that creature's current card.",
        "Récupérez une carte Caméléon visible d'une rangée de votre choix pour l'ajouter à votre main. Une carte révélée grâce à ce pouvoir est considérée comme la carte actuelle de cette créature.",
    ),
];

/// The text of a tree card: (English, French from `equinox.fr.txt:416-420`).
fn tree_text(k: TreeKind) -> (&'static str, &'static str) {
    match k {
        TreeKind::Ancetre => (
            "Choose a creature still in play. Every player with a secret prediction on it reveals it at once. A secret prediction is worth 5 prestige points.",
            "Choisissez une créature encore en jeu. Chaque joueur qui a placé une prédiction secrète sur cette créature doit immédiatement la révéler. Une prédiction secrète vaut 5 PP.",
        ),
        TreeKind::Dryade => (
            "Take a visible creature card (of this round or an earlier one) into your hand.",
            "Récupérez une carte Créature visible (de la manche actuelle ou d'une manche précédente) puis ajoutez-la à votre main.",
        ),
    }
}

/// `de` before a French name, with its elision and contraction: `de Griso`, `d'Ursus`, `du Duc`
/// (Le Duc), `de L'Ancêtre`.
pub fn de(name: &str) -> String {
    if let Some(rest) = name.strip_prefix("Le ") {
        format!("du {rest}")
    } else if name.starts_with(['A', 'E', 'I', 'O', 'U', 'É', 'a', 'e', 'i', 'o', 'u', 'é']) {
        format!("d'{name}")
    } else {
        format!("de {name}")
    }
}

/// `à` before a French name, with its contraction: `à Griso`, `au Duc` (Le Duc).
pub fn a(name: &str) -> String {
    match name.strip_prefix("Le ") {
        Some(rest) => format!("au {rest}"),
        None => format!("à {name}"),
    }
}

/// The power text of `c` in `lang`.
pub fn power_text(c: Creature, lang: Lang) -> &'static str {
    let (en, fr) = POWERS[c.index()];
    lang.pick(en, fr)
}

/// A card's name in `lang` (`Gruyère 7`, `Chameleon 3` / `Caméléon 3`, `Dryade`).
pub fn card_name(card: Card, lang: Lang) -> String {
    match card.kind() {
        CardKind::Chameleon(s) => format!("{} {s}", lang.pick("Chameleon", "Caméléon")),
        _ => card.long_name(),
    }
}

/// Why the game ended, as a sentence.
pub fn end_reason_text(reason: EndReason, lang: Lang) -> &'static str {
    match reason {
        EndReason::FiveRounds => lang.pick(
            "The fifth round ended with an elimination.",
            "La cinquième manche s'est terminée par une élimination.",
        ),
        EndReason::DeckExhausted => lang.pick("The draw pile ran out.", "La pioche est épuisée."),
        EndReason::Stalled => lang.pick(
            "A whole table turn passed with every player passing and nobody drawing (ruling E9).",
            "Un tour de table complet s'est passé sans qu'aucun joueur ne joue ni ne pioche (décision E9).",
        ),
    }
}

impl Equinox {
    /// The final breakdown ("Décompte final", `equinox.fr.txt:295-306`): secret predictions (5), stones
    /// in rows 1–5 (4, 3, 2, 1, 0), Ursus's half points; then the tie-breaks in words.
    pub(crate) fn words_breakdown(&self, lang: Lang) -> Option<Breakdown> {
        let Phase::Over(reason) = self.phase else { return None };
        let t = self.tallies();
        let mut rows = vec![BreakdownRow::new(
            lang.pick("secret predictions (5 each)", "prédictions secrètes (5 PP chacune)"),
            t.iter().map(|x| f64::from(x.secrets) * 5.0),
        )];
        for r in 1..=ROUNDS as u8 {
            let v = Self::row_value(r);
            let label = match lang {
                Lang::En => format!("stones in row {r} ({v} each)"),
                Lang::Fr => format!("cailloux de la rangée {r} ({v} PP chacun)"),
            };
            rows.push(BreakdownRow::new(
                label,
                t.iter().map(|x| f64::from(x.stones_by_row[r as usize - 1]) * f64::from(v)),
            ));
        }
        if t.iter().any(|x| x.ursus_half_points > 0) {
            rows.push(BreakdownRow::new(
                lang.pick("Ursus (½ per stone in its column)", "Ursus (½ PP par caillou de sa colonne)"),
                t.iter().map(|x| f64::from(x.ursus_half_points) / 2.0),
            ));
        }
        let totals = self.final_scores();
        let mut notes = Vec::new();
        let best = totals.iter().copied().fold(f64::MIN, f64::max);
        let tied: Vec<usize> = (0..totals.len()).filter(|&i| totals[i] == best).collect();
        let winners: Vec<Seat> = sylvan_engine::Game::winners(self);
        if tied.len() > 1 {
            let names = |v: &[usize]| v.iter().map(|i| format!("p{i}")).collect::<Vec<_>>().join(", ");
            let why = if winners.len() > 1 {
                lang.pick(
                    "nothing breaks the tie: the victory is shared",
                    "rien ne les départage : la victoire est partagée",
                )
                .to_owned()
            } else if tied.iter().filter(|&&i| t[i].secret_on_survivor).count() == 1 {
                lang.pick(
                    "a secret prediction on a surviving creature breaks the tie",
                    "une prédiction secrète sur une créature encore en jeu les départage",
                )
                .to_owned()
            } else {
                let row = (0..ROUNDS)
                    .find(|&r| tied.iter().any(|&i| t[i].stones_by_row[r] != t[tied[0]].stones_by_row[r]))
                    .map_or(ROUNDS, |r| r + 1);
                match lang {
                    Lang::En => format!("the most stones on surviving creatures in row {row} breaks the tie"),
                    Lang::Fr => {
                        format!("le plus de cailloux sur des créatures en jeu dans la rangée {row} les départage")
                    }
                }
            };
            let won = winners.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
            notes.push(match lang {
                Lang::En => {
                    let w = if winners.len() > 1 { "winners" } else { "winner" };
                    format!("{} tie on {}; {why}; {w}: {won}.", names(&tied), number(best))
                }
                Lang::Fr => {
                    let w = if winners.len() > 1 { "gagnants" } else { "gagnant" };
                    format!("{} à égalité avec {} PP ; {why} ; {w} : {won}.", names(&tied), lang.number(best))
                }
            });
        }
        Some(Breakdown { end_reason: end_reason_text(reason, lang).to_owned(), rows, totals, notes })
    }

    /// The catalog: every creature (champion and power), every card id of this game.
    pub(crate) fn words_catalog(&self, lang: Lang) -> Value {
        let mut creatures = Map::new();
        for c in Creature::ALL {
            creatures.insert(
                c.code().to_owned(),
                json!({ "name": c.name(), "text": power_text(c, lang), "cost": Value::Null, "in_game": self.col(c).is_some() }),
            );
        }
        let mut cards = Map::new();
        for id in 0..Card::COUNT as u8 {
            let card = Card(id);
            let (kind, text, extra) = match card.kind() {
                CardKind::Creature(c, s) => (
                    "creature",
                    power_text(c, lang).to_owned(),
                    json!({ "creature": c.code(), "strength": f64::from(card.half_strength()) / 2.0, "printed": s }),
                ),
                CardKind::Chameleon(s) => (
                    "chameleon",
                    lang.pick(
                        "Played on any creature of the current row; it counts as that creature's card with its strength, but never triggers a power.",
                        "Se joue sur n'importe quelle créature de la rangée actuelle ; compte comme une carte de cette créature avec sa force, sans activer de pouvoir.",
                    )
                    .to_owned(),
                    json!({ "strength": s, "printed": s }),
                ),
                CardKind::Tree(k) => {
                    let (en, fr) = tree_text(k);
                    ("tree", lang.pick(en, fr).to_owned(), json!({ "tree": card.canonical().to_string() }))
                }
            };
            let mut entry = json!({ "name": card_name(card, lang), "notation": card.to_string(), "kind": kind, "text": text, "cost": Value::Null });
            if let (Some(o), Some(e)) = (entry.as_object_mut(), extra.as_object()) {
                o.extend(e.clone());
            }
            cards.insert(id.to_string(), entry);
        }
        json!({ "creatures": creatures, "cards": cards })
    }
}

/// Each action notation with what it does.
pub fn action_help(lang: Lang) -> Vec<ActionHelp> {
    let rows: [(&str, &str, &str); 23] = [
        ("skip", "make no prediction this turn", "ne placer aucune prédiction ce tour-ci"),
        (
            "predict CRE",
            "place a stone on creature CRE in the current row",
            "placer une prédiction (un caillou) sur la créature CRE dans la rangée actuelle",
        ),
        (
            "secret CARD",
            "make your secret prediction with creature card CARD (e.g. gru7)",
            "placer votre prédiction secrète avec la carte Créature CARD (p. ex. gru7)",
        ),
        ("reveal", "reveal your secret prediction", "révéler votre prédiction secrète"),
        (
            "play CARD",
            "play a creature card in its column (e.g. play gru7)",
            "jouer une carte Créature dans sa colonne (p. ex. play gru7)",
        ),
        ("play camN>CRE", "play chameleon N on creature CRE", "jouer le caméléon N sur la créature CRE"),
        ("play dryade / play ancetre", "play a tree card", "jouer une carte Arbre"),
        ("pass", "play no card: show your hand", "ne jouer aucune carte : montrer votre main"),
        ("discard CARD", "discard a card in phase 3", "défausser une carte en phase 3"),
        ("done", "end phase 3", "terminer la phase 3"),
        ("use / decline", "use or decline the creature's power", "activer ou non le pouvoir spécial de la créature"),
        ("retrieve rN CRE / retrieve secret", "Lichen: take back a stone", "Lichen : récupérer un caillou"),
        ("target pN", "Panache or Sabot: choose a player", "Panache ou Sabot : désigner un joueur"),
        ("stone rN CRE", "Griso: place a stone in row N on CRE", "Griso : poser un caillou sur CRE dans la rangée N"),
        ("ask pN CRE", "Le Duc: ask player N for a card of CRE", "Le Duc : demander au joueur N une carte de CRE"),
        ("give CARD", "answer Le Duc with this card", "donner cette carte en réponse au Duc"),
        (
            "bolet CRE",
            "Bolet: use the power of eliminated creature CRE",
            "Bolet : activer le pouvoir spécial de la créature éliminée CRE",
        ),
        ("keep CARD", "Sabot: keep this card of the three", "Sabot : garder cette carte parmi les trois"),
        (
            "take rN CRE",
            "take the visible card of row N, column CRE",
            "prendre la carte visible de la rangée N, colonne CRE",
        ),
        (
            "swap CRE rA rB",
            "Rainette: swap two visible cards of a column",
            "Rainette : échanger deux cartes visibles d'une colonne",
        ),
        (
            "remove CRE",
            "Plume de velours: discard the visible card of CRE in this row",
            "Plume de velours : défausser la carte visible de CRE dans cette rangée",
        ),
        ("name CRE", "L'Ancêtre: name a creature", "L'Ancêtre : nommer une créature"),
        (
            "CRE",
            "a creature code: gru lic pan gri bic duc car bol sab cro rai plu urs pel",
            "un code de créature : gru lic pan gri bic duc car bol sab cro rai plu urs pel",
        ),
    ];
    rows.iter().map(|&(n, en, fr)| ActionHelp::new(n, lang.pick(en, fr))).collect()
}

fn long(c: Card, lang: Lang) -> String {
    card_name(c, lang)
}

fn list(v: &[Card], lang: Lang) -> String {
    v.iter().map(|&c| long(c, lang)).collect::<Vec<_>>().join(", ")
}

/// An event as a sentence in `lang` (English is the event's `Display`).
pub fn event_text(e: &crate::events::Event, lang: Lang) -> String {
    use crate::events::Event::*;
    if lang == Lang::En {
        return e.to_string();
    }
    let l = |c: &Card| long(*c, lang);
    let cartes = |n: u8| lang.count(n, "carte", "cartes");
    match e {
        TurnStarted { seat, round } => format!("— au tour de {seat} (manche {round})"),
        Predicted { seat, creature, row } => {
            format!("{seat} place une prédiction sur {} dans la rangée {row}", creature.name())
        }
        SecretPlaced { seat, card: Some(c) } => format!("{seat} place une prédiction secrète sur {}", l(c)),
        SecretPlaced { seat, card: None } => format!("{seat} place une prédiction secrète"),
        SecretRevealed { seat, card } => format!("{seat} révèle sa prédiction secrète : {}", l(card)),
        PredictionSkipped { seat } => format!("{seat} ne fait pas de prédiction"),
        Played { seat, card, column: Some(c) } if card.is_chameleon() => {
            format!("{seat} joue {} sur {}", l(card), c.name())
        }
        Played { seat, card, .. } => format!("{seat} joue {}", l(card)),
        PassedShowingHand { seat, hand } => {
            format!("{seat} ne peut pas jouer et montre sa main : {}", list(hand, lang))
        }
        PowerUsed { seat, creature } => format!("{seat} active le pouvoir spécial {}", de(creature.name())),
        PowerDeclined { seat, creature } => {
            format!("{seat} n'active pas le pouvoir spécial {}", de(creature.name()))
        }
        Discarded { seat, card: Some(c) } => format!("{seat} défausse {}", l(c)),
        Discarded { seat, card: None } => format!("{seat} défausse une carte face cachée"),
        CardToDiscard { card } => format!("{} va à la défausse", l(card)),
        Drew { seat, cards } => format!("{seat} pioche {}", list(cards, lang)),
        DrewCount { seat, count } => format!("{seat} pioche {}", cartes(*count)),
        StoneRetrieved { seat, creature: Some(c), row: Some(r) } => {
            format!("{seat} récupère son caillou de la colonne {} (rangée {r})", de(c.name()))
        }
        StoneRetrieved { seat, .. } => format!("{seat} récupère le caillou de sa prédiction secrète"),
        StonePlaced { seat, creature, row } => {
            format!("{seat} pose un caillou sur {} dans la rangée {row}", creature.name())
        }
        SetAside { victim, count: 1 } => format!("1 carte de {victim} est mise de côté face cachée"),
        SetAside { victim, count } => format!("{count} cartes de {victim} sont mises de côté face cachée"),
        AsideReturned { seat, count: 1 } => format!("{seat} reprend sa carte mise de côté"),
        AsideReturned { seat, count } => format!("{seat} reprend ses {count} cartes mises de côté"),
        Asked { seat, victim, creature } => {
            format!("{seat} demande à {victim} une carte {}", de(creature.name()))
        }
        Gave { victim, to, card: Some(c) } => format!("{victim} donne {} à {to}", l(c)),
        Gave { victim, to, card: None } => format!("{victim} donne une carte à {to}"),
        HandShown { from, to, hand: Some(h) } => format!("{from} montre sa main à {to} : {}", list(h, lang)),
        HandShown { from, to, hand: None } => format!("{from} montre sa main à {to}"),
        SabotDrew { seat, victim, cards: Some(c) } => {
            format!("{seat} pioche dans la main de {victim} : {}", list(c, lang))
        }
        SabotDrew { seat, victim, cards: None } => format!("{seat} pioche 3 cartes dans la main de {victim}"),
        SabotKept { seat, victim, card: Some(c) } => format!("{seat} garde {} prise à {victim}", l(c)),
        SabotKept { seat, victim, card: None } => {
            format!("{seat} garde une carte de {victim} et lui rend les deux autres")
        }
        Took { seat, card, row, column } => {
            format!("{seat} prend {} dans la colonne {} (rangée {row})", l(card), de(column.name()))
        }
        Swapped { column, rows } => {
            format!(
                "dans la colonne {}, les cartes des rangées {} et {} sont échangées",
                de(column.name()),
                rows.0,
                rows.1
            )
        }
        Removed { card, column } => format!("{} est défaussée de la colonne {}", l(card), de(column.name())),
        Named { seat, creature } => format!("{seat} nomme {} avec L'Ancêtre", creature.name()),
        Eliminated { creature, round } => format!("{} est éliminé à la manche {round}", creature.name()),
        GameOver { reason, scores } => {
            let s: Vec<String> = scores.iter().enumerate().map(|(i, &x)| format!("p{i} {}", lang.number(x))).collect();
            format!("partie terminée : {} Scores : {}", end_reason_text(*reason, lang), s.join(" · "))
        }
    }
}

/// An action described for the seat of `view`, in `lang`.
pub fn describe_in(view: &crate::view::View, a: crate::actions::Action, lang: Lang) -> String {
    use crate::actions::{Action, StoneSpot};
    if lang == Lang::En {
        return crate::heuristic::describe(view, a);
    }
    let name = |c: Creature| c.name();
    match a {
        Action::SkipPrediction => "ne placer aucune prédiction".into(),
        Action::Predict(c) => {
            let pp = 5 - view.round;
            let pp = lang.count(pp, "PP", "PP");
            format!("placer une prédiction sur {} dans la rangée {} (vaut {pp})", name(c), view.round)
        }
        Action::Secret(card) => format!("placer une prédiction secrète avec {}", long(card, lang)),
        Action::Reveal => "révéler votre prédiction secrète".into(),
        Action::Play(card) => format!("jouer {}", long(card, lang)),
        Action::PlayChameleon(cam, c) => format!("jouer {} sur {}", long(cam, lang), name(c)),
        Action::PlayTree(k) => format!("jouer {}", k.name()),
        Action::Pass => "passer (aucune carte jouable : vous montrez votre main)".into(),
        Action::Discard(card) => format!("défausser {}", long(card, lang)),
        Action::EndDiscard => "arrêter de défausser".into(),
        Action::Decline => "ne pas activer le pouvoir spécial".into(),
        Action::UsePower => match view.phase {
            Phase::Power { creature, .. } => format!("activer le pouvoir spécial : {}", power_text(creature, lang)),
            _ => "activer le pouvoir spécial".into(),
        },
        Action::Retrieve(StoneSpot::Secret) => "récupérer le caillou de votre prédiction secrète".into(),
        Action::Retrieve(StoneSpot::At(0, c)) => {
            format!("récupérer votre caillou de la carte Champion {}", de(name(c)))
        }
        Action::Retrieve(StoneSpot::At(r, c)) => {
            format!("récupérer votre caillou de la colonne {} (rangée {r})", de(name(c)))
        }
        Action::Target(s) => match view.phase {
            Phase::Power { creature: Creature::Panache, .. } => format!("mettre de côté la moitié de la main de {s}"),
            _ => format!("piocher 3 cartes dans la main de {s} et en garder une"),
        },
        Action::PlaceStone(r, c) => format!("poser un caillou sur {} dans la rangée {r}", name(c)),
        Action::Ask(s, c) => format!("demander à {s} une carte {}", de(name(c))),
        Action::Give(card) => format!("donner {}", long(card, lang)),
        Action::Borrow(c) => format!("activer le pouvoir spécial {}", de(name(c))),
        Action::Keep(card) => format!("garder {}", long(card, lang)),
        Action::Take(r, c) => format!("prendre la carte visible de la colonne {} (rangée {r})", de(name(c))),
        Action::Swap(c, r1, r2) => {
            format!("échanger les cartes des rangées {r1} et {r2} dans la colonne {}", de(name(c)))
        }
        Action::Remove(c) => format!("défausser la carte visible de la colonne {}", de(name(c))),
        Action::Name(c) => format!("nommer {} (ses prédictions secrètes sont révélées)", name(c)),
    }
}

impl crate::view::View {
    /// The terminal rendering in `lang`, with the creatures in play and their powers, and the tree
    /// cards in the hand.
    pub fn render(&self, lang: Lang) -> String {
        let mut t = String::new();
        let _ = self.write_in(&mut t, lang);
        t.push_str(lang.pick("\ncreatures (code, name, power):", "\ncréatures (code, nom, pouvoir) :"));
        for (col, c) in self.champions.iter().enumerate() {
            let gone = if self.eliminated_in[col].is_some() { lang.pick(" [eliminated]", " [éliminée]") } else { "" };
            t.push_str(&format!("\n  {} {}{gone}: {}", c.code(), c.name(), power_text(*c, lang)));
        }
        for k in TreeKind::ALL {
            if self.hand.iter().any(|c| c.tree() == Some(k)) {
                let (en, fr) = tree_text(k);
                t.push_str(&format!("\n  {}: {}", k.name(), lang.pick(en, fr)));
            }
        }
        t
    }
}
