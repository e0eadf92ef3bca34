//! What one seat sees: every field, on-deck card, sleeve, token, vale and the commons; its own discard
//! pile (others: only its size); deck order is hidden from everyone (the owner knows which cards are in
//! it); unrevealed commons and vale decks are hidden. Its terminal rendering, and determinization.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Locale, Seat};

use crate::cards::{CardDb, DbRef};
use crate::memo::remembered;
use crate::setup::Options;
use crate::state::{CardStats, EMPTY, LeaderCard, MysticVale, NUM_CARDS, Phase, Pile, Player, Sleeve, Turn};

/// One player as a seat sees it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct PlayerView {
    /// The 20 sleeves (sleeving is public).
    pub cards: [Sleeve; NUM_CARDS],
    /// Cards in the deck.
    pub deck_count: u8,
    /// The deck's bottom cards, bottom first, that every seat saw go there face down (Burrow Wyrms) and
    /// that are still there, the deck unshuffled since (ruling MV56).
    #[serde(default)]
    pub deck_bottom: Pile,
    /// The on-deck card.
    pub on_deck: Option<u8>,
    /// The field.
    pub field: Pile,
    /// The discard pile, for its owner.
    pub discard: Option<Pile>,
    /// Size of the discard pile.
    pub discard_count: u8,
    /// The rest of the player's public state (tokens, vales, effects).
    pub token_active: bool,
    /// VP tokens.
    pub vp: u16,
    /// Vales.
    pub vales: Vec<u8>,
    /// Spoiled in the Prep Phase.
    pub skip_next: bool,
    /// The player's leader: the card carrying it is known to all, which leader it is only to its owner
    /// until it is first revealed (ruling MV22).
    pub leader: Option<LeaderView>,
    /// The two leaders dealt to choose from, for their owner only, until the choice.
    pub leader_offer: Option<[u8; 2]>,
    /// The round of the player's last extra turn (0: never).
    pub extra_turn_round: u16,
    /// The player's amulet (public, its side is `token_active`).
    #[serde(default)]
    pub amulet: Option<u8>,
    /// Mana waiting for the player's next Harvest Phase.
    #[serde(default)]
    pub pending_mana: u8,
    /// The decay and growth the rules count for this player's field and on-deck card, every ability
    /// included ([`View::decay_growth`]): derived from the view, for front ends.
    #[serde(default)]
    pub showing: Showing,
    /// Per-ability state, each part declared by its effect module (public: every seat sees it).
    #[serde(flatten)]
    pub fx: crate::effects::PlayerStates,
}

/// Of the cards a push may reveal, how many would spoil (exact counts: a view's JSON round-trips).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SpoilOdds {
    /// Cards that would spoil.
    pub spoiling: u8,
    /// Cards a push may reveal.
    pub cards: u8,
}

/// A player's decay and growth as the Spoil check counts them (4 more decay than growth spoils,
/// EN:448-454): derived from the view ([`View::decay_growth`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Showing {
    /// Decay counted.
    pub decay: i32,
    /// Growth counted (each cancels one decay).
    pub growth: i32,
}

impl PlayerView {
    /// The cards given extra guardians this turn, and how many (as [`Player::bonuses`]).
    pub fn bonuses(&self) -> [Option<(u8, u8)>; 3] {
        [
            self.fx.plus_guardian.first.map(|(c, _)| (c, 1)),
            self.fx.plus_guardian.second.map(|(c, _)| (c, 1)),
            self.fx.amulets.extra_guardians,
        ]
    }

    /// Conclave of Ents' guardians on card `c` this turn.
    pub(crate) fn conclave_bonus(&self, c: u8) -> u8 {
        u8::from(matches!(self.fx.plus_guardian.first, Some((x, _)) if x == c))
            + u8::from(matches!(self.fx.plus_guardian.second, Some((x, _)) if x == c))
    }
}

/// A player's leader as a seat sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LeaderView {
    /// The card number carrying it.
    pub card: u8,
    /// Which leader, if this seat knows.
    pub id: Option<u8>,
    /// On its upgraded side.
    pub upgraded: bool,
    /// Every seat knows it.
    pub public: bool,
}

