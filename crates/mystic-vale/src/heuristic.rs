//! The heuristic player. It sees only its [`View`]: every sleeve, field and on-deck card, the commons and
//! vales, and its own discard pile, so it knows which of its cards are in its deck (all its cards but the
//! field, on-deck card and discard pile), though not their order.
//!
//! - **Value.** Everything is priced in victory points. A card is worth its end-of-game VP plus, for each
//!   time it will still be played, what its symbols and abilities bring to a harvest (mana, spirits, VP on
//!   the left, growth, minus decay; guardian abilities counted with the guardians on the same card). Plays
//!   left are the rounds left (the VP pool over what the table drains from it each round, at most a
//!   horizon; none once the pool is empty) times the share of a deck played each turn.
//! - **Buying.** An advancement is worth what it adds to the best field card it can be sleeved on, so
//!   Lifebringer Seed goes on a Cursed Land, Gaia's Chosen on a card rich in symbols, guardian abilities
//!   next to guardians, growth next to decay. The player buys the best set of up to two advancements the
//!   mana (and, when it is worth it, the mana token) pays for, and the best vales the spirits pay for
//!   (VP plus the ability over the rounds left).
//! - **Pushing.** It pushes while the chance of spoiling, computed from the known remaining deck (with
//!   Peacekeeper Druid's second chance), is small compared with what one more card adds to the harvest:
//!   `p · (harvest at stake) < (1 - p) · (gain)`.

use sylvan_engine::GameRng;

use crate::actions::{Action, Choice, Held, Source};
use crate::amulets::Evoke;
use crate::cards::{CardDb, Count, Effect, Face, Reward, Slot, Spirit, Timing};
use crate::effects::Hint;
use crate::harvest;
use crate::memo::remembered;
use crate::scoring::card_end_points;
use crate::state::{
    CardStats, EMPTY, LeaderCard, MysticVale, NUM_CARDS, Phase, Pile, Sleeve, card_abilities, leader_face,
};
use crate::view::{PlayerView, View};

/// The weights of the value estimate, in VP (tuned by head-to-head games against the first, simpler
/// heuristic: cheap mana and spirits, dear growth and decay, win most).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    /// One mana in a harvest.
    pub(crate) mana: f64,
    /// One animal, forest or sky spirit in a harvest.
    pub(crate) spirit: f64,
    /// One wild spirit in a harvest.
    pub(crate) wild: f64,
    /// One growth showing in a turn.
    pub(crate) growth: f64,
    /// One decay showing in a turn.
    pub(crate) decay: f64,
    /// Peacekeeper Druid's spoil prevention, per play.
    druid: f64,
    /// A "when played" discard or look (Deadwood Harvester, Mindful Owl, Cleansing Rain, Calm Weather).
    filter: f64,
    /// Keeping the mana token active for a later turn.
    token: f64,
    /// Share of a deck played each turn.
    field_share: f64,
    /// Most rounds left the estimate assumes.
    horizon: f64,
    /// What one more card in the field is worth beyond its own harvest (a faster cycle), when pushing.
    push_bonus: f64,
}

pub(crate) const W: Weights = Weights {
    mana: 0.3,
    spirit: 0.6,
    wild: 0.8,
    growth: 1.5,
    decay: 2.0,
    druid: 0.4,
    filter: 0.3,
    token: 0.4,
    field_share: 0.33,
    horizon: 18.0,
    push_bonus: 0.3,
};

/// Cards in a field, typically: Aurora counts its pairs, Magic Seed the others.
const TYPICAL_FIELD: f64 = 6.0;
/// Mana a typical harvest gathers before Ley Line Overflow doubles it.
const TYPICAL_FIELD_MANA: f64 = 4.0;
/// What one more card in a harvest's field typically brings, in VP (Canopy Explorer, Hatchery).
const TYPICAL_CARD_PLAY: f64 = 0.6;
/// Guardians a player typically owns at the end (an end-of-game gain per guardian owned).
const TYPICAL_OWNED_GUARDIANS: f64 = 4.0;
/// Vales a player typically owns when buying a level-2 vale (Earth Cradle).
const TYPICAL_VALES_OWNED: f64 = 3.0;
/// Share of a card's plays in which it is the on-deck card that makes its owner Spoil.
const SPOILER_SHARE: f64 = 0.15;

/// The owner a vale is weighed for: their 20 cards and how many vales they own.
#[derive(Clone, Copy)]
struct Owner<'a> {
    cards: &'a [Sleeve; NUM_CARDS],
    vales: usize,
}

/// What the game has left, as the seat sees it (passed to the effect modules' heuristic hooks).
#[derive(Clone, Copy, Debug)]
pub struct Outlook {
    /// Rounds left after this one (estimated).
    pub rounds: f64,
    /// Plays left for each card.
    pub plays: f64,
}

impl Outlook {
    /// The outlook of the seat of `view`.
    pub(crate) fn of(view: &View) -> Outlook {
        Outlook::from_parts(
            &view.db,
            view.pool,
            view.ending,
            view.players.iter().enumerate().map(|(i, p)| (&p.cards, &p.vales[..], view.leader_card(i))),
        )
    }

    /// The outlook from the public facts it rests on: the pool, whether the round is the last, and each
    /// player's cards and vales.
    fn from_parts<'a>(
        db: &CardDb,
        pool: u16,
        ending: bool,
        players: impl Iterator<Item = (&'a [Sleeve; NUM_CARDS], &'a [u8], Option<LeaderCard>)>,
    ) -> Outlook {
        if ending {
            return Outlook { rounds: 0.0, plays: 0.0 };
        }
        // VP the table takes from the pool per round: left VP and VP rewards of each player's cards, at
        // the share of the deck played each turn, plus vales that give VP every harvest.
        let mut drain = 0.0;
        for (cards, vales, leader) in players {
            for (c, s) in cards.iter().enumerate() {
                drain += card_play(db, *s, leader_face(db, leader, c as u8), 0).vp * W.field_share;
            }
            for &v in vales {
                let x = db.vale(v);
                if x.ability.timing == Timing::Harvest
                    && x.ability.effect == Effect::Gain
                    && x.ability.reward == Reward::Vp
                {
                    drain += f64::from(x.ability.amount);
                }
            }
        }
        let rounds = (f64::from(pool) / drain.max(0.5)).min(W.horizon);
        Outlook { rounds, plays: rounds * W.field_share }
    }
}

/// What a card brings each time it is played, by kind, with a typical field.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Play {
    mana: f64,
    spirits: f64,
    wild: f64,
    vp: f64,
    growth: f64,
    decay: f64,
    extra: f64,
}

/// A count as a typical harvest sees it (`guardians` on the card).
fn typical_count(per: Count, guardians: f64) -> f64 {
    match per {
        Count::One => 1.0,
        Count::GuardiansOnCard => guardians,
        Count::FieldPairs => (TYPICAL_FIELD / 2.0).floor(),
        Count::OtherFieldCards => TYPICAL_FIELD - 1.0,
        Count::FieldShortfall => (7.0 - TYPICAL_FIELD).max(0.0),
        Count::DecayField => 2.0,
        Count::MostManaOnFieldCard => 2.0,
        Count::ValesOwned => TYPICAL_VALES_OWNED,
        Count::GuardiansOwned => TYPICAL_OWNED_GUARDIANS,
        Count::Level3Owned => 2.0,
        Count::Level1OnCard => 1.0,
        Count::BlankFieldCards => 2.0,
        Count::BlankCardsOwnedSteps => 3.0,
        Count::PrintedSymbolsOnCard | Count::DecayOwned | Count::ManaPairs => 0.0,
    }
}

/// What card `s` (with leader side `face`, and `bonus` guardians from Conclave of Ents) brings to a
/// typical harvest, remembered per thread when there is no leader side ([`crate::memo`]).
fn card_play(db: &CardDb, s: Sleeve, face: Option<&Face>, bonus: u8) -> Play {
    if face.is_some() {
        return card_play_of(db, s, face, bonus);
    }
    remembered(|m| &mut m.plays, db, s, bonus, || card_play_of(db, s, None, bonus))
}

/// What card `s` (with leader side `face`, and `bonus` guardians from Conclave of Ents) brings to a
/// typical harvest. Symbols and "ongoing" abilities come from the rules' [`CardStats::of`].
fn card_play_of(db: &CardDb, s: Sleeve, face: Option<&Face>, bonus: u8) -> Play {
    let st = CardStats::of(s, db, face);
    let b = f64::from(bonus);
    let g = f64::from(st.guardians) + b;
    let per_g = |k: usize| f64::from(st.spirits_per_guardian[k]) * b;
    let mut p = Play {
        mana: f64::from(st.mana),
        spirits: (0..3).map(|k| f64::from(st.spirits[k]) + per_g(k)).sum(),
        wild: f64::from(st.spirits[3]) + per_g(3),
        vp: f64::from(st.vp),
        growth: f64::from(st.growth) + f64::from(st.grov) * b,
        decay: f64::from(st.decay),
        extra: 0.0,
    };
    let double = if st.has(Effect::DoubleAbilityVp) { 2.0 } else { 1.0 };
    for ab in card_abilities(db, s, face) {
        let amount = f64::from(ab.amount);
        match (ab.timing, ab.effect) {
            (Timing::Harvest, Effect::Gain) => {
                let n = amount * typical_count(ab.per, g);
                match ab.reward {
                    Reward::Mana => p.mana += n,
                    Reward::Vp | Reward::BoxVp => p.vp += n * double,
                    Reward::Wild => p.wild += n,
                    Reward::Animal | Reward::Forest | Reward::Sky => p.spirits += n,
                    _ => {}
                }
            }
            // GinGan's upgraded side: the neighbours' choices give box VP, about every other time.
            (Timing::Harvest, Effect::Unique) if ab.reward == Reward::BoxVp => p.vp += 0.5 * amount,
            (_, Effect::ManaMinus) => p.mana -= amount,
            // A discount when a purchase is declared for its card.
            (_, Effect::DiscountOnCard) => p.extra += W.mana * amount * 0.5,
            // While on-deck, if its card makes its owner Spoil: Moss Troll's VP per guardian on the card,
            // Primal Power's VP and an extra turn.
            (Timing::OnSpoil, Effect::DiscardOnDeck) => p.extra += SPOILER_SHARE * amount * typical_count(ab.per, g),
            (Timing::OnSpoil, Effect::ExtraTurn) => {
                p.extra += SPOILER_SHARE * (amount + TYPICAL_FIELD * TYPICAL_CARD_PLAY)
            }
            (_, Effect::DiscardOnDeck) => p.extra += W.druid,
            (_, Effect::SearchDeckDiscard) => p.extra += W.filter * typical_count(ab.per, g).max(1.0),
            (_, Effect::DiscardOtherField | Effect::LookTopDiscard) => p.extra += W.filter,
            // Ley Line Overflow: the harvest's mana counts `amount` times.
            (_, Effect::MultiplyMana) => p.mana += (amount - 1.0).max(0.0) * TYPICAL_FIELD_MANA,
            // Canopy Explorer: more cards in the harvest.
            (_, Effect::DeckToField) => p.extra += amount * typical_count(ab.per, g) * TYPICAL_CARD_PLAY,
            // Goldenwing Gryphon: a used token turned active.
            (_, Effect::RefreshToken) => p.extra += W.token,
            // Hatchery: its card is played again next turn, about half the time.
            (_, Effect::KeepInField) => p.extra += 0.5 * TYPICAL_CARD_PLAY,
            _ => {}
        }
    }
    p
}

