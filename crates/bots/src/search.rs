//! Search players that never peek: information-set Monte Carlo tree search (ISMCTS) and a flat Monte
//! Carlo baseline, generic over [`Game`].
//!
//! # Which ISMCTS, and why
//!
//! [`Ismcts`] is **single-observer ISMCTS** (SO-ISMCTS, Cowling, Powley & Whitehouse 2012) with per-seat
//! returns. One tree is grown for the deciding seat's information set. Every iteration
//!
//! 1. samples a full state with [`Game::determinize`] from the bot's **view** — the only way the bot ever
//!    obtains hidden cards, so it cannot see what its seat may not; the sample carries a fresh generator,
//!    so chance (draws, shuffles) inside `apply` differs between iterations and cannot be foreseen;
//! 2. descends the tree with the *subset-armed* UCB rule (ISUCT): at each node only the children whose
//!    action is legal *in this sample* compete, and each child counts how often it was available, which
//!    replaces the parent's visit count in the exploration term;
//! 3. expands one untried legal action, plays the rest of the game out (uniformly at random, with the
//!    game's [`Heuristic`] with `playout=heuristic`, or its fast rollout policy with `playout=rollout`) —
//!    or, with `depth=D`, plays `D` moves and then stops at the first point where the game's
//!    [`Heuristic::evaluate`](sylvan_engine::Heuristic::evaluate) estimates the returns — and
//! 4. backs the terminal [`Game::returns`] (or the estimate) up the path: each node adds the return of the seat **that chose
//!    its action**, so every seat (2–5 players, and team games whose returns pair partners) maximises
//!    its own return. Children are keyed by `(seat, action)`, since in some games which seat decides can
//!    depend on hidden cards (Equinox's L'Ancêtre reveals).
//!
//! SO-ISMCTS rather than multiple-observer ISMCTS: in the games we have, almost every action is public
//! (a card played face up, a prediction), and the few hidden ones (a face-down secret prediction or
//! discard) are rare, so MO-ISMCTS' separate trees per observer would cost memory and a slower
//! iteration for little gain. The known weakness of SO-ISMCTS — opponents' nodes are selected as if the
//! opponent's hidden choice were visible to us — shows only at those rare hidden actions. Chance needs no
//! node of its own: it is resolved inside `apply` by the sample's generator and simply changes which
//! actions are available further down, which ISUCT already handles.
//!
//! # Playouts cut short
//!
//! In long games (Mystic Vale: about 200 moves; Command of Nature: about 500) a playout to the end costs
//! most of an iteration, and its win or loss says little about a decision 150 moves earlier. With
//! `depth=D` a playout stops at the game's next evaluation point after `D` moves and backs up the game's
//! estimate of the returns there (Mystic Vale: its heuristic's projected final scores, squashed; Command
//! of Nature: the material lead). This trades noise for the bias of the estimate, and makes iterations
//! 3–10 times cheaper. Games without an evaluation ignore the depth.
//!
//! # Budgets, reproducibility, threads
//!
//! A budget is a number of iterations, a wall time in milliseconds, or both (whichever ends first). With
//! an iteration budget and one thread, a bot's choices depend only on its seed and its views: each
//! decision draws one 64-bit seed from the bot's generator. With `threads=T` the search is
//! root-parallel: T independent trees (seeded from the decision seed and the thread index) share the
//! iteration budget, and their root visit counts are summed; with an iteration budget this is still
//! reproducible for a given T. The calling thread grows the first tree and T − 1 threads the others;
//! the bot starts those at its first decision and keeps them (with their trees' arenas) until it is
//! dropped, so a decision costs two channel messages per thread instead of a thread start.
//!
//! # Memory
//!
//! Nodes live in one arena (`Vec`) kept between decisions; children form an intrusive linked list, so
//! expanding a node allocates nothing beyond the arena's own growth. Children are kept sorted by action,
//! so finding which are legal in a sample is one merge with the (sorted) legal list. Legal-action and path buffers are
//! reused. What may still allocate per *iteration* is the game's own `determinize` (Equinox's allocates
//! nothing, `tests/allocations.rs`) and, with a prior, the view the heuristic reads at each new node.

use std::cmp::Ordering;
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use serde::Serialize;
use sylvan_engine::{Game, GameRng, MAX_SEATS, NoEvents, lead_values};

use crate::Bot;
use crate::value::{NetScratch, ValueNet};

/// A rule-of-thumb move chooser used in playouts (the signature of
/// [`Heuristic::heuristic_action`](sylvan_engine::Heuristic::heuristic_action)).
pub type PlayoutPolicy<G> = fn(&<G as Game>::View, &[<G as Game>::Action], &mut GameRng) -> <G as Game>::Action;

/// How a search ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Budget {
    /// At most this many iterations per decision (over all threads), if set.
    pub iterations: Option<u32>,
    /// At most this many milliseconds of wall time per decision, if set.
    pub millis: Option<u32>,
}

/// A fast move chooser reading the searcher's own full sample, used in playouts (the signature of
/// [`Heuristic::rollout_action`](sylvan_engine::Heuristic::rollout_action)).
pub type RolloutPolicy<G> = fn(&G, &[<G as Game>::Action], &mut GameRng) -> <G as Game>::Action;

/// How the rest of a game is played out after the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Playout {
    /// Uniformly random legal actions.
    Random,
    /// The game's heuristic ([`Heuristic::heuristic_action`](sylvan_engine::Heuristic::heuristic_action))
    /// on each seat's view.
    Heuristic,
    /// The game's fast rollout policy
    /// ([`Heuristic::rollout_action`](sylvan_engine::Heuristic::rollout_action)) on the sample.
    Rollout,
}

/// A game's estimate of the returns of a sample, `None` where it cannot estimate well (the signature of
/// [`Heuristic::evaluate`](sylvan_engine::Heuristic::evaluate)).
pub type Evaluator<G> = fn(&G) -> Option<Vec<f64>>;

/// What estimates the returns where a playout is cut short (`depth`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LeafEval {
    /// The game's [`Heuristic::evaluate`](sylvan_engine::Heuristic::evaluate), at its first evaluation
    /// point after `depth` moves (none with `depth=0`: playouts run to the end).
    #[default]
    Game,
    /// The game's learned value network ([`ValueNet`]) on the view of the seat to move, at the game's
    /// first evaluation point (where [`Heuristic::evaluate`](sylvan_engine::Heuristic::evaluate) can
    /// estimate: Mystic Vale's next Planting Phase) after `depth` moves (0: the first one from the
    /// tree's leaf on). Where the game has no network for its options, the game's evaluation is used
    /// instead (with a depth above 0).
    Learned,
}

/// The policies a search uses: the playout mover, the evaluator that may cut playouts short, the
/// value network, and the heuristic whose choice is the tree's prior.
struct Policies<G: Game> {
    mover: Mover<G>,
    eval: Option<Evaluator<G>>,
    net: Option<ValueNet<G>>,
    hint: Option<PlayoutPolicy<G>>,
    /// The network whose policy orders and biases expansions (`pnet=W`).
    policy: Option<ValueNet<G>>,
}

impl<G: Game> Clone for Policies<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Policies<G> {}

/// The playout policy in use.
enum Mover<G: Game> {
    Random,
    View(PlayoutPolicy<G>),
    State(RolloutPolicy<G>),
}

impl<G: Game> Clone for Mover<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Mover<G> {}

impl<G: Game> std::fmt::Debug for Mover<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Mover::Random => "random",
            Mover::View(_) => "heuristic",
            Mover::State(_) => "rollout",
        })
    }
}

