//! Setting up a game: options (players, champions, tree cards) and explicit setups.
//!
//! The rulebook's setup: choose 8 of the 14 champions (by agreement or at random), shuffle their 88
//! creature cards with the 11 chameleons and the tree cards into the draw pile, deal 8 cards to each
//! player, 5 stones each; the first player is chosen by the players (here: at random from the seed, or
//! named in an explicit setup).

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Seat, SetupError, SetupErrorKind};

use crate::actions::Row;
use crate::cards::{Card, CardSet, Creature, TreeKind};
use crate::state::{
    COLUMNS, Equinox, HAND_SIZE, MAX_PLAYERS, NO_COLUMN, NO_STONE, Phase, ROUNDS, STONES, Stack, TurnFlags,
};

/// Game options.
///
/// [`Options::default()`], like options read from JSON that leave a field out (a record's), has 4
/// players; the front ends (`sylvan` without `--players`, Python's `load_game`, the lobby) start from
/// [`Game::options_for_players`](sylvan_engine::Game::options_for_players) with the game's minimum, 2
/// players, which is the default the option docs show.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Number of players, 2 to 5; 4 in [`Options::default()`] and when JSON options leave it out.
    pub players: usize,
    /// The 8 champions in column order; `None` draws them at random from the seed.
    pub champions: Option<Vec<Creature>>,
    /// How many L'Ancêtre tree cards (0..=3). The rulebook says 3 trees of two kinds; default 1.
    pub ancestors: u8,
    /// How many Dryade tree cards (0..=3); default 2.
    pub dryads: u8,
    /// The rules revision: [`RULES_REVISION`] (the default) or 1, the rules of records written before it
    /// (ruling E9): revision 1 ended the game after a table turn of passes without a draw even when a
    /// player discarded or got set-aside cards back; revision 2 counts only turns that change nothing. A
    /// record whose options do not name it was written then and replays with 1.
    #[serde(default = "first_rules")]
    pub rules: u8,
}

/// The current rules revision (ruling E9): a turn in which the player passes counts towards a stalled
/// table only if it draws nothing, discards nothing and gets no set-aside card back.
pub const RULES_REVISION: u8 = 2;

fn first_rules() -> u8 {
    1
}

impl Default for Options {
    fn default() -> Self {
        Options { players: 4, champions: None, ancestors: 1, dryads: 2, rules: RULES_REVISION }
    }
}

impl Options {
    /// Checks the options.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !(2..=MAX_PLAYERS).contains(&self.players) {
            return Err(SetupError::new("players", format!("Equinox is for 2 to 5 players, not {}", self.players)));
        }
        if self.ancestors > 3 || self.dryads > 3 {
            return Err(SetupError::of_kind(
                SetupErrorKind::Components,
                "ancestors/dryads",
                "at most 3 tree cards of each kind",
            ));
        }
        if let Some(ch) = &self.champions {
            check_champions(ch, "champions")?;
        }
        if !(1..=RULES_REVISION).contains(&self.rules) {
            return Err(SetupError::new("rules", format!("the rules revision is 1 or {RULES_REVISION}")));
        }
        Ok(())
    }
}

fn check_champions(ch: &[Creature], field: &str) -> Result<(), SetupError> {
    if ch.len() != COLUMNS {
        return Err(SetupError::new(field, format!("exactly 8 champions, not {}", ch.len())));
    }
    for (i, c) in ch.iter().enumerate() {
        if ch[..i].contains(c) {
            return Err(SetupError::of_kind(
                SetupErrorKind::Components,
                field,
                format!("{} is chosen twice", c.name()),
            ));
        }
    }
    Ok(())
}

/// A stone placed in an explicit setup.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoneSetup {
    /// Its owner.
    pub seat: Seat,
    /// The row: 0 for a revealed secret on the champion card, 1..=5 for a round.
    pub row: Row,
    /// The creature's column.
    pub creature: Creature,
}