/// A card's two halves of worth: what it brings each time it is played (with `bonus` guardians from
/// Conclave of Ents), and its end-of-game VP (the rules' [`card_end_points`]).
fn card_parts(db: &CardDb, s: Sleeve, bonus: u8) -> (f64, f64) {
    remembered(|m| &mut m.parts, db, s, bonus, || card_parts_of(db, s, bonus))
}

/// [`card_parts`], computed.
fn card_parts_of(db: &CardDb, s: Sleeve, bonus: u8) -> (f64, f64) {
    let p = card_play(db, s, None, bonus);
    let play = W.mana * p.mana + W.spirit * p.spirits + W.wild * p.wild + p.vp + W.growth * p.growth
        - W.decay * p.decay
        + p.extra;
    // End-of-game gains counted over all the owner's cards, with a typical count.
    let owned: f64 = card_abilities(db, s, None)
        .filter(|ab| ab.timing == Timing::EndOfGame && ab.effect == Effect::Gain)
        .map(|ab| match ab.per {
            Count::GuardiansOwned | Count::Level3Owned | Count::BlankCardsOwnedSteps => {
                f64::from(ab.amount) * typical_count(ab.per, 0.0)
            }
            _ => 0.0,
        })
        .sum();
    (play, f64::from(card_end_points(db, s, None)) + owned)
}

/// Rules revision 8 (ruling MV91): a fill or Canopy Explorer waiting for the player (a used on-deck
/// card's too, revision 9), resolved as soon as offered, the fills first (the most cards, revision 7's
/// order).
fn hunt_unit(view: &View, legal: &[Action]) -> Option<Action> {
    let state = &view.turn.fx.deck_to_field;
    let p = &view.players[view.seat.index()];
    crate::effects::deck_to_field::first_unit(view.phase, &view.turn, legal, view, |c, at| {
        let fill = state.fill & (1 << c) != 0;
        crate::effects::deck_to_field::place_of(&view.db, *p.cards.get(usize::from(c))?, fill, at)
    })
}

/// The `keep cN` whose card brings most to a harvest, if that is above `threshold`; else decline.
fn best_keep(db: &CardDb, p: &PlayerView, legal: &[Action], threshold: f64) -> Action {
    legal
        .iter()
        .copied()
        .filter_map(|a| match a {
            // Revision 5 names the keeper: Hatchery's card (`use cN SLOT`), Pool of Visions (`use vV cN`).
            Action::Keep(c)
            | Action::Use { card: Held::Card(c, _), choice: Choice::Nothing }
            | Action::Use { card: Held::Vale(_), choice: Choice::Card(c) } => {
                Some((play_value(db, p.cards[c as usize], 0), a))
            }
            _ => None,
        })
        .filter(|(v, _)| *v > threshold)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(Action::Decline, |(_, a)| a)
}

/// The cards the `ability cN` actions of `legal` name, in order.
pub(crate) fn card_choices(legal: &[Action]) -> impl Iterator<Item = u8> + '_ {
    legal.iter().filter_map(|&a| if let Action::AbilityCard(c) = a { Some(c) } else { None })
}

/// The `ability cN` of `legal` whose card `f` values most, if that value is positive (the last of equals).
pub(crate) fn best_card(legal: &[Action], f: impl Fn(u8) -> f64) -> Option<Action> {
    card_choices(legal)
        .map(|c| (f(c), c))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .filter(|x| x.0 > 0.0)
        .map(|x| Action::AbilityCard(x.1))
}

/// Whether the card looked at (`peek`) is worth milling: its decay costs more than it brings.
fn worth_milling(db: &CardDb, p: &PlayerView, peek: Option<u8>) -> bool {
    peek.is_some_and(|c| {
        let s = p.cards[c as usize];
        s.decay(db) > s.growth(db, 0) && play_value(db, s, 0) < 0.5
    })
}

/// What a card brings each time it is played, in VP (with `bonus` guardians from Conclave of Ents).
pub(crate) fn play_value(db: &CardDb, s: Sleeve, bonus: u8) -> f64 {
    card_parts(db, s, bonus).0
}

/// What leader `id`'s side brings per play, in VP.
fn face_value(db: &CardDb, id: u8, upgraded: bool) -> f64 {
    let f = &db.leader(id).sides[usize::from(upgraded)];
    let p = card_play(db, Sleeve::default(), Some(f), 0);
    W.mana * p.mana + W.spirit * p.spirits + W.wild * p.wild + p.vp + W.growth * p.growth - W.decay * p.decay
        + p.extra
        + f64::from(f.symbols.vp_end) / out_plays_floor()
}

/// Plays assumed when spreading a leader's end VP over its plays.
fn out_plays_floor() -> f64 {
    4.0
}

/// What upgrading leader `id` adds over the rest of the game.
fn leader_upgrade_gain(db: &CardDb, id: u8, out: Outlook) -> f64 {
    out.plays * (face_value(db, id, true) - face_value(db, id, false))
}

/// A leader's worth at the start of the game: its starting side, and its upgraded side for half the game.
fn leader_value(db: &CardDb, id: u8, out: Outlook) -> f64 {
    let plays = out.plays.max(out_plays_floor());
    plays * face_value(db, id, false) + 0.5 * plays * (face_value(db, id, true) - face_value(db, id, false)).max(0.0)
}

/// A card's worth for the rest of the game.
fn card_value(db: &CardDb, s: Sleeve, out: Outlook) -> f64 {
    let (play, end) = card_parts(db, s, 0);
    end + out.plays * play
}

/// What sleeving advancement `adv` on card `s` adds.
pub(crate) fn sleeve_gain(db: &CardDb, s: Sleeve, adv: u8, out: Outlook) -> f64 {
    if !s.fits(db, adv) {
        return f64::NEG_INFINITY;
    }
    let mut t = s;
    t.put(db, adv);
    card_value(db, t, out) - card_value(db, s, out)
}

/// A vale's worth to `owner`: its VP and its ability over the rounds left.
fn vale_value(db: &CardDb, v: u8, out: Outlook, owner: Owner) -> f64 {
    let x = db.vale(v);
    let ab = x.ability;
    let amount = f64::from(ab.amount);
    let r = out.rounds;
    let weight = |rw: Reward| match rw {
        Reward::Mana => W.mana,
        Reward::Wild => W.wild,
        Reward::Animal | Reward::Forest | Reward::Sky => W.spirit,
        Reward::Vp | Reward::BoxVp => 1.0,
        Reward::Growth => W.growth,
        _ => 0.0,
    };
    let ability = match (ab.timing, ab.effect) {
        (_, Effect::None) => 0.0,
        // Used once, at the price of the vale's VP.
        _ if x.remove_self => r.min(1.0),
        // Once, when bought: a gain (Fauna Hollow, Earth Cradle), the token turned active (Amberwood …),
        // a look at the deck (Wood Sprite Hoard), a level-1 vale (Sunwell Temple).
        (Timing::WhenBought, Effect::Gain) => amount * typical_count(ab.per, 0.0) * weight(ab.reward),
        (Timing::WhenBought, Effect::RefreshToken) => W.token + W.mana,
        (Timing::WhenBought, Effect::LookTopDiscard) => amount * W.filter,
        (Timing::WhenBought, Effect::Unique) => 2.5,
        (Timing::Harvest, Effect::Gain) => r * amount * typical_count(ab.per, 0.0) * weight(ab.reward),
        // Gaia's Tears: per vale owned at the end, itself included (about one more every other round).
        (Timing::EndOfGame, Effect::Gain) if ab.per == Count::ValesOwned => {
            amount * (owner.vales as f64 + 1.0 + 0.5 * r)
        }
        (Timing::EndOfGame, Effect::Gain) => amount * typical_count(ab.per, 0.0),
        // Medusa Grotto: the advancements' end VP again (those owned, and about one more a round).
        (Timing::EndOfGame, Effect::MultiplyEndVp) => {
            let end: i32 = owner.cards.iter().map(|&s| card_end_points(db, s, None)).sum();
            (amount - 1.0).max(0.0) * (f64::from(end.max(0)) + r)
        }
        // A unique end-of-game ability: its module's value for the owner's cards.
        (Timing::EndOfGame, Effect::Unique) => {
            crate::effects::module(ab.module).and_then(|m| m.end_worth).map_or(0.0, |f| f(db, owner.cards))
        }
        // Frostcrown Crest, Sundial Savanna: a gain each time the token is spent (about every other turn).
        (Timing::OnEvoke, Effect::Gain) => r * 0.5 * amount * weight(ab.reward),
        (Timing::Ongoing, Effect::Gain) => r * amount * weight(ab.reward),
        (_, Effect::ConvertToWild) => r * 0.1,
        (_, Effect::PlusGuardian) => r * 0.2,
        _ => r * 0.1,
    } + r * 0.3 * f64::from(x.extra_buy);
    f64::from(x.vp) + ability
}

/// The heuristic's projection of every seat's final score, for search playouts cut short
/// ([`Heuristic::evaluate`](sylvan_engine::Heuristic::evaluate)): the score now, plus what each of the
/// seat's cards and vales will still bring over the rounds left, priced as the heuristic prices them
/// ([`card_value`], [`vale_value`]), plus an active mana token. Decay is priced against a card (it risks
/// spoiling a harvest), so a projection can fall below the score banked: the differences between seats,
/// not the numbers themselves, estimate the final margin. Only in a Planting Phase — before the
/// active player's harvest, so that no harvest is half spent and the projections of all seats compare
/// like with like; `None` elsewhere and once the game is over.
pub fn projected_scores(g: &MysticVale) -> Option<Vec<f64>> {
    if g.phase != Phase::Planting {
        return None;
    }
    let db = &*g.db;
    let out = Outlook::from_parts(db, g.pool, g.ending, g.players.iter().map(|p| (&p.cards, &p.vales[..], p.leader)));
    Some(
        g.players
            .iter()
            .enumerate()
            .map(|(i, p)| seat_parts(db, out, &p.cards, &p.vales, p.token_active, g.score(i)).total())
            .collect(),
    )
}

/// One seat's share of [`projected_scores`], in VP: the score banked, and what its cards, its vales
/// (their abilities: their VP are in the score) and its active mana token will still bring.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ProjectedParts {
    /// The score now ([`score_of`](crate::scoring::score_of)).
    pub score: f64,
    /// What the seat's cards will still bring over their plays left.
    pub cards: f64,
    /// What the seat's vales' abilities will still bring.
    pub vales: f64,
    /// An active mana token's worth (0 once the game is in its last round).
    pub token: f64,
}

impl ProjectedParts {
    /// The seat's projected final score: the sum of the parts, as [`projected_scores`] adds them.
    pub fn total(&self) -> f64 {
        self.score + self.cards + self.vales + self.token
    }
}

