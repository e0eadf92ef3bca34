//! Vale of the Wild: one test per rule and per ability, from explicit setups.

#[allow(unused_imports)]
use crate::common::*;
use sylvan_mystic_vale::Options;

fn wild() -> Options {
    Options { sets: "base,wild".into(), ..Options::default() }
}

#[test]
fn expansion_cards_come_after_the_base_ones() {
    let base = Options::default().validate().unwrap_or_else(|e| panic!("{e}"));
    let both = wild().validate().unwrap_or_else(|e| panic!("{e}"));
    assert!(both.advancements.len() >= base.advancements.len());
    for (a, b) in base.advancements.iter().zip(&both.advancements) {
        assert_eq!(a.key, b.key, "base advancement ids never shift");
    }
    for (a, b) in base.vales.iter().zip(&both.vales) {
        assert_eq!(a.key, b.key, "base vale ids never shift");
    }
    assert_eq!(both.set, "base,wild");
    assert_ne!(base.content_hash, both.content_hash, "the card data differ");
}

#[test]
fn sets_must_start_with_base_and_name_known_sets() {
    for (sets, needle) in [("wild", "starts with `base`"), ("base,base", "repeated"), ("base,nowhere", "nowhere")] {
        let o = Options { sets: sets.into(), ..Options::default() };
        let e = o.validate().err().unwrap_or_else(|| panic!("`{sets}` accepted"));
        assert_eq!(e.field, "sets");
        assert!(e.message.contains(needle), "{sets}: {}", e.message);
    }
}
