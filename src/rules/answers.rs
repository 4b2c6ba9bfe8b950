//! A small table of remembered answers by a 64-bit key: the judge asks the
//! same questions again and again (judging one cycle asks whether the same
//! positions mate by checks many times over), and each answer costs a
//! search of its own. A newer answer replaces an older one in its slot, so
//! the table never grows.

/// How many answers a table keeps unless told (a power of two).
const SLOTS: usize = 4096;

/// Answers by a 64-bit key.
pub struct Answers<T> {
    slots: Box<[(u64, Option<T>)]>,
}

impl<T: Copy> Default for Answers<T> {
    fn default() -> Self {
        Answers::with_slots(SLOTS)
    }
}

impl<T: Copy> Answers<T> {
    /// A table of `slots` answers (a power of two).
    pub fn with_slots(slots: usize) -> Self {
        assert!(slots.is_power_of_two(), "{slots} slots: not a power of two");
        Answers {
            slots: vec![(0, None); slots].into_boxed_slice(),
        }
    }

    pub fn get(&self, key: u64) -> Option<T> {
        match self.slots[key as usize & (self.slots.len() - 1)] {
            (stored, answer) if stored == key => answer,
            _ => None,
        }
    }

    pub fn put(&mut self, key: u64, answer: T) {
        self.slots[key as usize & (self.slots.len() - 1)] = (key, Some(answer));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_an_answer_until_another_key_takes_its_slot() {
        let mut answers = Answers::default();
        assert_eq!(answers.get(7), None);
        answers.put(7, true);
        assert_eq!(answers.get(7), Some(true));
        // The same slot, another key: the newer answer wins.
        let rival = 7 + SLOTS as u64;
        answers.put(rival, false);
        assert_eq!(answers.get(7), None);
        assert_eq!(answers.get(rival), Some(false));
    }
}