/// What one seat may see.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct View {
    /// Whose view.
    pub seat: Seat,
    /// Options.
    pub options: Options,
    /// Cards.
    pub db: DbRef,
    /// Players.
    pub players: Vec<PlayerView>,
    /// Starting player.
    pub start: u8,
    /// Active player.
    pub current: u8,
    /// Phase.
    pub phase: Phase,
    /// Face-up commons by level and position (`None`: no advancement there, its deck ran out).
    pub commons: [[Option<u8>; 3]; 3],
    /// Copies stacked under each commons advancement (variant `stacked_duplicates`).
    #[serde(default)]
    pub commons_stack: [[u8; 3]; 3],
    /// Advancement deck sizes.
    pub adv_deck_counts: [u8; 3],
    /// Fertile Soils left per slot.
    pub soil: [u8; 3],
    /// Face-up vales by level and position (`None`: no vale there, its deck ran out).
    pub vale_row: [[Option<u8>; 4]; 2],
    /// Vale deck sizes.
    pub vale_deck_counts: [u8; 2],
    /// Vales out of the game.
    pub removed_vales: Vec<u8>,
    /// Advancements removed from the game (Hempero), public.
    #[serde(default)]
    pub removed_advs: Vec<u8>,
    /// The level-1 vale deck's top card when every seat saw it put there (Crystal Cavern, ruling MV66).
    #[serde(default)]
    pub vale_top: Option<u8>,
    /// VP pool.
    pub pool: u16,
    /// Finishing the round.
    pub ending: bool,
    /// Turn state (public).
    pub turn: Turn,
    /// Calm Weather's top card, for the active player only.
    pub peek: Option<u8>,
    /// Wood Sprite Hoard: the cards looked at still to decide below `peek`, top first (EN:1554: all three
    /// are seen), for the active player only.
    #[serde(default)]
    pub looking: Vec<u8>,
    /// The draft table during setup.
    #[serde(default)]
    pub draft: Option<crate::draft::DraftTable>,
    /// The six conclaves the commons and vale decks were built from (public).
    #[serde(default)]
    pub conclaves: Option<[u8; crate::conclaves::PICK]>,
    /// Rounds.
    pub rounds: u16,
    /// Moves.
    pub moves: u32,
    /// The odds that pushing now spoils, for the seat whose view it is when it is the active player
    /// and has an on-deck card ([`View::spoil_odds`]): derived from the view, for front ends.
    #[serde(default)]
    pub spoil_risk: Option<SpoilOdds>,
}

impl MysticVale {
    pub(crate) fn view_of(&self, seat: Seat) -> View {
        let mut view = self.bare_view(seat);
        for i in 0..view.players.len() {
            let (decay, growth) = view.decay_growth(i);
            view.players[i].showing = Showing { decay, growth };
        }
        if seat.0 == self.current {
            view.spoil_risk = view.spoil_odds();
        }
        view
    }

