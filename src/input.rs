//! Line input from a person (`play`, `join`), bounded (issue 38): a line longer than [`MAX_LINE`] bytes is
//! refused with "line too long" and the session goes on; a line that does not end within [`MAX_SKIP`]
//! bytes (`< /dev/zero`) ends the input, as end of file does. Invalid UTF-8 is a line like any other.

use std::io::{self, BufRead, Read};

/// The longest line read, in bytes.
pub const MAX_LINE: usize = 4096;

/// The most bytes of one too-long line skipped before the input counts as ended.
pub const MAX_SKIP: usize = 1 << 20;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, without its line break; invalid UTF-8 is replaced by U+FFFD.
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes, skipped.
    TooLong,
    /// End of input, or a line with no end within [`MAX_SKIP`] bytes.
    End,
}

/// The message for a skipped line, in `locale`.
pub fn too_long_message(locale: sylvan_engine::Locale) -> String {
    crate::words::t(locale, "input-too-long", sylvan_words::args!(max = MAX_LINE))
}

/// Reads one line of at most [`MAX_LINE`] bytes.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Line> {
    let mut bytes = Vec::new();
    let n = input.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(Line::End);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        return Ok(Line::Text(String::from_utf8_lossy(&bytes).into_owned()));
    }
    if bytes.len() <= MAX_LINE {
        // The last line, without a line break.
        return Ok(Line::Text(String::from_utf8_lossy(&bytes).into_owned()));
    }
    // Too long: skip to the end of the line, at most MAX_SKIP bytes.
    let mut skipped = bytes.len();
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(Line::TooLong);
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(Line::TooLong);
            }
            None => {
                let k = buf.len();
                input.consume(k);
                skipped += k;
                if skipped > MAX_SKIP {
                    return Ok(Line::End);
                }
            }
        }
    }
}

/// A reader of person's lines for a line-reading client (`join`): each line [`read_line`] gives, as
/// valid UTF-8 ending in `\n`; a too-long line becomes an empty line after `warn` is called (with the
/// message in the reader's locale), and the input ends where [`read_line`] says it does.
pub struct SaneLines<R, F> {
    inner: R,
    locale: sylvan_engine::Locale,
    warn: F,
    line: Vec<u8>,
    at: usize,
    ended: bool,
}

impl<R: BufRead, F: FnMut(&str)> SaneLines<R, F> {
    /// Lines of `inner`; `warn` is told of each too-long line, in `locale`.
    pub fn new(inner: R, locale: sylvan_engine::Locale, warn: F) -> SaneLines<R, F> {
        SaneLines { inner, locale, warn, line: Vec::new(), at: 0, ended: false }
    }
}

impl<R: BufRead, F: FnMut(&str)> Read for SaneLines<R, F> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead, F: FnMut(&str)> BufRead for SaneLines<R, F> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at >= self.line.len() && !self.ended {
            self.line.clear();
            self.at = 0;
            match read_line(&mut self.inner)? {
                Line::Text(t) => {
                    self.line.extend_from_slice(t.as_bytes());
                    self.line.push(b'\n');
                }
                Line::TooLong => {
                    (self.warn)(&too_long_message(self.locale));
                    self.line.push(b'\n');
                }
                Line::End => self.ended = true,
            }
        }
        Ok(&self.line[self.at.min(self.line.len())..])
    }

    fn consume(&mut self, amt: usize) {
        self.at = (self.at + amt).min(self.line.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_38_lines_are_bounded_and_the_input_goes_on() {
        let mut text = b"one\r\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        text.extend_from_slice(b"\n\xff\xfebad\ntwo");
        let mut input = &text[..];
        assert_eq!(read_line(&mut input).ok(), Some(Line::Text("one".into())));
        assert_eq!(read_line(&mut input).ok(), Some(Line::TooLong));
        assert_eq!(read_line(&mut input).ok(), Some(Line::Text("\u{fffd}\u{fffd}bad".into())));
        assert_eq!(read_line(&mut input).ok(), Some(Line::Text("two".into())));
        assert_eq!(read_line(&mut input).ok(), Some(Line::End));
        // An endless line (`< /dev/zero`) ends the input in bounded time and memory.
        let mut zeros = io::BufReader::new(io::repeat(0));
        assert_eq!(read_line(&mut zeros).ok(), Some(Line::End));
    }

    #[test]
    fn issue_38_join_reads_sane_lines() {
        let mut text = b"\xffmove\n".to_vec();
        text.extend(std::iter::repeat_n(b'y', MAX_LINE * 2));
        text.extend_from_slice(b"\nquit\n");
        let mut warned = 0;
        let lines: Vec<String> = {
            let r = SaneLines::new(&text[..], sylvan_engine::Locale::En, |_| warned += 1);
            r.lines().map(|l| l.unwrap_or_default()).collect()
        };
        assert_eq!(lines, vec!["\u{fffd}move", "", "quit"]);
        assert_eq!(warned, 1);
    }
}