/// An explicit setup: a deal, and optionally a position in the middle of a game.
///
/// Only `champions`, `first_player`, `hands` and `deck` are required; the other fields describe a game
/// already under way (round, cards on the table, stones, secrets, eliminations, discards). The set of
/// cards in play is the union of all cards named, so a scenario may use a short deck.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The 8 champions in column order.
    pub champions: Vec<Creature>,
    /// The player whose turn begins.
    pub first_player: Seat,
    /// Each player's hand.
    pub hands: Vec<Vec<Card>>,
    /// The draw pile, top card first.
    pub deck: Vec<Card>,
    /// The current round (1..=5); default 1.
    #[serde(default = "one")]
    pub round: u8,
    /// `rows[r - 1][column]`: the cards of a cell, bottom first, for rows up to the current round.
    #[serde(default)]
    pub rows: Vec<Vec<Vec<Card>>>,
    /// Stones on the table.
    #[serde(default)]
    pub stones: Vec<StoneSetup>,
    /// Each player's unrevealed secret prediction card, if any (one entry per player, or empty).
    #[serde(default)]
    pub secrets: Vec<Option<Card>>,
    /// Eliminated creatures with the round of their elimination (one per round before the current one).
    #[serde(default)]
    pub eliminated: Vec<(Creature, u8)>,
    /// The discard pile.
    #[serde(default)]
    pub discard: Vec<Card>,
}

fn one() -> u8 {
    1
}

impl Setup {
    /// A random deal for `options` from `rng` (the champions drawn at random unless chosen).
    pub fn deal(options: &Options, rng: &mut GameRng) -> Setup {
        let champions = match &options.champions {
            Some(ch) => ch.clone(),
            None => {
                let mut all = Creature::ALL;
                rng.shuffle(&mut all);
                all[..COLUMNS].to_vec()
            }
        };
        let mut deck: Vec<Card> = Vec::with_capacity(Card::COUNT);
        for &c in &champions {
            deck.extend((0..=10).map(|s| c.card(s)));
        }
        deck.extend((0..=10).map(Card::chameleon));
        deck.extend((0..options.ancestors).map(|i| TreeKind::Ancetre.card(i)));
        deck.extend((0..options.dryads).map(|i| TreeKind::Dryade.card(i)));
        rng.shuffle(&mut deck);
        let hands = (0..options.players).map(|_| deck.split_off(deck.len() - HAND_SIZE)).collect();
        let first_player = Seat(rng.below(options.players as u32) as u8);
        deck.reverse(); // top first
        Setup {
            champions,
            first_player,
            hands,
            deck,
            round: 1,
            rows: Vec::new(),
            stones: Vec::new(),
            secrets: Vec::new(),
            eliminated: Vec::new(),
            discard: Vec::new(),
        }
    }
}

