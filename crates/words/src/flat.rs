//! A catalog's messages as plain data, for front ends that format on their own (the browser): each
//! message a list of parts (text, a variable, or a select on a variable), with references to other
//! messages and terms already put in place. In the pseudo-locale the text parts are accented by
//! [`crate::pseudo`]; variables and string literals stay as they are.
//!
//! Only what a front end's small formatter needs is kept: text, `{ $var }`, `{ $var -> … }` selects
//! (on plural categories or exact values), string and number literals, message and term references.
//! Anything else (a function call, a select on something other than a variable) is an error naming
//! the message, so a catalog cannot silently lose a part.

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey};

use crate::{Locale, pseudo};

/// One part of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// Text shown as it is.
    Text(String),
    /// The value of the variable of this name.
    Var(String),
    /// The variant chosen by the variable `var`: the variant whose key equals the value (a number's
    /// exact value, or a string), else the one named by the number's plural category, else the default.
    Select {
        /// The variable selected on.
        var: String,
        /// The variants, in the catalog's order.
        variants: Vec<Variant>,
    },
}

/// One variant of a select.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// Its key: a plural category (`one`, `other`), a number, or a word.
    pub key: String,
    /// Whether it is the default (`*[other]`).
    pub default: bool,
    /// What it shows.
    pub parts: Vec<Part>,
}

/// How deep message references may nest (a loop of references is an error, not a hang).
const MAX_DEPTH: usize = 8;

/// The messages of one `.ftl` file in catalog order, each as its parts, for `locale` (the pseudo-locale
/// transforms text). An error names the first syntax error or the message that cannot be flattened.
pub fn messages(text: &str, locale: Locale) -> Result<Vec<(String, Vec<Part>)>, String> {
    let resource = fluent_syntax::parser::parse(text).map_err(|(_, errors)| {
        errors.first().map_or_else(String::new, |e| format!("syntax error at bytes {:?}: {:?}", e.pos, e.kind))
    })?;
    let mut out = Vec::new();
    for entry in &resource.body {
        if let Entry::Message(m) = entry
            && let Some(value) = &m.value
        {
            let mut parts = Vec::new();
            let flat = Flat { body: &resource.body, pseudo: locale == Locale::Pseudo };
            flat.pattern(value, &mut parts, 0).map_err(|e| format!("`{}`: {e}", m.id.name))?;
            out.push((m.id.name.to_owned(), merge(parts)));
        }
    }
    Ok(out)
}

struct Flat<'a> {
    body: &'a [Entry<&'a str>],
    pseudo: bool,
}

impl Flat<'_> {
    fn text(&self, s: &str, out: &mut Vec<Part>) {
        out.push(Part::Text(if self.pseudo { pseudo(s).into_owned() } else { s.to_owned() }));
    }

    fn pattern(&self, p: &Pattern<&str>, out: &mut Vec<Part>, depth: usize) -> Result<(), String> {
        if depth > MAX_DEPTH {
            return Err("references nest too deep (a loop?)".to_owned());
        }
        for e in &p.elements {
            match e {
                PatternElement::TextElement { value } => self.text(value, out),
                PatternElement::Placeable { expression } => self.expression(expression, out, depth)?,
            }
        }
        Ok(())
    }

    fn expression(&self, e: &Expression<&str>, out: &mut Vec<Part>, depth: usize) -> Result<(), String> {
        match e {
            Expression::Inline(i) => self.inline(i, out, depth),
            Expression::Select { selector, variants } => {
                let InlineExpression::VariableReference { id } = selector else {
                    return Err("a select on something other than a variable".to_owned());
                };
                let mut vs = Vec::new();
                for v in variants {
                    let key = match &v.key {
                        VariantKey::Identifier { name } => (*name).to_owned(),
                        VariantKey::NumberLiteral { value } => (*value).to_owned(),
                    };
                    let mut parts = Vec::new();
                    self.pattern(&v.value, &mut parts, depth + 1)?;
                    vs.push(Variant { key, default: v.default, parts: merge(parts) });
                }
                out.push(Part::Select { var: id.name.to_owned(), variants: vs });
                Ok(())
            }
        }
    }

    fn inline(&self, i: &InlineExpression<&str>, out: &mut Vec<Part>, depth: usize) -> Result<(), String> {
        match i {
            InlineExpression::VariableReference { id } => out.push(Part::Var(id.name.to_owned())),
            InlineExpression::StringLiteral { value } => out.push(Part::Text(unescape(value))),
            InlineExpression::NumberLiteral { value } => out.push(Part::Text((*value).to_owned())),
            InlineExpression::Placeable { expression } => self.expression(expression, out, depth)?,
            InlineExpression::MessageReference { id, attribute: None } => {
                let value = self.body.iter().find_map(|e| match e {
                    Entry::Message(m) if m.id.name == id.name => m.value.as_ref(),
                    _ => None,
                });
                let value = value.ok_or_else(|| format!("no message `{}`", id.name))?;
                self.pattern(value, out, depth + 1)?;
            }
            InlineExpression::TermReference { id, attribute: None, arguments: None } => {
                let value = self.body.iter().find_map(|e| match e {
                    Entry::Term(t) if t.id.name == id.name => Some(&t.value),
                    _ => None,
                });
                let value = value.ok_or_else(|| format!("no term `-{}`", id.name))?;
                self.pattern(value, out, depth + 1)?;
            }
            InlineExpression::MessageReference { .. }
            | InlineExpression::TermReference { .. }
            | InlineExpression::FunctionReference { .. } => {
                return Err("attributes, term arguments and functions are not supported".to_owned());
            }
        }
        Ok(())
    }
}

/// A string literal's escapes (`\"`, `\\`, `\uXXXX`, `\UXXXXXX`) resolved.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(d @ ('u' | 'U')) => {
                let n = if d == 'u' { 4 } else { 6 };
                let hex: String = chars.by_ref().take(n).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(ch) => out.push(ch),
                    None => out.push('\u{fffd}'),
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Neighbouring text parts joined.
fn merge(parts: Vec<Part>) -> Vec<Part> {
    let mut out: Vec<Part> = Vec::with_capacity(parts.len());
    for p in parts {
        if let (Part::Text(t), Some(Part::Text(prev))) = (&p, out.last_mut()) {
            prev.push_str(t);
            continue;
        }
        out.push(p);
    }
    out
}
