//! The balance lab's arithmetic (`runs::balance`): paired bootstrap intervals that cover known values in
//! simulation, Wilson intervals for proportions, exact zeros for identical arms, Poisson weights.

use serde_json::{Value, json};
use sylvan_engine::GameRng;
use sylvan_registry::runs::balance::internals::{poisson1, two_sided_p};
use sylvan_registry::runs::balance::{Lab, Pair, Side, key};

fn uniform(rng: &mut GameRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A side with no seats (no game facts) and the given observations.
fn side(cells: Vec<(String, f64, u64)>) -> Side {
    Side { returns: Vec::new(), scores: Vec::new(), moves: 0, cells }
}

fn metric<'a>(report: &'a Value, row: &str, column: &str) -> Option<&'a Value> {
    report["cards"].as_array()?.iter().find(|m| m["row"] == row && m["column"] == column)
}

fn covers(ci: &Value, x: f64) -> bool {
    match (ci[0].as_f64(), ci[1].as_f64()) {
        (Some(lo), Some(hi)) => lo <= x && x <= hi,
        _ => false,
    }
}

/// One simulated run of `games` pairs: a proportion (0.40 under A, 0.50 under B, drawn from common
/// random numbers as paired games are) and a mean observed 0 to 2 times per game (1.0 under A, 1.3
/// under B, with a per-game effect shared by both arms).
fn simulate(seed: u64, games: u64) -> Value {
    let mut lab = Lab::new(seed, Vec::new());
    let mut rng = GameRng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 17);
    for g in 0..games {
        let u = uniform(&mut rng);
        let rate = |p: f64| (key("sim", "card", "taken rate"), f64::from(u8::from(u < p)), 1);
        let shared = uniform(&mut rng) - 0.5;
        let k = rng.index(3) as u64;
        let (mut sa, mut sb) = (0.0, 0.0);
        for _ in 0..k {
            sa += 1.0 + shared + (uniform(&mut rng) - 0.5);
            sb += 1.3 + shared + (uniform(&mut rng) - 0.5);
        }
        let mut a = vec![rate(0.40)];
        let mut b = vec![rate(0.50)];
        if k > 0 {
            a.push((key("sim", "card", "score"), sa, k));
            b.push((key("sim", "card", "score"), sb, k));
        }
        lab.add(&Pair { game: g, seats: Vec::new(), a: side(a), b: side(b) });
    }
    lab.report(json!({}))
}

#[test]
fn intervals_cover_known_values_in_simulation() {
    let trials = 300;
    let (mut diff_rate, mut diff_mean, mut wilson_a, mut boot_b) = (0, 0, 0, 0);
    for t in 0..trials {
        let r = simulate(1000 + t, 80);
        let (Some(rate), Some(score)) = (metric(&r, "card", "taken rate"), metric(&r, "card", "score")) else {
            panic!("trial {t}: metrics missing from {r}");
        };
        diff_rate += usize::from(covers(&rate["diff_ci"], 0.10));
        diff_mean += usize::from(covers(&score["diff_ci"], 0.30));
        wilson_a += usize::from(covers(&rate["a"]["ci"], 0.40));
        boot_b += usize::from(covers(&score["b"]["ci"], 1.30));
    }
    for (what, hits) in [
        ("rate difference", diff_rate),
        ("mean difference", diff_mean),
        ("Wilson, A", wilson_a),
        ("bootstrap mean, B", boot_b),
    ] {
        let coverage = hits as f64 / trials as f64;
        eprintln!("{what}: 95% interval coverage {coverage:.3} over {trials} simulated runs");
        // 95% nominal; 300 trials give a standard error of about 1.3 points.
        assert!((0.89..=0.99).contains(&coverage), "{what}: coverage {coverage}");
    }
}

#[test]
fn a_clear_difference_is_flagged_and_named_in_the_summary() {
    let r = simulate(7, 400);
    let rate = metric(&r, "card", "taken rate").cloned().unwrap_or_default();
    assert_eq!(rate["flagged"], true, "{rate}");
    assert!(rate["diff"].as_f64().unwrap_or(0.0) > 0.0);
    assert!(r["summary"][1].as_str().unwrap_or("").contains("card: "), "the summary names it: {}", r["summary"]);
}

