//! The final count: VP tokens, VP on the right of advancements (with Gaia's Chosen), vale VP; ties go to
//! the most level-3 advancements plus level-2 vales, then are shared.

use crate::cards::AdvAbility;
use crate::state::MysticVale;

impl MysticVale {
    /// Seat `i`'s score now: tokens + advancement end VP + vale VP.
    pub fn score(&self, i: usize) -> i32 {
        let db = &*self.db;
        let p = &self.players[i];
        let mut total = i32::from(p.vp);
        for s in &p.cards {
            for a in s.advs() {
                let x = db.adv(a);
                total += i32::from(x.symbols.vp_end);
                if x.ability == AdvAbility::GaiasChosen {
                    // Printed symbols on the card, text effects ignored.
                    let printed: u32 = s.advs().map(|b| u32::from(db.adv(b).symbols.counted())).sum();
                    total += (printed * u32::from(x.amount)) as i32;
                }
            }
        }
        for &v in &p.vales {
            total += i32::from(db.vale(v).vp);
        }
        total
    }

    /// The tie-break count: level-3 advancements plus level-2 vales.
    pub fn tie_break(&self, i: usize) -> usize {
        let db = &*self.db;
        let p = &self.players[i];
        let advs = p.cards.iter().flat_map(|s| s.advs()).filter(|&a| db.adv(a).level == 3).count();
        advs + p.vales.iter().filter(|&&v| db.vale(v).level == 2).count()
    }

    pub(crate) fn final_scores(&self) -> Vec<f64> {
        (0..self.n()).map(|i| f64::from(self.score(i))).collect()
    }
}
