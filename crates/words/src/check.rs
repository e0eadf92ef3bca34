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
