//! A tiny hidden-hand game implementing the whole game API: a test fixture for bots, the command line and
//! anything else generic over [`Game`], usable before (and independently of) any real game.
//!
//! **Rules.** 2 to 4 players. The deck holds the cards `c0`, `c1`, ... up to `players × hand_size + 2`; it
//! is shuffled, every player gets `hand_size` cards and two cards stay face down, unseen by anyone. A trick:
//! starting with the leader and going clockwise, each player plays one card face up; the highest card wins
//! the trick and its player leads the next one. When
//! the hands are empty, each player scores one point per trick won; the most tricks wins (ties share).
//!
//! Hidden information: the other hands and the two undealt cards.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use sylvan_engine::{
    Audience, EventSink, Game, GameRng, Heuristic, Locale, Message, OptionDoc, OptionKind, Outcome, ParseError, Seat,
    SetupError,
};

/// The number of distinct cards (and of action ids); decks never hold more.
pub const MAX_CARDS: usize = 32;
/// The number of cards left undealt, face down, in every game.
pub const UNDEALT: usize = 2;
const MIN_PLAYERS: usize = 2;
const MAX_PLAYERS: usize = 4;
const MAX_HAND: usize = 6;

/// Options of the toy game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToyOptions {
    /// Number of players, 2 to 4.
    pub players: usize,
    /// Cards dealt to each player (and so tricks in a game), 1 to 6.
    pub hand_size: usize,
}

impl Default for ToyOptions {
    fn default() -> Self {
        ToyOptions { players: MIN_PLAYERS, hand_size: 3 }
    }
}

impl ToyOptions {
    /// The number of cards in the deck.
    pub fn deck_size(&self) -> usize {
        self.players * self.hand_size + UNDEALT
    }

    fn validate(&self) -> Result<(), SetupError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(SetupError::new(
                "players",
                format!("toy is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {}", self.players),
            ));
        }
        if !(1..=MAX_HAND).contains(&self.hand_size) {
            return Err(SetupError::new("hand_size", format!("must be 1 to {MAX_HAND}, not {}", self.hand_size)));
        }
        Ok(())
    }
}

/// An explicit deal: every hand, and the first leader. Cards not in a hand stay undealt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToySetup {
    /// Each seat's hand.
    pub hands: Vec<Vec<u8>>,
    /// The seat that leads the first trick.
    pub leader: Seat,
}

/// The only kind of decision: play this card. Written `c7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Play(pub u8);

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c{}", self.0)
    }
}

impl FromStr for Play {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.strip_prefix('c')
            .filter(|n| !n.starts_with('+'))
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|&n| usize::from(n) < MAX_CARDS)
            .map(Play)
            .ok_or_else(|| ParseError::new(s, format!("a card is written c0 ... c{}", MAX_CARDS - 1)))
    }
}

/// What the table learns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToyEvent {
    /// A seat played a card.
    Played {
        /// Who played.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// The trick is complete; the highest card wins it.
    TrickWon {
        /// The seat that won the trick.
        winner: Seat,
        /// The winning card.
        card: u8,
    },
}

impl fmt::Display for ToyEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToyEvent::Played { seat, card } => write!(f, "{seat} plays c{card}"),
            ToyEvent::TrickWon { winner, card } => {
                write!(f, "{winner} wins the trick with c{card}")
            }
        }
    }
}

/// A game of toy in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Toy {
    options: ToyOptions,
    /// Each hand, sorted.
    hands: Vec<Vec<u8>>,
    /// The cards nobody holds, sorted.
    undealt: Vec<u8>,
    /// The trick in play, in play order.
    trick: Vec<(Seat, u8)>,
    /// The cards of completed tricks, sorted.
    played: Vec<u8>,
    /// Tricks won by each seat.
    tricks: Vec<u32>,
    leader: Seat,
    to_move: Option<Seat>,
    moves: usize,
}

/// What one seat sees of a game of toy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToyView {
    /// The seat looking.
    pub seat: Seat,
    /// The game options.
    pub options: ToyOptions,
    /// Its own hand, sorted.
    pub hand: Vec<u8>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// The trick in play: who played what, in play order.
    pub trick: Vec<(Seat, u8)>,
    /// The cards of completed tricks, sorted.
    pub played: Vec<u8>,
    /// Tricks won by each seat.
    pub tricks: Vec<u32>,
    /// Who led the trick in play.
    pub leader: Seat,
    /// Whose decision it is (`None` once the game is over).
    pub to_move: Option<Seat>,
    /// Actions applied so far.
    pub moves: usize,
}

