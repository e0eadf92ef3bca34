//! Conclaves (EN:743-767, ruling MV67): six of them make the commons and vale decks.

use sylvan_engine::{Game, GameRng, NoEvents, Record, Seat, SetupErrorKind, replay};
use sylvan_mystic_vale::cards::{Reward, Timing};
use sylvan_mystic_vale::conclaves::{Conclaves, PICK};
use sylvan_mystic_vale::{MysticVale, Options};

fn with(conclaves: &str, players: usize) -> Options {
    Options { players, conclaves: conclaves.into(), ..Options::default() }
}

fn deal(o: &Options, seed: u64) -> MysticVale {
    MysticVale::new(o, seed).unwrap_or_else(|e| panic!("{e}"))
}

/// Every advancement id in the commons and decks, and every vale id in the rows and decks.
fn cards_in_play(g: &MysticVale) -> (Vec<u8>, Vec<u8>) {
    let mut advs: Vec<u8> = g.commons.iter().flatten().chain(g.adv_decks.iter().flatten()).copied().collect();
    advs.retain(|&a| a != sylvan_mystic_vale::state::EMPTY);
    let mut vales: Vec<u8> = g.vale_row.iter().flatten().chain(g.vale_decks.iter().flatten()).copied().collect();
    vales.retain(|&v| v != sylvan_mystic_vale::state::EMPTY);
    advs.sort_unstable();
    vales.sort_unstable();
    (advs, vales)
}

const SIX: &str = "early-harvest,homeland,mythic-beasts,nightvale-watch,tides-and-storms,hidden-paths";

#[test]
fn named_conclaves_build_exactly_their_cards() {
    for players in 2..=4 {
        let o = with(SIX, players);
        let g = deal(&o, 11);
        let c = Conclaves::for_db(g.db.clone()).unwrap_or_else(|e| panic!("{e}"));
        let ids = g.conclaves.unwrap_or_else(|| panic!("the game records its conclaves"));
        let keys: Vec<&str> = ids.iter().map(|&i| c.list[i as usize].key.as_str()).collect();
        let mut want: Vec<&str> = SIX.split(',').collect();
        want.sort_unstable_by_key(|k| c.list.iter().position(|x| x.key == *k));
        assert_eq!(keys, want);
        // Every copy of each listed title: all of levels 2 and 3 and the vales; level 1 counted out by players.
        let (mut l1, mut rest, mut vales) = (Vec::new(), Vec::new(), Vec::new());
        for &i in &ids {
            for &a in &c.list[i as usize].advancements {
                let x = g.db.adv(a);
                for _ in 0..x.copies {
                    if x.level == 1 { l1.push(a) } else { rest.push(a) }
                }
            }
            for &v in &c.list[i as usize].vales {
                vales.extend(std::iter::repeat_n(v, usize::from(g.db.vale(v).copies)));
            }
        }
        rest.sort_unstable();
        vales.sort_unstable();
        let (advs, got_vales) = cards_in_play(&g);
        let got_rest: Vec<u8> = advs.iter().copied().filter(|&a| g.db.adv(a).level > 1).collect();
        let got_l1: Vec<u8> = advs.iter().copied().filter(|&a| g.db.adv(a).level == 1).collect();
        assert_eq!(got_rest, rest, "levels 2 and 3: every card of the six conclaves, nothing else");
        assert_eq!(got_vales, vales, "vales: every card of the six conclaves, nothing else");
        assert_eq!(got_l1.len(), o.level1_count().min(l1.len()), "level 1: 12/15/18 random cards of theirs");
        assert!(got_l1.iter().all(|a| l1.contains(a)));
    }
}

#[test]
fn random_conclaves_come_from_the_seed() {
    let o = with("random", 3);
    let c = Conclaves::for_db(o.validate().unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let (a, b) = (deal(&o, seed), deal(&o, seed));
        assert_eq!(a.conclaves, b.conclaves, "same seed, same conclaves");
        assert_eq!(cards_in_play(&a), cards_in_play(&b), "same seed, same decks");
        assert_eq!(a.adv_decks, b.adv_decks);
        let ids = a.conclaves.unwrap_or_else(|| panic!("random picks conclaves"));
        let mut distinct = ids.to_vec();
        distinct.dedup();
        assert_eq!(distinct.len(), PICK, "six distinct conclaves: {ids:?}");
        let named = ids.iter().filter(|&&i| c.list[i as usize].named).count();
        assert!(named >= 2, "at least 2 of the rulebook's nine (EN:757): {ids:?}");
        seen.insert(ids);
    }
    assert!(seen.len() > 30, "the seed varies the pick: {} distinct in 40", seen.len());
    // Games without conclaves deal as before: the option draws nothing from the seed.
    let plain = deal(&Options { players: 3, sets: "base,magic,wild,manastorm".into(), ..Options::default() }, 5);
    assert_eq!(plain.conclaves, None);
}

