//! What one seat may see ([`View`]), its terminal rendering, and determinization.
//!
//! Public: both formations with all tokens, gold, levels, Sages, action points, the phase and every
//! pending question, the market faces, every discard pile in full (ruling C8), the size of every hand and
//! deck. Private: hands (a seat sees its own and, in teams, its partner's), the order of every deck and
//! market deck. A view also lists, per seat, the cards whose place among hand and deck it cannot see
//! (derivable from public information: packs, purchases, discards and the formation), so that
//! determinization deals them consistently.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Lang, Seat};

use crate::actions::{Slot, slot, slot_name};
use crate::cards::{Card, Cards};
use crate::state::{Ask, Attack, CommandOfNature, Formation, Options, Phase, Player, Question, Step};

/// One seat as another sees it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SeatView {
    /// Sage pack index (faction order twig, pebble, leaf, droplet).
    pub pack: u8,
    /// The hand, when the viewer may see it.
    pub hand: Option<Vec<Card>>,
    /// Cards in hand.
    pub hand_count: u8,
    /// Cards in the deck.
    pub deck_count: u8,
    /// The deck and (if unseen) the hand together, sorted: the cards whose places the viewer cannot see.
    pub unseen: Vec<Card>,
    /// The discard pile, top last.
    pub discard: Vec<Card>,
    /// Level.
    pub level: u8,
    /// Sage in play.
    pub sage_alive: bool,
    /// Faction action used this turn.
    pub faction_used: bool,
}

/// One seat's view of the game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct View {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// Options.
    pub options: Options,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// Both formations.
    pub formations: [Formation; 2],
    /// Gold per side.
    pub gold: [u8; 2],
    /// Market faces.
    pub market: [[Option<Card>; 3]; 2],
    /// Market deck contents, sorted (their order is hidden).
    pub market_decks: [Vec<Card>; 2],
    /// Side to play.
    pub side: u8,
    /// Acting seat.
    pub actor: Seat,
    /// Phase.
    pub phase: Phase,
    /// AP left.
    pub ap: u8,
    /// Hand-overs this turn (counted up to 255).
    pub handovers: u8,
    /// Whether the last main decision was a hand-over (ruling C22).
    pub handed: bool,
    /// Turns played.
    pub turns: u32,
    /// The attack being resolved.
    pub attack: Option<Attack>,
    /// The question asked now.
    pub question: Option<Question>,
    /// Pending work.
    pub stack: Vec<Step>,
    /// Next unit id.
    pub next_uid: u16,
    /// Actions so far.
    pub moves: u32,
    /// The card table of the game.
    pub cards: Cards,
}

impl CommandOfNature {
    /// The view of `seat`.
    pub(crate) fn view_of(&self, seat: Seat) -> View {
        let me = seat.0;
        let seats = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let visible = i as u8 == me || i as u8 == self.partner(me);
                let mut unseen = p.deck.clone();
                if !visible {
                    unseen.extend_from_slice(&p.hand);
                }
                unseen.sort_unstable();
                let mut hand = p.hand.clone();
                hand.sort_unstable();
                SeatView {
                    pack: p.pack,
                    hand: visible.then_some(hand),
                    hand_count: p.hand.len() as u8,
                    deck_count: p.deck.len() as u8,
                    unseen,
                    discard: p.discard.clone(),
                    level: p.level,
                    sage_alive: p.sage_alive,
                    faction_used: p.faction_used,
                }
            })
            .collect();
        let sorted = |v: &Vec<Card>| {
            let mut v = v.clone();
            v.sort_unstable();
            v
        };
        View {
            seat,
            options: self.options.clone(),
            seats,
            formations: self.formations,
            gold: self.gold,
            market: self.market,
            market_decks: [sorted(&self.market_decks[0]), sorted(&self.market_decks[1])],
            side: self.side,
            actor: Seat(self.actor),
            phase: self.phase,
            ap: self.ap,
            handovers: self.handovers,
            handed: self.handed,
            turns: self.turns,
            attack: self.attack,
            question: self.question,
            stack: self.stack.clone(),
            next_uid: self.next_uid,
            moves: self.moves,
            cards: self.cards.clone(),
        }
    }

    /// A full state consistent with `view`: unseen hands and every deck order dealt at random.
    pub(crate) fn sample(view: &View, rng: &mut GameRng) -> CommandOfNature {
        let cap = crate::state::PILE_CAPACITY;
        let players = view
            .seats
            .iter()
            .map(|sv| {
                let mut pool = sv.unseen.clone();
                rng.shuffle(&mut pool);
                let mut hand = Vec::with_capacity(cap);
                let mut deck = Vec::with_capacity(cap);
                match &sv.hand {
                    Some(h) => {
                        hand.extend_from_slice(h);
                        deck.extend_from_slice(&pool);
                    }
                    None => {
                        let k = (sv.hand_count as usize).min(pool.len());
                        hand.extend_from_slice(&pool[..k]);
                        deck.extend_from_slice(&pool[k..]);
                    }
                }
                let mut discard = Vec::with_capacity(cap);
                discard.extend_from_slice(&sv.discard);
                Player {
                    pack: sv.pack,
                    hand,
                    deck,
                    discard,
                    level: sv.level,
                    sage_alive: sv.sage_alive,
                    faction_used: sv.faction_used,
                }
            })
            .collect();
        let mut md = [Vec::with_capacity(cap), Vec::with_capacity(cap)];
        for (d, v) in md.iter_mut().zip(&view.market_decks) {
            d.extend_from_slice(v);
            rng.shuffle(d);
        }
        let mut stack = Vec::with_capacity(64);
        stack.extend_from_slice(&view.stack);
        CommandOfNature {
            options: view.options.clone(),
            players,
            formations: view.formations,
            gold: view.gold,
            market: view.market,
            market_decks: md,
            side: view.side,
            actor: view.actor.0,
            phase: view.phase,
            ap: view.ap,
            handovers: view.handovers,
            handed: view.handed,
            turns: view.turns,
            attack: view.attack,
            question: view.question,
            stack,
            next_uid: view.next_uid,
            moves: view.moves,
            rng: rng.fork(),
            cards: view.cards.clone(),
        }
    }
}