impl ToyView {
    /// The cards the viewer has not seen: in other hands or undealt. Sorted.
    pub fn unseen(&self) -> Vec<u8> {
        let deck = self.options.deck_size() as u8;
        let trick = self.trick.iter().map(|&(_, c)| c);
        let mut seen = [false; MAX_CARDS];
        for c in self.hand.iter().chain(&self.played).copied().chain(trick) {
            seen[usize::from(c)] = true;
        }
        (0..deck).filter(|&c| !seen[usize::from(c)]).collect()
    }
}

fn cards(list: &[u8]) -> String {
    if list.is_empty() {
        return "-".to_owned();
    }
    list.iter().map(|c| format!("c{c}")).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for ToyView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "toy: you are {}, move {}", self.seat, self.moves)?;
        write!(f, "  seat  cards  tricks")?;
        for (i, (&n, &t)) in self.hand_sizes.iter().zip(&self.tricks).enumerate() {
            let me = if i == self.seat.index() { " (you)" } else { "" };
            write!(f, "\n  p{i:<3} {n:>5}  {t:>6}{me}")?;
        }
        writeln!(f)?;
        let trick: Vec<String> = self.trick.iter().map(|&(s, c)| format!("{s} c{c}")).collect();
        writeln!(
            f,
            "  trick (led by {}): {}",
            self.leader,
            if trick.is_empty() { "-".into() } else { trick.join(", ") }
        )?;
        writeln!(f, "  played: {}", cards(&self.played))?;
        write!(f, "  your hand: {}", cards(&self.hand))?;
        match self.to_move {
            Some(s) => write!(f, "\n  to move: {s}"),
            None => write!(f, "\n  game over"),
        }
    }
}

impl Toy {
    fn deal(options: &ToyOptions, hands: Vec<Vec<u8>>, leader: Seat) -> Toy {
        let mut dealt = [false; MAX_CARDS];
        for &c in hands.iter().flatten() {
            dealt[usize::from(c)] = true;
        }
        let undealt = (0..options.deck_size() as u8).filter(|&c| !dealt[usize::from(c)]).collect();
        let hands = hands
            .into_iter()
            .map(|mut h| {
                h.sort_unstable();
                h
            })
            .collect();
        Toy {
            options: options.clone(),
            hands,
            undealt,
            trick: Vec::new(),
            played: Vec::new(),
            tricks: vec![0; options.players],
            leader,
            to_move: Some(leader),
            moves: 0,
        }
    }
}

impl Game for Toy {
    type Options = ToyOptions;
    type Setup = ToySetup;
    type Action = Play;
    type View = ToyView;
    type Event = ToyEvent;

    const NAME: &'static str = "toy";
    const NUM_DISTINCT_ACTIONS: usize = MAX_CARDS;

    /// The fixture's few words (its options' help) without a catalog file.
    fn message_text(message: &Message, locale: impl Into<Locale>) -> Option<String> {
        let (en, fr) = match message.id {
            "option-players" => ("number of players, 2 to 4", "nombre de joueurs, de 2 à 4"),
            "option-hand-size" => (
                "cards dealt to each player (tricks per game), 1 to 6",
                "cartes distribuées à chaque joueur (plis par partie), de 1 à 6",
            ),
            _ => return None,
        };
        Some(if locale.into() == Locale::Fr { fr } else { en }.to_owned())
    }

