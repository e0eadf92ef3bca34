//! Checks over `.ftl` text: the messages of a file with the variables each one uses (directly or
//! through the messages it references), and the comparison of a translation with its English file.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

/// Each message id of `text` with its variables (including those of the messages it references, which
/// Fluent resolves with the same arguments). An error names the file's first syntax error.
pub fn messages(text: &str) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let resource = fluent_syntax::parser::parse(text).map_err(|(_, errors)| {
        errors.first().map_or_else(String::new, |e| format!("syntax error at bytes {:?}: {:?}", e.pos, e.kind))
    })?;
    let mut direct: BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> = BTreeMap::new();
    for entry in &resource.body {
        if let Entry::Message(m) = entry {
            let mut found = (BTreeSet::new(), BTreeSet::new());
            if let Some(p) = &m.value {
                pattern(p, &mut found);
            }
            for a in &m.attributes {
                pattern(&a.value, &mut found);
            }
            direct.insert(m.id.name.to_owned(), found);
        }
    }
    let mut out = BTreeMap::new();
    for id in direct.keys() {
        let mut vars = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut todo = vec![id.clone()];
        while let Some(m) = todo.pop() {
            if !seen.insert(m.clone()) {
                continue;
            }
            if let Some((v, refs)) = direct.get(&m) {
                vars.extend(v.iter().cloned());
                todo.extend(refs.iter().cloned());
            }
        }
        out.insert(id.clone(), vars);
    }
    Ok(out)
}

fn pattern(p: &Pattern<&str>, found: &mut (BTreeSet<String>, BTreeSet<String>)) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expr(expression, found);
        }
    }
}

fn expr(e: &Expression<&str>, found: &mut (BTreeSet<String>, BTreeSet<String>)) {
    match e {
        Expression::Select { selector, variants } => {
            inline(selector, found);
            for v in variants {
                pattern(&v.value, found);
            }
        }
        Expression::Inline(i) => inline(i, found),
    }
}

fn inline(i: &InlineExpression<&str>, found: &mut (BTreeSet<String>, BTreeSet<String>)) {
    match i {
        InlineExpression::VariableReference { id } => {
            found.0.insert(id.name.to_owned());
        }
        InlineExpression::MessageReference { id, .. } => {
            found.1.insert(id.name.to_owned());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline(a, found);
            }
            for a in &arguments.named {
                inline(&a.value, found);
            }
        }
        InlineExpression::Placeable { expression } => expr(expression, found),
        InlineExpression::StringLiteral { .. }
        | InlineExpression::NumberLiteral { .. }
        | InlineExpression::TermReference { .. } => {}
    }
}

/// How `other` (a translation, named `name`) differs from `english`: ids missing on either side, and
/// ids whose variables differ. Empty when they agree.
pub fn compare(
    english: &BTreeMap<String, BTreeSet<String>>,
    other: &BTreeMap<String, BTreeSet<String>>,
    name: &str,
) -> Vec<String> {
    let mut out = Vec::new();
    for (id, vars) in english {
        match other.get(id) {
            None => out.push(format!("{name}: `{id}` is missing")),
            Some(v) if v != vars => out.push(format!("{name}: `{id}` takes {v:?}, English takes {vars:?}")),
            Some(_) => {}
        }
    }
    for id in other.keys().filter(|id| !english.contains_key(*id)) {
        out.push(format!("{name}: `{id}` is not in the English catalog"));
    }
    out
}

/// One row of a glossary (`docs/glossary/<game>.md`): the concept, its English and French terms, and
/// the terms each language must not use for it (comma-separated).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlossaryRow {
    /// What the row names.
    pub concept: String,
    /// The English term.
    pub english: String,
    /// The French term.
    pub french: String,
    /// Terms the English catalog must not use.
    pub not_english: Vec<String>,
    /// Terms the French catalog must not use.
    pub not_french: Vec<String>,
}

/// The rows of a glossary's Markdown table, the first table of the file (columns: concept, English,
/// French, rulebook, not in English, not in French; the header and its rule line skipped; later tables,
/// such as a list of known gaps, are not terms). An error names the row.
pub fn glossary(markdown: &str) -> Result<Vec<GlossaryRow>, String> {
    let list = |c: &str| c.split(',').map(str::trim).filter(|b| !b.is_empty()).map(str::to_owned).collect();
    let mut rows = Vec::new();
    let table = markdown.lines().skip_while(|l| !l.starts_with('|')).take_while(|l| l.starts_with('|'));
    for line in table.skip(2) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() != 6 {
            return Err(format!("a row has six cells: {line}"));
        }
        rows.push(GlossaryRow {
            concept: cells[0].to_owned(),
            english: cells[1].to_owned(),
            french: cells[2].to_owned(),
            not_english: list(cells[4]),
            not_french: list(cells[5]),
        });
    }
    Ok(rows)
}

/// A catalog's message text in lower case: the text the reader sees of each message (its value, its
/// attributes and every variant of its selectors), without comments, ids, variant keys or placeables
/// (variables, references and string literals, which hold notations). Read from the Fluent syntax
/// tree, so a placeable spread over several lines (a selector whose `}` starts a continuation line)
/// is left out whole and the text after it kept. A file with syntax errors gives the text of the
/// messages that parse.
pub fn catalog_text(ftl: &str) -> String {
    let resource = fluent_syntax::parser::parse(ftl).unwrap_or_else(|(r, _)| r);
    let mut out = String::new();
    for entry in &resource.body {
        if let Entry::Message(m) = entry {
            if let Some(p) = &m.value {
                visible_text(p, &mut out);
            }
            for a in &m.attributes {
                visible_text(&a.value, &mut out);
            }
            out.push('\n');
        }
    }
    out.to_lowercase()
}

/// The text elements of `p` and of the variants of its selectors, each variant on its own line.
fn visible_text(p: &Pattern<&str>, out: &mut String) {
    for e in &p.elements {
        match e {
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable { expression } => expression_text(expression, out),
        }
    }
}

/// What a placeable shows of its own: the variants of a selector; nothing for a variable, a reference
/// or a literal (a space keeps the words around it apart).
fn expression_text(e: &Expression<&str>, out: &mut String) {
    match e {
        Expression::Select { variants, .. } => {
            for v in variants {
                out.push('\n');
                visible_text(&v.value, out);
            }
            out.push('\n');
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => expression_text(expression, out),
        Expression::Inline(_) => out.push(' '),
    }
}

/// Whether `term` occurs in `text` (from [`catalog_text`]) as whole words (a plural `s` allowed).
pub fn has_term(text: &str, term: &str) -> bool {
    let term = term.to_lowercase();
    text.match_indices(&term).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + term.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(|c| c.is_alphanumeric() && c != 's')
    })
}

/// How the English and French catalogs (`.ftl` text) depart from the glossary: a row's term never
/// used, or a ruled-out term used. Empty when they follow it.
pub fn follows_glossary(rows: &[GlossaryRow], english_ftl: &str, french_ftl: &str) -> Vec<String> {
    let (en, fr) = (catalog_text(english_ftl), catalog_text(french_ftl));
    let mut wrong = Vec::new();
    for r in rows {
        for (lang, text, term, not) in [("en", &en, &r.english, &r.not_english), ("fr", &fr, &r.french, &r.not_french)]
        {
            if !has_term(text, term) {
                wrong.push(format!("{}: the {lang} catalog never says `{term}`", r.concept));
            }
            for bad in not.iter().filter(|b| has_term(text, b)) {
                wrong.push(format!("{}: the {lang} catalog says `{bad}`, the glossary says `{term}`", r.concept));
            }
        }
    }
    wrong
}
