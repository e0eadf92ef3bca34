//! Words as data: what the rules return in place of text (a parse error's expectation, an illegal
//! action's reason, a setup problem, a Robot's name), a message id of a Fluent catalog with its
//! arguments. A words layer formats it in the reader's locale: the game's own catalog through
//! [`Game::message_text`](crate::Game::message_text), and the shared one (`sylvan_words::engine`) for the
//! engine's ids, which all start with `engine-`.

use std::fmt;

/// One message of a catalog with its arguments, formatted when the reader's language is known.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Message {
    /// The message id in the catalog (`cn-expect-slot`, `engine-game-over`).
    pub id: &'static str,
    /// The arguments by name, in the order given.
    pub args: Vec<(&'static str, MessageArg)>,
}

/// An argument of a [`Message`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MessageArg {
    /// A text shown as it is (a notation, a card code, a seat).
    Text(String),
    /// A whole number (plural rules select on it).
    Number(i64),
    /// Another message, formatted in the same language (a phase, a sub-reason).
    Message(Box<Message>),
}

impl Message {
    /// Message `id` without arguments.
    pub fn new(id: &'static str) -> Message {
        Message { id, args: Vec::new() }
    }

    /// The message with argument `name` set to `value`.
    pub fn arg(mut self, name: &'static str, value: impl Into<MessageArg>) -> Message {
        self.args.push((name, value.into()));
        self
    }

    /// Whether it is one of the engine's shared messages (formatted from the shared catalog).
    pub fn is_engine(&self) -> bool {
        self.id.starts_with("engine-")
    }
}

/// The id and arguments, for logs that have no catalog at hand (`engine-game-over`,
/// `cn-expect-slot(text: "I9")`).
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)?;
        if self.args.is_empty() {
            return Ok(());
        }
        f.write_str("(")?;
        for (i, (name, value)) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match value {
                MessageArg::Text(s) => write!(f, "{name}: {s:?}")?,
                MessageArg::Number(n) => write!(f, "{name}: {n}")?,
                MessageArg::Message(m) => write!(f, "{name}: {m}")?,
            }
        }
        f.write_str(")")
    }
}

impl From<Message> for MessageArg {
    fn from(m: Message) -> MessageArg {
        MessageArg::Message(Box::new(m))
    }
}

impl From<String> for MessageArg {
    fn from(s: String) -> MessageArg {
        MessageArg::Text(s)
    }
}

impl From<&str> for MessageArg {
    fn from(s: &str) -> MessageArg {
        MessageArg::Text(s.to_owned())
    }
}

impl From<crate::Seat> for MessageArg {
    fn from(s: crate::Seat) -> MessageArg {
        MessageArg::Text(s.to_string())
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for MessageArg {
            fn from(n: $t) -> MessageArg {
                MessageArg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

/// `Message::new(id).arg(..)...` from `message!("id", name = value, ...)`.
#[macro_export]
macro_rules! message {
    ($id:literal) => { $crate::Message::new($id) };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::Message::new($id)$(.arg(stringify!($name), $value))+
    };
}