    fn option_docs() -> &'static [OptionDoc] {
        &[
            OptionDoc {
                name: "players",
                default: "2",
                help_id: "option-players",
                kind: OptionKind::Int { min: 2, max: 4 },
            },
            OptionDoc {
                name: "hand_size",
                default: "3",
                help_id: "option-hand-size",
                kind: OptionKind::Int { min: 1, max: 6 },
            },
        ]
    }

    fn options_for_players(players: usize) -> Result<ToyOptions, SetupError> {
        let options = ToyOptions { players, ..ToyOptions::default() };
        options.validate()?;
        Ok(options)
    }

    fn player_range() -> (usize, usize) {
        (MIN_PLAYERS, MAX_PLAYERS)
    }

    fn new(options: &ToyOptions, seed: u64) -> Result<Self, SetupError> {
        options.validate()?;
        let mut rng = GameRng::new(seed);
        let mut deck: Vec<u8> = (0..options.deck_size() as u8).collect();
        rng.shuffle(&mut deck);
        let hands = deck.chunks(options.hand_size).take(options.players).map(<[u8]>::to_vec).collect();
        let leader = Seat(rng.index(options.players) as u8);
        Ok(Toy::deal(options, hands, leader))
    }

    fn from_setup(options: &ToyOptions, setup: &ToySetup, _seed: u64) -> Result<Self, SetupError> {
        options.validate()?;
        if setup.hands.len() != options.players {
            return Err(SetupError::new(
                "hands",
                format!("{} hands for {} players", setup.hands.len(), options.players),
            ));
        }
        let mut dealt = [false; MAX_CARDS];
        for (i, hand) in setup.hands.iter().enumerate() {
            if hand.len() != options.hand_size {
                return Err(SetupError::new(
                    format!("hands[{i}]"),
                    format!("{} cards, not {}", hand.len(), options.hand_size),
                ));
            }
            for &c in hand {
                if usize::from(c) >= options.deck_size() {
                    return Err(SetupError::new(format!("hands[{i}]"), format!("no card c{c} in this deck")));
                }
                if std::mem::replace(&mut dealt[usize::from(c)], true) {
                    return Err(SetupError::new(format!("hands[{i}]"), format!("c{c} dealt twice")));
                }
            }
        }
        if setup.leader.index() >= options.players {
            return Err(SetupError::new("leader", format!("no seat {} at this table", setup.leader)));
        }
        Ok(Toy::deal(options, setup.hands.clone(), setup.leader))
    }

    fn options(&self) -> &ToyOptions {
        &self.options
    }

    fn num_seats(&self) -> usize {
        self.options.players
    }

    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    fn move_number(&self) -> usize {
        self.moves
    }

    fn max_game_length(options: &ToyOptions) -> usize {
        options.players * options.hand_size
    }

    fn legal_actions(&self, out: &mut Vec<Play>) {
        out.clear();
        if let Some(seat) = self.to_move {
            out.extend(self.hands[seat.index()].iter().map(|&c| Play(c)));
        }
    }

    fn is_legal(&self, action: Play) -> bool {
        self.to_move.is_some_and(|s| self.hands[s.index()].binary_search(&action.0).is_ok())
    }

    fn illegal_reason(&self, action: Play) -> String {
        match self.to_move {
            None => "the game is over".to_owned(),
            Some(s) => format!("{s} does not hold {action}"),
        }
    }

    fn apply_unchecked<S: EventSink<ToyEvent>>(&mut self, action: Play, events: &mut S) {
        let Some(seat) = self.to_move else { return };
        let hand = &mut self.hands[seat.index()];
        let Ok(pos) = hand.binary_search(&action.0) else {
            return;
        };
        hand.remove(pos);
        self.trick.push((seat, action.0));
        self.moves += 1;
        if S::ENABLED {
            events.emit(Audience::Everyone, ToyEvent::Played { seat, card: action.0 });
        }
        let n = self.num_seats();
        if self.trick.len() < n {
            self.to_move = Some(seat.next(n));
            return;
        }
        let (winner, best) = self.trick.iter().copied().max_by_key(|&(_, c)| c).unwrap_or((self.leader, 0));
        self.tricks[winner.index()] += 1;
        self.played.extend(self.trick.iter().map(|&(_, c)| c));
        self.played.sort_unstable();
        if S::ENABLED {
            events.emit(Audience::Everyone, ToyEvent::TrickWon { winner, card: best });
        }
        self.trick.clear();
        self.leader = winner;
        self.to_move = if self.hands.iter().all(Vec::is_empty) { None } else { Some(winner) };
    }

    fn scores(&self) -> Vec<f64> {
        self.tricks.iter().map(|&t| f64::from(t)).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.to_move.is_some() {
            return None;
        }
        Some(Outcome::best_by(self.num_seats(), |s| self.tricks[s.index()]))
    }

    fn view(&self, seat: Seat) -> ToyView {
        ToyView {
            seat,
            options: self.options.clone(),
            hand: self.hands[seat.index()].clone(),
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            trick: self.trick.clone(),
            played: self.played.clone(),
            tricks: self.tricks.clone(),
            leader: self.leader,
            to_move: self.to_move,
            moves: self.moves,
        }
    }

    fn determinize(view: &ToyView, rng: &mut GameRng) -> Self {
        let mut pool = view.unseen();
        rng.shuffle(&mut pool);
        let mut pool = pool.into_iter();
        let hands = (0..view.options.players)
            .map(|i| {
                if i == view.seat.index() {
                    view.hand.clone()
                } else {
                    let mut h: Vec<u8> = pool.by_ref().take(view.hand_sizes[i]).collect();
                    h.sort_unstable();
                    h
                }
            })
            .collect();
        let mut undealt: Vec<u8> = pool.collect();
        undealt.sort_unstable();
        Toy {
            options: view.options.clone(),
            hands,
            undealt,
            trick: view.trick.clone(),
            played: view.played.clone(),
            tricks: view.tricks.clone(),
            leader: view.leader,
            to_move: view.to_move,
            moves: view.moves,
        }
    }

    fn view_seat(view: &ToyView) -> Seat {
        view.seat
    }

    fn describe_action(view: &ToyView, action: Play) -> String {
        let unseen = view.unseen();
        let beaten = unseen.iter().filter(|&&c| c < action.0).count();
        let to_beat = view.trick.iter().map(|&(_, c)| c).max();
        match to_beat {
            Some(m) if m > action.0 => format!("play {action} (loses to c{m})"),
            Some(_) => format!("play {action} (takes the lead; beats {beaten} of {} unseen cards)", unseen.len()),
            None => format!("lead {action} (beats {beaten} of {} unseen cards)", unseen.len()),
        }
    }

    fn action_id(action: Play) -> usize {
        usize::from(action.0)
    }

    fn action_from_id(id: usize) -> Option<Play> {
        (id < MAX_CARDS).then_some(Play(id as u8))
    }
}

