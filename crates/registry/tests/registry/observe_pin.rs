//! Observation tensors pinned on seeded positions: a change of a view's types (sentinels to `Option`:
//! Mystic Vale's commons, vale rows and sleeves, Equinox's rounds of elimination) must not change a
//! single value. Sections added later (Mystic Vale's variants) are left out of the hash, so a new section
//! does not hide a change in the others.

use sylvan_engine::GameRng;
use sylvan_engine::Seat;
use sylvan_registry::{Observation, Registry};

use super::{TestResult, options};

/// FNV-1a over every value (its bits) of the sections that existed when the hash was pinned, for every
/// seat at several points of a few random games.
fn hash(game: &str, players: usize, overrides: &[&str]) -> Result<u64, String> {
    let registry = Registry::standard();
    let entry = registry.get(game).map_err(|e| e.to_string())?;
    let options = options(&registry, game, Some(players), overrides)?;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |x: u32| {
        for b in x.to_le_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    };
    let mut rng = GameRng::new(99);
    let mut obs = Observation::with_sections();
    for seed in 0..4 {
        let mut g = entry.game().new_game(&options, seed).map_err(|e| e.to_string())?;
        g.keep_events(false);
        for step in 0.. {
            if step % 37 == 0 {
                for s in 0..g.num_seats() {
                    let view = g.view(Seat(s as u8)).map_err(|e| e.to_string())?;
                    entry.observe(&*view, &mut obs).ok_or("no observation")?.map_err(|e| e.to_string())?;
                    for sec in obs.sections().iter().filter(|s| !s.name.starts_with("variants")) {
                        for &v in &obs.values()[sec.offset..sec.offset + sec.len] {
                            eat(v.to_bits());
                        }
                    }
                }
            }
            if g.to_move().is_none() {
                break;
            }
            g.apply_nth(rng.index(g.num_legal())).map_err(|e| e.to_string())?;
        }
    }
    Ok(h)
}

/// Pinned on the views with sentinels (before `Option`), at commit 6c8a632.
#[test]
fn observations_are_unchanged() -> TestResult {
    let cases: [(&str, usize, &[&str], u64); 5] = [
        ("mystic-vale", 2, &[], 0x7687_ffa7_b8e4_8147),
        ("mystic-vale", 4, &["edition=essential"], 0x49be_42d2_8ecd_fe08),
        ("mystic-vale", 3, &["buy_vp=true", "stacked_duplicates=true"], 0x518b_0954_8849_919e),
        ("equinox", 4, &[], 0x2ab2_e729_7f38_bbd9),
        ("equinox", 5, &["ancestors=2"], 0xe0de_9cda_c4f7_27bb),
    ];
    let mut got = Vec::new();
    for (game, players, overrides, _) in cases {
        got.push(hash(game, players, overrides)?);
    }
    let want: Vec<u64> = cases.iter().map(|c| c.3).collect();
    if got != want {
        return Err(format!("observation hashes {got:#x?}, pinned {want:#x?}"));
    }
    Ok(())
}