#[test]
fn identical_arms_give_exact_zeros() {
    let mut lab = Lab::new(3, vec!["bot".into()]);
    let mut rng = GameRng::new(5);
    for g in 0..50 {
        let s = Side {
            returns: vec![1.0, 0.0],
            scores: vec![uniform(&mut rng) * 50.0, uniform(&mut rng) * 50.0],
            moves: 100 + rng.index(50) as u64,
            cells: vec![(key("t", "card", "score, buyers"), uniform(&mut rng), 1 + rng.index(2) as u64)],
        };
        lab.add(&Pair { game: g, seats: vec![Some(0), Some(0)], a: s.clone(), b: s });
    }
    let r = lab.report(json!({}));
    assert_eq!(r["identical_games"], 50);
    assert_eq!(r["flagged"], 0);
    let all: Vec<&Value> =
        ["facts", "bots", "cards"].iter().flat_map(|k| r[k].as_array().into_iter().flatten()).collect();
    assert!(all.len() > 10, "{r}");
    for m in all {
        assert_eq!(m["diff"], 0.0, "{m}");
        assert_eq!(m["diff_ci"], json!([0.0, 0.0]), "{m}");
        assert_eq!(m["a"], m["b"], "{m}");
    }
}

#[test]
fn poisson_weights_have_mean_and_variance_one() {
    let n = 100_000;
    let draws: Vec<f64> = (0..n).map(|i| poisson1((i as f64 + 0.5) / n as f64)).collect();
    let mean = draws.iter().sum::<f64>() / n as f64;
    let var = draws.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64;
    assert!((mean - 1.0).abs() < 0.01 && (var - 1.0).abs() < 0.02, "mean {mean}, variance {var}");
    assert!((two_sided_p(1.959_964) - 0.05).abs() < 1e-4);
    assert!((two_sided_p(0.0) - 1.0).abs() < 1e-6);
}

