//! Designer statistics of finished games ([`DesignerStats`]): per card, how often it is taken when the
//! market offers it, and what buying or playing it is worth to a player's side, within the same game.
//!
//! Each game is replayed from its start; the card an action buys is read from the market just before the
//! action is applied, and the seat is the one to move. A side's win counts 1 for each partner, a draw ½.
//! The tables are
//!
//! - [`MARKET`]: one row per market card (by name) offered at a purchase, with the share of the games
//!   in which it was offered where some player bought it, its take rate when offered (at each purchase, every face-up card of that
//!   market counts once: 1 for the card bought, 0 for the others), the win rate of the players who
//!   bought it and of those who did not, and their difference within games where both sat at the table;
//! - [`PLAYED`]: one row per card played (summoned, played or used as an instant), in the games where
//!   some seat played it: the win rate of the players who played it and of the others, and their
//!   difference within a game (the improvement when played);
//! - [`DRAWN`]: one row per card held in hand at some point (the opening hand included): the win rate
//!   of the players who drew it and of the others, and their difference within a game (the improvement
//!   when drawn);
//! - [`sylvan_engine::analytics::END_TRIGGERS`]: the share of games ended by a defeated Sage and by the
//!   turn limit.

use std::collections::BTreeMap;

use sylvan_engine::analytics::{Compare, DRAWN_COLUMNS, DesignerStats, DesignerTally};
use sylvan_engine::{Game, Locale, NoEvents};

use crate::state::Phase;
use crate::{Action, CommandOfNature};

/// The market table's name.
pub const MARKET: &str = "market cards: taken and impact";
/// The played-cards table's name.
pub const PLAYED: &str = "cards played: impact";
/// The drawn-cards table's name.
pub const DRAWN: &str = "cards drawn: improvement when drawn";

/// A row label of these tables (a card's English name, the card data's) in `locale`: the card's name
/// in that language as the game shows it ([`crate::words::card_name`]: the overlay's, Sylvan's own
/// translation where no French source exists; made pseudo in the pseudo-locale). `None` when the label
/// names no card of the embedded set. The tally keeps the English label: it is the row's key.
pub fn row_name(label: &str, locale: Locale) -> Option<String> {
    let table = crate::cards::try_table().ok()?;
    table.cards.iter().find(|c| c.name == label).map(|c| crate::words::card_name(c, locale))
}

/// Column: in the games where the card was face up at a purchase, 1 when some player bought it.
pub const BOUGHT_IN_GAME: &str = "bought in game";
/// Column: at each purchase from its market while it was face up, 1 when it was the card bought.
pub const TAKEN_WHEN_OFFERED: &str = "taken when offered (rate)";
/// Column: win rate of each player who bought it.
pub const WIN_BUYERS: &str = "win rate, buyers";
/// Column: win rate of each player who did not.
pub const WIN_OTHERS: &str = "win rate, others";
/// Column: per game with buyers and others, buyers' mean win rate minus the others'.
pub const IMPACT: &str = "impact (buyers - others, same game)";
/// Column: win rate of each player who played it.
pub const WIN_PLAYERS: &str = "win rate, players";
/// Column: per game with players and others, players' mean win rate minus the others'.
pub const PLAYED_IMPACT: &str = "impact (players - others, same game)";

/// End trigger: a side defeated the other side's Sage (or both, in teams).
pub const END_SAGE: &str = "Sage defeated";
/// End trigger: the turn limit was reached with both sides standing (a draw).
pub const END_TURNS: &str = "turn limit reached";

const BUYERS: Compare<'static> = Compare {
    in_game: Some(BOUGHT_IN_GAME),
    win_users: WIN_BUYERS,
    win_others: WIN_OTHERS,
    impact: IMPACT,
    scores: None,
};
const PLAYERS: Compare<'static> =
    Compare { in_game: None, win_users: WIN_PLAYERS, win_others: WIN_OTHERS, impact: PLAYED_IMPACT, scores: None };

/// Per card name, whether each seat used it.
type Used = BTreeMap<&'static str, Vec<bool>>;

fn mark(used: &mut Used, name: &'static str, seat: usize, n: usize) {
    if let Some(x) = used.entry(name).or_insert_with(|| vec![false; n]).get_mut(seat) {
        *x = true;
    }
}

impl DesignerStats for CommandOfNature {
    fn observe(start: &Self, actions: &[Action], tally: &mut DesignerTally) {
        let n = start.num_seats();
        let mut state = start.clone();
        let mut bought = Used::new();
        let mut played = Used::new();
        let mut drawn = Used::new();
        let mut offers: Vec<(&'static str, bool)> = Vec::new();
        for &a in actions {
            let seat = state.to_move().map(|s| s.index()).filter(|&s| s < n);
            match (a, seat) {
                (Action::Buy(i) | Action::BuyPlace(i), Some(s)) => {
                    let (m, k) = (usize::from(i / 3), usize::from(i % 3));
                    if let Some(faces) = state.market.get(m) {
                        for (j, face) in faces.iter().enumerate() {
                            if let Some(c) = face {
                                offers.push((c.name(), j == k));
                                bought.entry(c.name()).or_insert_with(|| vec![false; n]);
                            }
                        }
                        if let Some(Some(c)) = faces.get(k) {
                            mark(&mut bought, c.name(), s, n);
                        }
                    }
                }
                (Action::Summon(c) | Action::Play(c) | Action::Instant(c), Some(s)) => {
                    mark(&mut played, c.name(), s, n);
                }
                _ => {}
            }
            state.apply_unchecked(a, &mut NoEvents);
            for (s, p) in state.players.iter().enumerate().take(n) {
                for c in &p.hand {
                    mark(&mut drawn, c.name(), s, n);
                }
            }
        }
        tally.games += 1;
        let win = match state.outcome() {
            Some(o) => o.returns().to_vec(),
            None => vec![0.0; n],
        };
        tally.describe(MARKET, "stat-caption-command-of-nature-market-cards-taken-and-impact");
        tally.describe(PLAYED, "stat-caption-command-of-nature-cards-played-impact");
        tally.describe(DRAWN, "stat-caption-command-of-nature-cards-drawn-improvement-when-drawn");
        tally.declare(MARKET, &[BOUGHT_IN_GAME, TAKEN_WHEN_OFFERED, WIN_BUYERS, WIN_OTHERS, IMPACT], &[]);
        tally.declare(PLAYED, &[WIN_PLAYERS, WIN_OTHERS, PLAYED_IMPACT], &[]);
        tally.declare(DRAWN, &DRAWN_COLUMNS, &[]);
        let ended = if matches!(state.phase, Phase::Over(None)) { END_TURNS } else { END_SAGE };
        tally.end_trigger(&[END_SAGE, END_TURNS], ended);
        for (name, taken) in offers {
            tally.add(MARKET, name, TAKEN_WHEN_OFFERED, f64::from(u8::from(taken)));
        }
        let score = state.scores();
        for (table, used, cols) in
            [(MARKET, &bought, BUYERS), (PLAYED, &played, PLAYERS), (DRAWN, &drawn, Compare::DRAWN)]
        {
            for (name, used) in used {
                tally.compare(table, name, used, &win, &score, cols);
            }
        }
    }
}