impl Heuristic for Toy {
    /// Following: the cheapest card that takes the lead, else the lowest card. Leading: the highest card
    /// when no unseen card can beat it, otherwise a coin flip between the highest and the lowest.
    fn heuristic_action(view: &ToyView, legal: &[Play], rng: &mut GameRng) -> Play {
        let (Some(&low), Some(&high)) = (legal.first(), legal.last()) else {
            return Play(0);
        };
        if let Some(best) = view.trick.iter().map(|&(_, c)| c).max() {
            return legal.iter().copied().find(|a| a.0 > best).unwrap_or(low);
        }
        let unseen_max = view.unseen().last().copied();
        if unseen_max.is_none_or(|m| m < high.0) || rng.below(2) == 1 { high } else { low }
    }
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;
    use sylvan_engine::{EventLog, NoEvents, Record, ReplayError, SetupErrorKind, conformance, replay};

    pub fn conformance_for_every_table_size() {
        for players in 2..=4 {
            for hand_size in [1, 3, 6] {
                let options = ToyOptions { players, hand_size };
                let report = conformance::check::<Toy>(&options, 60, 11);
                assert!(report.is_ok(), "{players} players, {hand_size} cards: {report:?}");
                if let Ok(r) = report {
                    assert_eq!(r.games, 60);
                    assert_eq!(r.longest, players * hand_size);
                }
            }
        }
    }

    pub fn bad_options_are_rejected_with_the_field() {
        assert_eq!(Toy::options_for_players(5).map_err(|e| e.field), Err("players".to_owned()));
        assert_eq!(Toy::options_for_players(5).map_err(|e| e.kind), Err(SetupErrorKind::PlayerCount));
        let bad = ToyOptions { players: 2, hand_size: 0 };
        assert_eq!(Toy::new(&bad, 0).map_err(|e| e.field), Err("hand_size".to_owned()));
        assert_eq!(Toy::new(&bad, 0).map_err(|e| e.kind), Err(SetupErrorKind::BadValue));
    }