/// Designer statistics' names come from the catalog (`balance.ftl`, `stat-…`) in each language: every
/// table and column each game records (two random games each) has a message, so none shows in English
/// in French or plain in the pseudo-locale; a name with a number takes it as `$n`; a card's name (no
/// message) is shown as recorded.
#[test]
fn designer_statistics_are_named_by_the_catalog() -> Result<(), Box<dyn std::error::Error>> {
    use sylvan_bots::BotSpec;
    use sylvan_engine::Locale;
    use sylvan_registry::runs::balance::stat_name;
    use sylvan_registry::runs::tournament::Schedule;
    assert_eq!(stat_name(Locale::Fr, "draw pile exhausted"), "pioche épuisée");
    assert_eq!(stat_name(Locale::En, "draw pile exhausted"), "draw pile exhausted");
    assert_eq!(stat_name(Locale::Fr, "after round 3"), "après la manche 3");
    assert_eq!(stat_name(Locale::Fr, "4 players"), "4 joueurs");
    assert_eq!(stat_name(Locale::En, "secret, round 2"), "secret, round 2");
    assert_eq!(stat_name(Locale::Fr, "L1 Stag"), "L1 Stag", "a card's name is data");
    assert_eq!(stat_name(Locale::Pseudo, "draw pile exhausted"), sylvan_words::pseudo("draw pile exhausted"));
    let registry = sylvan_registry::Registry::standard();
    let mut checked = 0;
    for game in ["equinox", "mystic-vale", "command-of-nature", "spirit-duel"] {
        let entry = registry.get(game)?;
        assert!(entry.has_designer_stats(), "{game}");
        let schedule = Schedule::new(entry, BotSpec::parse_list("random")?, 2)?;
        let options = entry.game().options(Some(2), &[])?;
        let chunk = schedule.run_chunk(entry, &options, 11, (0, 2), || ())?;
        let tally = serde_json::to_value(&chunk.designer)?;
        let Some(tables) = tally["tables"].as_object() else { panic!("{game}: no tables: {tally}") };
        for (name, t) in tables {
            let columns = t["columns"].as_array().into_iter().flatten().filter_map(Value::as_str);
            for n in std::iter::once(name.as_str()).chain(columns) {
                let fr = stat_name(Locale::Fr, n);
                assert!(fr != n || n == "actions", "{game}: `{n}` has no French name");
                assert!(!stat_name(Locale::Pseudo, n).contains(n), "{game}: `{n}` plain in en-XA");
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "{checked} names checked");
    Ok(())
}

/// A designer table's card rows in the reader's language (each game's `analytics::row_name`, through
/// [`sylvan_registry::Entry::row_names`]): in French, the names the French sources give (Mystic Vale's
/// book titles with the level prefix kept, Equinox's catalog, the spirit duel's and Command of Nature's
/// overlays), a known gap (`L2 Hawk`) and a label naming no card as recorded, the statistics' own names
/// still the catalog's; in English every row as recorded; in `en-XA` a card's name made pseudo.
#[test]
fn designer_rows_name_cards_in_the_readers_language() -> Result<(), Box<dyn std::error::Error>> {
    use sylvan_bots::BotSpec;
    use sylvan_engine::Locale;
    use sylvan_registry::runs::balance::row_name;
    use sylvan_registry::runs::tournament::Schedule;
    let registry = sylvan_registry::Registry::standard();
    let names = |game: &str| registry.get(game).map(|e| e.row_names());
    let mv = names("mystic-vale")?;
    assert!(mv.is_some(), "Mystic Vale names its rows");
    assert_eq!(row_name(Locale::Fr, mv, "L1 Podlings"), "L1 Peuple des Racines");
    assert_eq!(row_name(Locale::En, mv, "L1 Podlings"), "L1 Podlings");
    assert_eq!(row_name(Locale::Fr, mv, "L2 Hawk"), "L2 Hawk", "a known gap keeps its English title");
    assert_eq!(row_name(Locale::Fr, mv, "L1 No Such Card"), "L1 No Such Card", "no card: as recorded");
    assert_eq!(
        row_name(Locale::Fr, mv, "VP pool emptied"),
        sylvan_registry::runs::balance::stat_name(Locale::Fr, "VP pool emptied")
    );
    assert_eq!(row_name(Locale::Pseudo, mv, "L1 Podlings"), format!("L1 {}", sylvan_words::pseudo("Podlings")));
    assert_eq!(row_name(Locale::Fr, None, "L1 Podlings"), "L1 Podlings", "a game without names: as recorded");
    assert_eq!(row_name(Locale::Fr, names("equinox")?, "Chameleon 3"), "Caméléon 3");
    assert_eq!(row_name(Locale::Fr, names("command-of-nature")?, "Close Strike"), "Frappe Rapprochée");
    assert_eq!(row_name(Locale::Fr, names("spirit-duel")?, "Wind Claw"), "Griffe du vent");
    // The balance lab's metric names (its summary sentences and its report's card table) too.
    use sylvan_registry::runs::balance::{metric_name, metric_text};
    let what = metric_text(Locale::Fr, mv, "advancements: card impact", "L1 Podlings", "win rate, buyers");
    assert!(what.starts_with("L1 Peuple des Racines"), "{what}");
    assert_eq!(metric_name(Locale::Fr, mv, "L1 Podlings"), "L1 Peuple des Racines");
    assert_eq!(metric_name(Locale::En, mv, "L1 Podlings"), "L1 Podlings");
    // Over the rows two random games record, per game: English as recorded, French translated where
    // the sources name the card (and the level prefix kept), pseudo in `en-XA`.
    for (game, least) in [("equinox", 10), ("mystic-vale", 10), ("command-of-nature", 10), ("spirit-duel", 5)] {
        let entry = registry.get(game)?;
        let rows = entry.row_names();
        let schedule = Schedule::new(entry, BotSpec::parse_list("random")?, 2)?;
        let options = entry.game().options(Some(2), &[])?;
        let chunk = schedule.run_chunk(entry, &options, 11, (0, 2), || ())?;
        let tally = serde_json::to_value(&chunk.designer)?;
        let Some(tables) = tally["tables"].as_object() else { panic!("{game}: no tables: {tally}") };
        let mut french = 0;
        for t in tables.values() {
            for row in t["rows"].as_array().into_iter().flatten() {
                let Some(label) = row[0].as_str() else { continue };
                assert_eq!(row_name(Locale::En, rows, label), label, "{game}: English as recorded");
                let Some(card) = rows.and_then(|f| f(label, Locale::Fr)) else { continue };
                let fr = row_name(Locale::Fr, rows, label);
                assert_eq!(fr, card, "{game}: `{label}`");
                if let Some((level, _)) =
                    label.split_once(' ').filter(|(l, _)| l.starts_with('L') && game == "mystic-vale")
                {
                    assert!(fr.starts_with(&format!("{level} ")), "{game}: `{fr}` keeps `{level}`");
                }
                french += usize::from(fr != label);
                assert_ne!(row_name(Locale::Pseudo, rows, label), label, "{game}: `{label}` plain in en-XA");
            }
        }
        assert!(french >= least, "{game}: only {french} rows in French");
    }
    Ok(())
}

/// The designer tables' captions are catalog messages (`balance.ftl`, `stat-caption-…`): every table
/// each game records (two random games each; Mystic Vale's Essential Edition too, for its leaders and
/// amulets) names its caption by the id [`caption_id`] gives (the end triggers' shared one apart), and
/// the caption reads differently in English, French and the pseudo-locale. A caption recorded as
/// English text (a tally from before) shows in English only.
#[test]
fn designer_captions_are_catalog_messages() -> Result<(), Box<dyn std::error::Error>> {
    use sylvan_bots::BotSpec;
    use sylvan_engine::Locale;
    use sylvan_registry::runs::balance::{caption_id, stat_caption};
    use sylvan_registry::runs::tournament::Schedule;
    let registry = sylvan_registry::Registry::standard();
    let mut seen = std::collections::BTreeSet::new();
    for (game, overrides) in [
        ("equinox", &[][..]),
        ("mystic-vale", &[][..]),
        ("mystic-vale", &["edition=essential".to_owned()][..]),
        ("command-of-nature", &[][..]),
        ("spirit-duel", &[][..]),
    ] {
        let entry = registry.get(game)?;
        let schedule = Schedule::new(entry, BotSpec::parse_list("random")?, 2)?;
        let options = entry.game().options(Some(2), overrides)?;
        let chunk = schedule.run_chunk(entry, &options, 5, (0, 2), || ())?;
        for (name, table) in &chunk.designer.tables {
            let id = &table.caption;
            if name == sylvan_engine::analytics::END_TRIGGERS {
                assert_eq!(id, "stat-caption-end-triggers", "{game}");
            } else {
                assert_eq!(*id, caption_id(game, name), "{game}: `{name}`");
            }
            let words = |locale| stat_caption(locale, game, name, id).unwrap_or_default();
            let (en, fr, xa) = (words(Locale::En), words(Locale::Fr), words(Locale::Pseudo));
            assert!(en.len() > 40 && !en.starts_with("stat-caption"), "{game}: `{name}`: {en}");
            assert!(fr != en && !fr.contains("[en]"), "{game}: `{name}` has no French caption");
            assert_eq!(xa, sylvan_words::pseudo(&en), "{game}: `{name}` in en-XA");
            // The balance lab has no recorded id: it finds the same caption by the names.
            assert_eq!(stat_caption(Locale::Fr, game, name, "").as_deref(), Some(fr.as_str()), "{game}: `{name}`");
            seen.insert(id.clone());
        }
    }
    // 16 tables of the four games, and the shared end triggers.
    assert_eq!(seen.len(), 17, "{seen:?}");
    let old = "Which creature survived.";
    assert_eq!(stat_caption(Locale::En, "equinox", "no such table", old).as_deref(), Some(old));
    assert_eq!(stat_caption(Locale::Fr, "equinox", "no such table", old), None);
    Ok(())
}
