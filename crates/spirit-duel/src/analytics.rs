//! Designer statistics of finished games ([`DesignerStats`]): what each Attaque, Soutien or Défense
//! card and each spirit is worth to the side that draws, plays or fields it, within the same game, and
//! which victory condition ended the game.
//!
//! Each game is replayed from its start; after every action each side's hand is read (the opening hand
//! counts as drawn), and the card an action plays is read from the action. A win counts 1, a draw ½
//! for each side. In solo, only the side a bot plays is counted: the Robot's side (played by the game
//! itself) is neither a user nor an other, so every rate is the bot side's, and the within-game
//! differences, which need both sides, are left empty. The tables are
//!
//! - [`DRAWN`]: one row per card held in hand at some point: the share of games in which some side drew
//!   it, the win rate of the sides that drew it and of the others, and their difference within a game
//!   (the improvement when drawn);
//! - [`PLAYED`]: one row per card played (an attack, a support or a defence chosen by a seat): the win
//!   rate of the sides that played it and of the others, and their difference within a game;
//! - [`SPIRITS`]: one row per spirit fielded: the share of games in which it was still on the field at
//!   the end, the win rate of its side and of the other, and their difference;
//! - [`sylvan_engine::analytics::END_TRIGGERS`]: the share of games ended by every enemy spirit
//!   destroyed, by a pile running out a second time, and by the last round (a draw), as the rulebook's
//!   FIN DE LA PARTIE lists them.

use std::collections::BTreeMap;

use sylvan_engine::analytics::{Compare, DRAWN_COLUMNS, DesignerStats, DesignerTally};
use sylvan_engine::{Game, Locale, NoEvents, Seat};

use crate::cards::tables;
use crate::{Action, Outcome, Phase, SpiritDuel};

/// The drawn-cards table's name.
pub const DRAWN: &str = "cards drawn: improvement when drawn";
/// The played-cards table's name.
pub const PLAYED: &str = "cards played: impact";
/// The spirits table's name.
pub const SPIRITS: &str = "spirits: survival and impact";

/// A row label of these tables (an ability card's or a spirit's English name, the card data's) in
/// `locale`: its name in that language ([`crate::words::ability_name`], [`crate::words::spirit_name`]:
/// the overlay's; made pseudo in the pseudo-locale). `None` when the label names no card or spirit. The
/// tally keeps the English label: it is the row's key.
pub fn row_name(label: &str, locale: Locale) -> Option<String> {
    let t = tables();
    (t.abilities.iter().find(|a| a.name == label).map(|a| crate::words::ability_name(a, locale)))
        .or_else(|| t.spirits.iter().find(|s| s.name == label).map(|s| crate::words::spirit_name(s, locale)))
}

/// Column: win rate of each side that played it.
pub const WIN_PLAYERS: &str = "win rate, players";
/// Column: win rate of each side that did not play it.
pub const WIN_OTHERS: &str = "win rate, others";
/// Column: per game with both, the players' win rate minus the others'.
pub const PLAYED_IMPACT: &str = "impact (players - others, same game)";
/// Column: 1 when the spirit was still on the field at the end, else 0.
pub const SURVIVED: &str = "on the field at the end";
/// Column: win rate of the side fielding the spirit.
pub const WIN_SIDE: &str = "win rate, its side";
/// Column: its side's win rate minus the other side's.
pub const SPIRIT_IMPACT: &str = "impact (its side - other, same game)";

/// End trigger: a side destroyed every enemy spirit.
pub const END_DESTROYED: &str = "every enemy spirit destroyed";
/// End trigger: a side's pile ran out a second time.
pub const END_EXHAUSTED: &str = "a pile ran out a second time";
/// End trigger: the last round ended without a winner.
pub const END_LAST_ROUND: &str = "last round ended (draw)";

const PLAYERS: Compare<'static> =
    Compare { in_game: None, win_users: WIN_PLAYERS, win_others: WIN_OTHERS, impact: PLAYED_IMPACT, scores: None };
