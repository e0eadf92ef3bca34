//! Mystic Vale's view without sentinels: at every step of random games, each commons and vale face of
//! every seat's view is the state's face (`None` exactly where the state has none), the view's JSON has
//! `null` and never 255 for an empty face or sleeve slot, and the observation's commons and vale-row
//! sections are the one-hots of the state's faces (the tensor the sentinel views gave: the same values
//! were also checked against hashes pinned before the change, at commit 558a125).

use serde_json::Value;
use sylvan_engine::{Game, GameRng, NoEvents, Seat};
use sylvan_mystic_vale::state::{EMPTY, NUM_CARDS};
use sylvan_mystic_vale::{MysticVale, Options};
use sylvan_registry::{Observation, Observe};

use super::{TestResult, options};

/// The values of the section whose name starts with `name`.
fn section<'a>(obs: &'a Observation, name: &str) -> Result<&'a [f32], String> {
    let s = obs.sections().iter().find(|s| s.name.starts_with(name)).ok_or(format!("no section `{name}`"))?;
    Ok(&obs.values()[s.offset..s.offset + s.len])
}

/// One-hots (`n` each) of sentinel faces: all zero for an empty face.
fn one_hots(faces: impl Iterator<Item = u8>, n: usize) -> Vec<f32> {
    faces.flat_map(|f| (0..n).map(move |i| if f != EMPTY && usize::from(f) == i { 1.0 } else { 0.0 })).collect()
}

fn face(x: u8) -> Option<u8> {
    (x != EMPTY).then_some(x)
}

/// Whether `v` holds 255 anywhere.
fn has_255(v: &Value) -> bool {
    match v {
        Value::Number(n) => n.as_u64() == Some(255),
        Value::Array(a) => a.iter().any(has_255),
        Value::Object(o) => o.values().any(has_255),
        _ => false,
    }
}

/// Checks every seat's view of `g`; returns how many empty commons and vale faces it saw.
fn check(g: &MysticVale, at: &str) -> Result<usize, String> {
    let (a, v) = (g.db.advancements.len(), g.db.vales.len());
    let mut empties = 0;
    for s in 0..g.players.len() {
        let view = g.view(Seat(s as u8));
        let want_commons = g.commons.map(|row| row.map(face));
        let want_vales = g.vale_row.map(|row| row.map(face));
        if view.commons != want_commons || view.vale_row != want_vales {
            return Err(format!("{at}, seat {s}: view faces {:?} {:?}", view.commons, view.vale_row));
        }
        empties += want_commons.iter().flatten().chain(want_vales.iter().flatten()).filter(|f| f.is_none()).count();
        let json = serde_json::to_value(&view).map_err(|e| e.to_string())?;
        for key in ["commons", "vale_row", "players"] {
            if has_255(&json[key]) {
                return Err(format!("{at}, seat {s}: 255 in the view's `{key}`"));
            }
        }
        for (i, p) in g.players.iter().enumerate() {
            for c in 0..NUM_CARDS {
                let card = &json["players"][i]["cards"][c];
                let slots = card.get("slots").unwrap_or(card);
                for k in 0..3 {
                    let want = face(p.cards[c].slots[k]).map_or(Value::Null, Value::from);
                    if slots[k] != want {
                        return Err(format!("{at}, seat {s}: p{i} c{c} slot {k} is {} in JSON", slots[k]));
                    }
                }
            }
        }
        let mut obs = Observation::with_sections();
        <MysticVale as Observe>::observe(&view, &mut obs);
        if section(&obs, "commons")? != one_hots(g.commons.iter().flatten().copied(), a)
            || section(&obs, "vale rows")? != one_hots(g.vale_row.iter().flatten().copied(), v)
        {
            return Err(format!("{at}, seat {s}: the commons or vale-row section is not the state's faces"));
        }
    }
    Ok(empties)
}

#[test]
fn mystic_vale_views_have_no_sentinels() -> TestResult {
    let registry = sylvan_registry::Registry::standard();
    let cases: [(usize, &[&str]); 3] =
        [(2, &[]), (4, &["edition=essential"]), (3, &["buy_vp=true", "stacked_duplicates=true"])];
    let mut rng = GameRng::new(99);
    let mut legal = Vec::new();
    let mut empty_faces = 0;
    for (players, overrides) in cases {
        let json = options(&registry, "mystic-vale", Some(players), overrides)?;
        let opts: Options = serde_json::from_value(json).map_err(|e| e.to_string())?;
        for seed in 0..3 {
            let mut g = MysticVale::new(&opts, seed).map_err(|e| e.to_string())?;
            while g.to_move().is_some() {
                let at = format!("{players} players {overrides:?} seed {seed} move {}", g.moves);
                let empties = check(&g, &at)?;
                empty_faces += empties;
                g.legal_actions(&mut legal);
                g.apply_unchecked(legal[rng.index(legal.len())], &mut NoEvents);
            }
            check(&g, "the end")?;
        }
    }
    if empty_faces == 0 {
        return Err("no empty commons or vale face was seen: the `None` case went unchecked".into());
    }
    Ok(())
}