/// The parts of [`projected_scores`] as the seat of `view` sees them (they read only what every seat
/// sees: the pool, cards, vales, tokens and scores), with the outlook they rest on; `None` outside a
/// Planting Phase. Read-only, for learned evaluations that correct the projection.
pub fn projected_parts(view: &View) -> Option<(Outlook, Vec<ProjectedParts>)> {
    if view.phase != Phase::Planting {
        return None;
    }
    let db = &*view.db;
    let out = Outlook::of(view);
    let parts = view
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| seat_parts(db, out, &p.cards, &p.vales, p.token_active, crate::scoring::score_of(view, i)))
        .collect();
    Some((out, parts))
}

/// One seat's parts of the projection (see [`ProjectedParts`]).
fn seat_parts(
    db: &CardDb,
    out: Outlook,
    cards: &[Sleeve; NUM_CARDS],
    vales: &[u8],
    token_active: bool,
    score: i32,
) -> ProjectedParts {
    let owner = Owner { cards, vales: vales.len() };
    ProjectedParts {
        score: f64::from(score),
        cards: cards.iter().map(|&s| out.plays * play_value(db, s, 0)).sum(),
        vales: vales.iter().map(|&v| vale_value(db, v, out, owner) - f64::from(db.vale(v).vp)).sum(),
        token: if token_active && out.rounds > 0.0 { W.token } else { 0.0 },
    }
}

/// A projected lead (in VP) that counts as clear: a seat this far ahead of the best other projection is
/// valued about 0.88 (tuned against the heuristic at 1,000 iterations; see [`estimated_returns`]).
pub const CLEAR_LEAD: f64 = 10.0;

/// The estimate of [`returns`](sylvan_engine::Game::returns) for search playouts cut short
/// ([`Heuristic::evaluate`](sylvan_engine::Heuristic::evaluate)): each seat's projected lead over the
/// best other seat ([`projected_scores`]), squashed into 0..1 by `0.5 + 0.5 · tanh(lead / CLEAR_LEAD)`.
pub fn estimated_returns(g: &MysticVale) -> Option<Vec<f64>> {
    projected_scores(g).map(|scores| sylvan_engine::lead_values(&scores, CLEAR_LEAD))
}

/// A short list kept inline (on the stack) while it holds at most `N` items, and moved to the heap only
/// by a push past `N`: the heuristic's lists have small known bounds ([`PLAIN_OFFERS`], [`MAX_OFFERS`]),
/// so its decisions allocate nothing, and a list past its bound still keeps every item.
#[derive(Clone, Debug)]
enum Few<T: Copy, const N: usize> {
    /// The first `len` of `items`.
    Inline { len: usize, items: [T; N] },
    /// More than `N` items.
    Heap(Vec<T>),
}

impl<T: Copy, const N: usize> Few<T, N> {
    /// An empty list; `fill` stands in the free places (never read).
    fn new(fill: T) -> Self {
        Few::Inline { len: 0, items: [fill; N] }
    }

    /// Adds `x` at the end.
    fn push(&mut self, x: T) {
        match self {
            Few::Inline { len, items } => match items.get_mut(*len) {
                Some(place) => {
                    *place = x;
                    *len += 1;
                }
                None => {
                    let mut all = Vec::with_capacity(2 * N + 1);
                    all.extend_from_slice(items);
                    all.push(x);
                    *self = Few::Heap(all);
                }
            },
            Few::Heap(all) => all.push(x),
        }
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for Few<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            Few::Inline { len, items } => &items[..*len],
            Few::Heap(all) => all,
        }
    }
}

impl<T: Copy, const N: usize> std::ops::DerefMut for Few<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            Few::Inline { len, items } => &mut items[..*len],
            Few::Heap(all) => all,
        }
    }
}

/// One advancement the seat could buy now: the action, the advancement, its cost, and the card it must
/// go on (Earthchant Chorus) or `EMPTY`.
#[derive(Clone, Copy, Debug)]
struct Offer {
    action: Action,
    adv: u8,
    cost: u8,
    target: u8,
}

impl Offer {
    /// What stands in the free places of a list of offers (never read).
    const NONE: Offer = Offer { action: Action::Done, adv: EMPTY, cost: 0, target: EMPTY };
}

/// Offers bought plainly: one per source, the 9 commons and the 3 Fertile Soil stacks.
const PLAIN_OFFERS: usize = 12;

/// The most offers there can be: the plain ones, and each source bought onto each of the 20 cards
/// (`buy … on cN`), which a legal list holds once each.
const MAX_OFFERS: usize = PLAIN_OFFERS + PLAIN_OFFERS * NUM_CARDS;

/// Offers kept inline in a Harvest Phase decision: the plain ones and up to 20 purchases onto a card
/// (Earthchant Chorus), more than a field usually offers.
const USUAL_OFFERS: usize = 32;

/// A purchase plan: at most two offers.
type Plan = Few<Offer, 2>;

/// The plan that buys `offers`.
fn plan_of(offers: &[Offer]) -> Plan {
    let mut plan = Few::new(Offer::NONE);
    for &o in offers {
        plan.push(o);
    }
    plan
}

/// The advancements on offer to the seat of `view` (bought at most `mana`), from the commons, the
/// Fertile Soil supply, and the Earthchant Chorus purchases in `legal`; inline up to `N` offers
/// ([`PLAIN_OFFERS`] when `legal` has no `buy … on cN`, else at most [`MAX_OFFERS`]).
fn offers<const N: usize>(view: &View, legal: &[Action], mana: u8) -> Few<Offer, N> {
    let db = &*view.db;
    let mut out = Few::new(Offer::NONE);
    for l in 0..3u8 {
        for k in 0..3u8 {
            if let Some(a) = view.commons[l as usize][k as usize]
                && db.adv(a).cost <= mana
            {
                out.push(Offer {
                    action: Action::Buy(Source::Common(l, k)),
                    adv: a,
                    cost: db.adv(a).cost,
                    target: EMPTY,
                });
            }
        }
    }
    for slot in Slot::ALL {
        let a = db.soil[slot as usize];
        if view.soil[slot as usize] > 0 && db.adv(a).cost <= mana {
            out.push(Offer { action: Action::Buy(Source::Soil(slot)), adv: a, cost: db.adv(a).cost, target: EMPTY });
        }
    }
    let p = &view.players[view.seat.index()];
    for &act in legal {
        if let Action::BuyOn(s, c) = act {
            let Some(a) = (match s {
                Source::Common(l, k) => view.commons[l as usize][k as usize],
                Source::Soil(slot) => Some(db.soil[slot as usize]),
            }) else {
                continue;
            };
            let discount: u8 = p.cards[c as usize]
                .advs()
                .map(|x| db.adv(x).ability)
                .filter(|ab| ab.effect == Effect::DiscountOnCard)
                .map(|ab| ab.amount)
                .max()
                .unwrap_or(0);
            out.push(Offer { action: act, adv: a, cost: db.adv(a).cost.saturating_sub(discount), target: c });
        }
    }
    out
}

/// Where an offer would be sleeved: its gain on the best field card left to it, and on the best card
/// other than that one (each `None` when there is none). A pair of purchases never needs a third card.
#[derive(Clone, Copy, Debug)]
struct Places {
    best: Option<(f64, u8)>,
    other: Option<(f64, u8)>,
}

impl Places {
    /// What stands in the free places of a list of places (never read).
    const NONE: Places = Places { best: None, other: None };

    /// The best place not on card `c` (any, for `None`).
    fn not_on(&self, c: Option<u8>) -> Option<(f64, u8)> {
        match self.best {
            Some((_, b)) if Some(b) == c => self.other,
            best => best,
        }
    }
}

/// The best purchase plan among `offers` with `mana` and `buys` purchases left, sleeving on `field`
/// (whose free places are not yet promised to earlier purchases): its value and its offers.
fn best_plan<const N: usize>(
    view: &View,
    field: &Pile,
    offers: &Few<Offer, N>,
    mana: u8,
    buys: usize,
    out: Outlook,
) -> (f64, Plan) {
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    // Card slots already promised to this turn's purchases: the cards, per slot.
    let mut taken = [[false; NUM_CARDS]; 3];
    let mut waiting = [0usize; 3];
    for b in &view.turn.bought {
        let slot = db.adv(b.adv).slot as usize;
        match b.target {
            None => waiting[slot] += 1,
            Some(c) => {
                // A card past the player's 20 is in no field.
                if let Some(t) = taken[slot].get_mut(usize::from(c)) {
                    *t = true;
                }
            }
        }
    }
    // Each field card's worth as it is, once.
    let mut base = [0.0f64; NUM_CARDS];
    for &c in field {
        base[c as usize] = card_value(db, p.cards[c as usize], out);
    }
    // Per offer: its places, from the gain on each field card it may go on, best first (a stable sort:
    // equal gains in the field's order).
    let mut places: Few<Places, N> = Few::new(Places::NONE);
    let mut g = [(0.0f64, 0u8); NUM_CARDS];
    for o in offers.iter() {
        let slot = db.adv(o.adv).slot as usize;
        let mut n = 0;
        for &c in field {
            if (o.target == EMPTY || o.target == c)
                && !taken[slot][c as usize]
                && p.cards[c as usize].fits(db, o.adv)
                && p.leader.is_none_or(|l| l.card != c)
            {
                let mut t = p.cards[c as usize];
                t.put(db, o.adv);
                g[n] = (card_value(db, t, out) - base[c as usize], c);
                n += 1;
            }
        }
        let g = &mut g[..n];
        g.sort_by(|a, b| b.0.total_cmp(&a.0));
        // Purchases still waiting for this slot take the best places first.
        let skip = if o.target == EMPTY { waiting[slot].min(n) } else { 0 };
        let left = &g[skip..];
        let best = left.first().copied();
        let other = best.and_then(|(_, b)| left.iter().copied().find(|&(_, c)| c != b));
        places.push(Places { best, other });
    }
    let mut best = (0.0, Few::new(Offer::NONE));
    for (i, o) in offers.iter().enumerate() {
        let Some((v, c)) = places[i].best else { continue };
        if o.cost > mana {
            continue;
        }
        if v > best.0 {
            best = (v, plan_of(&[*o]));
        }
        if buys < 2 {
            continue;
        }
        for (j, o2) in offers.iter().enumerate().skip(i + 1) {
            if o.cost + o2.cost > mana || same_source(o.action, o2.action) {
                continue;
            }
            let slot2 = db.adv(o2.adv).slot;
            let same_slot = db.adv(o.adv).slot == slot2;
            // The second goes on its best card other than the first's when they share a slot.
            let Some((v2, _)) = places[j].not_on(same_slot.then_some(c)) else { continue };
            // Or the first moves aside for the second.
            let alt = if same_slot {
                places[j].best.and_then(|(v2b, c2)| places[i].not_on(Some(c2)).map(|(v1b, _)| v1b + v2b))
            } else {
                None
            };
            let total = (v + v2).max(alt.unwrap_or(f64::NEG_INFINITY));
            if total > best.0 {
                best = (total, plan_of(&[*o, *o2]));
            }
        }
    }
    best
}

