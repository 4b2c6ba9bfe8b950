//! The command line as a cursor over its words: each option takes what
//! follows it in its own way (one value, a group of `key=value` words, a
//! path and flags, an optional count).

use super::error::ArgError;

pub struct Words<'a> {
    args: &'a [String],
    /// The index of the next word not yet taken.
    next: usize,
    /// The option being read, as `-name`, for [`ArgError::MissingValue`].
    option: &'static str,
}

impl<'a> Words<'a> {
    pub fn new(args: &'a [String]) -> Words<'a> {
        Words {
            args,
            next: 0,
            option: "",
        }
    }

    /// Takes the next word, if any: the next option.
    pub fn next_word(&mut self) -> Option<&'a str> {
        let word = self.args.get(self.next)?;
        self.next += 1;
        Some(word)
    }

    /// From here on the words are read for `option`.
    pub fn reading(&mut self, option: &'static str) {
        self.option = option;
    }

    fn peek(&self) -> Option<&'a str> {
        self.args.get(self.next).map(String::as_str)
    }

    /// The option's one value, whatever it looks like (`-event -x` names
    /// the event `-x`).
    pub fn value(&mut self) -> Result<&'a str, ArgError> {
        let option = self.option;
        self.next_word()
            .ok_or_else(|| ArgError::MissingValue(option.to_string()))
    }

    /// The words up to the next option (one starting with `-`).
    pub fn group(&mut self) -> Vec<&'a str> {
        let mut words = Vec::new();
        while let Some(word) = self.optional() {
            words.push(word);
        }
        words
    }

    /// The next word unless it is an option.
    pub fn optional(&mut self) -> Option<&'a str> {
        let word = self.peek().filter(|w| !w.starts_with('-'))?;
        self.next += 1;
        Some(word)
    }

    /// The words that follow as long as each is one of `flags`.
    pub fn flags(&mut self, flags: &[&str]) -> Vec<&'a str> {
        let mut taken = Vec::new();
        while let Some(word) = self.peek().filter(|w| flags.contains(w)) {
            self.next += 1;
            taken.push(word);
        }
        taken
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_way_of_taking_words_stops_where_it_should() {
        let args: Vec<String> = "-a x=1 y=2 -b -c p min fi q -d"
            .split_whitespace()
            .map(String::from)
            .collect();
        let mut words = Words::new(&args);
        assert_eq!(words.next_word(), Some("-a"));
        assert_eq!(words.group(), ["x=1", "y=2"]);
        assert_eq!(words.next_word(), Some("-b"));
        assert_eq!(words.optional(), None);
        words.reading("-b");
        assert_eq!(words.value(), Ok("-c"), "a value may start with -");
        assert_eq!(words.value(), Ok("p"));
        assert_eq!(words.flags(&["min", "fi"]), ["min", "fi"]);
        assert_eq!(words.optional(), Some("q"));
        assert_eq!(words.next_word(), Some("-d"));
        words.reading("-d");
        assert_eq!(words.value(), Err(ArgError::MissingValue("-d".into())));
        assert_eq!(words.next_word(), None);
    }
}