#[test]
fn bad_conclave_options_are_setup_errors() {
    for (spec, needle) in [
        ("early-harvest", "1 conclave named"),
        ("early-harvest,homeland,mythic-beasts,nightvale-watch,tides-and-storms,hidden-paths,staying-power", "7"),
        ("early-harvest,homeland,mythic-beasts,nightvale-watch,tides-and-storms,early-harvest", "named twice"),
        ("early-harvest,homeland,mythic-beasts,nightvale-watch,tides-and-storms,atlantis", "no conclave `atlantis`"),
        ("", ""),
    ] {
        let r = MysticVale::new(&with(spec, 2), 1);
        if spec.is_empty() {
            assert!(r.is_ok(), "no conclaves: every card");
            continue;
        }
        let Err(e) = r else { panic!("`{spec}` accepted") };
        assert_eq!(e.kind, SetupErrorKind::BadValue, "{e}");
        assert_eq!(e.field, "conclaves");
        assert!(e.message.contains(needle), "{e}");
        assert!(!e.message.contains('\n'), "one line: {e}");
    }
    let o = Options { sets: "base,wild".into(), ..with("random", 2) };
    let Err(e) = MysticVale::new(&o, 1) else { panic!("conclaves with sets accepted") };
    assert_eq!(e.field, "conclaves");
}

#[test]
fn a_conclave_game_shows_its_conclaves_and_replays() {
    let o = with("random", 2);
    let mut g = deal(&o, 3);
    let v = g.view(Seat(1));
    assert_eq!(v.conclaves, g.conclaves, "the conclaves are public");
    let text = v.to_string();
    let c = Conclaves::for_db(g.db.clone()).unwrap_or_else(|e| panic!("{e}"));
    for &i in &g.conclaves.unwrap_or_default() {
        assert!(text.contains(&c.list[i as usize].name), "{text}");
    }
    let fr = MysticVale::view_text(&v, sylvan_engine::Lang::Fr);
    assert!(fr.contains("conclaves (leurs cartes"), "{fr}");
    // The card-data hash covers the conclave file.
    assert_ne!(
        MysticVale::content_hash(&o),
        MysticVale::content_hash(&Options { conclaves: String::new(), ..o.clone() })
    );
    let mut rng = GameRng::new(9);
    let mut record = Record::<MysticVale>::from_seed(o.clone(), 3);
    let mut legal = Vec::new();
    for _ in 0..300 {
        if g.over() {
            break;
        }
        g.legal_actions(&mut legal);
        let a = legal[rng.index(legal.len())];
        record.actions.push(a.to_string());
        g.apply_unchecked(a, &mut NoEvents);
    }
    let text = record.to_json();
    let record = Record::<MysticVale>::from_json(&text).unwrap_or_else(|e| panic!("{e}"));
    let replayed = replay(&record).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(replayed.view(Seat(0)), g.view(Seat(0)));
}

/// Any 6 of the 14 can end the game (EN:757): every combination holds one of the nine named conclaves, each
/// with cards that gain VP tokens; and with the rulebook's advice (2 of the nine, here with 4 of the 5
/// others), heuristic players empty the VP pool for every pair.
#[test]
fn every_combination_of_conclaves_can_end_the_game() {
    let o = with("random", 2);
    let db = o.validate().unwrap_or_else(|e| panic!("{e}"));
    let c = Conclaves::for_db(db.clone()).unwrap_or_else(|e| panic!("{e}"));
    let others: Vec<&str> = c.list.iter().filter(|x| !x.named).map(|x| x.key.as_str()).collect();
    assert!(others.len() < PICK, "any six hold a named conclave");
    for x in c.list.iter().filter(|x| x.named) {
        let tokens = x.advancements.iter().any(|&a| {
            let a = db.adv(a);
            a.symbols.vp_harvest > 0 || (a.ability.reward == Reward::Vp && a.ability.timing != Timing::EndOfGame)
        }) || x.vales.iter().any(|&v| {
            let v = db.vale(v);
            v.ability.reward == Reward::Vp && v.ability.timing != Timing::EndOfGame
        });
        assert!(tokens, "`{}` has a card that gains VP tokens", x.key);
    }
    let named: Vec<&str> = c.list.iter().filter(|x| x.named).map(|x| x.key.as_str()).collect();
    let mut legal = Vec::new();
    let mut stuck = Vec::new();
    for (i, a) in named.iter().enumerate() {
        for (j, b) in named.iter().enumerate().skip(i + 1) {
            let six: Vec<&str> =
                [*a, *b].into_iter().chain(others.iter().copied().cycle().skip(i + j).take(4)).collect();
            let six = six.join(",");
            let seed = (i * 9 + j) as u64;
            let mut g = deal(&with(&six, 2), seed);
            let mut rng = GameRng::new(seed);
            while !g.over() {
                g.legal_actions(&mut legal);
                let seat = g.to_move().unwrap_or(Seat(0));
                let a = sylvan_mystic_vale::heuristic::choose(&g.view(seat), &legal, &mut rng);
                g.apply_unchecked(a, &mut NoEvents);
            }
            if g.pool != 0 {
                stuck.push(format!("`{six}` seed {seed}: pool {} after {} rounds", g.pool, g.rounds));
            }
        }
    }
    assert!(stuck.is_empty(), "games that ended by the round limit, not the VP pool:\n{}", stuck.join("\n"));
}