/// The settings of a search bot, as written in its spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SearchConfig {
    /// When to stop.
    pub budget: Budget,
    /// Root-parallel threads (1 = search on the calling thread).
    pub threads: u8,
    /// The UCB exploration constant, in thousandths (700 = 0.7).
    pub c_milli: u32,
    /// The playout policy.
    pub playout: Playout,
    /// The weight of the score margin in the value backed up, in thousandths (0 = the game's returns
    /// alone); see [`playout_values`].
    pub margin_milli: u32,
    /// Moves a playout runs before it may stop at the game's next evaluation point and back up the
    /// game's estimate of the returns there; 0 plays every playout to the end.
    pub depth: u32,
    /// The weight of the heuristic's choice as a progressive-bias prior, in thousandths (0 = none): when
    /// a node is expanded, the game's [`Heuristic`](sylvan_engine::Heuristic) choice on the sample's view
    /// is expanded first, and that child's score gets `prior / (visits + 1)` added.
    pub prior_milli: u32,
    /// What estimates the returns of a playout cut short: the game's evaluation or its learned value
    /// network (`eval=learned`).
    pub eval: LeafEval,
    /// With `eval=learned`, the network's share of the estimate backed up, in thousandths (1000 = the
    /// network alone, the default): the rest is the game's evaluation at the same point (`net=W`).
    pub net_milli: u32,
    /// The weight of the learned policy's prior, in thousandths (0 = none, `pnet=W`): a node's untried
    /// actions are expanded in the order of the policy's probabilities (on the sample's view of the seat
    /// to move), and a child's score gets `pnet · p / (visits + 1)` added, `p` its probability when it
    /// was expanded.
    pub policy_milli: u32,
    /// `paired` only: the racing threshold `z`, in thousandths (0 = no racing, every root action plays
    /// every round). After [`RACE_ROUNDS`] rounds, a root action whose paired mean difference to the
    /// leader's stays below zero by more than `z` standard errors stops being played, so the rounds
    /// that follow cost only the actions still in the race; once one action is left, the search stops
    /// (more rounds could not change the choice).
    pub race_milli: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            budget: Budget { iterations: Some(1000), millis: None },
            threads: 1,
            c_milli: 700,
            playout: Playout::Random,
            margin_milli: 0,
            depth: 0,
            prior_milli: 0,
            eval: LeafEval::Game,
            net_milli: 1000,
            policy_milli: 0,
            race_milli: 0,
        }
    }
}

impl SearchConfig {
    /// The exploration constant.
    pub fn exploration(&self) -> f64 {
        f64::from(self.c_milli) / 1000.0
    }

    /// The weight of the heuristic's prior (0 = none).
    pub fn prior(&self) -> f64 {
        f64::from(self.prior_milli) / 1000.0
    }

    /// The weight of the learned policy's prior (0 = none).
    pub fn policy_weight(&self) -> f64 {
        f64::from(self.policy_milli) / 1000.0
    }

    /// The network's share of a leaf estimate with `eval=learned` (0 to 1).
    pub fn net_share(&self) -> f64 {
        f64::from(self.net_milli.min(1000)) / 1000.0
    }

    /// The weight of the score margin in backed-up values (0 to 1).
    pub fn margin(&self) -> f64 {
        f64::from(self.margin_milli.min(1000)) / 1000.0
    }
}

/// What a search bot did, summed over its decisions so far (see [`Bot::search_stats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SearchStats {
    /// Decisions taken (including those with a single legal action, which are not searched).
    pub decisions: u64,
    /// Decisions that were searched (more than one legal action).
    pub searched: u64,
    /// Iterations run, over all threads.
    pub iterations: u64,
    /// Full states sampled with [`Game::determinize`].
    pub determinizations: u64,
    /// Tree nodes built, summed over searched decisions (and threads).
    pub nodes: u64,
    /// Wall time spent in searched decisions, in seconds.
    pub seconds: f64,
}

impl SearchStats {
    /// Adds `other` to these totals.
    pub fn add(&mut self, other: &SearchStats) {
        self.decisions += other.decisions;
        self.searched += other.searched;
        self.iterations += other.iterations;
        self.determinizations += other.determinizations;
        self.nodes += other.nodes;
        self.seconds += other.seconds;
    }

    /// Iterations per second of search.
    pub fn iterations_per_sec(&self) -> f64 {
        if self.seconds > 0.0 { self.iterations as f64 / self.seconds } else { 0.0 }
    }

    /// Determinizations per second of search.
    pub fn determinizations_per_sec(&self) -> f64 {
        if self.seconds > 0.0 { self.determinizations as f64 / self.seconds } else { 0.0 }
    }

    /// Mean tree size per searched decision.
    pub fn nodes_per_decision(&self) -> f64 {
        if self.searched > 0 { self.nodes as f64 / self.searched as f64 } else { 0.0 }
    }

    /// Mean milliseconds per searched decision.
    pub fn ms_per_decision(&self) -> f64 {
        if self.searched > 0 { 1000.0 * self.seconds / self.searched as f64 } else { 0.0 }
    }
}

/// The value of a playout for each seat (unused entries 0): a fixed array, so backing up a playout
/// allocates nothing.
type Values = [f64; MAX_SEATS];

/// `values` as [`Values`] (entries past [`MAX_SEATS`] dropped).
fn to_values(values: &[f64]) -> Values {
    let mut out = [0.0; MAX_SEATS];
    for (o, v) in out.iter_mut().zip(values) {
        *o = *v;
    }
    out
}

/// The value of a finished playout for each seat: the game's [`returns`](Game::returns) blended with
/// weight `margin` (0 to 1) with the seat's score margin over the best other seat, squashed into 0..1
/// by [`lead_values`] with the mean absolute final score (at least 1) as the scale.
/// In long games where one decision moves the win probability little, the margin carries more signal
/// per playout than a win or a loss (a player ahead by 40 is usually safer than one ahead by 2).
pub fn playout_values<G: Game>(state: &G, margin: f64) -> Vec<f64> {
    let mut r = state.returns();
    if margin <= 0.0 {
        return r;
    }
    let scores = state.scores();
    if scores.len() != r.len() || scores.len() < 2 {
        return r;
    }
    let scale = (scores.iter().map(|s| s.abs()).sum::<f64>() / scores.len() as f64).max(1.0);
    for (v, m) in r.iter_mut().zip(lead_values(&scores, scale)) {
        *v = (1.0 - margin) * *v + margin * m;
    }
    r
}

impl std::fmt::Display for SearchStats {
    /// One line: what the search did, per second and per searched decision (e.g. for `--verbose`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.searched == 0 {
            return write!(f, "{} decision(s), none searched (a single legal action)", self.decisions);
        }
        write!(
            f,
            "{} iterations in {:.1} ms: {:.0} iterations/s, {:.0} determinizations/s, {:.0} tree nodes",
            self.iterations,
            1000.0 * self.seconds,
            self.iterations_per_sec(),
            self.determinizations_per_sec(),
            self.nodes_per_decision()
        )?;
        if self.searched > 1 {
            write!(f, " per decision over {} searched decisions", self.searched)?;
        }
        Ok(())
    }
}

const NONE: u32 = u32::MAX;
/// Marks a legal action whose child is available at this tree step (never a node id: the arena would
/// need 2^32 - 1 nodes).
const TRIED: u32 = u32::MAX - 1;
/// Counts below this have their natural logarithm in a table (ISUCT takes one per available child at
/// every tree step, and `ln` is a library call).
const LN_TABLE: usize = 4096;

/// `ln(n)`, from a table for small `n`.
fn ln_count(n: u32) -> f64 {
    static TABLE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| (0..LN_TABLE).map(|i| (i as f64).ln()).collect());
    match table.get(n as usize) {
        Some(&x) => x,
        None => f64::from(n).ln(),
    }
}
/// Iterations between two looks at the clock under a time budget.
const CLOCK_EVERY: u32 = 16;

/// When one thread's search stops.
#[derive(Clone, Copy, Debug)]
struct Limit {
    iterations: Option<u32>,
    deadline: Option<Instant>,
}

impl Limit {
    /// Whether the search stops after `done` iterations (the clock is read every few iterations, and
    /// at least one iteration always runs).
    fn reached(&self, done: u32) -> bool {
        if self.iterations.is_some_and(|n| done >= n) {
            return true;
        }
        match self.deadline {
            Some(d) => done > 0 && done % CLOCK_EVERY == 0 && Instant::now() >= d,
            None => false,
        }
    }
}

/// One tree node: the action that leads to it from its parent and who chose it, its statistics, and its
/// place in the parent's list of children.
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    action: A,
    mover: u8,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    available: u32,
    /// Whether the heuristic chose this action when the node was expanded (see
    /// [`SearchConfig::prior_milli`]).
    preferred: bool,
    /// The learned policy's probability of this action when the node was expanded (0 without one).
    prior: f32,
    /// Sum of the returns of `mover` over the visits.
    reward: f64,
}

