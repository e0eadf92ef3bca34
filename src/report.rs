//! The self-contained HTML report of `sylvan tournament --report`: hand-written SVG plots of the numbers
//! printed by `--json` (the report is rendered from that very object, so both always agree).

use std::fmt::Write;

use serde_json::Value;
use sylvan_engine::Locale;
use sylvan_registry::runs::balance::{RowNames, row_name, stat_caption, stat_name};
use sylvan_words::args;

use crate::words::{fixed, number, percent, t};

pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

pub(crate) fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

pub(crate) fn arr(v: &Value) -> Vec<Value> {
    v.as_array().cloned().unwrap_or_default()
}

/// A red–white–green colour for a value in [0, 1].
fn colour(x: f64) -> String {
    let x = x.clamp(0.0, 1.0);
    let (r, g, b) = if x < 0.5 {
        let t = x / 0.5;
        (220.0 + 35.0 * t, 80.0 + 175.0 * t, 80.0 + 175.0 * t)
    } else {
        let t = (x - 0.5) / 0.5;
        (255.0 - 175.0 * t, 255.0 - 65.0 * t, 255.0 - 155.0 * t)
    };
    format!("rgb({:.0},{:.0},{:.0})", r, g, b)
}

/// A heatmap of `cells[row][col]` in [0, 1] (None = empty) with labels and a text per cell.
fn heatmap(rows: &[String], cols: &[String], cells: &[Vec<Option<(f64, String)>>]) -> String {
    // Columns share the page's width (at least 96 px each; a wider table scrolls inside its box).
    let (ch, left) = (34.0, 220.0);
    let cw = ((PAGE_WIDTH - left - 10.0) / cols.len().max(1) as f64).clamp(96.0, 150.0);
    // Column names wrap onto lines that fit their column.
    let heads: Vec<Vec<String>> = cols.iter().map(|c| wrap(c, (cw / 7.0) as usize)).collect();
    let lines = heads.iter().map(Vec::len).max().unwrap_or(1) as f64;
    let top = 14.0 * lines + 16.0;
    let w = left + cw * cols.len() as f64 + 10.0;
    let h = top + ch * rows.len() as f64 + 10.0;
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">"#
    );
    for (j, head) in heads.iter().enumerate() {
        let x = left + cw * (j as f64 + 0.5);
        for (k, line) in head.iter().enumerate() {
            let y = top - 10.0 - 14.0 * (head.len() - 1 - k) as f64;
            let _ = write!(s, r#"<text x="{x}" y="{y}" text-anchor="middle">{}</text>"#, esc(line));
        }
    }
    for (i, r) in rows.iter().enumerate() {
        let y = top + ch * i as f64;
        let _ = write!(s, r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#, left - 8.0, y + ch / 2.0 + 4.0, esc(r));
        for (j, cell) in cells[i].iter().enumerate() {
            let x = left + cw * j as f64;
            match cell {
                Some((v, text)) => {
                    let _ = write!(
                        s,
                        r##"<rect x="{x}" y="{y}" width="{cw}" height="{ch}" fill="{}" stroke="#fff"/><text x="{}" y="{}" text-anchor="middle">{}</text>"##,
                        colour(*v),
                        x + cw / 2.0,
                        y + ch / 2.0 + 4.0,
                        esc(text)
                    );
                }
                None => {
                    let _ =
                        write!(s, r##"<rect x="{x}" y="{y}" width="{cw}" height="{ch}" fill="#eee" stroke="#fff"/>"##);
                }
            }
        }
    }
    s.push_str("</svg>");
    s
}

/// `text` cut at spaces into lines of at most `width` characters (a longer word keeps its own line).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width.max(1) => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// The width of the report's text column, in pixels: plots are drawn to fit it.
pub(crate) const PAGE_WIDTH: f64 = 1060.0;

/// Wraps a plot or table in a box that scrolls sideways inside the page when it is wider than the page.
pub(crate) fn scroll_box(inner: &str) -> String {
    format!(r#"<div class="scroll">{inner}</div>"#)
}

/// A round step for about `ticks` ticks over `range`: 1, 2 or 5 times a power of ten, at least `min`.
pub(crate) fn nice_step(range: f64, ticks: f64, min: f64) -> f64 {
    let raw = (range / ticks.max(1.0)).max(min).max(1e-9);
    let p = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].into_iter().map(|k| k * p).find(|&s| s >= raw - 1e-9).unwrap_or(10.0 * p);
    step.max(min)
}

/// Points with horizontal error bars, one row per label (ratings), on an axis with round ticks.
fn error_bars(labels: &[String], values: &[(f64, f64, f64)], locale: Locale) -> String {
    interval_plot(labels, values, &t(locale, "html-t-rating-axis", args!()), 50.0, locale)
}

/// Points `(value, low, high)` with horizontal interval bars, one row per label, on an x axis labelled
/// `xlabel` with round ticks that always shows `-min_half..min_half` (so zero is on it), numbers as
/// `locale` writes them.
pub(crate) fn interval_plot(
    labels: &[String],
    values: &[(f64, f64, f64)],
    xlabel: &str,
    min_half: f64,
    locale: Locale,
) -> String {
    let (left, top, rowh, plotw) = (220.0, 20.0, 30.0, 520.0);
    let finite = |v: f64| if v.is_finite() { v } else { 0.0 };
    let lo = values.iter().map(|v| finite(v.1)).fold(f64::INFINITY, f64::min).min(-min_half);
    let hi = values.iter().map(|v| finite(v.2)).fold(f64::NEG_INFINITY, f64::max).max(min_half);
    let step = nice_step(hi - lo, 6.0, min_half.min(1.0) / 10.0);
    let (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let x = |v: f64| left + (finite(v) - lo) / (hi - lo) * plotw;
    let h = top + rowh * labels.len() as f64 + 40.0;
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{h}" font-family="sans-serif" font-size="12">"#,
        left + plotw + 30.0
    );
    let axis = top + rowh * labels.len() as f64;
    let _ = write!(s, r##"<line x1="{left}" y1="{axis}" x2="{}" y2="{axis}" stroke="#333"/>"##, left + plotw);
    let mut v = lo;
    while v <= hi + step / 2.0 {
        let _ = write!(
            s,
            r##"<line x1="{0}" y1="{top}" x2="{0}" y2="{axis}" stroke="{3}"/><text class="xtick" x="{0}" y="{1}" text-anchor="middle">{2}</text>"##,
            x(v),
            axis + 16.0,
            number(locale, (v / step).round() * step),
            if v.abs() < step / 2.0 { "#999" } else { "#ddd" }
        );
        v += step;
    }
    let _ = write!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        left + plotw / 2.0,
        axis + 34.0,
        esc(xlabel)
    );
    for (i, (l, (v, a, b))) in labels.iter().zip(values).enumerate() {
        let y = top + rowh * (i as f64 + 0.5);
        let _ = write!(
            s,
            r##"<text class="ytick" x="{}" y="{}" text-anchor="end">{}</text><line x1="{}" y1="{y}" x2="{}" y2="{y}" stroke="#1f77b4" stroke-width="2"/><circle cx="{}" cy="{y}" r="5" fill="#1f77b4"/>"##,
            left - 8.0,
            y + 4.0,
            esc(l),
            x(*a),
            x(*b),
            x(*v)
        );
    }
    s.push_str("</svg>");
    s
}

/// The widest bar, in pixels: one or two bins (a 0/1 score) stay bars instead of filling the axis.
const MAX_BAR: f64 = 48.0;

/// A bar chart of a histogram object `{lo, width, counts}` (bins `[lo + width·i, lo + width·(i+1))`).
/// Bars have gaps between them and are at most [`MAX_BAR`] wide; the y axis has round ticks of whole games. Bins one unit wide hold one
/// whole value each and are labelled by that value under the bar; wider bins by their edges. Ticks fall
/// on multiples of a round step. Words and numbers are in `locale`.
fn histogram(h: &Value, xlabel: &str, fill: &str, locale: Locale) -> String {
    let counts: Vec<f64> = arr(&h["counts"]).iter().map(f).collect();
    let (lo, width) = (f(&h["lo"]), f(&h["width"]).max(1e-9));
    let (left, top, plotw, ploth) = (56.0, 12.0, 420.0, 150.0);
    let slots = counts.len().max(1);
    let sw = plotw / slots as f64;
    let bar = (sw * 0.8).min(MAX_BAR);
    let ymax = counts.iter().copied().fold(0.0, f64::max);
    let ystep = nice_step(ymax, 5.0, 1.0);
    let ytop = ((ymax / ystep).ceil() * ystep).max(ystep);
    let y = |c: f64| top + ploth - c / ytop * ploth;
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="sans-serif" font-size="11">"#,
        left + plotw + 20.0,
        top + ploth + 40.0
    );
    // Y axis: round ticks and grid lines.
    let mut tick = 0.0;
    while tick <= ytop + ystep / 2.0 {
        let _ = write!(
            s,
            r##"<line x1="{left}" y1="{0}" x2="{1}" y2="{0}" stroke="#eee"/><text class="ytick" x="{2}" y="{3}" text-anchor="end">{4}</text>"##,
            y(tick),
            left + plotw,
            left - 6.0,
            y(tick) + 4.0,
            number(locale, tick)
        );
        tick += ystep;
    }
    let _ = write!(
        s,
        r#"<text x="12" y="{0}" transform="rotate(-90 12 {0})" text-anchor="middle">{1}</text>"#,
        top + ploth / 2.0,
        esc(&t(locale, "html-axis-games", args!()))
    );
    for (i, c) in counts.iter().enumerate() {
        let x = left + sw * i as f64 + (sw - bar) / 2.0;
        let (a, b) = (lo + width * i as f64, lo + width * (i + 1) as f64);
        let range =
            if width == 1.0 { number(locale, a) } else { format!("{}–{}", number(locale, a), number(locale, b)) };
        let _ = write!(
            s,
            r##"<rect class="bar" x="{x}" y="{}" width="{bar}" height="{}" fill="{fill}"><title>{range}: {}</title></rect>"##,
            y(*c),
            top + ploth - y(*c),
            number(locale, *c)
        );
    }
    let axis = top + ploth;
    let _ = write!(s, r##"<line x1="{left}" y1="{axis}" x2="{}" y2="{axis}" stroke="#333"/>"##, left + plotw);
    let _ = write!(s, r##"<line x1="{left}" y1="{top}" x2="{left}" y2="{axis}" stroke="#333"/>"##);
    // X ticks on multiples of a round step of values: under the bars of one-value bins, else placed by
    // value along the axis (a bin edge need not be round: bins of 2 from 37 have no edge at 40).
    let discrete = width == 1.0 && lo.fract() == 0.0;
    let tick = |s: &mut String, x: f64, v: f64| {
        let _ = write!(
            s,
            r##"<line x1="{x}" y1="{axis}" x2="{x}" y2="{}" stroke="#333"/><text class="xtick" x="{x}" y="{}" text-anchor="middle">{}</text>"##,
            axis + 4.0,
            axis + 15.0,
            number(locale, v)
        );
    };
    if discrete {
        let step = nice_step(slots as f64, 8.0, 1.0).round().max(1.0);
        for i in 0..slots {
            let v = lo + i as f64;
            if (v / step - (v / step).round()).abs() <= 1e-9 {
                tick(&mut s, left + sw * (i as f64 + 0.5), v);
            }
        }
    } else {
        let span = width * slots as f64;
        let step = nice_step(span, 8.0, 1e-9);
        let mut v = (lo / step).ceil() * step;
        while v <= lo + span + 1e-9 * step {
            tick(&mut s, left + (v - lo) / span * plotw, (v / step).round() * step);
            v += step;
        }
    }
    let _ = write!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        left + plotw / 2.0,
        axis + 32.0,
        esc(xlabel)
    );
    s.push_str("</svg>");
    s
}

/// The HTML report for a tournament summary (the `--json` object), every word and number in `locale`,
/// the designer tables' card names by the game's `row_names` in that language.
pub fn html(r: &Value, locale: Locale, row_names: Option<RowNames>) -> String {
    let w = |id: &str| esc(&t(locale, id, args!()));
    let game = r["game"].as_str().unwrap_or("");
    let bots = arr(&r["bots"]);
    let names: Vec<String> = bots.iter().map(|b| b["spec"].as_str().unwrap_or("").to_owned()).collect();
    let count = |v: &Value| v.as_u64().unwrap_or(0);
    let header = args!(
        game = game.to_owned(),
        games = count(&r["games"]),
        players = count(&r["players"]),
        seed = r["seed"].to_string(),
        threads = count(&r["threads"]),
        seconds = fixed(locale, f(&r["seconds"]), 1)
    );
    let mut h = String::new();
    let _ = write!(
        h,
        r#"<!DOCTYPE html><html lang="{code}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{title}</title><style>
body{{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}} table{{border-collapse:collapse;margin:1em 0;display:block;overflow-x:auto;max-width:100%}}
td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}} th{{background:#f4f4f4}} td:first-child,th:first-child{{text-align:left}}
h2{{border-bottom:1px solid #ccc;margin-top:2em}} .small{{color:#666;font-size:90%}} .scroll{{overflow-x:auto;max-width:100%}}</style></head><body>
<h1>{heading}</h1><p>{intro}. {same}</p>"#,
        code = locale.code(),
        title = esc(&t(locale, "html-t-title", args!(game = game.to_owned()))),
        heading = esc(&t(locale, "html-t-heading", args!(game = game.to_owned()))),
        intro = esc(&t(locale, "tournament-header", header)),
        same = same_json(locale, "sylvan tournament --json"),
    );
    // Summary table.
    let _ = write!(
        h,
        "<h2>{}</h2><table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{ci}</th><th>{}</th><th>{ci}</th><th>{}</th></tr>",
        w("html-t-bots"),
        w("html-col-bot"),
        w("html-col-games"),
        w("html-col-wins"),
        w("html-col-rate"),
        w("html-col-rating"),
        w("html-col-score"),
        ci = w("html-col-ci"),
    );
    let pct = |v: &Value| percent(locale, v.as_f64());
    for b in &bots {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}–{}</td><td>{}</td><td>{} – {}</td><td>{}</td></tr>",
            esc(b["spec"].as_str().unwrap_or("")),
            b["games"],
            number(locale, f(&b["wins"])),
            pct(&b["win_rate"]),
            pct(&b["win_rate_ci"][0]),
            pct(&b["win_rate_ci"][1]),
            fixed(locale, f(&b["rating"]), 0),
            fixed(locale, f(&b["rating_ci"][0]), 0),
            fixed(locale, f(&b["rating_ci"][1]), 0),
            fixed(locale, f(&b["mean_score"]), 2)
        );
    }
    h.push_str("</table>");
    let seats = arr(&r["win_rate_by_seat"])
        .iter()
        .enumerate()
        .map(|(s, v)| format!("p{s} {}", pct(v)))
        .collect::<Vec<_>>()
        .join(", ");
    let seats_line = args!(
        rate = pct(&r["first_seat_win_rate"]),
        seats = seats,
        mean = fixed(locale, f(&r["mean_moves"]), 1),
        min = number(locale, f(&r["min_moves"])),
        max = number(locale, f(&r["max_moves"]))
    );
    let _ = write!(h, "<p>{}</p>", esc(&t(locale, "html-t-seats", seats_line)));
    // Win-rate heatmap.
    let _ = write!(h, "<h2>{}</h2><p class=\"small\">{}</p>", w("html-t-matrix"), w("html-t-matrix-note"));
    let whole = |x: f64| fixed(locale, 100.0 * x, 0);
    let cells: Vec<Vec<Option<(f64, String)>>> = arr(&r["matrix"])
        .iter()
        .map(|row| {
            arr(row)
                .iter()
                .map(|c| {
                    (!c.is_null()).then(|| {
                        let rate = locale.lang().number_text(format!("{}%", whole(f(&c["rate"]))));
                        (f(&c["rate"]), format!("{rate} [{}–{}]", whole(f(&c["ci"][0])), whole(f(&c["ci"][1]))))
                    })
                })
                .collect()
        })
        .collect();
    h.push_str(&scroll_box(&heatmap(&names, &names, &cells)));
    // Ratings.
    let _ = write!(h, "<h2>{}</h2><p class=\"small\">{}</p>", w("html-t-ratings"), w("html-t-rating-model"));
    let values: Vec<(f64, f64, f64)> =
        bots.iter().map(|b| (f(&b["rating"]), f(&b["rating_ci"][0]), f(&b["rating_ci"][1]))).collect();
    h.push_str(&scroll_box(&error_bars(&names, &values, locale)));
    // Scores and lengths.
    let _ = write!(h, "<h2>{}</h2>", w("html-t-scores"));
    let score_axis = t(locale, "html-t-score-axis", args!());
    for b in &bots {
        let _ = write!(h, "<h3>{}</h3>", esc(b["spec"].as_str().unwrap_or("")));
        h.push_str(&scroll_box(&histogram(&b["score_histogram"], &score_axis, "#2ca02c", locale)));
    }
    let _ = write!(h, "<h2>{}</h2>", w("html-t-length"));
    let length_axis = t(locale, "html-t-length-axis", args!());
    h.push_str(&scroll_box(&histogram(&r["length_histogram"], &length_axis, "#ff7f0e", locale)));
    // Search.
    if bots.iter().any(|b| !b["search"].is_null()) {
        let _ = write!(h, "<h2>{}</h2><table><tr>", w("html-t-search"));
        for id in [
            "html-col-bot",
            "html-col-iterations",
            "html-col-determinizations",
            "html-col-iterations-decision",
            "html-col-nodes-decision",
            "html-col-ms-decision",
        ] {
            let _ = write!(h, "<th>{}</th>", w(id));
        }
        h.push_str("</tr>");
        for b in bots.iter().filter(|b| !b["search"].is_null()) {
            let s = &b["search"];
            let _ = write!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(b["spec"].as_str().unwrap_or("")),
                fixed(locale, f(&s["iterations_per_sec"]), 0),
                fixed(locale, f(&s["determinizations_per_sec"]), 0),
                fixed(locale, f(&s["iterations_per_decision"]), 0),
                fixed(locale, f(&s["tree_nodes_per_decision"]), 0),
                fixed(locale, f(&s["ms_per_decision"]), 1)
            );
        }
        h.push_str("</table>");
    }
    // Designer's view: tables, rows and columns are statistics' names (`stat-…` messages; card names
    // stay as recorded).
    let designer = &r["designer"];
    if let Some(tables) = designer["tables"].as_object() {
        let _ = write!(
            h,
            "<h2>{}</h2><p>{}</p>",
            esc(&t(locale, "html-t-designer", args!(game = game.to_owned()))),
            esc(&t(locale, "html-t-designer-games", args!(games = count(&designer["games"]))))
        );
        for (name, table) in tables {
            let cols: Vec<String> =
                arr(&table["columns"]).iter().map(|c| stat_name(locale, c.as_str().unwrap_or(""))).collect();
            let rows = arr(&table["rows"]);
            let _ = write!(h, "<h3>{}</h3>", esc(&stat_name(locale, name)));
            // A table's caption is a `stat-caption-…` message, in the report's language.
            if let Some(caption) = stat_caption(locale, game, name, table["caption"].as_str().unwrap_or("")) {
                let _ = write!(h, "<p class=\"small\">{}</p>", esc(&caption));
            }
            // Each column coloured on its own scale (its largest mean is full green).
            let mut col_max = vec![0.0f64; cols.len()];
            let mut table_rows = Vec::new();
            let mut cells = Vec::new();
            for row in &rows {
                let label = row_name(locale, row_names, row[0].as_str().unwrap_or(""));
                let rc = arr(&row[1]);
                let means: Vec<Option<(f64, u64)>> = (0..cols.len())
                    .map(|c| {
                        rc.get(c).and_then(|cell| {
                            let n = cell["count"].as_u64().unwrap_or(0);
                            (n > 0).then(|| (f(&cell["sum"]) / n as f64, n))
                        })
                    })
                    .collect();
                for (c, m) in means.iter().enumerate() {
                    if let Some((v, _)) = m {
                        col_max[c] = col_max[c].max(*v);
                    }
                }
                table_rows.push(label);
                cells.push(means);
            }
            let shaded: Vec<Vec<Option<(f64, String)>>> = cells
                .iter()
                .map(|row| {
                    row.iter()
                        .enumerate()
                        .map(|(c, m)| {
                            m.map(|(v, n)| {
                                let scale = if col_max[c] > 0.0 { v / col_max[c] } else { 0.0 };
                                (0.5 + scale / 2.0, format!("{} (n={n})", number(locale, v)))
                            })
                        })
                        .collect()
                })
                .collect();
            // Declared rows and columns never observed are left out.
            let keep_col: Vec<bool> = (0..cols.len()).map(|c| cells.iter().any(|r| r[c].is_some())).collect();
            let keep_row: Vec<bool> = cells.iter().map(|r| r.iter().any(Option::is_some)).collect();
            let cols: Vec<String> = cols.iter().zip(&keep_col).filter(|(_, k)| **k).map(|(c, _)| c.clone()).collect();
            let table_rows: Vec<String> =
                table_rows.iter().zip(&keep_row).filter(|(_, k)| **k).map(|(r, _)| r.clone()).collect();
            let shaded: Vec<Vec<Option<(f64, String)>>> = shaded
                .into_iter()
                .zip(&keep_row)
                .filter(|(_, k)| **k)
                .map(|(r, _)| r.into_iter().zip(&keep_col).filter(|(_, k)| **k).map(|(c, _)| c).collect())
                .collect();
            h.push_str(&scroll_box(&heatmap(&table_rows, &cols, &shaded)));
        }
    }
    h.push_str("</body></html>\n");
    h
}

/// "Every number here is in `command` with the same arguments", in `locale`, as HTML.
pub(crate) fn same_json(locale: Locale, command: &str) -> String {
    const MARK: &str = "\u{1}";
    esc(&t(locale, "html-same-json", args!(command = MARK))).replace(MARK, &format!("<code>{}</code>", esc(command)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The text of every `<text class="{class}" ...>` element.
    fn labels(svg: &str, class: &str) -> Vec<String> {
        let tag = format!("<text class=\"{class}\"");
        svg.split(&tag).skip(1).filter_map(|t| Some(t.split_once('>')?.1.split_once('<')?.0.to_owned())).collect()
    }

    /// An attribute of every element whose opening tag starts with `start`.
    fn attr(svg: &str, start: &str, name: &str) -> Vec<f64> {
        let key = format!(" {name}=\"");
        svg.split(start)
            .skip(1)
            .filter_map(|t| t.split_once('>').map(|(tag, _)| tag.to_owned()))
            .filter_map(|tag| tag.split_once(&key)?.1.split_once('"')?.0.parse().ok())
            .collect()
    }

    fn whole_numbers(ticks: &[String]) -> Vec<i64> {
        ticks.iter().map(|t| t.parse::<i64>().unwrap_or_else(|_| panic!("tick `{t}` is not a whole number"))).collect()
    }

    fn increasing(v: &[i64]) -> bool {
        v.windows(2).all(|w| w[0] < w[1])
    }

    #[test]
    fn whole_number_scores_have_whole_ticks_y_ticks_and_gaps_between_bars() {
        // Scores 40..=62, one bin per value.
        let counts: Vec<u64> = (0..23).map(|i| (i * 7 % 11) as u64).collect();
        let svg = histogram(&json!({"lo": 40, "width": 1, "counts": counts}), "final score", "#2ca02c", Locale::En);
        let x = whole_numbers(&labels(&svg, "xtick"));
        assert!(x.len() >= 3 && increasing(&x), "{x:?}");
        assert!(x.iter().all(|v| (40..=62).contains(v)), "ticks name values of the bins: {x:?}");
        assert!(x.windows(2).all(|w| w[1] - w[0] == x[1] - x[0]), "evenly spaced: {x:?}");
        let y = whole_numbers(&labels(&svg, "ytick"));
        assert_eq!(y.first(), Some(&0));
        assert!(y.len() >= 3 && increasing(&y) && *y.last().unwrap_or(&0) >= 10, "{y:?}");
        let (xs, ws) = (attr(&svg, "<rect class=\"bar\"", "x"), attr(&svg, "<rect class=\"bar\"", "width"));
        assert_eq!(xs.len(), 23);
        for i in 1..xs.len() {
            assert!(xs[i] - (xs[i - 1] + ws[i - 1]) >= 2.0, "a gap between bars {} and {i}", i - 1);
        }
    }

    #[test]
    fn wide_bins_are_labelled_by_round_edges() {
        // Game lengths 100..160 in bins of 2.
        let svg = histogram(
            &json!({"lo": 100, "width": 2, "counts": vec![3; 30]}),
            "actions per game",
            "#ff7f0e",
            Locale::En,
        );
        let x = whole_numbers(&labels(&svg, "xtick"));
        assert!(x.len() >= 3 && increasing(&x) && x.iter().all(|v| v % 10 == 0), "{x:?}");
    }

    #[test]
    fn bins_whose_edges_are_not_round_still_get_ticks() {
        // Issue 37: scores from 37 in bins of 2 have no round edge; the axis still needs ticks.
        for (lo, width, bins) in [(37.0, 2.0, 20), (3.0, 3.0, 7), (0.5, 0.5, 9), (41.0, 1.0, 2)] {
            let svg = histogram(
                &json!({"lo": lo, "width": width, "counts": vec![2; bins]}),
                "final score",
                "#2ca02c",
                Locale::En,
            );
            let x: Vec<f64> = labels(&svg, "xtick").iter().filter_map(|t| t.parse().ok()).collect();
            assert!(!x.is_empty(), "no x ticks for lo {lo}, width {width}");
            let hi = lo + width * bins as f64;
            assert!(x.iter().all(|v| (lo..=hi).contains(v)), "ticks inside the axis: {x:?}");
        }
    }

    #[test]
    fn one_bar_does_not_fill_a_zero_one_axis() {
        // Every game scored 1 (a win/loss score): one bin.
        let svg = histogram(&json!({"lo": 1, "width": 1, "counts": [8]}), "final score", "#2ca02c", Locale::En);
        let ws = attr(&svg, "<rect class=\"bar\"", "width");
        assert_eq!(ws.len(), 1);
        assert!(ws[0] <= MAX_BAR, "bar {} px wide on a 420 px axis", ws[0]);
        assert_eq!(whole_numbers(&labels(&svg, "xtick")), [1], "no impossible scores on the axis");
        assert_eq!(whole_numbers(&labels(&svg, "ytick")).last(), Some(&8));
        // Wins and losses: two bars labelled 0 and 1, neither filling its half of the axis.
        let svg = histogram(&json!({"lo": 0, "width": 1, "counts": [3, 37]}), "final score", "#2ca02c", Locale::En);
        assert_eq!(whole_numbers(&labels(&svg, "xtick")), [0, 1]);
        assert!(attr(&svg, "<rect class=\"bar\"", "width").iter().all(|&w| w <= MAX_BAR));
    }

    #[test]
    fn rating_ticks_are_round() {
        let svg = error_bars(&["a".into(), "b".into()], &[(-37.0, -120.0, 31.0), (37.0, -31.0, 133.0)], Locale::En);
        let x = whole_numbers(&labels(&svg, "xtick"));
        assert!(x.contains(&0) && increasing(&x) && x.iter().all(|v| v % 50 == 0), "{x:?}");
    }

    #[test]
    fn designer_columns_keep_their_order_and_unobserved_ones_are_left_out() {
        let mut tally = sylvan_engine::analytics::DesignerTally::new();
        tally.games = 1;
        tally.declare("survival", &["after round 1", "after round 2", "after round 3", "at the end"], &["A", "B"]);
        tally.add("survival", "B", "at the end", 1.0);
        tally.add("survival", "B", "after round 1", 1.0);
        let report = json!({"game": "x", "bots": [], "designer": tally});
        let html = html(&report, Locale::En, None);
        let first = html.find(">after round 1<").unwrap_or(usize::MAX);
        let end = html.find(">at the end<").unwrap_or(0);
        assert!(first < end, "round 1 before the end");
        assert!(!html.contains(">after round 2<"), "a column never observed is left out");
        assert!(!html.contains(">A<"), "a row never observed is left out");
    }
}