    /// The view without its derived fields.
    fn bare_view(&self, seat: Seat) -> View {
        View {
            seat,
            options: self.options.clone(),
            db: self.db.clone(),
            players: self
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| PlayerView {
                    cards: p.cards,
                    deck_count: p.deck.len() as u8,
                    deck_bottom: p.known_bottom(),
                    on_deck: p.on_deck,
                    field: p.field,
                    discard: (i == seat.index()).then_some(p.discard),
                    discard_count: p.discard.len() as u8,
                    token_active: p.token_active,
                    vp: p.vp,
                    vales: p.vales.clone(),
                    skip_next: p.skip_next,
                    leader: p.leader.map(|l| LeaderView {
                        card: l.card,
                        // Until its owner chooses (`leaders=choose`), the card shows no leader at all.
                        id: (p.leader_offer.is_none() && (i == seat.index() || l.public)).then_some(l.id),
                        upgraded: l.upgraded,
                        public: l.public,
                    }),
                    leader_offer: if i == seat.index() { p.leader_offer } else { None },
                    extra_turn_round: p.extra_turn_round,
                    amulet: p.amulet,
                    pending_mana: p.pending_mana,
                    fx: p.fx,
                    showing: Showing::default(),
                })
                .collect(),
            start: self.start,
            current: self.current,
            phase: self.phase,
            commons: self.commons.map(|row| row.map(face)),
            commons_stack: self.commons_stack,
            adv_deck_counts: self.adv_decks.clone().map(|d| d.len() as u8),
            soil: self.soil,
            vale_row: self.vale_row.map(|row| row.map(face)),
            vale_deck_counts: self.vale_decks.clone().map(|d| d.len() as u8),
            removed_vales: self.removed_vales.clone(),
            removed_advs: self.removed_advs.clone(),
            vale_top: self.known_vale_top(),
            pool: self.pool,
            ending: self.ending,
            turn: self.turn.clone(),
            peek: if seat.0 == self.current { self.peek } else { None },
            looking: if seat.0 == self.current { self.looking() } else { Vec::new() },
            draft: self.draft.clone(),
            conclaves: self.conclaves,
            rounds: self.rounds,
            moves: self.moves,
            spoil_risk: None,
        }
    }

    /// A full state consistent with `view`, hidden cards resampled.
    pub(crate) fn sample(view: &View, rng: &mut GameRng) -> MysticVale {
        let db = view.db.clone();
        let me = view.seat.index();
        let mut players = Vec::with_capacity(view.players.len());
        // Leaders this seat cannot place: the others' hidden ones are drawn from the rest.
        let mut unseen: Vec<u8> = (0..db.leaders.len() as u8)
            .filter(|&l| {
                !view.players.iter().any(|p| {
                    p.leader.is_some_and(|x| x.id == Some(l)) || p.leader_offer.is_some_and(|o| o.contains(&l))
                })
            })
            .collect();
        rng.shuffle(&mut unseen);
        for (i, pv) in view.players.iter().enumerate() {
            let mut hidden = Pile::new();
            for c in 0..NUM_CARDS as u8 {
                let seen_by_me = i == me
                    && (view.peek == Some(c)
                        || view.looking.contains(&c)
                        || pv.discard.as_ref().is_some_and(|d| d.contains(&c)));
                if !pv.field.contains(&c) && pv.on_deck != Some(c) && !seen_by_me && !pv.deck_bottom.contains(&c) {
                    hidden.push(c);
                }
            }
            rng.shuffle(&mut hidden);
            let d = if i == me {
                pv.discard.unwrap_or_default()
            } else {
                let k = hidden.len() - pv.discard_count as usize;
                let d = Pile::from_slice(&hidden[k..]);
                hidden.truncate(k);
                d
            };
            // The known bottom cards under the rest, in order (a small deck's top cards shown to their owner,
            // `peek` and `looking`, are placed below).
            let mut deck = pv.deck_bottom;
            if i == me {
                deck.retain(|c| view.peek != Some(*c) && !view.looking.contains(c));
            }
            deck.extend_from_slice(&hidden);
            if i == me
                && let Some(t) = view.peek
            {
                // Calm Weather's card is the top one; Wood Sprite Hoard's lies under the cards kept, the
                // cards still to decide under it, in order.
                let kept = match view.phase {
                    Phase::Look { depth, .. } => usize::from(depth).min(deck.len()),
                    _ => 0,
                };
                let top = Pile::from_slice(&deck[deck.len() - kept..]);
                deck.truncate(deck.len() - kept);
                for &c in view.looking.iter().rev() {
                    deck.push(c);
                }
                deck.push(t);
                deck.extend_from_slice(&top);
            }
            let field = pv.field;
            let mut player = Player {
                under: pv.deck_bottom,
                cards: pv.cards,
                deck,
                on_deck: pv.on_deck,
                field,
                discard: d,
                token_active: pv.token_active,
                vp: pv.vp,
                vales: pv.vales.clone(),
                skip_next: pv.skip_next,
                leader: pv.leader.map(|l| LeaderCard {
                    // Before the choice the state holds the first leader dealt.
                    id: l.id.or(pv.leader_offer.map(|o| o[0])).or_else(|| unseen.pop()).unwrap_or(0),
                    card: l.card,
                    upgraded: l.upgraded,
                    public: l.public,
                }),
                leader_offer: if i == me {
                    pv.leader_offer
                } else if view.phase == Phase::ChooseLeader
                    && pv.leader.is_some_and(|l| l.id.is_none())
                    && view.players[i].leader_offer.is_none()
                    && !chosen(view, i)
                {
                    Some([unseen.pop().unwrap_or(0), unseen.pop().unwrap_or(0)])
                } else {
                    None
                },
                extra_turn_round: pv.extra_turn_round,
                amulet: pv.amulet,
                pending_mana: pv.pending_mana,
                fx: pv.fx,
                stats: [CardStats::default(); NUM_CARDS],
                shown_decay: 0,
                shown_growth: 0,
            };
            player.refresh_all(&db);
            players.push(player);
        }
        // Unseen advancements: every copy minus the visible ones.
        let mut left: Vec<i32> = db.advancements.iter().map(|a| i32::from(a.copies)).collect();
        for p in &players {
            for s in &p.cards {
                for a in s.advs() {
                    left[a as usize] -= 1;
                }
            }
        }
        for (row, stack) in view.commons.iter().zip(&view.commons_stack) {
            for (&a, &n) in row.iter().zip(stack) {
                if let Some(a) = a {
                    left[a as usize] -= 1 + i32::from(n);
                }
            }
        }
        for b in &view.turn.bought {
            left[b.adv as usize] -= 1;
        }
        for &a in &view.removed_advs {
            left[a as usize] -= 1;
        }
        // With conclaves, the decks hold only their cards.
        let members = crate::conclaves::members(db.clone(), view.conclaves);
        let mut adv_decks: [Vec<u8>; 3] = Default::default();
        for l in 0..3 {
            let mut pool: Vec<u8> = Vec::new();
            for (id, a) in db.advancements.iter().enumerate() {
                let id8 = id as u8;
                if a.level as usize == l + 1
                    && id8 != db.cursed_land
                    && id8 != db.starting_soil
                    && !db.soil.contains(&id8)
                    && members.as_ref().is_none_or(|(m, _)| m[id])
                {
                    for _ in 0..left[id].max(0) {
                        pool.push(id8);
                    }
                }
            }
            rng.shuffle(&mut pool);
            pool.truncate(view.adv_deck_counts[l] as usize);
            pool.reserve(4);
            adv_decks[l] = pool;
        }
        let mut vleft: Vec<i32> = db.vales.iter().map(|v| i32::from(v.copies)).collect();
        for p in &players {
            for &v in &p.vales {
                vleft[v as usize] -= 1;
            }
        }
        for &v in view.vale_row.iter().flatten().flatten().chain(&view.removed_vales) {
            vleft[v as usize] -= 1;
        }
        let mut vale_decks: [Vec<u8>; 2] = Default::default();
        for l in 0..2 {
            let mut pool: Vec<u8> = Vec::new();
            for (id, v) in db.vales.iter().enumerate() {
                if v.level as usize == l + 1 && members.as_ref().is_none_or(|(_, m)| m[id]) {
                    for _ in 0..vleft[id].max(0) {
                        pool.push(id as u8);
                    }
                }
            }
            // A known top card stays on top (Crystal Cavern, ruling MV66).
            let top = view.vale_top.filter(|_| l == 0 && view.vale_deck_counts[0] > 0);
            if let Some(v) = top
                && let Some(k) = pool.iter().position(|&x| x == v)
            {
                pool.swap_remove(k);
            }
            rng.shuffle(&mut pool);
            pool.truncate(usize::from(view.vale_deck_counts[l]) - usize::from(top.is_some()));
            pool.extend(top);
            vale_decks[l] = pool;
        }
        let mut turn = view.turn.clone();
        turn.bought.reserve(4);
        MysticVale {
            options: view.options.clone(),
            db,
            rng: rng.fork(),
            players,
            start: view.start,
            current: view.current,
            phase: view.phase,
            commons: view.commons.map(|row| row.map(|a| a.unwrap_or(EMPTY))),
            commons_stack: view.commons_stack,
            adv_decks,
            soil: view.soil,
            vale_row: view.vale_row.map(|row| row.map(|a| a.unwrap_or(EMPTY))),
            vale_decks,
            removed_vales: view.removed_vales.clone(),
            removed_advs: view.removed_advs.clone(),
            vale_top: view.vale_top,
            pool: view.pool,
            ending: view.ending,
            turn,
            peek: if view.seat.0 == view.current { view.peek } else { None },
            draft: view.draft.clone(),
            conclaves: view.conclaves,
            rounds: view.rounds,
            moves: view.moves,
        }
    }
}

