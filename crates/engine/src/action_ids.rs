//! Stable integer ids for actions: one table per game, built once.
//!
//! A game lists every action that can exist, in id order, and builds an [`ActionIds`] from the list.
//! An action's id is its position in that list; a sorted index finds it back. Listing the actions of a
//! card in one block after everything else means a card added later gets new ids at the end, and no
//! existing id shifts (a game's tests pin a few ids to hold it to that).

/// The id table of a game's actions: id → action by position, action → id by binary search.
#[derive(Clone, Debug)]
pub struct ActionIds<A> {
    by_id: Vec<A>,
    sorted: Vec<(A, u32)>,
}

impl<A: Copy + Ord> ActionIds<A> {
    /// The table of `actions` in id order: the first occurrence of an action gives its id (later
    /// repeats are dropped, so ids stay dense).
    pub fn new(actions: impl IntoIterator<Item = A>) -> ActionIds<A> {
        let mut by_id: Vec<A> = Vec::new();
        let mut sorted: Vec<(A, u32)> = Vec::new();
        for a in actions {
            if let Err(pos) = sorted.binary_search_by(|(b, _)| b.cmp(&a)) {
                sorted.insert(pos, (a, by_id.len() as u32));
                by_id.push(a);
            }
        }
        ActionIds { by_id, sorted }
    }

    /// The table whose ids follow the actions' own order (`Ord`): for a fixed set of actions.
    pub fn sorted(actions: impl IntoIterator<Item = A>) -> ActionIds<A> {
        let mut v: Vec<A> = actions.into_iter().collect();
        v.sort_unstable();
        v.dedup();
        ActionIds::new(v)
    }

    /// The id of `action`, if it is in the table.
    pub fn id(&self, action: A) -> Option<usize> {
        self.sorted.binary_search_by(|(b, _)| b.cmp(&action)).ok().map(|i| self.sorted[i].1 as usize)
    }

    /// The action with this id, if any.
    pub fn action(&self, id: usize) -> Option<A> {
        self.by_id.get(id).copied()
    }

    /// Every action, in id order.
    pub fn all(&self) -> &[A] {
        &self.by_id
    }

    /// The number of ids.
    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}
