//! Conclaves (EN:743-767): each lists advancement and vale titles; six of them make the commons and vale
//! decks (`conclaves=NAME,...|random`). The lists are data (`data/conclaves.toml`), checked against the
//! card database; ruling MV67.

use std::sync::{Arc, OnceLock};

use serde::Deserialize;
use sylvan_engine::carddata::{Provenance, ProvenanceKind, Source, short};
use sylvan_engine::{GameRng, Message, SetupError, message};

use crate::cards::{CardDb, CardError, DbRef};
use crate::setup::SetupProblem;
use crate::words::data_problem;

/// The embedded conclave file.
pub const CONCLAVES_TOML: &str = include_str!("../data/conclaves.toml");

/// How many conclaves a game uses (EN:751).
pub const PICK: usize = 6;

/// How many of the conclaves the rulebook recommends a `random` pick holds at least (EN:757).
pub const MIN_NAMED: usize = 2;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    conclave: Vec<toml::Spanned<RawConclave>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConclave {
    key: String,
    name: String,
    advancements: Vec<String>,
    vales: Vec<String>,
    source: RawSource,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSource {
    name: String,
    advancements: String,
    vales: String,
}

/// One conclave: its cards as ids into the card database it was checked against.
#[derive(Clone, Debug, PartialEq)]
pub struct Conclave {
    /// The key used in the option (`early-harvest`).
    pub key: String,
    /// The printed name.
    pub name: String,
    /// Advancement ids (every copy of each title is in).
    pub advancements: Vec<u8>,
    /// Vale ids.
    pub vales: Vec<u8>,
    /// Whether the rulebook names it among those that help end the game (EN:759-767).
    pub named: bool,
    /// Provenance of `name`, `advancements`, `vales`.
    pub source: [String; 3],
}

/// The conclaves of a file, checked against a card database.
#[derive(Clone, Debug, PartialEq)]
pub struct Conclaves {
    /// In file order (the rulebook's 9 first); an index is a conclave id.
    pub list: Vec<Conclave>,
    /// A hash of the file's text, folded into the records' card-data hash when conclaves are played.
    pub hash: u64,
}

/// What the option asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// Six drawn from the seed, at least [`MIN_NAMED`] of the rulebook's nine.
    Random,
    /// These six, by id.
    Named([u8; PICK]),
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

impl Conclaves {
    /// Parses and checks a conclave file against `db`: known keys, each title in one conclave only, a
    /// provenance for each field, at least [`PICK`] conclaves and [`MIN_NAMED`] the rulebook names.
    pub fn parse(file: &str, text: &str, db: &CardDb) -> Result<Conclaves, CardError> {
        let src = Source::new(file, text);
        let raw: RawFile = src.parse()?;
        let mut list: Vec<Conclave> = Vec::with_capacity(raw.conclave.len());
        let mut owner_adv = vec![None::<usize>; db.advancements.len()];
        let mut owner_vale = vec![None::<usize>; db.vales.len()];
        for (i, sp) in raw.conclave.iter().enumerate() {
            let span = sp.span();
            let c = sp.get_ref();
            let err = |key: &str, m: Message| {
                src.error_in(&span, key, format!("conclave[{i}].{key}"), "").with_problem(data_problem(m))
            };
            if c.key.is_empty() || !c.key.chars().all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
            {
                return Err(err("key", message!("mv-conclave-key", key = short(&c.key))));
            }
            if list.iter().any(|o| o.key == c.key || o.name == c.name) {
                return Err(err("key", message!("mv-conclave-twice", key = short(&c.key), name = short(&c.name))));
            }
            let mut kinds = [ProvenanceKind::Provisional; 3];
            for (k, (field, text)) in
                [("name", &c.source.name), ("advancements", &c.source.advancements), ("vales", &c.source.vales)]
                    .into_iter()
                    .enumerate()
            {
                kinds[k] = Provenance::read(text)
                    .map_err(|p| err("source", message!("mv-conclave-source", field = field, problem = p.words)))?
                    .kind;
            }
            let mut advancements = Vec::with_capacity(c.advancements.len());
            for k in &c.advancements {
                let Some(id) = db.advancements.iter().position(|a| &a.key == k) else {
                    return Err(err("advancements", message!("mv-conclave-no-advancement", key = short(k))));
                };
                let starting =
                    id as u8 == db.cursed_land || id as u8 == db.starting_soil || db.soil.contains(&(id as u8));
                if starting {
                    return Err(err("advancements", message!("mv-conclave-starting", key = short(k))));
                }
                if let Some(o) = owner_adv[id] {
                    let other = list.get(o).map_or(&c.key, |x| &x.key);
                    return Err(err(
                        "advancements",
                        message!("mv-conclave-taken", key = short(k), other = short(other)),
                    ));
                }
                owner_adv[id] = Some(i);
                advancements.push(id as u8);
            }
            let mut vales = Vec::with_capacity(c.vales.len());
            for k in &c.vales {
                let Some(id) = db.vales.iter().position(|v| &v.key == k) else {
                    return Err(err("vales", message!("mv-conclave-no-vale", key = short(k))));
                };
                if let Some(o) = owner_vale[id] {
                    let other = list.get(o).map_or(&c.key, |x| &x.key);
                    return Err(err("vales", message!("mv-conclave-taken", key = short(k), other = short(other))));
                }
                owner_vale[id] = Some(i);
                vales.push(id as u8);
            }
            if advancements.is_empty() && vales.is_empty() {
                return Err(err("advancements", Message::new("mv-conclave-empty")));
            }
            list.push(Conclave {
                key: c.key.clone(),
                name: c.name.clone(),
                advancements,
                vales,
                named: kinds[0] == ProvenanceKind::Rulebook,
                source: [c.source.name.clone(), c.source.advancements.clone(), c.source.vales.clone()],
            });
        }
        if list.len() < PICK || list.len() > 64 {
            let m = message!("mv-conclave-count", n = list.len());
            return Err(CardError::new(file, 0, "conclave", "").with_problem(data_problem(m)));
        }
        if list.iter().filter(|c| c.named).count() < MIN_NAMED {
            let m = Message::new("mv-conclave-named");
            return Err(CardError::new(file, 0, "conclave", "").with_problem(data_problem(m)));
        }
        Ok(Conclaves { list, hash: fnv1a(text.as_bytes()) })
    }

    /// The embedded conclaves, checked against every embedded set.
    pub fn embedded() -> Result<&'static Conclaves, CardError> {
        static ALL: OnceLock<Result<Conclaves, CardError>> = OnceLock::new();
        ALL.get_or_init(|| {
            let db = CardDb::every_set()?;
            Conclaves::parse("<embedded data/conclaves.toml>", CONCLAVES_TOML, &db)
        })
        .as_ref()
        .map_err(Clone::clone)
    }

    /// The embedded conclaves checked against the game's card database `db` (ids are that database's);
    /// worked out once per database and kept in it, failure included (a database without the
    /// conclaves' sets fails once, not on every call: the observation tensor asks on every call), and
    /// freed with the database.
    pub fn for_db(db: DbRef) -> Result<Arc<Conclaves>, CardError> {
        db.arc()
            .conclaves
            .0
            .get_or_init(|| Conclaves::parse("<embedded data/conclaves.toml>", CONCLAVES_TOML, &db).map(Arc::new))
            .clone()
    }

    /// Reads the option `conclaves`: `random`, or exactly six distinct keys, comma-separated.
    pub fn choice(&self, spec: &str) -> Result<Choice, SetupError> {
        let spec = spec.trim();
        if spec == "random" {
            return Ok(Choice::Random);
        }
        let keys = || self.list.iter().map(|c| c.key.as_str()).collect::<Vec<_>>().join(", ");
        let mut out = [0u8; PICK];
        let mut n = 0;
        for k in spec.split(',').map(str::trim) {
            let Some(id) = self.list.iter().position(|c| c.key == k) else {
                return Err(SetupProblem::ConclaveUnknown { key: k.to_owned(), keys: keys() }.into());
            };
            if out[..n.min(PICK)].contains(&(id as u8)) {
                return Err(SetupProblem::ConclaveTwice { key: k.to_owned() }.into());
            }
            if n < PICK {
                out[n] = id as u8;
            }
            n += 1;
        }
        if n != PICK {
            return Err(SetupProblem::ConclaveCount { n }.into());
        }
        Ok(Choice::Named(out))
    }

    /// The six conclaves of a choice: `random` draws [`MIN_NAMED`] of the rulebook's named ones, then the
    /// rest from all the others; sorted by id.
    pub fn resolve(&self, choice: Choice, rng: &mut GameRng) -> [u8; PICK] {
        let mut out = match choice {
            Choice::Named(ids) => ids,
            Choice::Random => {
                let mut named: Vec<u8> = (0..self.list.len() as u8).filter(|&i| self.list[i as usize].named).collect();
                rng.shuffle(&mut named);
                let mut rest: Vec<u8> =
                    (0..self.list.len() as u8).filter(|i| !named[..MIN_NAMED].contains(i)).collect();
                rng.shuffle(&mut rest);
                let mut out = [0u8; PICK];
                out[..MIN_NAMED].copy_from_slice(&named[..MIN_NAMED]);
                out[MIN_NAMED..].copy_from_slice(&rest[..PICK - MIN_NAMED]);
                out
            }
        };
        out.sort_unstable();
        out
    }
}

/// Which advancement and vale ids the chosen conclaves hold (`None` without conclaves: every card).
pub fn members(db: DbRef, chosen: Option<[u8; PICK]>) -> Option<(Vec<bool>, Vec<bool>)> {
    let ids = chosen?;
    let c = Conclaves::for_db(db.clone()).ok()?;
    let mut advs = vec![false; db.advancements.len()];
    let mut vales = vec![false; db.vales.len()];
    for x in ids.iter().filter_map(|&i| c.list.get(i as usize)) {
        for &a in &x.advancements {
            advs[a as usize] = true;
        }
        for &v in &x.vales {
            vales[v as usize] = true;
        }
    }
    Some((advs, vales))
}