impl View {
    /// A card's contents in words: `[Stag | Pack Leader over Sundered Land | Cursed Land]` (in another
    /// language: [`View::card_text_in`], the words layer's).
    pub fn card_text(&self, s: Sleeve) -> String {
        self.card_text_in(s, Locale::En)
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(f, Locale::En)
    }
}

impl View {
    /// Player `i`'s leader as far as this seat knows it (`None` if it has none or it is hidden).
    pub fn leader_card(&self, i: usize) -> Option<LeaderCard> {
        self.players[i]
            .leader
            .and_then(|l| Some(LeaderCard { id: l.id?, card: l.card, upgraded: l.upgraded, public: l.public }))
    }

    /// The totals of player `i`'s card `c` ([`CardStats::of`], with its leader side when known).
    pub fn card_stats(&self, i: usize, c: u8) -> CardStats {
        let db = &*self.db;
        let p = &self.players[i];
        let boost = p.fx.guardian_and_graft.boost.filter(|b| b.card == c);
        let face = crate::state::leader_face(db, self.leader_card(i), c);
        let sleeve = p.cards[c as usize];
        match (face, boost) {
            (None, None) => plain_stats(db, sleeve),
            _ => CardStats::boosted(sleeve, db, face, boost),
        }
    }

    /// The totals of all of player `i`'s cards.
    pub fn all_stats(&self, i: usize) -> [CardStats; NUM_CARDS] {
        std::array::from_fn(|c| self.card_stats(i, c as u8))
    }