const FIELDED: Compare<'static> =
    Compare { in_game: None, win_users: WIN_SIDE, win_others: WIN_OTHERS, impact: SPIRIT_IMPACT, scores: None };

/// Per card or spirit name, whether each side used it.
type Used = BTreeMap<&'static str, [bool; 2]>;

fn card_name(card: u8) -> &'static str {
    tables().abilities.get(usize::from(card)).map_or("?", |a| a.name.as_str())
}

impl DesignerStats for SpiritDuel {
    fn observe(start: &Self, actions: &[Action], tally: &mut DesignerTally) {
        let mut state = start.clone();
        let mut drawn = Used::new();
        let mut played = Used::new();
        let look = |state: &SpiritDuel, drawn: &mut Used| {
            for s in 0..2 {
                let hand = state.side(s).hand;
                for c in (0..32u8).filter(|c| hand & (1u32 << c) != 0) {
                    drawn.entry(card_name(c)).or_default()[s] = true;
                }
            }
        };
        look(&state, &mut drawn);
        for &a in actions {
            let seat = state.to_move().map(|s| s.index()).filter(|&s| s < 2);
            if let (Action::Attack(c, _) | Action::Support(c, _) | Action::Defend(c), Some(s)) = (a, seat) {
                played.entry(card_name(c.0)).or_default()[s] = true;
            }
            state.apply_unchecked(a, &mut NoEvents);
            look(&state, &mut drawn);
        }
        tally.games += 1;
        let win = match state.outcome() {
            Some(o) => o.returns().to_vec(),
            None => vec![0.0; 2],
        };
        let score = state.scores();
        // The sides a bot played: in solo, the Robot's side is the game's and counts nowhere.
        let counted: Vec<usize> =
            (0..2).filter(|&s| SpiritDuel::automated_seat(start.options(), Seat(s as u8)).is_none()).collect();
        let pick = |v: &[f64]| counted.iter().map(|&s| v.get(s).copied().unwrap_or(0.0)).collect::<Vec<_>>();
        let (win, score) = (pick(&win), pick(&score));
        tally.columns(DRAWN, "stat-caption-spirit-duel-cards-drawn-improvement-when-drawn", &DRAWN_COLUMNS);
        tally.columns(
            PLAYED,
            "stat-caption-spirit-duel-cards-played-impact",
            &[WIN_PLAYERS, WIN_OTHERS, PLAYED_IMPACT],
        );
        tally.columns(
            SPIRITS,
            "stat-caption-spirit-duel-spirits-survival-and-impact",
            &[SURVIVED, WIN_SIDE, WIN_OTHERS, SPIRIT_IMPACT],
        );
        for (table, used, cols) in [(DRAWN, &drawn, Compare::DRAWN), (PLAYED, &played, PLAYERS)] {
            for (name, used) in used {
                let used: Vec<bool> = counted.iter().map(|&s| used[s]).collect();
                tally.compare(table, name, &used, &win, &score, cols);
            }
        }
        for &s in &counted {
            for spirit in &state.side(s).spirits {
                let name = tables().spirits.get(usize::from(spirit.id.0)).map_or("?", |x| x.name.as_str());
                tally.add(SPIRITS, name, SURVIVED, f64::from(u8::from(spirit.alive)));
                let fielded: Vec<bool> = counted.iter().map(|&t| t == s).collect();
                tally.compare(SPIRITS, name, &fielded, &win, &score, FIELDED);
            }
        }
        if let Phase::Over(o) = state.phase() {
            let ended = match o {
                Outcome::Destroyed(_) => END_DESTROYED,
                Outcome::Exhausted(_) => END_EXHAUSTED,
                Outcome::Draw => END_LAST_ROUND,
            };
            tally.end_trigger(&[END_DESTROYED, END_EXHAUSTED, END_LAST_ROUND], ended);
        }
    }
}
