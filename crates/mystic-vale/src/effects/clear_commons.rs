//! Hempero, upgraded side (EN:1653-1659): in the Harvest Phase, choose up to `amount` (3) level-2 or
//! level-3 advancements in the commons, remove them from the game, then refill their places at once
//! (the usual fallbacks, ruling MV5). The choices are made one by one; `decline` stops early; the
//! places are refilled after the last choice, so a card revealed by the refill cannot be chosen.

use super::{Choice, Module, Step};
use crate::actions::Action;
use crate::cards::{Ability, Timing};
use crate::state::{EMPTY, MysticVale};

/// Remove up to 3 level-2 or level-3 advancements of the commons from the game, then refill.
pub const MODULE: Module = Module {
    choice: Choice::Common,
    actions: Some(actions),
    apply: Some(apply),
    finish: Some(finish),
    describe: Some("describe-clear-common"),
    ..Module::new("clear-commons", &[Timing::Harvest])
};

/// The commons positions that hold a level-2 or level-3 advancement (a lower row may hold one after a
/// fallback, ruling MV5), as bits `3l + k`.
fn targets(game: &MysticVale) -> u16 {
    let mut m = 0;
    for l in 0..3 {
        for k in 0..3 {
            let a = game.commons[l][k];
            if a != EMPTY && game.db.hot(a).level >= 2 {
                m |= 1 << (3 * l + k);
            }
        }
    }
    m
}

fn actions(game: &MysticVale, _card: u8, _ab: Ability, out: &mut Vec<Action>) {
    let mut m = targets(game);
    while m != 0 {
        let b = m.trailing_zeros() as u8;
        m &= m - 1;
        out.push(Action::AbilityCommon(b / 3, b % 3));
    }
}

/// `Turn::ability_state` while the ability is open: bits 0-8 the commons positions cleared (refilled by
/// [`finish`]), bits 9-15 the advancements removed (a stack's copies are each one, ruling MV95).
const POSITIONS: u16 = 0x1ff;
const REMOVED_SHIFT: u32 = 9;

fn apply(game: &mut MysticVale, _card: u8, ab: Ability, action: Action) -> Step {
    if let Action::AbilityCommon(l, k) = action {
        let (l, k) = (l as usize, k as usize);
        let a = game.commons[l][k];
        if game.commons_stack[l][k] > 0 {
            // One copy of a stack (variant `stacked_duplicates`): the slot keeps its title.
            game.commons_stack[l][k] -= 1;
        } else {
            game.commons[l][k] = EMPTY;
        }
        game.removed_advs.push(a);
        let removed = ((game.turn.ability_state >> REMOVED_SHIFT) + 1).min(POSITIONS >> 2);
        game.turn.ability_state = (game.turn.ability_state & POSITIONS) | 1 << (3 * l + k) | removed << REMOVED_SHIFT;
    }
    // Rules revisions before 11 counted the positions cleared, so a stack's copies came free.
    let done = if game.options.rules >= crate::setup::THIRD_REVIEW_RULES {
        game.turn.ability_state >> REMOVED_SHIFT
    } else {
        (game.turn.ability_state & POSITIONS).count_ones() as u16
    };
    if done >= u16::from(ab.amount) || targets(game) == 0 {
        finish(game);
        Step::Used
    } else {
        Step::Open
    }
}

fn finish(game: &mut MysticVale) {
    let cleared = std::mem::take(&mut game.turn.ability_state) & POSITIONS;
    for l in 0..3 {
        for k in 0..3 {
            if cleared & (1 << (3 * l + k)) != 0 && game.commons[l][k] == EMPTY {
                game.reveal_common(l, k);
            }
        }
    }
}
