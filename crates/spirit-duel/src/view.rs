//! What one seat may see ([`View`]), its terminal rendering, and determinization.
//!
//! Public: every spirit (PV, charged or exhausted, attached cards, how many bound abilities lie under
//! it), PM, hand sizes, pile sizes, discard piles, removed cards, the card being used, the turn counter
//! and cycle. Private: a player's own hand (the Robot's face-down hand is seen by nobody) and the cards
//! it put under its own pile by Recyclage. Hidden from everybody: bound abilities and the pile order.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Lang, Seat};

use crate::cards::{Card, Spirit, kw, tables};
use crate::setup::Options;
use crate::state::{Outcome, Phase, Side, SpiritDuel, SpiritState};
use crate::words;

/// A spirit as everybody sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SpiritView {
    /// Which spirit.
    pub id: Spirit,
    /// Its PV.
    pub pv: u8,
    /// Still on the field.
    pub alive: bool,
    /// Charged (upright) or exhausted.
    pub charged: bool,
    /// How many bound abilities lie under it (face down).
    pub bound: u8,
    /// Attached cards (mask).
    pub attached: u32,
}

/// A side as everybody sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SideView {
    /// Its spirits.
    pub spirits: [SpiritView; 2],
    /// PM.
    pub pm: u8,
    /// Cards in hand.
    pub hand_count: u8,
    /// Cards in the pile.
    pub deck_len: u8,
    /// The discard pile (mask).
    pub discard: u32,
    /// Cards out of the game (mask).
    pub removed: u32,
    /// The PM card is turned over (the pile was emptied once).
    pub reshuffled: bool,
}

/// One seat's view.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct View {
    /// Whose view.
    pub seat: Seat,
    /// The options.
    pub options: Options,
    /// The first player.
    pub first: Seat,
    /// The side whose turn it is.
    pub current: Seat,
    /// The turn counter.
    pub round: u8,
    /// Day (Diurne) or Night (Nocturne).
    pub day: bool,
    /// Where the turn stands (the pending attack is public).
    pub phase: Phase,
    /// The active player already dealt damage this turn.
    pub dealt_damage: bool,
    /// The active player already recycled this turn.
    pub recycled: bool,
    /// Chance: bonus to the active player's die results.
    pub die_bonus: u8,
    /// The Attaque card being used.
    pub in_play: Option<Card>,
    /// Actions applied.
    pub moves: u32,
    /// Side p0 and side p1.
    pub sides: [SideView; 2],
    /// This seat's hand, if it may see it (not the Robot's).
    pub hand: Option<u32>,
    /// The cards at the bottom of this seat's pile that it put there, bottom first.
    pub known_bottom: Vec<Card>,
}

fn side_view(s: &Side) -> SideView {
    let sv = |x: &SpiritState| SpiritView {
        id: x.id,
        pv: x.pv,
        alive: x.alive,
        charged: x.charged,
        bound: x.bound.count_ones() as u8,
        attached: x.attached,
    };
    SideView {
        spirits: [sv(&s.spirits[0]), sv(&s.spirits[1])],
        pm: s.pm,
        hand_count: s.hand.count_ones() as u8,
        deck_len: s.deck.len() as u8,
        discard: s.discard,
        removed: s.removed,
        reshuffled: s.reshuffled,
    }
}

impl SpiritDuel {
    /// The view of `seat`.
    pub(crate) fn view_of(&self, seat: Seat) -> View {
        let i = seat.index().min(1);
        let own = &self.sides[i];
        View {
            seat,
            options: self.options.clone(),
            first: Seat(self.first),
            current: Seat(self.current),
            round: self.round,
            day: self.day,
            phase: self.phase,
            dealt_damage: self.dealt_damage,
            recycled: self.recycled,
            die_bonus: self.die_bonus,
            in_play: self.in_play,
            moves: self.moves,
            sides: [side_view(&self.sides[0]), side_view(&self.sides[1])],
            hand: if self.is_robot(i) { None } else { Some(own.hand) },
            known_bottom: own.deck[..own.known_bottom as usize].to_vec(),
        }
    }