/// One search tree with its scratch buffers (one per thread), reused between decisions.
#[derive(Clone, Debug)]
struct Searcher<G: Game> {
    nodes: Vec<Node<G::Action>>,
    legal: Vec<G::Action>,
    /// Per legal action at the current tree step: TRIED, or where the merge passed it (see `iterate`).
    after: Vec<u32>,
    path: Vec<u32>,
    /// [`Game::max_game_length`] of the samples' options, read from the first sample of a search (every
    /// sample of a view has the view's options; Mystic Vale's bound validates its options).
    max_len: Option<usize>,
    /// The value network's buffers.
    scratch: NetScratch,
    /// The learned policy's probabilities of `legal` at the current tree step.
    priors: Vec<f32>,
}

/// One thread's share of a decision: which search, its settings, its share and its seed.
struct Task<G: Game> {
    kind: SearchKind,
    cfg: SearchConfig,
    limit: Limit,
    policies: Policies<G>,
    seed: u64,
}

impl<G: Game> Clone for Task<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Task<G> {}

/// A [`Task`] with its own copy of the view and the legal list, sent to a [`Worker`].
struct Job<G: Game> {
    task: Task<G>,
    view: Arc<G::View>,
    legal: Arc<[G::Action]>,
}

/// A search thread kept for the life of its bot (root-parallel search, `threads` above 1): it owns
/// one searcher and runs one [`Job`] per decision. Starting a thread per decision cost about 45 µs
/// (a channel round trip to a waiting thread: 7 µs), 1% of a 1,000-iteration spirit-duel decision on
/// two threads. Each searcher lives on its own thread, so no two threads write the same cache line.
struct Worker<G: Game> {
    jobs: Option<mpsc::Sender<Job<G>>>,
    /// Each result with the seed of its job.
    results: mpsc::Receiver<(u64, RootResult)>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl<G: Game> Worker<G> {
    /// Starts a worker thread, or `None` if the system refuses one.
    fn start() -> Option<Self> {
        let (jobs, inbox) = mpsc::channel::<Job<G>>();
        let (outbox, results) = mpsc::channel();
        let thread = std::thread::Builder::new().name("sylvan-search".to_owned());
        let handle = thread
            .spawn(move || {
                let mut searcher = Searcher::<G>::new();
                for job in inbox {
                    let seed = job.task.seed;
                    if outbox.send((seed, searcher.run(&job.view, &job.legal, job.task))).is_err() {
                        break;
                    }
                }
            })
            .ok()?;
        Some(Worker { jobs: Some(jobs), results, handle: Some(handle) })
    }

    /// Hands `job` to the thread; false if the thread is gone.
    fn send(&self, job: Job<G>) -> bool {
        self.jobs.as_ref().is_some_and(|tx| tx.send(job).is_ok())
    }

    /// The result of the job with this seed, re-raising the thread's panic if it died. Results of
    /// earlier jobs (left by a decision that panicked on the calling thread) are dropped.
    fn receive(&mut self, seed: u64) -> RootResult {
        loop {
            match self.results.recv() {
                Ok((s, r)) if s == seed => return r,
                Ok(_) => {}
                Err(_) => {
                    self.jobs = None;
                    match self.handle.take().map(std::thread::JoinHandle::join) {
                        Some(Err(panic)) => std::panic::resume_unwind(panic),
                        _ => panic!("a search thread stopped without its result"),
                    }
                }
            }
        }
    }
}

impl<G: Game> Drop for Worker<G> {
    fn drop(&mut self) {
        // Closing the job channel ends the thread's loop.
        self.jobs = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// A bot's search threads beyond the calling one, started at its first multi-threaded decision. A
/// cloned bot starts its own.
struct Pool<G: Game>(Vec<Worker<G>>);

impl<G: Game> Clone for Pool<G> {
    fn clone(&self) -> Self {
        Pool(Vec::new())
    }
}

impl<G: Game> std::fmt::Debug for Pool<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Pool({} threads)", self.0.len())
    }
}

/// What one thread's search found at the root: visits and reward sums per root action (in the order of
/// the root's legal list), with its counts.
#[derive(Clone, Debug, Default)]
struct RootResult {
    visits: Vec<u64>,
    reward: Vec<f64>,
    iterations: u64,
    /// Full states sampled from the view: one an iteration, or one a round for `paired`.
    determinizations: u64,
    nodes: u64,
}

/// Complete rounds before `paired` may race an action out (see [`SearchConfig::race_milli`]).
pub const RACE_ROUNDS: u32 = 8;

/// The paired statistics of a racing `paired` search: per root action the sum of its round values, and
/// per pair of actions the sum of their products, over the complete rounds (every action still in the
/// race played every round so far, so any two of them are compared on the same rounds).
#[derive(Debug)]
struct Race {
    n: usize,
    z: f64,
    rounds: u32,
    sums: Vec<f64>,
    products: Vec<f64>,
}

impl Race {
    fn new(n: usize, z: f64) -> Self {
        Race { n, z, rounds: 0, sums: vec![0.0; n], products: vec![0.0; n * n] }
    }

    /// Adds one complete round of the actions in `active`.
    fn add(&mut self, active: &[usize], round: &[f64]) {
        self.rounds += 1;
        for &a in active {
            self.sums[a] += round[a];
            for &b in active {
                self.products[a * self.n + b] += round[a] * round[b];
            }
        }
    }

    /// Drops from `active` every action whose mean difference to the leader (the best sum, the first in
    /// `active` among equals) is below zero by more than `z` standard errors of the paired differences.
    fn cull(&self, active: &mut Vec<usize>) {
        if self.rounds < RACE_ROUNDS || active.len() < 2 {
            return;
        }
        let r = f64::from(self.rounds);
        let mut leader = active[0];
        for &a in active.iter() {
            if self.sums[a] > self.sums[leader] {
                leader = a;
            }
        }
        let p = |a: usize, b: usize| self.products[a * self.n + b];
        active.retain(|&a| {
            if a == leader {
                return true;
            }
            let mean = (self.sums[a] - self.sums[leader]) / r;
            let square = (p(a, a) + p(leader, leader) - 2.0 * p(a, leader)) / r;
            let variance = (square - mean * mean).max(0.0) * r / (r - 1.0);
            mean + self.z * (variance / r).sqrt() >= 0.0
        });
    }
}

impl<G: Game> Searcher<G> {
    fn new() -> Self {
        Searcher {
            nodes: Vec::new(),
            legal: Vec::with_capacity(64),
            after: Vec::with_capacity(64),
            path: Vec::new(),
            max_len: None,
            scratch: NetScratch::default(),
            priors: Vec::new(),
        }
    }

    /// Runs `task` from `view` (`legal` is its seat's sorted legal list).
    fn run(&mut self, view: &G::View, legal: &[G::Action], task: Task<G>) -> RootResult {
        let Task { kind, cfg, limit, policies, seed } = task;
        match kind {
            SearchKind::Ismcts => self.search(view, legal, &cfg, limit, policies, seed),
            SearchKind::FlatMc => self.flat(view, legal, &cfg, limit, policies, seed, false),
            SearchKind::Paired => self.flat(view, legal, &cfg, limit, policies, seed, true),
        }
    }

    /// The game-length bound of this search's samples (`state` is one of them).
    fn max_len(&mut self, state: &G) -> usize {
        *self.max_len.get_or_insert_with(|| G::max_game_length(state.options()))
    }