fn same_source(a: Action, b: Action) -> bool {
    let src = |x: Action| match x {
        Action::Buy(s) | Action::BuyOn(s, _) => Some(s),
        _ => None,
    };
    src(a).is_some() && src(a) == src(b)
}

/// Spirits left to spend this harvest.
fn spirits_left(view: &View) -> [u8; 4] {
    let mut s = [0; 4];
    for k in 0..4 {
        s[k] = view.turn.spirits[k].saturating_sub(view.turn.spirit_spent[k]);
    }
    s
}

/// The best vale purchase now (with a second one after it, if allowed): its value and first action.
fn best_vale(view: &View, legal: &[Action], out: Outlook) -> Option<(f64, Action)> {
    let db = &*view.db;
    let avail = spirits_left(view);
    let me = &view.players[view.seat.index()];
    let mine = Owner { cards: &me.cards, vales: me.vales.len() };
    let unique = |v: u8| db.vale(v).unique.then_some(db.vale(v).ability);
    let owned_unique = |a| me.vales.iter().any(|&v| unique(v) == Some(a));
    let mut best: Option<(f64, Action)> = None;
    for &a in legal {
        let Action::Vale(l, k, any) = a else { continue };
        let Some(v) = view.vale_row[l as usize][k as usize] else { continue };
        let Some(pay) = MysticVale::vale_payment(db.vale(v).cost, avail, any) else { continue };
        let mut total = vale_value(db, v, out, mine);
        if view.turn.vales_bought + 1 < 2 {
            let mut left = avail;
            for x in 0..4 {
                left[x] -= pay[x];
            }
            // The unique abilities owned once `v` is bought.
            let owned_after = |a| owned_unique(a) || unique(v) == Some(a);
            let mut second = 0.0f64;
            for l2 in 0..2 {
                for k2 in 0..4 {
                    let Some(w) = view.vale_row[l2][k2] else { continue };
                    if (l2, k2) == (l as usize, k as usize) || unique(w).is_some_and(owned_after) {
                        continue;
                    }
                    let cost = db.vale(w).cost;
                    let payable = if cost[3] == 0 {
                        MysticVale::vale_payment(cost, left, None).is_some()
                    } else {
                        Spirit::ALL.into_iter().any(|s| MysticVale::vale_payment(cost, left, Some(s)).is_some())
                    };
                    if payable {
                        second = second.max(vale_value(db, w, out, mine));
                    }
                }
            }
            total += second;
        }
        if best.is_none_or(|(b, _)| total > b) {
            best = Some((total, a));
        }
    }
    best
}

/// What a harvest from `field` would bring, as the seat sees it before the Harvest Phase: mana,
/// spirits and VP.
fn harvest_of(view: &View, field: &[u8]) -> (u8, [u8; 4], f64) {
    let i = view.seat.index();
    let p = &view.players[i];
    let stats = view.all_stats(i);
    let cards = harvest::Cards {
        db: &view.db,
        cards: &p.cards,
        stats: &stats,
        leader: view.leader_card(i),
        bonus: p.bonuses(),
        copy: None,
        graft: p.fx.guardian_and_graft.boost.and_then(|b| b.ability.map(|ab| (b.card, ab))),
        added: 0,
        table: Some((view, i)),
    };
    let t = harvest::totals(&cards, field, &p.vales);
    (t.mana, t.spirits, f64::from(t.vp) + f64::from(t.box_vp))
}

/// Rules revision 8 (MV23): a neighbour's on-deck card that can cost (Grassland), used by Dione's
/// upgraded side when the harvest with it is worth more than without, by the harvest's own count.
fn on_deck_use(view: &View, legal: &[Action], out: Outlook) -> Option<Action> {
    let uses = legal.iter().rev().take_while(|a| matches!(a, Action::UseOnDeck(..)));
    let mut uses = uses.copied().peekable();
    uses.peek()?;
    let field = &view.players[view.seat.index()].field;
    let now = harvest_value(view, field, out);
    uses.find(|&a| {
        let Action::UseOnDeck(s, _) = a else { return false };
        let mut with = view.clone();
        with.turn.fx.neighbour_on_deck.chosen |= 1 << s;
        harvest_value(&with, field, out) > now
    })
}

/// What a harvest from `field` is worth to the seat: the VP, the best advancements its mana buys, the
/// best vales its spirits buy.
fn harvest_value(view: &View, field: &Pile, out: Outlook) -> f64 {
    let (mana, spirits, vp) = harvest_of(view, field);
    let me = &view.players[view.seat.index()];
    let mine = Owner { cards: &me.cards, vales: me.vales.len() };
    let token = u8::from(me.token_active);
    let all = offers::<PLAIN_OFFERS>(view, &[], mana + token);
    let (buy, _) = best_plan(view, field, &all, mana + token, 2, out);
    let mut vales = 0.0f64;
    let db = &*view.db;
    // Vales: the best one (or two) the spirits pay for.
    let mut best_pair = 0.0f64;
    let row = || view.vale_row.iter().flatten().flatten().copied().enumerate();
    let payable = |cost: [u8; 4], avail: [u8; 4]| -> Option<[u8; 4]> {
        if cost[3] == 0 {
            MysticVale::vale_payment(cost, avail, None)
        } else {
            Spirit::ALL.into_iter().find_map(|s| MysticVale::vale_payment(cost, avail, Some(s)))
        }
    };
    for (i, v) in row() {
        let Some(pay) = payable(db.vale(v).cost, spirits) else { continue };
        let mut left = spirits;
        for x in 0..4 {
            left[x] -= pay[x];
        }
        let first = vale_value(db, v, out, mine);
        vales = vales.max(first);
        for (j, w) in row() {
            if j != i && payable(db.vale(w).cost, left).is_some() {
                best_pair = best_pair.max(first + vale_value(db, w, out, mine));
            }
        }
    }
    vp + buy + vales.max(best_pair)
}

/// The cards the seat knows to be in its deck, or its discard pile when the deck is empty (the next
/// reveal reshuffles it); the top card when Calm Weather shows it.
fn next_reveal_pool(view: &View) -> Pile {
    let p = &view.players[view.seat.index()];
    if let Some(t) = view.peek {
        return Pile::from_slice(&[t]);
    }
    let deck = view.own_deck();
    if deck.is_empty() { p.discard.unwrap_or_default() } else { deck }
}

/// The chance that pushing spoils, from the known remaining deck, with Peacekeeper Druid's second draw.
pub(crate) fn push_risk(view: &View) -> f64 {
    let db = &*view.db;
    let i = view.seat.index();
    let p = &view.players[i];
    let (d, g) = view.decay_growth(i);
    let net = d - g;
    let pool = next_reveal_pool(view);
    if pool.is_empty() {
        return 0.0;
    }
    let bad = |c: u8| {
        let st = view.card_stats(i, c);
        net + i32::from(st.decay) - i32::from(st.growth) >= 4
    };
    let n = pool.len() as f64;
    let nbad = pool.iter().filter(|&&c| bad(c)).count() as f64;
    let risk = nbad / n;
    let druid = p
        .field
        .iter()
        .chain(p.on_deck.iter())
        .any(|&c| p.fx.spoil_discard.used & (1 << c) == 0 && p.cards[c as usize].has(db, Effect::DiscardOnDeck));
    if druid && n > 1.0 {
        // The spoiling card is discarded and another revealed from the rest.
        risk * ((nbad - 1.0).max(0.0) / (n - 1.0))
    } else {
        risk
    }
}

/// Whether to push: the harvest at stake against what one more card adds.
fn should_push(view: &View, out: Outlook) -> bool {
    let p = &view.players[view.seat.index()];
    let Some(next) = p.on_deck else { return false };
    let risk = push_risk(view);
    if risk <= 0.0 {
        return true;
    }
    if risk >= 1.0 {
        return false;
    }
    let now = harvest_value(view, &p.field, out);
    // The on-deck card is none of the field's, so the 20 cards hold them all.
    let mut more = p.field;
    more.push(next);
    let then = harvest_value(view, &more, out);
    let gain = (then - now).max(0.0) + W.push_bonus;
    // Spoiling turns a spent token active.
    let consolation = if p.token_active { 0.0 } else { W.token };
    (1.0 - risk) * (now + gain) + risk * consolation > now
}

/// Whether an on-deck card with these totals is better discarded when a neighbour's GinGan offers it:
/// its decay outweighs its growth.
pub(crate) fn on_deck_is_a_burden(st: crate::state::CardStats) -> bool {
    st.decay > st.growth
}

