//! Places, sides and questions said in words: slots, sides and market places as the rulebook counts
//! them (sides from 1), and no question that names a notation to type. (They were a `#[cfg(test)]`
//! module of `src/words.rs`, which the crate's `test = false` never compiled.)

use sylvan_command_of_nature::words::{event_text, messages, slot_words};
use sylvan_command_of_nature::{Action, Card, Event};
use sylvan_engine::{Locale, Seat};

/// An action as the log says it (the `Acted` event's text).
fn acted_text(seat: Seat, action: Action, locale: Locale) -> String {
    event_text(&Event::Acted { seat, action }, locale)
}

/// A slot, a side and a market place are said in words, sides counted from 1 (the notation `II1`,
/// `e1` and side 0 are only for typing and for the rules' own numbering).
#[test]
fn slots_sides_and_market_places_are_words() {
    assert_eq!(slot_words(0, Locale::En), "Row I, place 1");
    assert_eq!(slot_words(6 + 3, Locale::En), "Row II, place 4");
    assert_eq!(slot_words(12 + 5, Locale::Fr), "Rangée III, place 6");
    let hit =
        Event::Damaged { side: 0, slot: 6, card: Card(0), amount: 3, shielded: 1, dealt: 2, by: Seat(1), attack: true };
    let en = event_text(&hit, Locale::En);
    assert!(en.contains(" in Row II, place 1 (side 1) takes 2 damage"), "{en}");
    let fr = event_text(&hit, Locale::Fr);
    assert!(fr.contains(" en Rangée II, place 1 (camp 1) subit 2 DGT"), "{fr}");
    let moved = Event::Refilled { side: 1, from: 6, to: 0, card: Card(0) };
    assert!(event_text(&moved, Locale::En).starts_with("side 2: "), "{}", event_text(&moved, Locale::En));
    let face = Event::MarketFace { market: 1, index: 2, card: None };
    assert_eq!(event_text(&face, Locale::En), "place 3 of the command market stays empty");
    let bought = acted_text(Seat(0), Action::Buy(4), Locale::Fr);
    assert_eq!(bought, "p0 achète la carte de la place 2 du Marché des Ordres");
    for l in [Locale::En, Locale::Fr] {
        for a in [Action::Pick(13), Action::Swap(0, 6), Action::Refill(7, 1), Action::Buy(0)] {
            let text = acted_text(Seat(0), a, l);
            let notation = text.split(' ').any(|w| {
                let w = w.trim_matches(|c: char| !c.is_alphanumeric());
                ["I", "II", "III", "e", "c"].iter().any(|p| w.strip_prefix(p).is_some_and(|n| n.parse::<u8>().is_ok()))
            });
            assert!(!notation, "{text}");
        }
    }
}

/// No question names a notation to type (`done`, `use`, `amount 1`): it says the answers' words, in
/// both languages.
#[test]
fn questions_name_no_notation() {
    for l in [Locale::En, Locale::Fr] {
        for id in ["ask-target2", "ask-instants", "ask-intercept", "ask-boost-or-shield"] {
            assert!(messages().has(l, id), "{id} {l:?}: not in the catalog");
            let text = messages().format(l, id, &sylvan_words::Args::new());
            assert!(!text.contains('`') && !text.contains("done") && !text.contains("amount"), "{id} {l:?}: {text}");
        }
    }
}