    /// Plays `state` out with `policy` and returns each seat's value: to the end (the game's returns,
    /// blended with the score margin by `cfg.margin`), or, with a playout depth and an evaluator, to the
    /// first evaluation point after `cfg.depth` moves (the game's estimate of the returns there), or,
    /// with a value network, to the first evaluation point after `cfg.depth` moves (the network's estimate
    /// from the view of the seat to move; the game's evaluation where the network does not fit). `max` is the
    /// game's [`max_game_length`](Game::max_game_length).
    #[allow(clippy::too_many_arguments)]
    fn playout(
        state: &mut G,
        legal: &mut Vec<G::Action>,
        policies: Policies<G>,
        cfg: &SearchConfig,
        max: usize,
        scratch: &mut NetScratch,
        rng: &mut GameRng,
    ) -> Values {
        let Policies { mover: policy, eval: gate, net, .. } = policies;
        // The game's evaluation cuts playouts only with a depth; its evaluation points also tell where
        // a value network judges.
        let eval = gate.filter(|_| cfg.depth > 0);
        let mut moves = 0u32;
        // Uniformly random moves to the end, the common case, in a loop of its own (the same moves and
        // draws as the general loop below, without its per-move checks of the policy and the depth).
        if let (Mover::Random, None, None) = (policy, eval, net) {
            while state.to_move().is_some() && state.move_number() < max {
                let Some(a) = state.random_action(rng, legal) else { break };
                state.apply_unchecked(a, &mut NoEvents);
            }
        }
        while let Some(seat) = state.to_move() {
            if state.move_number() >= max {
                break;
            }
            // The network alone needs only to know that this is an evaluation point: the game's cheap
            // test saves computing its own estimate there.
            let alone = net.filter(|_| cfg.net_share() >= 1.0).and_then(|n| n.evaluation_point().map(|p| (n, p)));
            if moves >= cfg.depth
                && let Some((n, point)) = alone
                && gate.is_some()
            {
                if point(state) {
                    let mut values = [0.0; MAX_SEATS];
                    if n.evaluate(state, seat, scratch, &mut values) {
                        return values;
                    }
                    if cfg.depth > 0
                        && let Some(estimate) = gate.and_then(|f| f(state))
                    {
                        return to_values(&estimate);
                    }
                }
            } else if moves >= cfg.depth
                && let Some(f) = gate.filter(|_| net.is_some() || cfg.depth > 0)
                && let Some(estimate) = f(state)
            {
                let mut values = [0.0; MAX_SEATS];
                if let Some(n) = net
                    && n.evaluate(state, seat, scratch, &mut values)
                {
                    let w = cfg.net_share();
                    if w < 1.0 {
                        for (v, e) in values.iter_mut().zip(&estimate) {
                            *v = w * *v + (1.0 - w) * e;
                        }
                    }
                    return values;
                }
                if cfg.depth > 0 {
                    return to_values(&estimate);
                }
            }
            moves += 1;
            state.legal_actions(legal);
            if legal.is_empty() {
                break;
            }
            let a = match policy {
                Mover::View(f) => f(&state.view(seat), legal, rng),
                Mover::State(f) => f(state, legal, rng),
                Mover::Random => legal[rng.index(legal.len())],
            };
            state.apply_unchecked(a, &mut NoEvents);
        }
        if cfg.margin() > 0.0 {
            return to_values(&playout_values(state, cfg.margin()));
        }
        // The common case reads the game's outcome, which allocates nothing.
        state.outcome().map_or([0.0; MAX_SEATS], |o| to_values(o.returns()))
    }

    /// One ISMCTS iteration on a fresh sample of `view`.
    fn iterate(&mut self, view: &G::View, cfg: &SearchConfig, policies: Policies<G>, rng: &mut GameRng) {
        let hint = policies.hint;
        let c = cfg.exploration();
        let prior = cfg.prior();
        let pnet = cfg.policy_weight();
        let mut state = G::determinize(view, rng);
        let mut node = 0u32;
        self.path.clear();
        self.path.push(0);
        let max = self.max_len(&state);
        // Selection and expansion.
        while let Some(seat) = state.to_move() {
            if state.move_number() >= max {
                break;
            }
            state.legal_actions(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            // `after[i]` is TRIED when `legal[i]` has a child available here, else the last child the merge
            // passed before reaching `legal[i]` (where to start looking for its place if it is expanded).
            self.after.clear();
            self.after.resize(self.legal.len(), NONE);
            // One pass over the children, merged with the legal list (both sorted by action, one
            // comparison per step): count each available child and score it with ISUCT (its own
            // availability replaces the parent's visits); the scores are used only if nothing is untried.
            let mut tried = 0usize;
            let mut best = NONE;
            let mut best_score = f64::NEG_INFINITY;
            let mut child = self.nodes[node as usize].first_child;
            let mut passed = NONE;
            let mut i = 0;
            'merge: while child != NONE {
                let ch = &mut self.nodes[child as usize];
                loop {
                    let Some(&a) = self.legal.get(i) else { break 'merge };
                    match a.cmp(&ch.action) {
                        Ordering::Less => {
                            self.after[i] = passed;
                            i += 1;
                        }
                        Ordering::Equal if ch.mover == seat.0 => {
                            ch.available += 1;
                            self.after[i] = TRIED;
                            i += 1;
                            tried += 1;
                            let v = f64::from(ch.visits.max(1));
                            let mut score = ch.reward / v + c * (ln_count(ch.available) / v).sqrt();
                            if ch.preferred {
                                score += prior / (v + 1.0);
                            }
                            score += pnet * f64::from(ch.prior) / (v + 1.0);
                            if score > best_score {
                                best_score = score;
                                best = child;
                            }
                            break;
                        }
                        // Another seat's child for this action (which seat decides can hang on hidden
                        // cards), or an action not legal in this sample.
                        Ordering::Equal | Ordering::Greater => break,
                    }
                }
                passed = child;
                child = ch.next_sibling;
            }
            if let Some(rest) = self.after.get_mut(i..) {
                rest.fill(passed);
            }
            if tried < self.legal.len() {
                // Expand the heuristic's choice if it is untried (with a prior), else a random untried
                // action.
                let hint = match hint {
                    Some(f) if tried == 0 => {
                        let a = f(&state.view(seat), &self.legal, rng);
                        self.legal.binary_search(&a).ok()
                    }
                    _ => None,
                };
                let preferred = hint.is_some();
                // The learned policy's probabilities of the legal actions, from the sample's view.
                let learned = match policies.policy {
                    Some(n) => n.priors(&state, seat, &self.legal, &mut self.scratch, &mut self.priors),
                    None => false,
                };
                let pick = match hint {
                    Some(i) => i,
                    // The untried action the policy likes best (the first of equals).
                    None if learned => {
                        let mut pick = 0;
                        let mut top = f32::NEG_INFINITY;
                        for (i, (&t, &p)) in self.after.iter().zip(&self.priors).enumerate() {
                            if t != TRIED && p > top {
                                top = p;
                                pick = i;
                            }
                        }
                        pick
                    }
                    None => {
                        let mut k = rng.index(self.legal.len() - tried);
                        let mut pick = 0;
                        for (i, &t) in self.after.iter().enumerate() {
                            if t != TRIED {
                                if k == 0 {
                                    pick = i;
                                    break;
                                }
                                k -= 1;
                            }
                        }
                        pick
                    }
                };
                let action = self.legal[pick];
                let id = self.nodes.len() as u32;
                // Keep the children sorted by (action, mover) for the merge above: the new child goes
                // after the last one ordered before it, looked for from where the merge passed it.
                let key_before = |n: &Node<G::Action>| match n.action.cmp(&action) {
                    Ordering::Less => true,
                    Ordering::Equal => n.mover < seat.0,
                    Ordering::Greater => false,
                };
                let start = self.after[pick];
                let (mut prev, mut sibling) = match self.nodes.get(start as usize) {
                    Some(s) if key_before(s) => (start, s.next_sibling),
                    _ => (NONE, self.nodes[node as usize].first_child),
                };
                while sibling != NONE {
                    let s = &self.nodes[sibling as usize];
                    if !key_before(s) {
                        break;
                    }
                    prev = sibling;
                    sibling = s.next_sibling;
                }
                if prev == NONE {
                    self.nodes[node as usize].first_child = id;
                } else {
                    self.nodes[prev as usize].next_sibling = id;
                }
                self.nodes.push(Node {
                    action,
                    mover: seat.0,
                    first_child: NONE,
                    next_sibling: sibling,
                    visits: 0,
                    available: 1,
                    preferred,
                    prior: if learned { self.priors.get(pick).copied().unwrap_or(0.0) } else { 0.0 },
                    reward: 0.0,
                });
                state.apply_unchecked(action, &mut NoEvents);
                self.path.push(id);
                break;
            }
            if best == NONE {
                break;
            }
            state.apply_unchecked(self.nodes[best as usize].action, &mut NoEvents);
            self.path.push(best);
            node = best;
        }
        let returns = Self::playout(&mut state, &mut self.legal, policies, cfg, max, &mut self.scratch, rng);
        for &n in &self.path {
            let nd = &mut self.nodes[n as usize];
            nd.visits += 1;
            nd.reward += returns.get(usize::from(nd.mover)).copied().unwrap_or(0.0);
        }
    }

    /// Runs ISMCTS from `view` until `budget` (this thread's share) ends.
    fn search(
        &mut self,
        view: &G::View,
        root_legal: &[G::Action],
        cfg: &SearchConfig,
        limit: Limit,
        policies: Policies<G>,
        seed: u64,
    ) -> RootResult {
        let mut rng = GameRng::new(seed);
        self.nodes.clear();
        self.max_len = None;
        let seat = G::view_seat(view);
        self.nodes.push(Node {
            action: root_legal[0],
            mover: seat.0,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            preferred: false,
            prior: 0.0,
            reward: 0.0,
        });
        let mut done = 0u32;
        while !limit.reached(done) {
            self.iterate(view, cfg, policies, &mut rng);
            done += 1;
        }
        let mut out = RootResult {
            visits: vec![0; root_legal.len()],
            reward: vec![0.0; root_legal.len()],
            iterations: u64::from(done),
            determinizations: u64::from(done),
            nodes: self.nodes.len() as u64,
        };
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let ch = &self.nodes[child as usize];
            if ch.mover == seat.0
                && let Ok(i) = root_legal.binary_search(&ch.action)
            {
                out.visits[i] += u64::from(ch.visits);
                out.reward[i] += ch.reward;
            }
            child = ch.next_sibling;
        }
        out
    }