/// Picks an action for the seat of `view`.
pub fn choose(view: &View, legal: &[Action], rng: &mut GameRng) -> Action {
    let me = view.seat.index();
    let p = &view.players[me];
    let db = &*view.db;
    let has = |a: Action| legal.contains(&a);
    let fallback = legal[rng.index(legal.len())];
    let out = Outlook::of(view);
    if let (Phase::Harvest, Some((v, spent))) = (view.phase, view.turn.fx.vale_choice.waiting) {
        return vale_choice(view, v, spent, legal).unwrap_or(fallback);
    }
    // A decision a module has waiting, or an option it takes first (its `decide` hook).
    if let Some(a) = crate::effects::DECIDE.iter().find_map(|f| f(view, legal, out)) {
        return a;
    }
    if let Some(a) = hunt_unit(view, legal) {
        return a;
    }
    match view.phase {
        Phase::Planting => {
            if has(Action::Push) && (!has(Action::Pass) || should_push(view, out)) {
                Action::Push
            } else {
                Action::Pass
            }
        }
        Phase::SpoilPrompt { .. } => {
            // Peacekeeper Druid, Algeni: `use cN SLOT`.
            if let Some(&a) = legal.iter().find(|a| matches!(a, Action::Use { card: Held::Card(..), .. })) {
                return a;
            }
            if let Some(a) = spoil_evoke(view, legal) {
                return a;
            }
            // Conclave of Ents on a Grovtender card adds growth: use it when that stops the spoil.
            let (d, g) = view.decay_growth(me);
            let conclave_fix = legal.iter().copied().find(|a| match a {
                Action::Use { card: Held::Vale(v), choice: Choice::Card(c) }
                    if db.vale(*v).ability.effect == Effect::PlusGuardian =>
                {
                    let s = p.cards[*c as usize];
                    let extra = i32::from(s.growth(db, 1)) - i32::from(s.growth(db, 0));
                    d - g - extra < 4
                }
                _ => false,
            });
            if let Some(a) = conclave_fix {
                return a;
            }
            // Revision 5 names Bramble Spire or Aether Tree (`use vV cN`); before, `cancel cN` meant
            // Aether Tree when it was owned.
            let cancels = |a: Action, effect: Effect| match a {
                Action::Use { card: Held::Vale(v), .. } => db.vale(v).ability.effect == effect,
                Action::CancelDecay(_) => true,
                _ => false,
            };
            // Aether Tree: on the card whose cancelled decay stops the spoil, if any (it costs its VP).
            let aether = p.vales.iter().any(|&v| db.vale(v).ability.effect == Effect::CancelDecayCard);
            let aether_fix = legal
                .iter()
                .copied()
                .filter_map(|a| match a {
                    Action::CancelDecay(c) | Action::Use { card: Held::Vale(_), choice: Choice::Card(c) }
                        if cancels(a, Effect::CancelDecayCard) =>
                    {
                        let st = view.card_stats(me, c);
                        let cancel = i32::from(crate::state::aether_cancel(db, p.cards[c as usize], &st));
                        (d - g - cancel < 4).then_some((cancel, a))
                    }
                    _ => None,
                })
                .max_by_key(|&(cancel, _)| cancel);
            if let Some((_, a)) = aether_fix.filter(|_| aether) {
                if harvest_value(view, &p.field, out) > 2.5 {
                    return a;
                }
            }
            let growth = legal.iter().copied().find_map(|a| match a {
                Action::UseVale(v) if db.vale(v).ability.effect == Effect::Gain => Some((a, v)),
                _ => None,
            });
            if let Some((a, v)) = growth {
                // Blooming Arbor costs its VP: keep it unless the harvest is worth more.
                if harvest_value(view, &p.field, out) > f64::from(db.vale(v).vp) + 0.5 {
                    return a;
                }
            }
            // A vale that leaves the game (Verdant Path, Bramble Spire): when the harvest is worth its VP.
            let worth = |v: u8| harvest_value(view, &p.field, out) > f64::from(db.vale(v).vp) + 0.5;
            for &a in legal {
                match a {
                    Action::UseVale(v) if db.vale(v).ability.effect != Effect::Gain && worth(v) => return a,
                    Action::CancelDecay(c) | Action::Use { card: Held::Vale(_), choice: Choice::Card(c) }
                        if cancels(a, Effect::CancelDecayOn) =>
                    {
                        let st = view.card_stats(me, c);
                        let v = p.vales.iter().copied().find(|&v| db.vale(v).ability.effect == Effect::CancelDecayOn);
                        if d - g - i32::from(st.decay) < 4 && v.is_some_and(worth) {
                            return a;
                        }
                    }
                    _ => {}
                }
            }
            Action::Spoil
        }
        Phase::Keep => {
            // Keep the field card that brings the most to a harvest.
            best_keep(db, p, legal, 0.0)
        }
        Phase::Order { card, .. } => {
            // Deck abilities first: Cleansing Rain (its shuffle comes before Calm Weather's look, so the
            // look filters the real next on-deck card), then Calm Weather, then the field discard (a
            // card discarded from the field before a reshuffle would go back into the deck).
            let rank = |a: Action| match a {
                Action::Resolve(s) => {
                    let x = p.cards[card as usize].slots[s as usize];
                    match db.adv(x).ability.effect {
                        Effect::SearchDeckDiscard => 0,
                        Effect::LookTopDiscard => 1,
                        _ => 2,
                    }
                }
                _ => 3,
            };
            legal.iter().copied().min_by_key(|&a| rank(a)).unwrap_or(fallback)
        }
        Phase::WhenPlayed { .. } => {
            // Calm Weather: `use cN SLOT` discards the top card.
            if let Some(&a) = legal.iter().find(|a| matches!(a, Action::Use { .. })) {
                return if worth_milling(db, p, view.peek) { a } else { Action::Decline };
            }
            // Deadwood Harvester, Mindful Owl (from the field), Cleansing Rain (from the deck): put away the
            // card whose decay costs more than it brings. Never from the field when the deck is empty: the
            // card would come straight back on-deck (a cycle that only ruling MV19 ends).
            let from_field = matches!(view.phase, Phase::WhenPlayed { card, slot, .. }
                if db.adv(p.cards[card as usize].slots[slot as usize]).ability.effect == Effect::DiscardOtherField);
            if from_field && p.deck_count == 0 {
                return Action::Decline;
            }
            legal
                .iter()
                .copied()
                .filter_map(|a| match a {
                    Action::Discard(c) => {
                        let s = p.cards[c as usize];
                        let net = f64::from(s.decay(db)) - f64::from(s.growth(db, 0));
                        let worth = play_value(db, s, 0) + W.decay * f64::from(s.decay(db));
                        Some((net * W.decay * 1.2 - worth, a))
                    }
                    _ => None,
                })
                .filter(|(v, _)| *v > 0.0)
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map_or(Action::Decline, |(_, a)| a)
        }
        Phase::Harvest => harvest(view, legal, out).unwrap_or(if has(Action::Done) { Action::Done } else { fallback }),
        Phase::Look { .. } => {
            // Wood Sprite Hoard: away with a card whose decay costs more than it brings.
            match legal.iter().find(|a| matches!(a, Action::UseVale(_))) {
                Some(&a) if worth_milling(db, p, view.peek) => a,
                _ => Action::Decline,
            }
        }
        Phase::Hatch { .. } => {
            // Hatchery: keep the card that brings most to a harvest, if it brings anything.
            best_keep(db, p, legal, 0.5)
        }
        Phase::Sleeve => {
            let adv = view.turn.bought.iter().find(|b| b.target.is_none()).map(|b| b.adv);
            legal
                .iter()
                .copied()
                .filter_map(|a| match (a, adv) {
                    (Action::Sleeve(c), Some(x)) => Some((sleeve_gain(db, p.cards[c as usize], x, out), a)),
                    _ => None,
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map_or(fallback, |(_, a)| a)
        }
        Phase::ChooseLeader => {
            let o = p.leader_offer.unwrap_or([0, 0]);
            let v = |k: usize| leader_value(db, o[k], out);
            if v(1) > v(0) && has(Action::ChooseLeader(1)) { Action::ChooseLeader(1) } else { Action::ChooseLeader(0) }
        }
        Phase::Draft { .. } => draft_pick(view, legal, out).unwrap_or(fallback),
        // A red amulet that costs more than its Evoke brings is traded for a plain token.
        Phase::AmuletTrade => match p.amulet {
            Some(a) if has(Action::Trade) && amulet_value(db, a) < 0.0 => Action::Trade,
            _ => Action::Decline,
        },
        Phase::DiscardEvoke => worst_field_card(view, legal).unwrap_or(Action::Decline),
        // A neighbour's GinGan: the on-deck card goes when its decay outweighs its growth (it would hold
        // back the next Planting Phase more than the VP it gives the neighbour).
        Phase::NeighbourDiscard { .. } => match p.on_deck {
            Some(c) if has(Action::Discard(c)) && on_deck_is_a_burden(view.card_stats(me, c)) => Action::Discard(c),
            _ => Action::Decline,
        },
        // The extra Planting Phase after the game is its module's decision (`decide`, above).
        Phase::Bog | Phase::Over => fallback,
    }
}

/// A unique ability's choice in the Harvest Phase (the Vale of the Wild leaders), by the module that
/// offers it: the guardian where it pays most, the copy of the best card, the mana or wild spirit that
/// buys something, a Fertile Soil always, a fresh on-deck card when the shown one brings decay.
fn ability_choice(view: &View, legal: &[Action]) -> Option<Action> {
    let db = &*view.db;
    let me = view.seat.index();
    let p = &view.players[me];
    if view.turn.ability_open.is_some() {
        // An ability takes a second choice: the modules' picks among their own actions, else stop.
        return crate::effects::CHOOSE_OPEN
            .iter()
            .find_map(|f| f(view, legal))
            .or_else(|| legal.contains(&Action::Decline).then_some(Action::Decline));
    }
    if let Some(a) = shuffle_from_discard(view, legal) {
        return Some(a);
    }
    // A unique ability Cyrilla copied, still to use, else the leader's own.
    let copied =
        p.fx.guardian_and_graft
            .boost
            .and_then(|b| b.ability)
            .filter(|ab| ab.effect == Effect::Unique && view.turn.ability_used & (1 << crate::effects::BOOST_KEY) == 0);
    // The module that offers the choice picks (its `choose` hook).
    let m = match copied {
        Some(ab) => crate::effects::module(ab.module)?,
        None => {
            let l = view.leader_card(me)?;
            let face = db.leader(l.id).sides[usize::from(l.upgraded && !view.turn.upgraded)];
            crate::effects::module(face.ability.module).filter(|_| face.ability.effect == Effect::Unique)?
        }
    };
    (m.choose?)(view, legal)
}

/// The pick of the module that shuffles discarded cards back (its `choose` hook), for `ability cN` actions
/// naming discard-pile cards.
fn shuffle_from_discard(view: &View, legal: &[Action]) -> Option<Action> {
    let m = crate::effects::MODULES.iter().find(|m| m.hint == Hint::ShuffleFromDiscard)?;
    (m.choose?)(view, legal)
}

/// A vale's optional "when bought" ability (ruling MV68): Sky Garden when its VP beat its end VP; Halo
/// Mountain when 3 spirits or more are left (its clarification's advice, EN:1377), then to the end.
fn vale_choice(view: &View, v: u8, spent: u8, legal: &[Action]) -> Option<Action> {
    let db = &*view.db;
    let x = db.vale(v);
    let m = crate::effects::module(x.ability.module)?;
    let resolve = m.bought_worth.is_some_and(|worth| worth(view, v, spent));
    if !resolve {
        return legal.contains(&Action::Decline).then_some(Action::Decline);
    }
    // Halo Mountain: the kind with the most left, wild (which pays any cost) last.
    let left = spirits_left(view);
    let spirit = legal
        .iter()
        .copied()
        .filter_map(|a| match a {
            Action::AbilitySpirit(s) => Some((s, a)),
            _ => None,
        })
        .max_by_key(|&(s, _)| (s != Spirit::Wild, left[s as usize]))
        .map(|(_, a)| a);
    spirit.or_else(|| legal.contains(&Action::AbilityPick(0)).then_some(Action::AbilityPick(0)))
}

/// What an amulet is worth over a game, in VP: its end VP and about five Evokes.
fn amulet_value(db: &CardDb, a: u8) -> f64 {
    let x = db.amulet(a);
    let evoke = match x.evoke {
        Evoke::Gain | Evoke::GainThenToss => match x.reward {
            Reward::Mana => W.mana * f64::from(x.amount),
            Reward::Wild => W.wild * f64::from(x.amount),
            _ => f64::from(x.amount),
        },
        Evoke::Growth => W.druid,
        Evoke::DeckBottomToField => TYPICAL_CARD_PLAY,
        Evoke::SleeveNow => 0.5 * TYPICAL_CARD_PLAY,
        Evoke::FieldToDeckBottom => W.filter,
        Evoke::ManaOrGuardians => W.mana,
    };
    let push_tax = if x.must_push { 2.0 } else { 0.0 };
    f64::from(x.vp) + 5.0 * evoke - push_tax
}

/// The draft: the leader or amulet worth the most to the seat.
fn draft_pick(view: &View, legal: &[Action], out: Outlook) -> Option<Action> {
    let db = &*view.db;
    legal
        .iter()
        .copied()
        .map(|a| match a {
            Action::TakeLeader(l) => (leader_value(db, l, out), a),
            Action::TakeAmulet(x) => (amulet_value(db, x), a),
            _ => (f64::NEG_INFINITY, a),
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| a)
}

/// An Evoke when about to spoil: Rootwood Charm's growth when it stops the spoil; Wildfire Ember's
/// guardians on a Moss Troll card about to pay per guardian.
fn spoil_evoke(view: &View, legal: &[Action]) -> Option<Action> {
    let me = view.seat.index();
    let p = &view.players[me];
    let db = &*view.db;
    let a = db.amulet(p.amulet?);
    match a.evoke {
        Evoke::Growth if legal.contains(&Action::Evoke) => {
            let (d, g) = view.decay_growth(me);
            (d - g - i32::from(a.amount) < 4).then_some(Action::Evoke)
        }
        Evoke::ManaOrGuardians => {
            let c = p.on_deck?;
            let troll = card_abilities(db, p.cards[c as usize], None)
                .any(|ab| ab.timing == Timing::OnSpoil && ab.effect == Effect::DiscardOnDeck);
            (troll && legal.contains(&Action::EvokeOn(c))).then_some(Action::EvokeOn(c))
        }
        _ => None,
    }
}

/// Deepriver Crystal: the field card whose decay costs more than it brings goes under the deck.
fn worst_field_card(view: &View, legal: &[Action]) -> Option<Action> {
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    legal
        .iter()
        .copied()
        .filter_map(|a| match a {
            Action::EvokeOn(c) => {
                let s = p.cards[c as usize];
                let net = f64::from(s.decay(db)) - f64::from(s.growth(db, 0));
                Some((net * W.decay - play_value(db, s, 0), a))
            }
            _ => None,
        })
        .filter(|(v, _)| *v > 0.0)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| a)
}

/// An Evoke in the Harvest Phase when it pays: gains and an extra card at once, an advancement bought
/// sleeved where it adds most, a weak card sent under the deck.
fn harvest_evoke(view: &View, legal: &[Action], out: Outlook) -> Option<Action> {
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    let a = db.amulet(p.amulet?);
    match a.evoke {
        Evoke::Gain | Evoke::GainThenToss | Evoke::DeckBottomToField | Evoke::ManaOrGuardians => {
            legal.contains(&Action::Evoke).then_some(Action::Evoke)
        }
        Evoke::SleeveNow => {
            let adv = view.turn.bought.iter().find(|b| b.target.is_none())?.adv;
            legal
                .iter()
                .copied()
                .filter_map(|x| match x {
                    Action::EvokeOn(c) => Some((sleeve_gain(db, p.cards[c as usize], adv, out), x)),
                    Action::EvokeBought(k, c) => {
                        let adv = view.turn.bought.get(usize::from(k))?.adv;
                        Some((sleeve_gain(db, p.cards[c as usize], adv, out), x))
                    }
                    _ => None,
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, x)| x)
        }
        Evoke::FieldToDeckBottom => worst_field_card(view, legal),
        Evoke::Growth => None,
    }
}

/// Rules revision 3: before an action takes a card out of the field or an advancement off it, that card's
/// open abilities are resolved (`use cN`), banking what they give with it.
fn use_first(legal: &[Action], a: Action) -> Action {
    let from = match a {
        Action::EvokeOn(c) | Action::Portal(c, ..) => c,
        _ => return a,
    };
    if legal.contains(&Action::Bank(from)) { Action::Bank(from) } else { a }
}

/// Wayfarer Portal: the advancement move that adds most to what the two cards bring per play, if it adds
/// enough (e.g. a decay advancement onto a card that caps decay, a guardian-counting one next to guardians).
/// Rules revision 7 (MV90): the move's decisions one at a time ([`best_portal_step`]).
fn best_portal(view: &View, legal: &[Action]) -> Option<Action> {
    let p = &view.players[view.seat.index()];
    if let Some(a) = best_portal_of(&view.db, &p.cards, legal) {
        return Some(a);
    }
    let leader = p.leader.as_ref().map(|l| l.card);
    let pending = view.turn.fx.move_advancement.pending;
    best_portal_step(&view.db, &p.cards, p.field.iter().filter(|&&c| Some(c) != leader), pending, legal)
}

/// What moving card `from`'s advancement in `slot` onto card `to` adds to what the two cards bring per
/// play (`None` where there is nothing to move).
fn portal_gain(db: &CardDb, cards: &[Sleeve; NUM_CARDS], from: u8, slot: Slot, to: u8) -> Option<f64> {
    let (x, y) = (cards[from as usize], cards[to as usize]);
    let adv = x.slots[slot as usize];
    if adv == EMPTY || from == to {
        return None;
    }
    let mut x2 = x;
    x2.slots[slot as usize] = x.covered[slot as usize];
    x2.covered[slot as usize] = EMPTY;
    let mut y2 = y;
    y2.put(db, adv);
    let before = play_value(db, x, 0) + play_value(db, y, 0);
    let after = play_value(db, x2, 0) + play_value(db, y2, 0);
    Some(after - before)
}

/// The least a Wayfarer Portal move must add to be made.
const PORTAL_WORTH: f64 = 0.25;

/// [`best_portal`] for the player with sleeves `cards`; the rollout calls it on the state (no allocation).
/// Rules revisions 1 to 6: the whole move, one action.
pub(crate) fn best_portal_of(db: &CardDb, cards: &[Sleeve; NUM_CARDS], legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .copied()
        .filter_map(|a| {
            let Action::Portal(from, slot, to) = a else { return None };
            Some((portal_gain(db, cards, from, slot, to)?, a))
        })
        .filter(|(v, _)| *v > PORTAL_WORTH)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| a)
}

/// Rules revision 7 (MV90): Wayfarer Portal's next decision, step by step. Not opened: `use vV` (the
/// Portal) if a move between the field cards `field` adds enough (the rules check where it may go once
/// opened). Opened: `use cA SLOT` for the advancement whose best destination among `field` adds most, or
/// `decline`. Named: `use vV cB` for the best destination offered, or `decline`. `None` where no Portal
/// decision is legal, or not worth opening.
pub(crate) fn best_portal_step<'a>(
    db: &CardDb,
    cards: &[Sleeve; NUM_CARDS],
    field: impl Iterator<Item = &'a u8> + Clone,
    pending: Option<crate::effects::move_advancement::Pending>,
    legal: &[Action],
) -> Option<Action> {
    let best_to = |a: u8, s: Slot| -> Option<f64> {
        let adv = cards[a as usize].slots[s as usize];
        let to = field.clone().filter(|&&b| adv != EMPTY && cards[b as usize].fits(db, adv));
        to.filter_map(|&b| portal_gain(db, cards, a, s, b)).max_by(f64::total_cmp)
    };
    let best = |found: Option<(f64, Action)>| match found {
        Some((v, a)) if v > PORTAL_WORTH => a,
        _ => Action::Decline,
    };
    match pending {
        None => {
            let open = legal.iter().copied().find(
                |&a| matches!(a, Action::UseVale(v) if db.hot_vale(v).ability.effect == Effect::MoveAdvancement),
            )?;
            let worth = field.clone().flat_map(|&a| Slot::ALL.map(|s| (a, s))).filter_map(|(a, s)| {
                let adv = cards[a as usize].slots[s as usize];
                (adv != db.cursed_land && adv != db.starting_soil).then(|| Some((best_to(a, s)?, a))).flatten()
            });
            let (_, from) = worth.max_by(|x, y| x.0.total_cmp(&y.0)).filter(|&(v, _)| v > PORTAL_WORTH)?;
            // Revision 3: the card the advancement leaves resolves its open abilities first (`use cN`).
            Some(if legal.contains(&Action::Bank(from)) { Action::Bank(from) } else { open })
        }
        Some(crate::effects::move_advancement::Pending { from: None, .. }) => {
            let steps = legal.iter().filter_map(|&a| match a {
                Action::Use { card: Held::Card(c, at), choice: Choice::Nothing } => {
                    Some((best_to(c, *Slot::ALL.get(usize::from(at))?)?, a))
                }
                _ => None,
            });
            Some(best(steps.max_by(|x, y| x.0.total_cmp(&y.0))))
        }
        Some(crate::effects::move_advancement::Pending { from: Some((a, s)), .. }) => {
            let steps = legal.iter().filter_map(|&x| match x {
                Action::Use { card: Held::Vale(_), choice: Choice::Card(b) } => {
                    Some((portal_gain(db, cards, a, s, b)?, x))
                }
                _ => None,
            });
            Some(best(steps.max_by(|x, y| x.0.total_cmp(&y.0))))
        }
    }
}