/// A description of the phase or the question asked (for views and illegal-action messages).
pub fn phase_text(question: Option<&Question>, phase: Phase, actor: u8, ap: u8) -> String {
    phase_text_in(question, phase, actor, ap, Lang::En)
}

/// [`phase_text`] in `lang`.
pub fn phase_text_in(question: Option<&Question>, phase: Phase, actor: u8, ap: u8, lang: Lang) -> String {
    let name = |c: Card| crate::words::card_name(c.info(), lang);
    if let Some(q) = question {
        let what = match (q.ask, lang) {
            (Ask::DeckWarrior, _) => lang
                .pick(
                    "setup: choose the warrior that goes into your deck",
                    "mise en place : choisissez le Guerrier élémentaire qui va dans votre deck",
                )
                .to_owned(),
            (Ask::Place { card, .. }, Lang::En) => {
                format!("place {} in the first row with an empty slot", name(card))
            }
            (Ask::Place { card, .. }, Lang::Fr) => {
                format!("placez {} dans la première Rangée qui a une case vide", name(card))
            }
            (Ask::Attacker { cmd }, _) => {
                format!("{}: {}", name(cmd), lang.pick("choose the attacker", "choisissez l'attaquant"))
            }
            (Ask::Target { cmd, .. }, _) => {
                format!("{}: {}", name(cmd), lang.pick("choose the target", "choisissez la cible"))
            }
            (Ask::Target2 { .. }, _) => lang
                .pick(
                    "Distant Double Strike: a second target in Row II, or done",
                    "Double Frappe Lointaine : une seconde cible dans la Rangée II, ou done",
                )
                .into(),
            (Ask::Instants, _) => {
                lang.pick("defend: play instants, or done", "défense : jouez des Ordres immédiats, ou done").into()
            }
            (Ask::CharmTarget { boost: true, .. }, _) => lang
                .pick(
                    "Twig Charm: a different elemental gets a boost",
                    "Charme Brindille : un autre Élémentaire reçoit un pion Amélioration",
                )
                .into(),
            (Ask::CharmTarget { .. }, _) => lang
                .pick(
                    "Pebble Charm: a different elemental gets a shield",
                    "Charme Caillou : un autre Élémentaire reçoit un pion Bouclier",
                )
                .into(),
            (Ask::Intercept { .. }, _) => lang
                .pick(
                    "take the damage instead (`use`) or not (`done`)",
                    "subir les DGT à sa place (`use`) ou non (`done`)",
                )
                .into(),
            (Ask::Tokens { boosts, shields, .. }, Lang::En) => {
                format!("put {boosts} boost(s) and {shields} shield(s) on")
            }
            (Ask::Tokens { boosts, shields, .. }, Lang::Fr) => format!(
                "placez {} et {} sur",
                lang.count(boosts, "pion Amélioration", "pions Amélioration"),
                lang.count(shields, "pion Bouclier", "pions Bouclier")
            ),
            (Ask::Discards { done, min, max, .. }, Lang::En) => {
                format!("discard cards ({done} done, {min} to {max})")
            }
            (Ask::Discards { done, min, max, .. }, Lang::Fr) => {
                format!("défaussez des cartes (de {min} à {max}, {} déjà)", lang.count(done, "défaussée", "défaussées"))
            }
            (Ask::BoostOrShield { .. }, _) => lang
                .pick(
                    "Thorn Fencer: amount 1 = boost, amount 2 = shield",
                    "Escrimeur d'Épines : amount 1 = pion Amélioration, amount 2 = pion Bouclier",
                )
                .into(),
            (Ask::FromDiscard { purpose, left, .. }, _) => {
                use crate::state::DiscardUse;
                let (en, fr) = match purpose {
                    DiscardUse::ToHand => ("into your hand", "dans votre main"),
                    DiscardUse::ToDeck => ("on top of your deck", "sur votre deck"),
                    DiscardUse::Attack => ("an attack command to play", "un Ordre d'attaque à jouer"),
                    DiscardUse::Formation => ("into your formation", "dans votre formation"),
                };
                match lang {
                    Lang::En => format!("take from your discard pile {en} ({left} left)"),
                    Lang::Fr => {
                        format!("prenez dans votre défausse {fr} (encore {})", lang.count(left, "carte", "cartes"))
                    }
                }
            }
            (Ask::Hit { dmg, left, .. }, Lang::En) => {
                format!("deal {dmg} damage to an opposing elemental ({left} left)")
            }
            (Ask::Hit { dmg, left, .. }, Lang::Fr) => {
                format!("infligez {dmg} DGT à un Élémentaire adverse (encore {left})")
            }
            (Ask::SwapFirst { kind } | Ask::SwapSecond { kind, .. }, _) => {
                use crate::state::SwapKind;
                let (en, fr) = match kind {
                    SwapKind::Rows23 => ("your Row II with your Row III", "votre Rangée II avec votre Rangée III"),
                    SwapKind::Rows12 => ("your Row I with your Row II", "votre Rangée I avec votre Rangée II"),
                    SwapKind::Rows13 => ("your Row I with your Row III", "votre Rangée I avec votre Rangée III"),
                    SwapKind::EnemyRows12 => {
                        ("the opponent's Row I with their Row II", "la Rangée I adverse avec sa Rangée II")
                    }
                    SwapKind::AnyTwo => ("any two of your elementals", "deux de vos Élémentaires"),
                    SwapKind::Razor(_) => ("it and a connected elemental", "lui et un Élémentaire adjacent"),
                    SwapKind::LeafSend => (
                        "an elemental next to your Sage goes to the discard pile",
                        "un Élémentaire voisin de votre Sage va dans la défausse",
                    ),
                };
                format!("{}: {}", lang.pick("swap", "échange"), lang.pick(en, fr))
            }
            (Ask::Spend { .. }, _) => lang.pick("how many tokens to spend", "combien de pions dépenser").into(),
            (Ask::FactionPick { level }, Lang::En) => format!("faction action {level}: choose an elemental"),
            (Ask::FactionPick { level }, Lang::Fr) => {
                format!("action de faction {level} : choisissez un Élémentaire")
            }
            (Ask::Redistribute { left }, Lang::En) => format!("place {left} shield(s) one by one"),
            (Ask::Redistribute { left }, Lang::Fr) => {
                format!("placez {} un par un", lang.count(left, "pion Bouclier", "pions Bouclier"))
            }
            (Ask::Refill, _) => lang.pick("refill the front rows", "complétez les premières Rangées").into(),
        };
        return format!("p{} — {what}", q.seat);
    }
    match (phase, lang) {
        (Phase::Setup, _) => lang.pick("setup", "mise en place").into(),
        (Phase::Daybreak, _) => {
            format!("p{actor} — {}", lang.pick("phase I: daybreak effects", "phase I : effets d'aube"))
        }
        (Phase::Actions, Lang::En) => format!("p{actor} — phase II: {ap} AP left"),
        (Phase::Actions, Lang::Fr) => {
            format!("p{actor} — phase II : {}", lang.count(ap, "PA restant", "PA restants"))
        }
        (Phase::Market, _) => format!("p{actor} — {}", lang.pick("phase III: markets", "phase III : Marchés")),
        (Phase::Reset(_), _) => format!(
            "p{actor} — {}",
            lang.pick("phase IV: discard, then draw to 5", "phase IV : défaussez, puis piochez jusqu'à 5 cartes")
        ),
        (Phase::Over(None), _) => {
            lang.pick("game over: draw (turn limit)", "partie terminée : match nul (limite de tours)").into()
        }
        (Phase::Over(Some(s)), Lang::En) => format!("game over: side {s} wins"),
        (Phase::Over(Some(s)), Lang::Fr) => format!("partie terminée : le camp {s} gagne"),
    }
}