    /// Flat Monte Carlo from `view`: root actions in turn, each followed by a playout on a fresh sample.
    ///
    /// `paired`: each round samples one full state and one playout seed, and plays every root action out
    /// from that same sample with that same seed (common random numbers), so the root actions are
    /// compared on the same hidden cards, the same chance and the same playout draws until their games
    /// part. Only complete rounds count (all actions the same number of samples), unless not one round
    /// completed. Where the means tie, the playout policy's own choice on the view wins
    /// (`playout=heuristic`: the heuristic's move unless a sample shows another one better).
    #[allow(clippy::too_many_arguments)]
    fn flat(
        &mut self,
        view: &G::View,
        root_legal: &[G::Action],
        cfg: &SearchConfig,
        limit: Limit,
        policies: Policies<G>,
        seed: u64,
        paired: bool,
    ) -> RootResult {
        let mut rng = GameRng::new(seed);
        self.max_len = None;
        let seat = G::view_seat(view);
        let n = root_legal.len();
        let mut out = RootResult { visits: vec![0; n], reward: vec![0.0; n], ..RootResult::default() };
        // Paired: the round's sample and playout seed, the actions still in the race, the next one's
        // place among them, and the round's values until the round is complete.
        let mut round = vec![0.0f64; if paired { n } else { 0 }];
        let mut active: Vec<usize> = if paired { (0..n).collect() } else { Vec::new() };
        let mut race = (paired && cfg.race_milli > 0).then(|| Race::new(n, f64::from(cfg.race_milli) / 1000.0));
        let mut next = 0usize;
        let mut rounds = 0u32;
        let mut sample: Option<G> = None;
        let mut playout_seed = 0u64;
        let mut done = 0u32;
        while !limit.reached(done) {
            let i = if paired { active[next] } else { done as usize % n };
            if paired && next == 0 {
                sample = Some(G::determinize(view, &mut rng));
                playout_seed = rng.next_u64();
                out.determinizations += 1;
            }
            let mut state = match &sample {
                Some(s) => s.clone(),
                None => {
                    out.determinizations += 1;
                    G::determinize(view, &mut rng)
                }
            };
            let max = self.max_len(&state);
            state.apply_unchecked(root_legal[i], &mut NoEvents);
            let mut draws = GameRng::new(playout_seed);
            let draws = if paired { &mut draws } else { &mut rng };
            let values = Self::playout(&mut state, &mut self.legal, policies, cfg, max, &mut self.scratch, draws);
            let value = values.get(seat.index()).copied().unwrap_or(0.0);
            done += 1;
            if !paired {
                out.visits[i] += 1;
                out.reward[i] += value;
                continue;
            }
            round[i] = value;
            next += 1;
            let complete = next == active.len();
            let first_incomplete = rounds == 0 && limit.reached(done);
            if complete || first_incomplete {
                for &j in &active[..next] {
                    out.visits[j] += 1;
                    out.reward[j] += round[j];
                }
                rounds += 1;
                if complete && let Some(r) = race.as_mut() {
                    r.add(&active, &round);
                    r.cull(&mut active);
                    // The last action in the race is the choice: more rounds could not change it.
                    if active.len() == 1 {
                        break;
                    }
                }
                next = 0;
            }
        }
        out.iterations = u64::from(done);
        if paired
            && let Mover::View(f) = policies.mover
            && let Ok(k) = root_legal.binary_search(&f(view, root_legal, &mut rng))
        {
            out.reward[k] += 1e-9 * out.visits[k] as f64;
        }
        out
    }
}

/// Which search a [`SearchBot`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// Single-observer ISMCTS.
    Ismcts,
    /// Flat Monte Carlo: every root action gets the same share of playouts; the best mean wins.
    FlatMc,
    /// Paired Monte Carlo: flat Monte Carlo where every root action is played out on the same samples
    /// with the same playout draws (common random numbers); the best mean wins.
    Paired,
}

/// A search player ([`SearchKind::Ismcts`] or [`SearchKind::FlatMc`]) for game `G`. It receives views
/// only and samples hidden information with [`Game::determinize`].
#[derive(Clone, Debug)]
pub struct SearchBot<G: Game> {
    kind: SearchKind,
    config: SearchConfig,
    policy: Mover<G>,
    eval: Option<Evaluator<G>>,
    net: Option<ValueNet<G>>,
    hint: Option<PlayoutPolicy<G>>,
    /// The network whose policy is the tree's learned prior (`pnet=W`).
    policy_net: Option<ValueNet<G>>,
    rng: GameRng,
    /// The calling thread's searcher (the first tree).
    searcher: Searcher<G>,
    /// The other threads of a root-parallel search.
    pool: Pool<G>,
    stats: SearchStats,
    last: SearchStats,
}

/// ISMCTS for game `G` (a [`SearchBot`] of kind [`SearchKind::Ismcts`]).
pub type Ismcts<G> = SearchBot<G>;

impl<G: Game> SearchBot<G> {
    /// A search bot of `kind` with `config`, seeded with `seed`. `policy` is the playout policy used when
    /// `config.playout` is [`Playout::Heuristic`] (random playouts when `None`), and the tree's prior when
    /// `config.prior_milli` is above 0; see [`with_rollout`](SearchBot::with_rollout) for
    /// [`Playout::Rollout`].
    pub fn new(kind: SearchKind, config: SearchConfig, policy: Option<PlayoutPolicy<G>>, seed: u64) -> Self {
        let hint = policy.filter(|_| config.prior_milli > 0);
        let policy = match (config.playout, policy) {
            (Playout::Heuristic, Some(f)) => Mover::View(f),
            _ => Mover::Random,
        };
        SearchBot {
            kind,
            config,
            policy,
            eval: None,
            net: None,
            hint,
            policy_net: None,
            rng: GameRng::new(seed),
            searcher: Searcher::new(),
            pool: Pool(Vec::new()),
            stats: SearchStats::default(),
            last: SearchStats::default(),
        }
    }

    /// Uses `rollout` in playouts when `config.playout` is [`Playout::Rollout`] (otherwise no change).
    pub fn with_rollout(mut self, rollout: RolloutPolicy<G>) -> Self {
        if self.config.playout == Playout::Rollout {
            self.policy = Mover::State(rollout);
        }
        self
    }

    /// Uses `eval` to stop playouts early when `config.depth` is above 0, and, with a value network
    /// (`eval=learned`), to tell the points where the network judges (otherwise no change).
    pub fn with_evaluator(mut self, eval: Evaluator<G>) -> Self {
        if self.config.depth > 0 || self.config.eval == LeafEval::Learned {
            self.eval = Some(eval);
        }
        self
    }