/// A Harvest Phase decision: Conclave of Ents on a guardian card, vales, advancements, the token.
fn harvest(view: &View, legal: &[Action], out: Outlook) -> Option<Action> {
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    if view.turn.fx.move_advancement.pending.is_some() {
        // Rules revision 7 (MV90): a Wayfarer Portal move half made.
        return best_portal(view, legal);
    }
    if legal.last() == Some(&Action::Score) && leads(view, view.seat.index()) {
        // Rules revision 6 (MV83): scoring first empties the pool before a vale refills it.
        return Some(Action::Score);
    }
    if let Some(a) = on_deck_use(view, legal, out) {
        return Some(a);
    }
    // A module's choice that comes before every other (its `choose_first` hook).
    if let Some(a) = crate::effects::CHOOSE_FIRST.iter().find_map(|f| f(view, legal, out)) {
        return Some(a);
    }
    if let Some(a) = ability_choice(view, legal) {
        return Some(a);
    }
    if let Some(a) = used_ability_choice(view, legal) {
        return Some(a);
    }
    if let Some(a) = harvest_evoke(view, legal, out) {
        return Some(use_first(legal, a));
    }
    if let Some(a) = best_portal(view, legal) {
        return Some(use_first(legal, a));
    }
    // Conclave of Ents where a guardian pays.
    let conclave = legal
        .iter()
        .copied()
        .filter_map(|a| match a {
            Action::Use { card: Held::Vale(_), choice: Choice::Card(c) } if p.field.contains(&c) => {
                let s = p.cards[c as usize];
                Some((play_value(db, s, 1) - play_value(db, s, 0), a))
            }
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((v, a)) = conclave
        && v > 0.0
    {
        return Some(a);
    }
    if let Some((v, a)) = best_vale(view, legal, out)
        && v > 0.0
    {
        return Some(a);
    }
    let owned = &p.vales[..p.vales.len() - usize::from(view.turn.vales_bought).min(p.vales.len())];
    let buys = 2
        + owned.iter().map(|&v| usize::from(db.vale(v).extra_buy)).max().unwrap_or(0)
        + usize::from(view.turn.ability_buys.0);
    let used =
        (view.turn.bought.len() + usize::from(view.turn.fx.amulets.sleeved_now) + usize::from(view.turn.upgraded))
            .saturating_sub(usize::from(view.turn.fx.claim_advancement.claimed));
    let buys = buys - used.min(buys);
    // A vale that makes a level free (Eagle's Cry Peak): when a level-2 common is worth more than its VP.
    for &a in legal {
        if let Action::UseVale(v) = a
            && db.vale(v).ability.effect == Effect::FreeBuy
            && buys > 0
        {
            let level = db.vale(v).ability.amount;
            let best =
                view.commons.iter().flatten().flatten().copied().filter(|&x| db.adv(x).level == level).map(|x| {
                    p.field
                        .iter()
                        .map(|&c| sleeve_gain(db, p.cards[c as usize], x, out))
                        .fold(f64::NEG_INFINITY, f64::max)
                });
            if best.fold(f64::NEG_INFINITY, f64::max) > f64::from(db.vale(v).vp) + 1.0 {
                return Some(a);
            }
        }
    }
    if buys == 0 {
        return spend_the_rest(view, legal);
    }
    // The offers inline: room for the usual few purchases onto a card, else for all there can be.
    let onto = legal.iter().filter(|a| matches!(a, Action::BuyOn(..))).count();
    if PLAIN_OFFERS + onto <= USUAL_OFFERS {
        buy_advancements::<USUAL_OFFERS>(view, legal, buys, out)
    } else {
        buy_advancements::<MAX_OFFERS>(view, legal, buys, out)
    }
}

/// [`harvest`]'s advancements, with `buys` purchases left: the first of the best plan, or the upgrade
/// or the token when they pay more; its offers kept inline up to `N`.
fn buy_advancements<const N: usize>(view: &View, legal: &[Action], buys: usize, out: Outlook) -> Option<Action> {
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    let has = |a: Action| legal.contains(&a);
    let mana = view.turn.mana_left();
    let token = has(Action::Token);
    let token_mana = view.turn.fx.multiply_mana.factor.max(1);
    let field = &p.field;
    let all = offers::<N>(view, legal, mana.saturating_add(if token { token_mana } else { 0 }));
    let (value, plan) = best_plan(view, field, &all, mana, buys, out);
    if has(Action::Upgrade)
        && let Some(l) = view.leader_card(view.seat.index())
    {
        // The upgrade takes one buy and its cost: worth it when the better side pays more.
        let cost = db.leader(l.id).upgrade_cost;
        let (rest, _) = best_plan(view, field, &all, mana.saturating_sub(cost), buys - 1, out);
        if leader_upgrade_gain(db, l.id, out) + rest > value {
            return Some(Action::Upgrade);
        }
    }
    if token {
        let (with, plan_t) = best_plan(view, field, &all, mana.saturating_add(token_mana), buys, out);
        if with - W.token > value && !plan_t.is_empty() {
            return Some(Action::Token);
        }
    }
    if value <= 0.0 {
        return spend_the_rest(view, legal);
    }
    // The dearest first; each is legal now (the plan fits the mana and the free places).
    let mut plan = plan;
    plan.sort_by_key(|o| std::cmp::Reverse(o.cost));
    plan.iter().map(|o| o.action).find(|a| legal.contains(a))
}

/// Whether seat `i` has strictly the best score now: then the game ending sooner is in its favour (the
/// `score` decision, ruling MV83: scoring the field's VP before a vale refills the pool ends the game).
pub(crate) fn leads(t: &dyn crate::harvest::Table, i: usize) -> bool {
    let mine = crate::scoring::score_of(t, i);
    (0..t.seats()).all(|j| j == i || crate::scoring::score_of(t, j) < mine)
}

/// Once nothing is worth buying: exchange mana for VP (Seed Sowers), then vales that turn into more than
/// their VP now (Nectar Colony, Talon Gorge).
fn spend_the_rest(view: &View, legal: &[Action]) -> Option<Action> {
    let db = &*view.db;
    // Seed Sowers: `use cN SLOT`.
    if let Some(&a) =
        legal.iter().find(|a| matches!(a, Action::Use { card: Held::Card(..), .. } | Action::UseOnDeckAbility(..)))
    {
        return Some(a);
    }
    // Variant `buy_vp`: spirits left over buy VP (the cheapest kinds first: wild last).
    if let Some(&a) = legal.iter().rev().find(|a| matches!(a, Action::BuyVp(_))) {
        return Some(a);
    }
    let mana = (view.turn.mana_total + u8::from(view.turn.token_used)).saturating_sub(view.turn.mana_spent);
    legal.iter().copied().find(|&a| match a {
        Action::UseVale(v) => {
            let x = db.vale(v);
            let n = match x.ability.per {
                Count::ManaPairs => f64::from(mana / 2),
                _ => 1.0,
            };
            x.ability.reward == Reward::Vp && n * f64::from(x.ability.amount) > f64::from(x.vp)
        }
        _ => false,
    })
}

/// The unique ability an `ability cN` of the player to move goes to (ruling MV81): the one that shuffles
/// a card of the discard pile (Magpie) for such a card, else an ability Cyrilla copied (if not used yet),
/// else the leader's.
pub(crate) fn card_choice_module(view: &View, c: u8) -> Option<&'static crate::effects::Module> {
    let me = view.current as usize;
    let p = &view.players[me];
    let unique = |ab: crate::cards::Ability| crate::effects::module(ab.module).filter(|_| ab.effect == Effect::Unique);
    if p.discard.is_some_and(|d| d.contains(&c)) {
        return crate::effects::MODULES.iter().copied().find(|m| m.hint == Hint::ShuffleFromDiscard);
    }
    let copied =
        p.fx.guardian_and_graft
            .boost
            .and_then(|b| b.ability)
            .filter(|_| view.turn.ability_used & (1 << crate::effects::BOOST_KEY) == 0);
    if let Some(m) = copied.and_then(unique).filter(|m| m.hint != Hint::ShuffleFromDiscard) {
        return Some(m);
    }
    let l = view.leader_card(me)?;
    unique(view.db.leader(l.id).sides[usize::from(l.upgraded && !view.turn.upgraded)].ability)
}

/// Where a unique Harvest ability that offers a choice is printed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum AbilityHome {
    /// On the player's own field card (its number; an ability Cyrilla gave the card included).
    Own(u8),
    /// On seat `.0`'s on-deck card `.1`, used by Dione's upgraded side (rules revision 8, MV23).
    Used(u8, u8),
}