impl Equinox {
    /// A new game dealt at random from `rng`, for validated options. It draws from `rng` exactly as
    /// [`Setup::deal`] does and gives the same game as building that setup, without the detour.
    pub(crate) fn deal(options: &Options, mut rng: GameRng) -> Equinox {
        let mut champions = Creature::ALL;
        match &options.champions {
            Some(ch) => champions[..COLUMNS].copy_from_slice(&ch[..COLUMNS.min(ch.len())]),
            None => rng.shuffle(&mut champions),
        }
        let mut column_of = [NO_COLUMN; Creature::COUNT];
        let mut deck: Vec<Card> = Vec::with_capacity(Card::COUNT);
        for (i, &c) in champions[..COLUMNS].iter().enumerate() {
            column_of[c.index()] = i as u8;
            deck.extend((0..=10).map(|s| c.card(s)));
        }
        deck.extend((0..=10).map(Card::chameleon));
        deck.extend((0..options.ancestors).map(|i| TreeKind::Ancetre.card(i)));
        deck.extend((0..options.dryads).map(|i| TreeKind::Dryade.card(i)));
        rng.shuffle(&mut deck);
        let universe: CardSet = deck.iter().copied().collect();
        let n = options.players.min(MAX_PLAYERS);
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for hand in hands.iter_mut().take(n) {
            for _ in 0..HAND_SIZE {
                if let Some(c) = deck.pop() {
                    hand.insert(c);
                }
            }
        }
        let first = Seat(rng.below(n as u32) as u8);
        let mut ch = [Creature::Gruyere; COLUMNS];
        ch.copy_from_slice(&champions[..COLUMNS]);
        let mut g = Equinox {
            options: options.clone(),
            players: n as u8,
            champions: ch,
            column_of,
            universe,
            order: [0; COLUMNS],
            live_cards: CardSet::EMPTY,
            dead_cards: CardSet::EMPTY,
            stacks: [[Stack::default(); COLUMNS]; ROUNDS],
            stones: [[NO_STONE; COLUMNS]; ROUNDS],
            revealed: [0; COLUMNS],
            eliminated_in: [0; COLUMNS],
            hands,
            aside: [CardSet::EMPTY; MAX_PLAYERS],
            secret: [None; MAX_PLAYERS],
            secret_used: 0,
            stones_left: [STONES; MAX_PLAYERS],
            known: [[CardSet::EMPTY; MAX_PLAYERS]; MAX_PLAYERS],
            deck: deck.into_iter().collect(),
            discard: CardSet::EMPTY,
            discard_public: CardSet::EMPTY,
            discard_hidden: [CardSet::EMPTY; MAX_PLAYERS],
            round: 1,
            current: first,
            phase: Phase::Predict,
            turn: TurnFlags::default(),
            stall: 0,
            moves: 0,
            rng,
        };
        g.derive_tables();
        g
    }