    /// Uses `net` to estimate the returns of playouts cut short when `config.eval` is
    /// [`LeafEval::Learned`], and its policy as the tree's prior when `config.policy_milli` is above 0
    /// and it has one (otherwise no change).
    pub fn with_value_net(mut self, net: ValueNet<G>) -> Self {
        if self.config.eval == LeafEval::Learned {
            self.net = Some(net);
        }
        if self.config.policy_milli > 0 && net.policy().is_some() {
            self.policy_net = Some(net);
        }
        self
    }

    /// Whether the search orders and biases its expansions with a learned policy.
    pub fn has_policy_net(&self) -> bool {
        self.policy_net.is_some()
    }

    /// Whether the search evaluates leaves with a value network.
    pub fn has_value_net(&self) -> bool {
        self.net.is_some()
    }

    /// The statistics of the last decision.
    pub fn last_decision(&self) -> SearchStats {
        self.last
    }

    /// Searches from `view` and returns, per action of `legal`, the visit count and mean return of the
    /// deciding seat (summed over threads). `legal` must be the seat's sorted, non-empty legal list.
    pub fn analyse(&mut self, view: &G::View, legal: &[G::Action]) -> Vec<(u64, f64)> {
        let seed = self.rng.next_u64();
        let start = Instant::now();
        let deadline = self.config.budget.millis.map(|ms| start + Duration::from_millis(u64::from(ms)));
        let threads = usize::from(self.config.threads.max(1));
        let total = self.config.budget.iterations;
        // Without any budget, stop after the default number of iterations.
        let total = if total.is_none() && deadline.is_none() { Some(1000) } else { total };
        let share = |t: usize| {
            total.map(|n| {
                let base = n / threads as u32;
                base + u32::from((t as u32) < n % threads as u32)
            })
        };
        let (kind, cfg) = (self.kind, self.config);
        let policies =
            Policies { mover: self.policy, eval: self.eval, net: self.net, hint: self.hint, policy: self.policy_net };
        let task = |t: usize| Task {
            kind,
            cfg,
            limit: Limit { iterations: share(t), deadline },
            policies,
            seed: mix(seed ^ t as u64),
        };
        // The other threads' jobs go out first, then the calling thread searches the first tree. A job no
        // thread could take runs here afterwards, with the same seed and share.
        while self.pool.0.len() + 1 < threads {
            match Worker::start() {
                Some(w) => self.pool.0.push(w),
                None => break,
            }
        }
        let mut sent = Vec::new();
        let mut unsent = Vec::new();
        if threads > 1 {
            let (v, l): (Arc<G::View>, Arc<[G::Action]>) = (Arc::new(view.clone()), Arc::from(legal));
            for t in 1..threads {
                let job = Job { task: task(t), view: Arc::clone(&v), legal: Arc::clone(&l) };
                if self.pool.0.get(t - 1).is_some_and(|w| w.send(job)) {
                    sent.push(t);
                } else {
                    unsent.push(task(t));
                }
            }
        }
        let mut results = vec![self.searcher.run(view, legal, task(0))];
        results.extend(sent.into_iter().map(|t| self.pool.0[t - 1].receive(task(t).seed)));
        results.extend(unsent.into_iter().map(|t| Searcher::new().run(view, legal, t)));
        let mut visits = vec![0u64; legal.len()];
        let mut reward = vec![0.0f64; legal.len()];
        let mut last =
            SearchStats { decisions: 1, searched: 1, seconds: start.elapsed().as_secs_f64(), ..Default::default() };
        for r in &results {
            for (i, (v, w)) in r.visits.iter().zip(&r.reward).enumerate() {
                if i < visits.len() {
                    visits[i] += v;
                    reward[i] += w;
                }
            }
            last.iterations += r.iterations;
            last.determinizations += r.determinizations;
            last.nodes += r.nodes;
        }
        self.last = last;
        self.stats.add(&last);
        visits.iter().zip(&reward).map(|(&v, &w)| (v, if v > 0 { w / v as f64 } else { 0.0 })).collect()
    }
}