/// Whether the ability of module `m` with key `key` may offer `action` now, as the view reads the
/// module's `cards` hook by its hint (a card of the field or on-deck for a guardian, of the field but
/// its own for a copy, the on-deck card for a redraw, of the discard pile for a shuffle).
fn may_offer(view: &View, m: &crate::effects::Module, key: u8, action: Action) -> bool {
    let Action::AbilityCard(c) = action else { return true };
    let p = &view.players[view.current as usize];
    match m.hint {
        Hint::ShuffleFromDiscard => p.discard.as_ref().is_some_and(|d| d.contains(&c)),
        Hint::GuardianOnCard => p.field.contains(&c) || p.on_deck == Some(c),
        Hint::CopyCard => p.field.contains(&c) && c != key,
        Hint::RedrawOnDeck => p.on_deck == Some(c),
        _ => true,
    }
}

/// The unique Harvest ability that takes `action`, as the rules find it (the one left open, else the
/// first not used yet that offers it, in the field's order, then the used on-deck cards' of rules
/// revision 8), read from the player's view: its key, where it is printed, and its module. The words
/// name a used card's choice by it, and the heuristic asks that module to choose.
#[allow(clippy::type_complexity)]
pub(crate) fn ability_home(
    view: &View,
    action: Action,
) -> Option<(u8, AbilityHome, crate::cards::Ability, &'static crate::effects::Module)> {
    let me = view.current as usize;
    let p = &view.players[me];
    let db = &*view.db;
    let usable = |key: u8, m: &crate::effects::Module| {
        let free = match view.turn.ability_open {
            Some(o) => o == key,
            None => view.turn.ability_used & (1u32 << key) == 0 && may_offer(view, m, key, action),
        };
        free && m.apply.is_some() && m.choice.takes(action)
    };
    let leader = view.leader_card(me).map(|l| LeaderCard { upgraded: l.upgraded && !view.turn.upgraded, ..l });
    let mut found = None;
    for &c in &p.field {
        let given = p.fx.guardian_and_graft.boost.filter(|b| b.card == c).and_then(|b| b.ability);
        let own = card_abilities(db, p.cards[c as usize], leader_face(db, leader, c)).map(|ab| (c, ab));
        for (key, ab) in own.chain(given.map(|ab| (crate::effects::BOOST_KEY, ab))) {
            if ab.timing == Timing::Harvest
                && ab.effect == Effect::Unique
                && let Some(m) = crate::effects::module(ab.module)
                && usable(key, m)
            {
                return Some((key, AbilityHome::Own(c), ab, m));
            }
        }
    }
    crate::effects::neighbour_on_deck::for_each_used_in_view(view, &mut |key, i, c, ab, m| {
        if found.is_none() && usable(key, m) {
            found = Some((key, AbilityHome::Used(i as u8, c), ab, m));
        }
    });
    found
}

/// Rules revision 8 (MV23): the choice of a used on-deck card's unique Harvest ability (a neighbour's
/// leader side), which acts as the player's: its module's `choose` hook picks among the actions that
/// ability takes, valuing them on the player's own cards as for the player's own leader. `None` when it
/// picks none: the choice is declined and the Harvest goes on.
fn used_ability_choice(view: &View, legal: &[Action]) -> Option<Action> {
    if view.options.rules < crate::setup::DIONE_RULES {
        return None;
    }
    let mut pick = None;
    crate::effects::neighbour_on_deck::for_each_used_in_view(view, &mut |key, _, _, _, m| {
        let Some(choose) = m.choose.filter(|_| pick.is_none()) else { return };
        let mine: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|&a| {
                ability_home(view, a).is_some_and(|(k, home, ..)| k == key && matches!(home, AbilityHome::Used(..)))
            })
            .collect();
        if !mine.is_empty() {
            pick = choose(view, &mine);
        }
    });
    pick
}