    /// A full state consistent with `view`: hidden hands, bound abilities and piles dealt at random from
    /// the cards the view does not place.
    pub(crate) fn sample(view: &View, rng: &mut GameRng) -> SpiritDuel {
        let t = tables();
        let me = view.seat.index().min(1);
        let mut sides = Vec::with_capacity(2);
        for (i, sv) in view.sides.iter().enumerate() {
            let team = if i == 0 { view.options.team } else { view.options.team.other() };
            let all = t.team_cards[team.index()];
            let mut visible = sv.discard | sv.removed | sv.spirits[0].attached | sv.spirits[1].attached;
            if let Some(c) = view.in_play
                && all & c.bit() != 0
            {
                visible |= c.bit();
            }
            let mut hand = 0;
            let mut bottom: Vec<Card> = Vec::new();
            if i == me {
                if let Some(h) = view.hand {
                    hand = h;
                    visible |= h;
                }
                for c in &view.known_bottom {
                    visible |= c.bit();
                }
                bottom.clone_from(&view.known_bottom);
            }
            let mut pool: Vec<Card> = crate::cards::cards_of(all & !visible).collect();
            rng.shuffle(&mut pool);
            if !(i == me && view.hand.is_some()) {
                for _ in 0..sv.hand_count {
                    if let Some(c) = pool.pop() {
                        hand |= c.bit();
                    }
                }
            }
            let mut spirits =
                [SpiritState { id: sv.spirits[0].id, pv: 0, alive: false, charged: false, bound: 0, attached: 0 }; 2];
            for (k, x) in sv.spirits.iter().enumerate() {
                let mut bound = 0;
                for _ in 0..x.bound {
                    if let Some(c) = pool.pop() {
                        bound |= c.bit();
                    }
                }
                spirits[k] =
                    SpiritState { id: x.id, pv: x.pv, alive: x.alive, charged: x.charged, bound, attached: x.attached };
            }
            let mut deck = Vec::with_capacity(24);
            deck.extend(bottom.iter().copied());
            deck.extend(pool);
            sides.push(Side {
                spirits,
                pm: sv.pm,
                hand,
                deck,
                known_bottom: if i == me { view.known_bottom.len() as u8 } else { 0 },
                discard: sv.discard,
                removed: sv.removed,
                reshuffled: sv.reshuffled,
            });
        }
        let b = sides.pop();
        let a = sides.pop();
        let (Some(a), Some(b)) = (a, b) else { unreachable!("two sides were pushed") };
        SpiritDuel {
            options: view.options.clone(),
            sides: [a, b],
            first: view.first.0,
            current: view.current.0,
            round: view.round,
            day: view.day,
            phase: view.phase,
            dealt_damage: view.dealt_damage,
            recycled: view.recycled,
            die_bonus: view.die_bonus,
            in_play: view.in_play,
            moves: view.moves,
            rng: rng.fork(),
        }
    }
}

fn names(m: u32) -> String {
    let v: Vec<String> = crate::cards::cards_of(m).map(|c| c.to_string()).collect();
    if v.is_empty() { "-".into() } else { v.join(" ") }
}

fn card_line(c: Card, lang: Lang) -> String {
    let a = c.data();
    let k = words::keywords(a.keywords, lang);
    let power =
        if a.has(kw::SOUTIEN) { String::new() } else { format!(", {} {}", lang.pick("power", "puissance"), a.power) };
    let crit = words::elements(a.criticals, lang).join("/");
    let weak = words::elements(a.weaknesses, lang).join("/");
    let mut versus = String::new();
    if !crit.is_empty() {
        versus.push_str(&format!("; {} {crit}", lang.pick("critical vs", "critique contre")));
    }
    if !weak.is_empty() {
        versus.push_str(&format!("; {} {weak}", lang.pick("weak vs", "faible contre")));
    }
    format!(
        "{:<11} {} ({}; {} PM{power}; {}{versus}): {}",
        c.to_string(),
        words::ability_name(a, lang),
        k.join(", "),
        a.cost,
        words::element_name(a.element, lang),
        words::ability_text(a, lang)
    )
}

impl View {
    /// A one-line description of where the turn stands.
    pub fn phase_text(&self) -> String {
        self.phase_text_in(Lang::En)
    }

    /// [`phase_text`](View::phase_text) in `lang`.
    pub fn phase_text_in(&self, lang: Lang) -> String {
        match self.phase {
            Phase::Combat => match lang {
                Lang::En => format!("{}'s combat phase", self.current),
                Lang::Fr => format!("phase de combat de {}", self.current),
            },
            Phase::Defend(p) => {
                let target = self.sides[1 - self.current.index()].spirits[p.target as usize].id;
                let name = &target.data().name;
                match lang {
                    Lang::En => format!(
                        "p{} may defend {name} against an attack of power {}",
                        1 - self.current.index(),
                        p.power
                    ),
                    Lang::Fr => format!(
                        "p{} peut défendre {name} contre une attaque de puissance {}",
                        1 - self.current.index(),
                        p.power
                    ),
                }
            }
            Phase::Over(o) => {
                let reason = match (o, lang) {
                    (Outcome::Destroyed(s), Lang::En) => format!("{s} destroyed every enemy spirit"),
                    (Outcome::Destroyed(s), Lang::Fr) => format!("{s} a détruit tous les Esprits adverses"),
                    (Outcome::Exhausted(s), Lang::En) => format!("{s} wins: the other pile ran out a second time"),
                    (Outcome::Exhausted(s), Lang::Fr) => {
                        format!("{s} gagne : la pioche adverse s'est épuisée une seconde fois")
                    }
                    (Outcome::Draw, Lang::En) => "draw at the end of round 8".to_owned(),
                    (Outcome::Draw, Lang::Fr) => "match nul à la fin du tour 8".to_owned(),
                };
                format!("{}: {reason}", lang.pick("game over", "partie terminée"))
            }
        }
    }