/// One step of SplitMix64.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl<G: Game> Bot<G> for SearchBot<G> {
    fn name(&self) -> String {
        match self.kind {
            SearchKind::Ismcts => "ismcts".to_owned(),
            SearchKind::FlatMc => "flatmc".to_owned(),
            SearchKind::Paired => "paired".to_owned(),
        }
    }

    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        if legal.len() == 1 {
            self.last = SearchStats { decisions: 1, ..Default::default() };
            self.stats.decisions += 1;
            return legal[0];
        }
        let scores = self.analyse(view, legal);
        // ISMCTS: the most visited action; flat MC: the best mean; a racing `paired`: the best mean of
        // the actions played the most rounds (those still in the race). Ties go to the other measure,
        // then to the first action in the list.
        let racing = self.config.race_milli > 0;
        let key = |&(v, m): &(u64, f64)| match self.kind {
            SearchKind::Ismcts => (v as f64, m),
            SearchKind::Paired if racing => (v as f64, m),
            SearchKind::FlatMc | SearchKind::Paired => (m, v as f64),
        };
        let mut best = 0;
        for i in 1..scores.len() {
            if key(&scores[i]) > key(&scores[best]) {
                best = i;
            }
        }
        legal[best]
    }

    fn search_stats(&self) -> Option<SearchStats> {
        Some(self.stats)
    }

    fn last_search(&self) -> Option<SearchStats> {
        Some(self.last)
    }

    /// The search's visits and mean returns, the means kept within 0 to 1 (`paired` breaks ties in favour
    /// of its playout policy's move with a bonus of a billionth, which must not read as a probability above 1).
    fn action_values(&mut self, view: &G::View, legal: &[G::Action]) -> Option<Vec<(u64, f64)>> {
        Some(self.analyse(view, legal).into_iter().map(|(v, m)| (v, m.clamp(0.0, 1.0))).collect())
    }
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;
    use crate::toy::{Play, Toy, ToyOptions};
    use sylvan_engine::Seat;

    fn halves(_: &Toy) -> Option<Vec<f64>> {
        Some(vec![0.25, 0.75])
    }

    fn never(_: &Toy) -> Option<Vec<f64>> {
        None
    }

    fn fresh(seed: u64) -> Toy {
        match Toy::new(&ToyOptions { players: 2, hand_size: 5 }, seed) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    /// The game of `seed` after the first player leads a middle card: the second player's cards above
    /// it win the trick, those below lose it. Returns the state, the second player and its legal list.
    fn after_a_middle_lead(seed: u64) -> (Toy, Seat, Vec<Play>) {
        let mut state = fresh(seed);
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        state.apply_unchecked(legal[legal.len() / 2], &mut NoEvents);
        let Some(seat) = state.to_move() else { panic!("over") };
        state.legal_actions(&mut legal);
        (state, seat, legal)
    }

    /// A playout with a depth stops at the first evaluation point after that many moves and backs up the
    /// game's estimate; without a depth, or where the game cannot estimate, it plays to the end.
    pub fn playout_depth_stops_at_the_evaluation() {
        let mut legal = Vec::new();
        for seed in 0..20 {
            let mut rng = GameRng::new(seed);
            let cfg = SearchConfig { depth: 3, ..SearchConfig::default() };
            let mut state = fresh(seed);
            let values = play(&mut state, &mut legal, Some(halves), None, &cfg, &mut rng);
            assert_eq!(values[..2], [0.25, 0.75]);
            assert_eq!(state.move_number(), 3);

            let mut state = fresh(seed);
            let values = play(&mut state, &mut legal, Some(never), None, &cfg, &mut rng);
            assert!(state.to_move().is_none());
            assert_eq!(values[..2], state.returns()[..]);

            let to_end = SearchConfig { depth: 0, ..SearchConfig::default() };
            let mut state = fresh(seed);
            let values = play(&mut state, &mut legal, Some(halves), None, &to_end, &mut rng);
            assert!(state.to_move().is_none());
            assert_eq!(values[..2], state.returns()[..]);
        }
    }

    /// A random playout with these evaluators.
    fn play(
        state: &mut Toy,
        legal: &mut Vec<Play>,
        eval: Option<Evaluator<Toy>>,
        net: Option<ValueNet<Toy>>,
        cfg: &SearchConfig,
        rng: &mut GameRng,
    ) -> Values {
        let policies = Policies { mover: Mover::Random, eval, net, hint: None, policy: None };
        Searcher::playout(state, legal, policies, cfg, usize::MAX, &mut NetScratch::default(), rng)
    }

    /// A network of one input `x` and two logits `[x, 0]`.
    fn net_of(features: crate::Features<Toy>) -> Result<ValueNet<Toy>, String> {
        let file = crate::value::selftest::file(&[[1, 2]], &[1.0, 0.0, 0.0, 0.0]);
        let mlp = crate::Mlp::parse(&file).map_err(|e| e.to_string())?;
        Ok(ValueNet::new(Box::leak(Box::new(mlp)), features))
    }

    /// With a value network, a playout stops at the first evaluation point after `depth` moves (every
    /// point is one here; at once with depth 0) and backs up the network's estimate for the seat to move,
    /// rotated to absolute seats; a network whose input does not fit the features falls back on the
    /// game's evaluation; without evaluation points the network never judges.
    pub fn playout_backs_up_the_value_network() -> Result<(), String> {
        // The feature: 2 for seat 1's views, 0 for seat 0's (the network favours seat 1 to move).
        let net = net_of(|v, out| {
            out.clear();
            out.push(if Toy::view_seat(v) == Seat(1) { 2.0 } else { 0.0 });
        })?;
        let e = 2f64.exp() / (2f64.exp() + 1.0);
        let mut legal = Vec::new();
        for seed in 0..10 {
            let mut rng = GameRng::new(seed);
            for depth in [0, 1, 3] {
                let cfg = SearchConfig { depth, eval: LeafEval::Learned, ..SearchConfig::default() };
                let mut state = fresh(seed);
                let values = play(&mut state, &mut legal, Some(halves), Some(net), &cfg, &mut rng);
                assert_eq!(state.move_number(), depth as usize);
                let mover = state.to_move().ok_or("over")?;
                if mover == Seat(1) {
                    assert!((values[1] - e).abs() < 1e-9 && (values[0] - (1.0 - e)).abs() < 1e-9, "{values:?}");
                } else {
                    assert_eq!(values[..2], [0.5, 0.5]);
                }
            }
            // `net=0.5`: the mean of the network's estimate and the game's evaluation at the same point.
            let cfg = SearchConfig { depth: 1, eval: LeafEval::Learned, net_milli: 500, ..SearchConfig::default() };
            let mut state = fresh(seed);
            let values = play(&mut state, &mut legal, Some(halves), Some(net), &cfg, &mut rng);
            let n1 = if state.to_move() == Some(Seat(1)) { e } else { 0.5 };
            assert!((values[1] - (0.5 * n1 + 0.5 * 0.75)).abs() < 1e-9, "{values:?}");
            assert!((values[0] - (0.5 * (1.0 - n1) + 0.5 * 0.25)).abs() < 1e-9, "{values:?}");
            // Features of another length: the game's evaluation at depth 3, as without a network.
            let wide = net_of(|_, out| {
                out.clear();
                out.extend([1.0, 1.0]);
            })?;
            let cfg = SearchConfig { depth: 3, eval: LeafEval::Learned, ..SearchConfig::default() };
            let mut state = fresh(seed);
            let values = play(&mut state, &mut legal, Some(halves), Some(wide), &cfg, &mut rng);
            assert_eq!((values[..2].to_vec(), state.move_number()), (vec![0.25, 0.75], 3));
            let mut state = fresh(seed);
            let values = play(&mut state, &mut legal, Some(never), Some(net), &cfg, &mut rng);
            assert!(state.to_move().is_none());
            assert_eq!(values[..2], state.returns()[..]);
        }
        Ok(())
    }

    /// The logarithm table agrees with `ln` on both sides of its end.
    pub fn ln_count_is_ln() {
        for n in [1u32, 2, 3, 100, 4095, 4096, 4097, 1_000_000] {
            assert_eq!(ln_count(n), f64::from(n).ln(), "{n}");
        }
    }

    /// A policy that always plays the highest legal card.
    fn highest(_: &crate::toy::ToyView, legal: &[crate::toy::Play], _: &mut GameRng) -> crate::toy::Play {
        legal[legal.len() - 1]
    }

    /// With a prior, a node's first expansion is the heuristic's choice, and a heavy prior keeps the
    /// search on it; without one, the first expansion is random.
    pub fn prior_expands_and_favours_the_heuristic_choice() {
        let state = fresh(2);
        let Some(seat) = state.to_move() else { panic!("over") };
        let view = state.view(seat);
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert!(legal.len() > 2);
        let last = legal.len() - 1;
        let one = SearchConfig {
            budget: Budget { iterations: Some(1), millis: None },
            prior_milli: 1000,
            ..SearchConfig::default()
        };
        let mut first_random = [0u32; 16];
        for seed in 0..40 {
            let mut bot = SearchBot::<Toy>::new(SearchKind::Ismcts, one, Some(highest), seed);
            let visits: Vec<u64> = bot.analyse(&view, &legal).iter().map(|&(v, _)| v).collect();
            assert_eq!(visits[last], 1, "seed {seed}: {visits:?}");
            let plain = SearchConfig { prior_milli: 0, ..one };
            let mut bot = SearchBot::<Toy>::new(SearchKind::Ismcts, plain, Some(highest), seed);
            let visits: Vec<u64> = bot.analyse(&view, &legal).iter().map(|&(v, _)| v).collect();
            if let Some(i) = visits.iter().position(|&v| v == 1) {
                first_random[i] += 1;
            }
        }
        assert!(first_random.iter().filter(|&&n| n > 0).count() > 1, "{first_random:?}");
        let heavy = SearchConfig {
            budget: Budget { iterations: Some(200), millis: None },
            prior_milli: 100_000,
            ..SearchConfig::default()
        };
        let mut bot = SearchBot::<Toy>::new(SearchKind::Ismcts, heavy, Some(highest), 3);
        let visits: Vec<u64> = bot.analyse(&view, &legal).iter().map(|&(v, _)| v).collect();
        assert!(visits[last] > 150, "{visits:?}");
    }

    /// With a learned policy (`pnet`), a node's untried actions are expanded in the policy's order (the
    /// first expansion is its favourite, on every seed), and a heavy weight keeps the search on it.
    pub fn learned_policy_orders_and_biases_expansions() -> Result<(), String> {
        // One constant input; logits by action id: the higher the card, the likelier.
        let weights: Vec<f32> =
            (0..crate::toy::MAX_CARDS).map(|k| k as f32).chain([0.0; crate::toy::MAX_CARDS]).collect();
        let file =
            crate::value::selftest::file_of(crate::value::POLICY_FORMAT, &[[1, crate::toy::MAX_CARDS]], &weights);
        let policy: &'static crate::Mlp = Box::leak(Box::new(crate::Mlp::parse(&file).map_err(|e| e.to_string())?));
        let net = net_of(|_, out| {
            out.clear();
            out.push(1.0);
        })?
        .with_policy(policy);
        let state = fresh(2);
        let seat = state.to_move().ok_or("over")?;
        let view = state.view(seat);
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert!(legal.len() > 2);
        let last = legal.len() - 1;
        let budget = |n| Budget { iterations: Some(n), millis: None };
        for seed in 0..20 {
            let cfg = SearchConfig { budget: budget(1), policy_milli: 1000, ..SearchConfig::default() };
            let mut bot = SearchBot::<Toy>::new(SearchKind::Ismcts, cfg, None, seed).with_value_net(net);
            assert!(bot.has_policy_net() && !bot.has_value_net());
            let visits: Vec<u64> = bot.analyse(&view, &legal).iter().map(|&(v, _)| v).collect();
            assert_eq!(visits[last], 1, "seed {seed}: {visits:?}");
            // Without `pnet` the network's policy is not used.
            let cfg = SearchConfig { policy_milli: 0, ..cfg };
            assert!(!SearchBot::<Toy>::new(SearchKind::Ismcts, cfg, None, seed).with_value_net(net).has_policy_net());
        }
        let heavy = SearchConfig { budget: budget(200), policy_milli: 100_000, ..SearchConfig::default() };
        let mut bot = SearchBot::<Toy>::new(SearchKind::Ismcts, heavy, None, 3).with_value_net(net);
        let visits: Vec<u64> = bot.analyse(&view, &legal).iter().map(|&(v, _)| v).collect();
        assert!(visits[last] > 150, "{visits:?}");
        Ok(())
    }

    /// Racing drops an action that loses every paired round to the leader once [`RACE_ROUNDS`] rounds
    /// are in, and keeps an action whose rounds equal the leader's, and one whose differences are
    /// too noisy to tell.
    pub fn race_drops_only_clear_losers() {
        let mut race = Race::new(4, 2.0);
        let mut active: Vec<usize> = (0..4).collect();
        for r in 0..RACE_ROUNDS {
            // 0 the leader; 1 loses or ties every round against it; 2 the leader's twin; 3 wins one
            // round in two and loses the other against it.
            let round = if r % 2 == 0 { [1.0, 0.0, 1.0, 0.0] } else { [0.0, 0.0, 0.0, 1.0] };
            assert_eq!(active.len(), 4, "nothing leaves before {RACE_ROUNDS} rounds");
            race.add(&active, &round);
            race.cull(&mut active);
        }
        assert_eq!(active, vec![0, 2, 3]);
        // The noisy action leaves once its losses outweigh its spread.
        for _ in 0..40 {
            race.add(&active, &[1.0, 0.0, 1.0, 0.0]);
            race.cull(&mut active);
        }
        assert_eq!(active, vec![0, 2]);
    }

    /// A racing `paired` search spends most of its playouts on the actions still in the race, and its
    /// choice on the toy game is the same as without racing (the toy's best card wins either way).
    pub fn racing_saves_playouts_on_losers() {
        // (Seed 0 deals the second player a lost game: every card's mean is 0 and nothing leaves.)
        for seed in 1..6 {
            let (state, seat, legal) = after_a_middle_lead(seed);
            let budget = Budget { iterations: Some(4000), millis: None };
            let plain = SearchConfig { budget, ..SearchConfig::default() };
            let raced = SearchConfig { race_milli: 2000, ..plain };
            let mut a = SearchBot::<Toy>::new(SearchKind::Paired, plain, None, seed);
            let mut b = SearchBot::<Toy>::new(SearchKind::Paired, raced, None, seed);
            let (va, vb) = (a.analyse(&state.view(seat), &legal), b.analyse(&state.view(seat), &legal));
            let rounds = |v: &[(u64, f64)]| v.iter().map(|&(n, _)| n).max().unwrap_or(0);
            // More rounds on the same budget, or fewer playouts: the race ended with one action left.
            let stopped = b.last_decision().iterations < a.last_decision().iterations;
            assert!(rounds(&vb) > rounds(&va) || stopped, "seed {seed}: racing saved nothing: {va:?} {vb:?}");
            // A round samples one full state for all its playouts (the last round may be cut short by
            // the budget, and it does not count).
            for (bot, v) in [(&a, &va), (&b, &vb)] {
                let (stats, complete) = (bot.last_decision(), rounds(v));
                let counted: u64 = v.iter().map(|&(n, _)| n).sum();
                assert!((complete..=complete + 1).contains(&stats.determinizations), "seed {seed}: {stats:?}");
                assert!(stats.iterations >= counted && stats.iterations < counted + legal.len() as u64, "seed {seed}");
            }
            assert_eq!(a.choose(&state.view(seat), &legal), b.choose(&state.view(seat), &legal), "seed {seed}");
        }
    }

    /// Once the race has one action left, the search stops before its budget; until then it plays on.
    pub fn racing_stops_with_one_action_left() {
        let mut stopped = 0;
        for seed in 1..6 {
            let (state, seat, legal) = after_a_middle_lead(seed);
            let budget = Budget { iterations: Some(20_000), millis: None };
            let raced = SearchConfig { budget, race_milli: 500, ..SearchConfig::default() };
            let mut b = SearchBot::<Toy>::new(SearchKind::Paired, raced, None, seed);
            let v = b.analyse(&state.view(seat), &legal);
            let played = b.last_decision().iterations;
            if played + (legal.len() as u64) < 20_000 {
                // It stopped after a complete round (every playout counted), the survivor's.
                stopped += 1;
                assert_eq!(played, v.iter().map(|&(n, _)| n).sum::<u64>(), "seed {seed}: a round cut short");
            }
        }
        assert!(stopped > 0, "no race ended with one action left");
    }

    /// Every node's children stay sorted by (action, mover) with no repeated key, so that the merge with
    /// the legal list finds each of them.
    pub fn children_stay_sorted_and_unique() {
        for seed in 0..5 {
            let state = fresh(seed);
            let Some(seat) = state.to_move() else { panic!("over") };
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            let cfg =
                SearchConfig { budget: Budget { iterations: Some(500), millis: None }, ..SearchConfig::default() };
            let mut bot = SearchBot::<Toy>::new(SearchKind::Ismcts, cfg, None, seed);
            bot.analyse(&state.view(seat), &legal);
            let nodes = &bot.searcher.nodes;
            assert!(nodes.len() > 100);
            let mut children = 0;
            for n in nodes {
                let mut prev: Option<(crate::toy::Play, u8)> = None;
                let mut c = n.first_child;
                while c != NONE {
                    let key = (nodes[c as usize].action, nodes[c as usize].mover);
                    assert!(prev.is_none_or(|p| p < key), "{prev:?} then {key:?}");
                    prev = Some(key);
                    children += 1;
                    c = nodes[c as usize].next_sibling;
                }
            }
            assert_eq!(children, nodes.len() - 1, "every node but the root is someone's child");
        }
    }

    /// A multi-threaded bot starts its other threads at its first decision and keeps them; a clone starts
    /// its own, and both grow the same trees (the same seeds and shares per thread).
    pub fn search_threads_are_kept_between_decisions() {
        let state = fresh(5);
        let Some(seat) = state.to_move() else { panic!("over") };
        let view = state.view(seat);
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let cfg = SearchConfig {
            budget: Budget { iterations: Some(301), millis: None },
            threads: 3,
            ..SearchConfig::default()
        };
        let mut bot = SearchBot::<Toy>::new(SearchKind::Ismcts, cfg, None, 8);
        let mut twin = bot.clone();
        assert_eq!(bot.pool.0.len(), 0);
        let first = bot.analyse(&view, &legal);
        assert_eq!(bot.pool.0.len(), 2);
        let ids: Vec<_> = bot.pool.0.iter().filter_map(|w| w.handle.as_ref().map(|h| h.thread().id())).collect();
        let second = bot.analyse(&view, &legal);
        let again: Vec<_> = bot.pool.0.iter().filter_map(|w| w.handle.as_ref().map(|h| h.thread().id())).collect();
        assert_eq!(ids.len(), 2);
        assert_eq!(ids, again, "the same threads searched both decisions");
        assert_eq!(first.iter().map(|&(v, _)| v).sum::<u64>(), 301);
        assert_eq!(bot.last_decision().iterations, 301);
        assert_ne!(first, second, "each decision draws a new seed");
        assert_eq!(twin.analyse(&view, &legal), first);
        assert_eq!(twin.analyse(&view, &legal), second);
        assert_eq!(twin.pool.0.len(), 2);
    }

    /// The bot takes the evaluator only with a depth, and a search with one backs up its values.
    pub fn evaluator_needs_a_depth() {
        let cfg = SearchConfig { depth: 2, ..SearchConfig::default() };
        let bot = SearchBot::<Toy>::new(SearchKind::Ismcts, cfg, None, 1).with_evaluator(halves);
        assert!(bot.eval.is_some());
        let bot = SearchBot::<Toy>::new(SearchKind::Ismcts, SearchConfig::default(), None, 1).with_evaluator(halves);
        assert!(bot.eval.is_none());
        // Every playout of a seat-0 search is cut after 2 moves and valued 0.25 for seat 0.
        let state = fresh(4);
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let mut bot = SearchBot::<Toy>::new(SearchKind::FlatMc, cfg, None, 1).with_evaluator(halves);
        for (visits, mean) in bot.analyse(&state.view(sylvan_engine::Seat(0)), &legal) {
            assert!(visits > 0);
            assert!((mean - 0.25).abs() < 1e-12, "{mean}");
        }
    }
}