/// The card Cyrilla gave Guilduin's copy, while that copy is still to use.
pub(crate) fn copying_card(view: &View) -> Option<u8> {
    let b = view.players[view.current as usize].fx.guardian_and_graft.boost?;
    let m = crate::effects::module(b.ability?.module)?;
    (m.hint == Hint::CopyCard && view.turn.ability_used & (1 << crate::effects::BOOST_KEY) == 0).then_some(b.card)
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;
    use crate::state::Bought;
    use sylvan_engine::{Game, Seat};

    /// A two-player deal's view for the player to move, with every card of that player blank, the field
    /// empty, and nothing on-deck or discarded (so all 20 cards are in the deck).
    fn blank_view() -> View {
        let Ok(options) = MysticVale::options_for_players(2) else { panic!("options") };
        let Ok(state) = MysticVale::new(&options, 1) else { panic!("deal") };
        let mut v = state.view(Seat(state.current));
        let me = v.seat.index();
        let p = &mut v.players[me];
        p.cards = [Sleeve::default(); NUM_CARDS];
        p.field.clear();
        p.on_deck = None;
        if let Some(d) = p.discard.as_mut() {
            d.clear();
        }
        p.discard_count = 0;
        p.deck_count = NUM_CARDS as u8;
        p.token_active = false;
        p.vales.clear();
        v.ending = false;
        v.pool = 23;
        v.peek = None;
        v
    }

    pub fn borderwatch_bog_counts_the_cards_a_deck_places() {
        let Ok(options) = MysticVale::options_for_players(2) else { panic!("options") };
        let Ok(state) = MysticVale::new(&options, 1) else { panic!("deal") };
        let db = &*state.db;
        // No decay: every card of the deck is placed.
        assert_eq!(crate::effects::bog_planting::cards_placed(db, &[Sleeve::default(); NUM_CARDS]), NUM_CARDS as f64);
        // The starting deck (9 cards of 1 decay): about 7 cards before the Prep Phase stops at 3 decay,
        // and a Spoil about half the time.
        let start = crate::effects::bog_planting::cards_placed(db, &state.players[0].cards);
        assert!((3.0..5.0).contains(&start), "{start}");
        // More decay, fewer cards.
        let mut worse = state.players[0].cards;
        let cursed = worse.iter().copied().find(|s| s.decay(db) > 0).unwrap_or_default();
        worse.iter_mut().filter(|s| s.decay(db) == 0).take(4).for_each(|s| *s = cursed);
        assert!(
            crate::effects::bog_planting::cards_placed(db, &worse) < start - 1.0,
            "{} vs {start}",
            crate::effects::bog_planting::cards_placed(db, &worse)
        );
    }

    fn adv(v: &View, title: &str) -> u8 {
        match v.db.advancements.iter().position(|a| a.title == title) {
            Some(i) => i as u8,
            None => panic!("no advancement {title}"),
        }
    }

    /// Puts advancement `a` in its slot of card `c`.
    fn put(v: &mut View, c: u8, a: u8) {
        let slot = v.db.adv(a).slot as usize;
        let me = v.seat.index();
        v.players[me].cards[c as usize].slots[slot] = a;
    }

    fn sleeving(v: &mut View, a: u8, field: &[u8]) -> Action {
        let me = v.seat.index();
        for &c in field {
            v.players[me].field.push(c);
        }
        v.players[me].deck_count = (NUM_CARDS - field.len()) as u8;
        v.phase = Phase::Sleeve;
        v.turn.bought.clear();
        v.turn.bought.push(Bought { adv: a, target: None });
        let legal: Vec<Action> = field.iter().map(|&c| Action::Sleeve(c)).collect();
        choose(v, &legal, &mut GameRng::new(0))
    }

    /// Cards no heuristic game bought (issue 16, `sylvan tournament mystic-vale -o edition=essential
    /// --report`) are priced by what they do: Moss Troll and Primal Power when their card spoils on-deck,
    /// Gaia's Tears by the owner's vales, Medusa Grotto by the owner's end VP.
    pub fn on_spoil_cards_and_owner_scaled_vales_are_priced() {
        let o = crate::setup::Options { sets: "base,magic,wild,manastorm".into(), ..crate::setup::Options::default() };
        let Ok(db) = o.validate() else { panic!("sets") };
        let out = Outlook { rounds: 6.0, plays: 2.0 };
        let adv = |key: &str| db.advancements.iter().position(|a| a.key == key).unwrap_or_else(|| panic!("{key}"));
        for key in ["moss-troll", "primal-power"] {
            let id = adv(key);
            let mut plain = (*db).clone();
            plain.advancements[id].ability = crate::cards::Ability::NONE;
            plain.hot_advs[id].ability = crate::cards::Ability::NONE;
            let mut s = Sleeve::default();
            s.slots[db.adv(id as u8).slot as usize] = id as u8;
            assert!(card_value(&db, s, out) > card_value(&plain, s, out) + 0.1, "{key}");
        }
        let vale = |key: &str| db.vales.iter().position(|v| v.key == key).unwrap_or_else(|| panic!("{key}")) as u8;
        let blank = [Sleeve::default(); NUM_CARDS];
        let few = Owner { cards: &blank, vales: 1 };
        let many = Owner { cards: &blank, vales: 8 };
        let tears = vale("gaias-tears");
        assert!(vale_value(&db, tears, out, many) > vale_value(&db, tears, out, few) + 6.0);
        assert!(vale_value(&db, tears, out, many) > 5.0, "worth buying with many vales");
        let mut rich = blank;
        let stag = adv("stag") as u8;
        for s in rich.iter_mut().take(10) {
            s.slots[db.adv(stag).slot as usize] = stag;
        }
        let medusa = vale("medusa-grotto");
        let with_vp = Owner { cards: &rich, vales: 1 };
        assert!(vale_value(&db, medusa, out, with_vp) > vale_value(&db, medusa, out, few) + 9.0);
    }

    /// Every Vale of Magic card with an ability is worth something more than the same card without it:
    /// the heuristic ignores none (advancements through `card_value`, vales through `vale_value`).
    pub fn every_magic_ability_is_priced() {
        let o = crate::setup::Options { sets: "base,magic".into(), ..crate::setup::Options::default() };
        let Ok(db) = o.validate() else { panic!("sets") };
        let out = Outlook { rounds: 6.0, plays: 2.0 };
        let mut seen = 0;
        for (id, a) in db.advancements.iter().enumerate().filter(|(_, a)| a.set == "magic") {
            if a.ability.effect == Effect::None {
                continue;
            }
            let mut plain = (*db).clone();
            plain.advancements[id].ability = crate::cards::Ability::NONE;
            plain.hot_advs[id].ability = crate::cards::Ability::NONE;
            let mut s = Sleeve::default();
            s.slots[a.slot as usize] = id as u8;
            let (with, without) = (card_value(&db, s, out), card_value(&plain, s, out));
            assert!(with > without, "{}: {with} vs {without}", a.key);
            seen += 1;
        }
        for (id, v) in db.vales.iter().enumerate().filter(|(_, v)| v.set == "magic") {
            if v.ability.effect == Effect::None {
                continue;
            }
            let mut plain = (*db).clone();
            plain.vales[id].ability = crate::cards::Ability::NONE;
            plain.vales[id].remove_self = false;
            let cards = [Sleeve::default(); NUM_CARDS];
            let blanks = Owner { cards: &cards, vales: 0 };
            let (with, without) = (vale_value(&db, id as u8, out, blanks), vale_value(&plain, id as u8, out, blanks));
            assert!(with > without, "{}: {with} vs {without}", v.key);
            seen += 1;
        }
        assert_eq!(seen, 6 + 10, "6 advancement and 10 vale abilities");
    }

    pub fn lifebringer_seed_goes_on_a_cursed_land() {
        let mut v = blank_view();
        let me = v.seat.index();
        let (cursed, lb) = (v.db.cursed_land, adv(&v, "Lifebringer Seed"));
        // A Cursed Land in a slot that leaves Lifebringer Seed's free, among blank cards.
        let cursed_slot = if v.db.adv(lb).slot as usize == 0 { 1 } else { 0 };
        v.players[me].cards[4].slots[cursed_slot] = cursed;
        assert_eq!(sleeving(&mut v, lb, &[2, 4, 7]), Action::Sleeve(4));
    }

    pub fn gaias_chosen_goes_on_the_card_with_most_symbols() {
        let mut v = blank_view();
        let gaia = adv(&v, "Gaia's Chosen");
        let (elder, stag, podlings) = (adv(&v, "Ent Elder"), adv(&v, "Stag"), adv(&v, "Podlings"));
        assert_ne!(v.db.adv(gaia).slot, v.db.adv(elder).slot);
        put(&mut v, 5, elder);
        put(&mut v, 5, stag);
        // A card with fewer symbols, and one whose Gaia's slot is taken.
        put(&mut v, 6, stag);
        put(&mut v, 8, podlings);
        let legal_field = [3, 5, 6];
        assert_eq!(sleeving(&mut v, gaia, &legal_field), Action::Sleeve(5));
    }

    /// Three Cursed Lands in the field, a blank card on-deck, and the deck `deck` (everything else
    /// discarded).
    fn planting(deck_cursed: bool) -> Action {
        let mut v = blank_view();
        let me = v.seat.index();
        let cursed = v.db.cursed_land;
        for c in (0..3u8).chain(4..7) {
            v.players[me].cards[c as usize].slots[v.db.adv(cursed).slot as usize] = cursed;
        }
        if !deck_cursed {
            for c in 4..7u8 {
                v.players[me].cards[c as usize] = Sleeve::default();
            }
        }
        for c in 0..3u8 {
            v.players[me].field.push(c);
        }
        v.players[me].on_deck = Some(3);
        v.players[me].deck_count = 3;
        if let Some(d) = v.players[me].discard.as_mut() {
            for c in 7..NUM_CARDS as u8 {
                d.push(c);
            }
        }
        v.players[me].discard_count = (NUM_CARDS - 7) as u8;
        v.phase = Phase::Planting;
        choose(&v, &[Action::Pass, Action::Push], &mut GameRng::new(0))
    }

    pub fn pushes_when_the_known_deck_cannot_spoil_and_passes_when_it_must() {
        // 3 decay showing; a Cursed Land revealed would make 4.
        assert_eq!(planting(false), Action::Push);
        assert_eq!(planting(true), Action::Pass);
    }

    pub fn never_discards_from_the_field_with_an_empty_deck() {
        let mut v = blank_view();
        let me = v.seat.index();
        let dh = adv(&v, "Deadwood Harvester");
        put(&mut v, 0, dh);
        let cursed = v.db.cursed_land;
        v.players[me].cards[1].slots[v.db.adv(cursed).slot as usize] = cursed;
        v.players[me].field.push(1);
        v.players[me].field.push(0);
        v.phase = Phase::WhenPlayed { card: 0, slot: v.db.adv(dh).slot as u8, pending: 0, prep: false };
        let legal = [Action::Decline, Action::Discard(1)];
        v.players[me].deck_count = 6;
        assert_eq!(choose(&v, &legal, &mut GameRng::new(0)), Action::Discard(1), "a bare Cursed Land goes");
        // With an empty deck it would come straight back on-deck (issue: endless Deadwood/Owl cycle).
        v.players[me].deck_count = 0;
        assert_eq!(choose(&v, &legal, &mut GameRng::new(0)), Action::Decline);
    }

    pub fn buys_the_level_3_advancement_over_two_fertile_soils() {
        let mut v = blank_view();
        let me = v.seat.index();
        let wisp = adv(&v, "Will-O'-The-Wisp");
        v.commons = [[None; 3]; 3];
        v.commons[2][0] = Some(wisp);
        v.players[me].field.push(0);
        v.players[me].field.push(1);
        v.players[me].deck_count = 18;
        v.phase = Phase::Harvest;
        v.turn.mana_total = v.db.adv(wisp).cost + 1;
        v.turn.mana_spent = 0;
        v.turn.token_used = false;
        v.turn.bought.clear();
        v.turn.vales_bought = 0;
        v.turn.spirits = [0; 4];
        v.turn.spirit_spent = [0; 4];
        v.turn.usable = 0;
        let mut legal = vec![Action::Done, Action::Buy(Source::Common(2, 0))];
        legal.extend(Slot::ALL.map(|s| Action::Buy(Source::Soil(s))));
        assert_eq!(choose(&v, &legal, &mut GameRng::new(0)), Action::Buy(Source::Common(2, 0)));
    }
}