    /// The terminal rendering in `lang`, with a legend of its abbreviations.
    pub fn render(&self, lang: Lang) -> String {
        let mut f = String::new();
        let _ = self.write_to(&mut f, lang);
        f
    }

    fn write_to(&self, f: &mut String, lang: Lang) -> fmt::Result {
        use std::fmt::Write;
        let mode = match (self.options.solo, lang) {
            (true, Lang::En) => "solo vs the Robot",
            (true, Lang::Fr) => "solo contre le Robot",
            (false, _) => "1 vs 1",
        };
        writeln!(
            f,
            "{} ({mode}) — {} {}/8 — {} — {}",
            lang.pick("Spirit duel", "Duel d'Esprits"),
            lang.pick("round", "tour"),
            self.round,
            if self.day {
                lang.pick("Day ☀", "Tour Diurne ☀")
            } else {
                lang.pick("Night ☾", "Tour Nocturne ☾")
            },
            self.phase_text_in(lang)
        )?;
        for (i, s) in self.sides.iter().enumerate() {
            let who = if self.options.solo && i == 1 {
                "Robot"
            } else if i == self.seat.index() {
                lang.pick("you", "vous")
            } else {
                lang.pick("opponent", "adversaire")
            };
            let team = if i == 0 { self.options.team } else { self.options.team.other() };
            let first = if self.first.index() == i { lang.pick(" first player", " premier joueur") } else { "" };
            let reshuffled = if s.reshuffled {
                lang.pick(" (already reshuffled once)", " (déjà remélangée une fois)")
            } else {
                ""
            };
            match lang {
                Lang::En => writeln!(
                    f,
                    "p{i} ({who}, team {team:?}){first}: {} PM, {} in hand, pile {}{reshuffled}, discard: {}",
                    s.pm,
                    lang.count(s.hand_count, "card", "cards"),
                    s.deck_len,
                    names(s.discard)
                )?,
                Lang::Fr => writeln!(
                    f,
                    "p{i} ({who}, équipe {team:?}){first} : {} PM, {} en main, pioche {}{reshuffled}, défausse : {}",
                    s.pm,
                    lang.count(s.hand_count, "carte", "cartes"),
                    s.deck_len,
                    names(s.discard)
                )?,
            }
            for x in &s.spirits {
                let d = x.id.data();
                if !x.alive {
                    writeln!(f, "    {:<9} {}", x.id.to_string(), lang.pick("destroyed", "détruit"))?;
                    continue;
                }
                writeln!(
                    f,
                    "    {:<9} {:>2}/{} PV  {:<9} {:<5}  {} {} PM {} {}  {} {}  {}: {}",
                    x.id.to_string(),
                    x.pv,
                    d.pv,
                    if x.charged { lang.pick("charged", "chargé") } else { lang.pick("exhausted", "épuisé") },
                    words::element_name(d.element, lang),
                    lang.pick("attack", "attaque"),
                    d.attack_cost,
                    lang.pick("power", "puissance"),
                    d.attack_power,
                    lang.pick("bound", "liées"),
                    x.bound,
                    lang.pick("attached", "attachées"),
                    names(x.attached)
                )?;
                writeln!(f, "              {}", words::attack_text(d, lang))?;
            }
            if s.removed != 0 {
                writeln!(f, "    {} {}", lang.pick("out of the game:", "hors jeu :"), names(s.removed))?;
            }
        }
        if let Some(c) = self.in_play {
            writeln!(
                f,
                "{} {}",
                lang.pick("being used:", "en cours d'utilisation :"),
                words::ability_name(c.data(), lang)
            )?;
        }
        match self.hand {
            Some(h) => {
                writeln!(f, "{} (p{}):", lang.pick("Your hand", "Votre main"), self.seat.0)?;
                for c in crate::cards::cards_of(h) {
                    writeln!(f, "    {}", card_line(c, lang))?;
                }
            }
            None => {
                writeln!(f, "{}", lang.pick("The Robot's hand is face down.", "La main du Robot est face cachée."))?
            }
        }
        if !self.known_bottom.is_empty() {
            let v: Vec<String> = self.known_bottom.iter().map(|c| c.to_string()).collect();
            writeln!(
                f,
                "{} {}",
                lang.pick("Under your pile (bottom first):", "Sous votre pioche (du bas vers le haut) :"),
                v.join(" ")
            )?;
        }
        writeln!(
            f,
            "{}",
            lang.pick(
                "(PV: life points; PM: mana points; bound: face-down abilities under a spirit; critical vs: +4 power against that element, weak vs: -4)",
                "(PV : points de vie ; PM : points de mana ; liées : capacités face cachée sous un Esprit ; critique contre : +4 puissance contre cet élément, faible contre : -4)"
            )
        )?;
        write!(f, "({} {})", lang.pick("move", "coup"), self.moves)
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = tables();
        f.write_str(&self.render(Lang::En))
    }
}