    /// Records say which engine wrote them and, for games with card data, which cards they were played
    /// with: a newer engine's record, or one played with other cards, is refused with both versions.
    pub fn records_from_newer_engines_or_other_cards_are_refused() -> Result<(), String> {
        let mut record = Record::<Toy>::from_seed(ToyOptions::default(), 3);
        record.actions = vec!["c0".into()];
        let text = record.to_json();
        assert!(!text.contains("content_hash"), "a game without card data writes no hash");
        assert!(Record::<Toy>::from_json(&text).is_ok());
        let played = Toy::new(&ToyOptions::default(), 3).map_err(|e| e.to_string())?;
        let mut legal = Vec::new();
        played.legal_actions(&mut legal);
        record.actions = vec![legal[0].to_string()];
        assert!(replay(&record).is_ok());
        let mut newer = record.clone();
        newer.engine_version = "999.0.0".into();
        let err = replay(&newer).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.starts_with("record written by engine version 999.0.0, newer than this engine"), "{err}");
        let mut other_cards = record.clone();
        other_cards.content_hash = Some("abc123".into());
        assert_eq!(
            replay(&other_cards).err(),
            Some(ReplayError::ContentMismatch { recorded: "abc123".into(), ours: "none".into() })
        );
        let mut bad_action = record;
        bad_action.actions = vec!["c99".into()];
        match replay(&bad_action) {
            Err(e @ ReplayError::BadNotation { step: 0, .. }) => {
                assert!(std::error::Error::source(&e).is_some(), "the parse error is kept as the cause");
            }
            other => return Err(format!("{other:?}")),
        }
        Ok(())
    }

    fn fixed() -> Result<Toy, SetupError> {
        let setup = ToySetup { hands: vec![vec![7, 0, 3], vec![1, 2, 6]], leader: Seat(1) };
        Toy::from_setup(&ToyOptions::default(), &setup, 0)
    }

    pub fn highest_card_wins_and_leads() -> Result<(), String> {
        let mut g = fixed().map_err(|e| e.to_string())?;
        assert_eq!(g.view(Seat(0)).hand, vec![0, 3, 7]);
        assert_eq!(g.to_move(), Some(Seat(1)));
        let mut log = EventLog::new();
        g.try_apply(Play(6), &mut log).map_err(|e| e.to_string())?;
        assert_eq!(g.view(Seat(0)).trick, vec![(Seat(1), 6)]);
        assert_eq!(g.view(Seat(0)).unseen(), vec![1, 2, 4, 5], "c6 is seen once played");
        g.try_apply(Play(3), &mut log).map_err(|e| e.to_string())?;
        let seen: Vec<String> = log.for_seat(Seat(0)).map(ToString::to_string).collect();
        assert_eq!(seen, vec!["p1 plays c6", "p0 plays c3", "p1 wins the trick with c6"]);
        assert_eq!(g.view(Seat(0)).tricks, vec![0, 1]);
        assert_eq!(g.to_move(), Some(Seat(1)), "the winner leads");
        assert!(g.try_apply(Play(7), &mut NoEvents).is_err(), "p1 does not hold c7");
        for a in [Play(1), Play(7), Play(0), Play(2)] {
            g.try_apply(a, &mut NoEvents).map_err(|e| e.to_string())?;
        }
        assert!(g.is_terminal());
        assert_eq!(g.scores(), vec![1.0, 2.0]);
        assert_eq!(g.winners(), vec![Seat(1)]);
        Ok(())
    }

    pub fn setup_errors_name_the_field() {
        let opts = ToyOptions::default();
        let twice = ToySetup { hands: vec![vec![1, 1, 2], vec![3, 4, 5]], leader: Seat(0) };
        assert_eq!(Toy::from_setup(&opts, &twice, 0).map_err(|e| e.field), Err("hands[0]".to_owned()));
        let far = ToySetup { hands: vec![vec![1, 2, 3], vec![4, 5, 31]], leader: Seat(0) };
        assert_eq!(Toy::from_setup(&opts, &far, 0).map_err(|e| e.field), Err("hands[1]".to_owned()));
        let leader = ToySetup { hands: vec![vec![1, 2, 3], vec![4, 5, 6]], leader: Seat(2) };
        assert_eq!(Toy::from_setup(&opts, &leader, 0).map_err(|e| e.field), Err("leader".to_owned()));
    }

    pub fn notation_rejects_junk() {
        for bad in ["", "c", "7", "c32", "c+1", "d3", "c-1", "c 1"] {
            assert!(bad.parse::<Play>().is_err(), "{bad:?}");
        }
        assert_eq!("c31".parse::<Play>(), Ok(Play(31)));
    }

    pub fn record_from_setup_replays() -> Result<(), String> {
        let setup = ToySetup { hands: vec![vec![7, 0, 3], vec![1, 2, 6]], leader: Seat(1) };
        let mut record = Record::<Toy>::from_setup(ToyOptions::default(), setup, 0);
        record.actions = ["c6", "c3", "c1", "c7", "c0", "c2"].map(String::from).to_vec();
        record.scores = Some(vec![1.0, 2.0]);
        let end = replay(&record).map_err(|e| e.to_string())?;
        assert!(end.is_terminal());
        let json = serde_json::to_string(&record).map_err(|e| e.to_string())?;
        let back = Record::<Toy>::from_json(&json).map_err(|e| e.to_string())?;
        assert_eq!(back, record);
        Ok(())
    }
}