impl CommandOfNature {
    /// What is being decided now, in a few fixed words (cheap: for illegal-action messages).
    pub fn brief(&self) -> &'static str {
        match (self.question.map(|q| q.ask), self.phase) {
            (Some(Ask::DeckWarrior), _) => "setup: choose your deck's warrior",
            (Some(Ask::Place { .. }), _) => "place an elemental",
            (Some(Ask::Attacker { .. }), _) => "choose the attacker",
            (Some(Ask::Target { .. } | Ask::Target2 { .. }), _) => "choose the target",
            (Some(Ask::Instants), _) => "defend: instants or done",
            (Some(Ask::CharmTarget { .. }), _) => "charm: choose a different elemental",
            (Some(Ask::Intercept { .. }), _) => "intercept: use or done",
            (Some(Ask::Tokens { .. }), _) => "put tokens on an elemental",
            (Some(Ask::Discards { .. }), _) => "discard cards",
            (Some(Ask::BoostOrShield { .. }), _) => "amount 1 (boost) or amount 2 (shield)",
            (Some(Ask::FromDiscard { .. }), _) => "take a card from the discard pile",
            (Some(Ask::Hit { .. }), _) => "deal damage to an opposing elemental",
            (Some(Ask::SwapFirst { .. } | Ask::SwapSecond { .. }), _) => "swap",
            (Some(Ask::Spend { .. }), _) => "how many tokens to spend",
            (Some(Ask::FactionPick { .. }), _) => "faction action: choose an elemental",
            (Some(Ask::Redistribute { .. }), _) => "place the shields",
            (Some(Ask::Refill), _) => "refill the front rows",
            (None, Phase::Setup) => "setup",
            (None, Phase::Daybreak) => "phase I: daybreak effects",
            (None, Phase::Actions) => "phase II: actions",
            (None, Phase::Market) => "phase III: markets",
            (None, Phase::Reset(_)) => "phase IV: discard, then draw to 5",
            (None, Phase::Over(_)) => "game over",
        }
    }
}