    /// Builds a game from options and a setup, checking the rulebook's invariants (`equinox.fr.txt`):
    /// 8 distinct champions (FR:43); each card of the game (the champions' creature cards, the 11
    /// chameleons, the tree cards the options allow) in at most one place: a hand, the draw pile, the
    /// discard pile, a secret or a cell; one hand per player; a non-empty draw pile (taking its last card
    /// ends the game, FR:256, FR:288); round 1 to 5 with one creature eliminated in each earlier round; cards
    /// only in their creature's column (or chameleons) and in rows up to the current round; at most one
    /// stone per cell and 5 stones per player (FR:42, FR:90), one secret prediction each (FR:106).
    pub(crate) fn build(options: &Options, setup: &Setup, rng: GameRng) -> Result<Equinox, SetupError> {
        options.validate()?;
        let n = options.players;
        check_champions(&setup.champions, "champions")?;
        if let Some(ch) = &options.champions
            && ch != &setup.champions
        {
            return Err(SetupError::new("champions", "the setup's champions differ from the options'"));
        }
        let mut champions = [Creature::Gruyere; COLUMNS];
        champions.copy_from_slice(&setup.champions);
        let mut column_of = [NO_COLUMN; Creature::COUNT];
        for (i, c) in champions.iter().enumerate() {
            column_of[c.index()] = i as u8;
        }
        if setup.first_player.index() >= n {
            return Err(SetupError::new(
                "first_player",
                format!("{} is not a seat of {n} players", setup.first_player),
            ));
        }
        if !(1..=ROUNDS as u8).contains(&setup.round) {
            return Err(SetupError::new("round", "the round is 1 to 5"));
        }
        // Every card may appear once, and must belong to this game.
        let mut universe = CardSet::EMPTY;
        let mut trees = [0u8; 2];
        // `field` names the setup field in an error; it is only formatted when there is one.
        let mut add = |c: Card, field: &dyn Fn() -> String| -> Result<(), SetupError> {
            if c.0 as usize >= Card::COUNT {
                return Err(SetupError::of_kind(
                    SetupErrorKind::Components,
                    field(),
                    format!("card id {} does not exist", c.0),
                ));
            }
            if let Some(cr) = c.creature()
                && column_of[cr.index()] == NO_COLUMN
            {
                return Err(SetupError::of_kind(
                    SetupErrorKind::Components,
                    field(),
                    format!("{} is not a champion of this game", c.long_name()),
                ));
            }
            if let Some(k) = c.tree() {
                let limit = if k == TreeKind::Ancetre { options.ancestors } else { options.dryads };
                if c.0 - k.card(0).0 >= limit {
                    return Err(SetupError::of_kind(
                        SetupErrorKind::Components,
                        field(),
                        format!("more {} cards than the options allow", k.name()),
                    ));
                }
                trees[k as usize] += 1;
            }
            if universe.contains(c) {
                return Err(SetupError::of_kind(SetupErrorKind::Components, field(), format!("{c} appears twice")));
            }
            universe.insert(c);
            Ok(())
        };
        if setup.hands.len() != n {
            return Err(SetupError::new("hands", format!("{} hands for {n} players", setup.hands.len())));
        }
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (i, h) in setup.hands.iter().enumerate() {
            for &c in h {
                add(c, &|| format!("hands[{i}]"))?;
                hands[i].insert(c);
            }
        }
        if setup.deck.is_empty() {
            return Err(SetupError::new(
                "deck",
                "the draw pile is empty: the game ends when its last card is taken (FR:256)",
            ));
        }
        for &c in &setup.deck {
            add(c, &|| "deck".into())?;
        }
        let mut discard = CardSet::EMPTY;
        for &c in &setup.discard {
            add(c, &|| "discard".into())?;
            discard.insert(c);
        }
        let mut secret = [None; MAX_PLAYERS];
        let mut secret_used = 0u8;
        if !setup.secrets.is_empty() && setup.secrets.len() != n {
            return Err(SetupError::new("secrets", format!("one entry per player ({n}), or none")));
        }
        for (i, s) in setup.secrets.iter().enumerate() {
            if let Some(c) = *s {
                add(c, &|| format!("secrets[{i}]"))?;
                if !c.is_creature() {
                    return Err(SetupError::of_kind(
                        SetupErrorKind::Unreachable,
                        format!("secrets[{i}]"),
                        "a secret prediction is a creature card",
                    ));
                }
                secret[i] = Some(c);
                secret_used |= 1 << i;
            }
        }
        let mut eliminated_in = [0u8; COLUMNS];
        for (k, &(c, r)) in setup.eliminated.iter().enumerate() {
            let col = column_of[c.index()];
            if col == NO_COLUMN {
                return Err(SetupError::of_kind(
                    SetupErrorKind::Components,
                    format!("eliminated[{k}]"),
                    format!("{} is not a champion", c.name()),
                ));
            }
            if r == 0 || r >= setup.round || eliminated_in[col as usize] != 0 {
                return Err(SetupError::of_kind(
                    SetupErrorKind::Unreachable,
                    format!("eliminated[{k}]"),
                    "one creature per earlier round",
                ));
            }
            eliminated_in[col as usize] = r;
        }
        let mut rounds_seen: Vec<u8> = setup.eliminated.iter().map(|e| e.1).collect();
        rounds_seen.sort_unstable();
        if rounds_seen != (1..setup.round).collect::<Vec<_>>() {
            return Err(SetupError::of_kind(
                SetupErrorKind::Unreachable,
                "eliminated",
                "exactly one creature eliminated in each round before the current one",
            ));
        }
        let mut stacks = [[Stack::default(); COLUMNS]; ROUNDS];
        if setup.rows.len() > setup.round as usize {
            return Err(SetupError::of_kind(
                SetupErrorKind::Unreachable,
                "rows",
                "cards can only lie in rows up to the current round",
            ));
        }
        for (r, row) in setup.rows.iter().enumerate() {
            if row.len() > COLUMNS {
                return Err(SetupError::of_kind(SetupErrorKind::Components, format!("rows[{r}]"), "at most 8 columns"));
            }
            for (col, cell) in row.iter().enumerate() {
                let field = format!("rows[{r}][{col}]");
                let e = eliminated_in[col];
                if e != 0 && (e as usize) < r + 1 && !cell.is_empty() {
                    return Err(SetupError::of_kind(
                        SetupErrorKind::Unreachable,
                        field,
                        "a disappearance marker holds this cell",
                    ));
                }
                for &c in cell {
                    add(c, &|| field.clone())?;
                    let ok = c.is_chameleon() || c.creature() == Some(champions[col]);
                    if !ok || !stacks[r][col].push(c) {
                        return Err(SetupError::of_kind(
                            SetupErrorKind::Unreachable,
                            field,
                            format!("{} cannot lie in this column", c.long_name()),
                        ));
                    }
                }
            }
        }
        let mut stones = [[NO_STONE; COLUMNS]; ROUNDS];
        let mut revealed = [0u8; COLUMNS];
        let mut stones_left = [STONES; MAX_PLAYERS];
        for (k, st) in setup.stones.iter().enumerate() {
            let field = format!("stones[{k}]");
            let col = column_of[st.creature.index()];
            if st.seat.index() >= n || col == NO_COLUMN || st.row > setup.round {
                return Err(SetupError::of_kind(
                    SetupErrorKind::Components,
                    field,
                    "stone on a seat, creature or row not in the game",
                ));
            }
            let col = col as usize;
            let e = eliminated_in[col];
            if e != 0 && st.row > e {
                return Err(SetupError::of_kind(
                    SetupErrorKind::Unreachable,
                    field,
                    "a disappearance marker holds this cell",
                ));
            }
            if stones_left[st.seat.index()] == 0 {
                return Err(SetupError::of_kind(
                    SetupErrorKind::Components,
                    field,
                    format!("{} has only 5 stones", st.seat),
                ));
            }
            stones_left[st.seat.index()] -= 1;
            if st.row == 0 {
                if revealed[col] & (1 << st.seat.0) != 0 || secret_used & (1 << st.seat.0) != 0 {
                    return Err(SetupError::of_kind(
                        SetupErrorKind::Unreachable,
                        field,
                        "a player has only one secret prediction",
                    ));
                }
                revealed[col] |= 1 << st.seat.0;
                secret_used |= 1 << st.seat.0;
            } else {
                let cell = &mut stones[st.row as usize - 1][col];
                if *cell != NO_STONE {
                    return Err(SetupError::of_kind(SetupErrorKind::Unreachable, field, "two stones on one cell"));
                }
                *cell = st.seat.0;
            }
        }
        for (i, s) in secret.iter().enumerate() {
            if s.is_some() {
                if stones_left[i] == 0 {
                    return Err(SetupError::of_kind(
                        SetupErrorKind::Components,
                        format!("secrets[{i}]"),
                        "no stone left for the secret prediction",
                    ));
                }
                stones_left[i] -= 1;
            }
        }
        let known = [[CardSet::EMPTY; MAX_PLAYERS]; MAX_PLAYERS];
        let mut deck = setup.deck.clone();
        deck.reverse(); // top last
        let mut g = Equinox {
            options: options.clone(),
            players: n as u8,
            champions,
            column_of,
            universe,
            order: [0; COLUMNS],
            live_cards: CardSet::EMPTY,
            dead_cards: CardSet::EMPTY,
            stacks,
            stones,
            revealed,
            eliminated_in,
            hands,
            aside: [CardSet::EMPTY; MAX_PLAYERS],
            secret,
            secret_used,
            stones_left,
            known,
            deck: deck.into_iter().collect(),
            discard,
            discard_public: discard,
            discard_hidden: [CardSet::EMPTY; MAX_PLAYERS],
            round: setup.round,
            current: setup.first_player,
            phase: Phase::Predict,
            turn: TurnFlags::default(),
            stall: 0,
            moves: 0,
            rng,
        };
        g.derive_tables();
        Ok(g)
    }
}