    /// Decay and growth showing for player `i`.
    pub fn decay_growth(&self, i: usize) -> (i32, i32) {
        let db = &*self.db;
        let p = &self.players[i];
        let mut d = 0;
        let mut g = i32::from(p.fx.spoil_growth.growth) + crate::state::vale_growth(db, &p.vales);
        for &c in p.field.iter().chain(p.on_deck.iter()) {
            let b = p.conclave_bonus(c);
            let st = self.card_stats(i, c);
            if p.fx.cancel_decay.until_discard != Some(c) {
                d += i32::from(st.decay);
            }
            g += i32::from(st.growth.saturating_add(st.grov.saturating_mul(b)));
            if p.fx.cancel_decay.until_prep == Some(c) {
                g += i32::from(crate::state::aether_cancel(db, p.cards[c as usize], &st));
            }
        }
        (d, g)
    }

    /// The cards the seat knows to be in its deck (all but field, on-deck and discard), in order: a
    /// [`Pile`], so no heap (the heuristic reads it for every push it weighs).
    pub fn own_deck(&self) -> Pile {
        let p = &self.players[self.seat.index()];
        let mut deck = Pile::new();
        for c in 0..NUM_CARDS as u8 {
            if !p.field.contains(&c) && p.on_deck != Some(c) && !p.discard.as_ref().is_some_and(|d| d.contains(&c)) {
                deck.push(c);
            }
        }
        deck
    }

    /// The chance that pushing now spoils, from the known remaining deck (the discard pile when the deck is
    /// empty), ignoring abilities that prevent spoiling.
    pub fn spoil_risk(&self) -> Option<f64> {
        self.spoil_odds().map(|o| if o.cards == 0 { 0.0 } else { f64::from(o.spoiling) / f64::from(o.cards) })
    }

    /// [`View::spoil_risk`] as counts: of the cards a push may reveal, how many would spoil.
    pub fn spoil_odds(&self) -> Option<SpoilOdds> {
        let i = self.seat.index();
        let p = &self.players[i];
        p.on_deck?;
        let (d, g) = self.decay_growth(i);
        let net = d - g;
        let mut pool = self.own_deck();
        if let Some(t) = self.peek {
            pool = Pile::from_slice(&[t]);
        }
        if pool.is_empty() {
            pool = p.discard.unwrap_or_default();
        }
        let db = &*self.db;
        let bad = pool
            .iter()
            .filter(|&&c| {
                let st = plain_stats(db, p.cards[c as usize]);
                net + i32::from(st.decay) - i32::from(st.growth) >= 4
            })
            .count();
        // At most the player's 20 cards.
        Some(SpoilOdds { spoiling: bad as u8, cards: pool.len() as u8 })
    }
}

/// [`CardStats::of`] of a card without a leader side or a boost, remembered per thread
/// ([`crate::memo`]).
fn plain_stats(db: &CardDb, s: Sleeve) -> CardStats {
    remembered(|m| &mut m.stats, db, s, 0, || CardStats::of(s, db, None))
}

/// A commons or vale face of the state as the view shows it.
fn face(x: u8) -> Option<u8> {
    (x != EMPTY).then_some(x)
}

/// Whether seat `i` has already chosen its leader (the choice goes round from the starting player).
fn chosen(view: &View, i: usize) -> bool {
    let n = view.players.len();
    let order = |s: usize| (s + n - view.start as usize) % n;
    order(i) < order(view.current as usize)
}