impl View {
    /// Number of seats.
    pub fn n(&self) -> usize {
        self.seats.len()
    }

    /// Whether an attacker in row `ar` may target row `tr` with `cmd`.
    pub fn can_target(&self, cmd: Card, ar: usize, tr: usize) -> bool {
        CommandOfNature::reaches(self.cards.info(cmd).reach, ar, tr)
    }

    /// Width unit (1 or 2).
    pub fn w(&self) -> usize {
        if self.n() == 4 { 2 } else { 1 }
    }

    /// The unit at a slot of a side.
    pub fn at(&self, side: u8, s: Slot) -> Option<&crate::state::Unit> {
        self.formations[side as usize][(s / 6) as usize][(s % 6) as usize].as_ref()
    }

    /// The hand of this view's seat.
    pub fn hand(&self) -> &[Card] {
        self.seats[self.seat.index()].hand.as_deref().unwrap_or(&[])
    }

    /// A description of the phase or question.
    pub fn phase_text(&self) -> String {
        phase_text(self.question.as_ref(), self.phase, self.actor.0, self.ap)
    }

    fn unit_text(&self, side: u8, s: Slot, lang: Lang) -> String {
        match self.at(side, s) {
            None => format!("{:<5}{:<24}", slot_name(s), "."),
            Some(u) => {
                let i = self.cards.info(u.card);
                let mut t = format!("{} {}/{}", crate::words::card_name(i, lang), i.strength, i.health);
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
}

impl View {
    /// The table as the terminal shows it, in `lang` (the `Display` is the English).
    pub fn write_in(&self, f: &mut dyn fmt::Write, lang: Lang) -> fmt::Result {
        let me = self.seat.0;
        let my_side = me & 1;
        let phase = phase_text_in(self.question.as_ref(), self.phase, self.actor.0, self.ap, lang);
        match lang {
            Lang::En => {
                writeln!(f, "Command of Nature — turn {} — side {} to play — {phase}", self.turns + 1, self.side)?
            }
            Lang::Fr => {
                writeln!(f, "Command of Nature — tour {} — au camp {} de jouer — {phase}", self.turns + 1, self.side)?
            }
        }
        for side in [1 - my_side, my_side] {
            let seats: Vec<String> = (0..self.n())
                .filter(|&i| i as u8 & 1 == side)
                .map(|i| {
                    let s = &self.seats[i];
                    let pack = &self.cards.packs[s.pack as usize];
                    let faction = crate::words::faction_name(pack.faction, lang);
                    let fallen = if s.sage_alive { "" } else { lang.pick(" (Sage fallen)", " (Sage vaincu)") };
                    match lang {
                        Lang::En => format!(
                            "p{i} {} ({faction}) level {}{fallen}, hand {}, deck {}, discard {}",
                            pack.sage.name(),
                            s.level,
                            s.hand_count,
                            s.deck_count,
                            s.discard.len()
                        ),
                        Lang::Fr => format!(
                            "p{i} {} ({faction}) niveau {}{fallen}, main {}, deck {}, défausse {}",
                            pack.sage.name(),
                            s.level,
                            s.hand_count,
                            s.deck_count,
                            s.discard.len()
                        ),
                    }
                })
                .collect();
            let gold = self.gold[side as usize];
            match lang {
                Lang::En => writeln!(
                    f,
                    "side {side}{}: {gold} gold · {}",
                    if side == my_side { " (you)" } else { "" },
                    seats.join(" · ")
                )?,
                Lang::Fr => writeln!(
                    f,
                    "camp {side}{} : {} · {}",
                    if side == my_side { " (vous)" } else { "" },
                    lang.count(gold, "Pièce d'or", "Pièces d'or"),
                    seats.join(" · ")
                )?,
            }
            let order: [usize; 3] = if side == my_side { [0, 1, 2] } else { [2, 1, 0] };
            for r in order {
                let cells: Vec<String> =
                    (0..(r + 1) * self.w()).map(|c| self.unit_text(side, slot(r, c), lang)).collect();
                writeln!(f, "  {}", cells.join(" ").trim_end())?;
            }
            if side != my_side {
                writeln!(f, "  ----------------------------------------")?;
            }
        }
        let m = |k: usize| -> String {
            (0..3)
                .map(|i| match self.market[k][i] {
                    Some(c) => format!(
                        "{}{} {} ({}{})",
                        if k == 0 { 'e' } else { 'c' },
                        i + 1,
                        crate::words::card_name(self.cards.info(c), lang),
                        self.cards.info(c).cost.unwrap_or(0),
                        lang.pick("g", " or")
                    ),
                    None => "-".into(),
                })
                .collect::<Vec<_>>()
                .join(" · ")
        };
        match lang {
            Lang::En => {
                writeln!(f, "elemental market: {} [{} in deck]", m(0), self.market_decks[0].len())?;
                writeln!(f, "command market:   {} [{} in deck]", m(1), self.market_decks[1].len())?;
            }
            Lang::Fr => {
                let left = |k: usize| lang.count(self.market_decks[k].len() as i64, "carte", "cartes");
                writeln!(f, "Marché des Élémentaires : {} [paquet : {}]", m(0), left(0))?;
                writeln!(f, "Marché des Ordres :       {} [paquet : {}]", m(1), left(1))?;
            }
        }
        if let Some(a) = &self.attack {
            let cmd = crate::words::card_name(self.cards.info(a.cmd), lang);
            match lang {
                Lang::En => writeln!(f, "attack: {cmd} (cut {})", a.cut)?,
                Lang::Fr => writeln!(f, "attaque : {cmd} (DGT réduits de {})", a.cut)?,
            }
        }
        // Commands in play: they reach their owner's discard pile once their effect is over (ruling C17).
        let playing: Vec<String> = self
            .stack
            .iter()
            .filter_map(|s| match *s {
                crate::state::Step::Discard { seat, card } => {
                    Some(format!("{} (p{seat})", crate::words::card_name(self.cards.info(card), lang)))
                }
                _ => None,
            })
            .collect();
        if !playing.is_empty() {
            let head = lang.pick("in play, then to the discard pile", "en jeu, puis vers la défausse");
            writeln!(f, "{head}{}{}", lang.pick(": ", " : "), playing.join(", "))?;
        }
        for (i, s) in self.seats.iter().enumerate() {
            if let Some(h) = &s.hand {
                let names: Vec<&str> = h.iter().map(|&c| crate::words::card_name(self.cards.info(c), lang)).collect();
                let who = match (i as u8 == me, lang) {
                    (true, _) => lang.pick("your hand (p{i})", "votre main (p{i})"),
                    (false, _) => lang.pick("your partner's hand (p{i})", "main de votre coéquipier (p{i})"),
                }
                .replace("{i}", &i.to_string());
                writeln!(f, "{who}: {}", names.join(", "))?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(f, Lang::En)
    }
}
