//! Rules revision 8 (ruling MV91): a waiting Call of the Hunt whose card leaves the field waits no more
//! (its ability is not in the field, EN:478), also where Old Bakarab's workshop sends the card to the
//! bottom of the deck (EN:1712; the record test `a_waiting_fill_sent_under_the_deck_by_old_bakarab_holds_back_nothing`
//! is the same case): here as the speed benchmarks met it.

use sylvan_engine::erased::typed_playouts;
use sylvan_mystic_vale::setup::{Amulets, Leaders};
use sylvan_mystic_vale::{MysticVale, Options};

/// The random playouts of `sylvan bench mystic-vale -p 2 -o sets=base,magic,wild,manastorm -o
/// leaders=random -o amulets=random -n 460 --seed 1000` stopped at game 1459, move 470, with no legal
/// action: a Call of the Hunt waited on a card the workshop had sent under the deck, so `done` was taken
/// out of the Harvest's list and no `use` was offered for it.
#[test]
fn revision_8_a_fill_whose_card_went_under_the_deck_lets_the_harvest_end() {
    let o = Options {
        players: 2,
        sets: "base,magic,wild,manastorm".into(),
        leaders: Leaders::Random,
        amulets: Amulets::Random,
        rules: 8,
        ..Options::default()
    };
    if let Err(e) = typed_playouts::<MysticVale>(&o, 460, 1000) {
        panic!("{e}");
    }
}
