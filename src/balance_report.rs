//! The self-contained HTML report of `sylvan balance --report`: the summary in words first, then the game
//! facts, the bot ladder, a plot of the largest differences and every card metric in one sortable,
//! filterable table. It is rendered from the `--json` object, so both always agree. The page fits a
//! 1280 px screen: tables wrap their text, keep their header in view and scroll inside their own box.

use std::fmt::Write;

use serde_json::Value;

use sylvan_engine::Locale;
use sylvan_registry::runs::balance::{
    FDR, MIN_GAMES, REPLICATES, RowNames, metric_name, metric_text, stat_caption, stat_name,
};
use sylvan_words::args;

use crate::report::{arr, esc, f, interval_plot, same_json, scroll_box};
use crate::words::{number, percent, t};

const STYLE: &str = r#"
body{font-family:sans-serif;max-width:1100px;margin:1.5em auto;padding:0 1em;color:#222;line-height:1.35}
h2{border-bottom:1px solid #ccc;margin-top:1.8em} .small{color:#666;font-size:90%}
.summary{background:#f6f9f4;border:1px solid #cfe0c3;padding:.6em 1.2em;font-size:105%}
.summary li{margin:.3em 0}
.scroll{overflow:auto;max-width:100%;max-height:75vh;border:1px solid #ddd}
.scroll svg{display:block}
table{border-collapse:collapse;width:100%;font-size:90%}
td,th{border:1px solid #ddd;padding:3px 6px;text-align:right;vertical-align:top;overflow-wrap:anywhere}
th{background:#f1f1f1;position:sticky;top:0;z-index:1;cursor:pointer;font-weight:600}
td.t,th.t{text-align:left} td:not(.t),th:not(.t){white-space:nowrap} td.t{min-width:7em}
tr.flag td{background:#fff4d6} .up{color:#1a7a1a} .down{color:#b02020}
.controls{display:flex;flex-wrap:wrap;gap:.6em 1.2em;align-items:center;margin:.6em 0}
.controls input[type=search]{width:18em}
"#;

const SCRIPT: &str = r#"
(function(){
  var table=document.getElementById('cards'); if(!table) return;
  var body=table.tBodies[0], rows=Array.prototype.slice.call(body.rows);
  var text=document.getElementById('filter'), which=document.getElementById('which'), only=document.getElementById('only');
  var count=document.getElementById('count');
  function apply(){
    var q=text.value.toLowerCase(), t=which.value, shown=0;
    rows.forEach(function(r){
      var ok=(!q||r.textContent.toLowerCase().indexOf(q)>=0)&&(!t||r.dataset.table===t)&&(!only.checked||r.classList.contains('flag'));
      r.style.display=ok?'':'none'; if(ok) shown++;
    });
    count.textContent=count.dataset.template.replace('%SHOWN%',shown).replace('%ROWS%',rows.length);
  }
  [text,which,only].forEach(function(e){e.addEventListener('input',apply);e.addEventListener('change',apply);});
  var dir={};
  Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,i){
    th.addEventListener('click',function(){
      dir[i]=!dir[i];
      var num=th.dataset.num==='1';
      rows.sort(function(a,b){
        var x=a.cells[i].dataset.v, y=b.cells[i].dataset.v;
        var c=num?(parseFloat(x)-parseFloat(y))||0:String(x).localeCompare(String(y),document.documentElement.lang);
        return dir[i]?c:-c;
      });
      rows.forEach(function(r){body.appendChild(r);});
    });
  });
  apply();
})();
"#;

/// A value as the metric's unit writes it, in `locale`: `41.2%` for a share, `12.35` otherwise; `—` when
/// absent.
fn value(m: &Value, v: &Value, locale: Locale) -> String {
    match v.as_f64() {
        None => "—".to_owned(),
        Some(x) if m["share"].as_bool().unwrap_or(false) => percent(locale, Some(x)),
        Some(x) => number(locale, (x * 100.0).round() / 100.0),
    }
}

/// A signed difference in `locale`: `+3.1 pt` for a share, `+1.25` otherwise.
fn signed(m: &Value, v: &Value, locale: Locale) -> String {
    match v.as_f64() {
        None => "—".to_owned(),
        Some(x) if m["share"].as_bool().unwrap_or(false) => {
            t(locale, "html-points", args!(value = locale.lang().number_text(format!("{:+.1}", 100.0 * x))))
        }
        Some(x) => locale.lang().number_text(format!("{x:+.2}")),
    }
}

/// How a value of a metric is written: [`value`] or [`signed`].
type Format = fn(&Value, &Value, Locale) -> String;

fn interval(m: &Value, ci: &Value, fmt: Format, locale: Locale) -> String {
    match ci.as_array() {
        Some(v) if v.len() == 2 => format!("{} – {}", fmt(m, &v[0], locale), fmt(m, &v[1], locale)),
        _ => "—".to_owned(),
    }
}

/// One arm's cell text: value and interval.
fn arm(m: &Value, a: &Value, locale: Locale) -> String {
    format!(
        "{} <span class=\"small\">[{}]</span>",
        esc(&value(m, &a["value"], locale)),
        esc(&interval(m, &a["ci"], value, locale))
    )
}

fn diff_class(m: &Value) -> &'static str {
    match m["diff"].as_f64() {
        Some(d) if m["flagged"].as_bool().unwrap_or(false) && d > 0.0 => "up",
        Some(d) if m["flagged"].as_bool().unwrap_or(false) && d < 0.0 => "down",
        _ => "",
    }
}

/// A label column of a metric table: its header's message and how a metric writes it in a locale.
type Label<'a> = (&'a str, &'a dyn Fn(&Value, Locale) -> String);

/// A statistic's name (`row` or `column` of a metric) in `locale`, a card's by the game's `names`.
fn name(m: &Value, key: &str, locale: Locale, names: Option<RowNames>) -> String {
    metric_name(locale, names, m[key].as_str().unwrap_or(""))
}

/// A metric's name as the summary writes it (`row: column`, a game fact's column alone) in `locale`.
fn what(m: &Value, locale: Locale, names: Option<RowNames>) -> String {
    let key = |k: &str| m[k].as_str().unwrap_or("").to_owned();
    metric_text(locale, names, &key("table"), &key("row"), &key("column"))
}

/// A table of metrics with their label columns `labels`, every word in `locale`.
fn metric_table(h: &mut String, id: Option<&str>, metrics: &[Value], labels: &[Label<'_>], locale: Locale) {
    let w = |id: &str, args| esc(&t(locale, id, args));
    let id_attr = id.map(|i| format!(" id=\"{i}\"")).unwrap_or_default();
    let _ = write!(h, "<table{id_attr}><thead><tr>");
    for (header, _) in labels {
        let _ = write!(h, "<th class=\"t\">{}</th>", w(header, args!()));
    }
    // The arms' columns with their interval sort as text; the others by number.
    let columns = [
        (w("html-col-arm", args!(arm = "A")), 0),
        (w("html-col-n", args!(arm = "A")), 1),
        (w("html-col-arm", args!(arm = "B")), 0),
        (w("html-col-n", args!(arm = "B")), 1),
        (w("html-col-diff", args!()), 1),
        (w("html-col-diff-ci", args!()), 1),
        ("z".to_owned(), 1),
        (w("html-col-changed", args!()), 1),
    ];
    for (header, num) in columns {
        let _ = write!(h, "<th data-num=\"{num}\">{header}</th>");
    }
    h.push_str("</tr></thead><tbody>");
    let yes = w("html-yes", args!());
    for m in metrics {
        let flagged = m["flagged"].as_bool().unwrap_or(false);
        let _ = write!(
            h,
            "<tr data-table=\"{}\"{}>",
            esc(m["table"].as_str().unwrap_or("")),
            if flagged { " class=\"flag\"" } else { "" }
        );
        for (_, label) in labels {
            let text = label(m, locale);
            let _ = write!(h, "<td class=\"t\" data-v=\"{0}\">{0}</td>", esc(&text));
        }
        let num = |v: &Value| v.as_f64().map_or("0".to_owned(), |x| format!("{x}"));
        let _ = write!(
            h,
            "<td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td>",
            num(&m["a"]["value"]),
            arm(m, &m["a"], locale),
            m["a"]["n"],
            m["a"]["n"],
            num(&m["b"]["value"]),
            arm(m, &m["b"], locale),
            m["b"]["n"],
            m["b"]["n"],
        );
        let z = f(&m["z"]);
        let _ = write!(
            h,
            "<td data-v=\"{}\" class=\"{}\">{}</td><td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td></tr>",
            num(&m["diff"]),
            diff_class(m),
            esc(&signed(m, &m["diff"], locale)),
            num(&m["diff"]),
            esc(&interval(m, &m["diff_ci"], signed, locale)),
            z.abs(),
            if z.abs() >= 1e8 { "∞".to_owned() } else { locale.lang().number_text(format!("{z:+.1}")) },
            u8::from(flagged),
            if flagged { yes.as_str() } else { "" },
        );
    }
    h.push_str("</tbody></table>");
}

/// The HTML report for a balance summary (the `--json` object), every word and number in `locale`:
/// `arms` are the arms' options and `summary` the lab's summary, both already in `locale`.
pub fn html(r: &Value, arms: &[String; 2], summary: &[String], locale: Locale, names: Option<RowNames>) -> String {
    let w = |id: &str| esc(&t(locale, id, args!()));
    let game = r["game"].as_str().unwrap_or("");
    let count = |v: &Value| v.as_u64().unwrap_or(0);
    let header = args!(
        game = game.to_owned(),
        games = count(&r["games"]),
        stopped = if r["stopped"].as_str() == Some("interval") { "interval" } else { "cap" },
        players = count(&r["players"]),
        bots = arr(&r["bot_specs"]).iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "),
        seed = r["seed"].to_string()
    );
    let mut h = String::new();
    let _ = write!(
        h,
        r#"<!DOCTYPE html><html lang="{code}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{title}</title><style>{STYLE}</style></head><body>
<h1>{heading}</h1>
<p><b>A</b>: {a}<br><b>B</b>: {b}<br>{header}. {same}</p>"#,
        code = locale.code(),
        title = esc(&t(locale, "html-b-title", args!(game = game.to_owned()))),
        heading = esc(&t(locale, "html-b-heading", args!(game = game.to_owned()))),
        a = esc(&arms[0]),
        b = esc(&arms[1]),
        header = esc(&t(locale, "balance-header", header)),
        same = same_json(locale, "sylvan balance --json"),
    );
    h.push_str("<ol class=\"summary\">");
    for line in summary {
        let _ = write!(h, "<li>{}</li>", esc(line));
    }
    h.push_str("</ol>");
    let method = args!(
        replicates = REPLICATES as u64,
        fdr = locale.lang().number_text(format!("{}%", crate::games::num(100.0 * FDR))),
        tested = count(&r["tested"]),
        min = MIN_GAMES
    );
    let _ = write!(h, "<p class=\"small\">{}</p>", esc(&t(locale, "html-b-method", method)));

    let _ = write!(h, "<h2>{}</h2><p class=\"small\">{}</p>", w("html-b-facts"), w("html-b-facts-note"));
    let facts = arr(&r["facts"]);
    let mut table = String::new();
    metric_table(&mut table, None, &facts, &[("html-col-fact", &|m, locale| what(m, locale, names))], locale);
    h.push_str(&scroll_box(&table));

    let _ = write!(h, "<h2>{}</h2><p class=\"small\">{}</p>", w("html-b-ladder"), w("html-b-ladder-note"));
    let mut bots = arr(&r["bots"]);
    bots.sort_by(|x, y| {
        let key = |m: &Value| (m["column"].as_str() != Some("win rate"), -f(&m["a"]["value"]));
        key(x).partial_cmp(&key(y)).unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut table = String::new();
    metric_table(
        &mut table,
        None,
        &bots,
        &[
            ("html-col-bot", &|m, _| m["row"].as_str().unwrap_or("").to_owned()),
            ("html-col-metric", &|m, locale| name(m, "column", locale, names)),
        ],
        locale,
    );
    h.push_str(&scroll_box(&table));

    let cards = arr(&r["cards"]);
    // The plot: the rate metrics with the largest |z|, as differences in points.
    let mut rates: Vec<&Value> = facts
        .iter()
        .chain(&cards)
        .filter(|m| m["share"].as_bool().unwrap_or(false) && m["diff_ci"].is_array())
        .collect();
    rates.sort_by(|x, y| f(&y["z"]).abs().total_cmp(&f(&x["z"]).abs()));
    rates.truncate(20);
    if !rates.is_empty() {
        let _ = write!(h, "<h2>{}</h2><p class=\"small\">{}</p>", w("html-b-largest"), w("html-b-largest-note"));
        let labels: Vec<String> = rates
            .iter()
            .map(|m| {
                let text = what(m, locale, names);
                if text.chars().count() > 34 {
                    format!("{}…", text.chars().take(33).collect::<String>())
                } else {
                    text
                }
            })
            .collect();
        let values: Vec<(f64, f64, f64)> = rates
            .iter()
            .map(|m| (100.0 * f(&m["diff"]), 100.0 * f(&m["diff_ci"][0]), 100.0 * f(&m["diff_ci"][1])))
            .collect();
        let axis = t(locale, "html-b-largest-axis", args!());
        h.push_str(&scroll_box(&interval_plot(&labels, &values, &axis, 1.0, locale)));
    }

    if cards.is_empty() {
        let _ = write!(h, "<h2>{}</h2><p>{}</p>", w("html-b-cards"), w("html-b-no-cards"));
    } else {
        let mut tables: Vec<&str> = cards.iter().filter_map(|m| m["table"].as_str()).collect();
        tables.sort_unstable();
        tables.dedup();
        const MARK: &str = "\u{1}";
        let note = esc(&t(locale, "html-b-cards-note", args!(level = MARK))).replace(MARK, "<code>L2</code>");
        let template = t(locale, "html-b-count", args!(shown = "%SHOWN%", rows = "%ROWS%"));
        let _ = write!(
            h,
            "<h2>{}</h2><p class=\"small\">{note}</p><div class=\"controls\"><input type=\"search\" id=\"filter\" placeholder=\"{}\"><select id=\"which\"><option value=\"\">{}</option>{}</select><label><input type=\"checkbox\" id=\"only\"> {}</label><span id=\"count\" class=\"small\" data-template=\"{}\"></span></div>",
            w("html-b-cards"),
            w("html-b-filter"),
            w("html-b-every-table"),
            tables
                .iter()
                .map(|t| format!("<option value=\"{}\">{}</option>", esc(t), esc(&stat_name(locale, t))))
                .collect::<String>(),
            w("html-b-changed-only"),
            esc(&template),
        );
        // What each table shows: its caption (a `stat-caption-…` message) in the report's language.
        let captions: String = tables
            .iter()
            .filter_map(|t| {
                stat_caption(locale, game, t, "")
                    .map(|c| format!("<dt>{}</dt><dd>{}</dd>", esc(&stat_name(locale, t)), esc(&c)))
            })
            .collect();
        if !captions.is_empty() {
            let _ = write!(
                h,
                "<details class=\"small\"><summary>{}</summary><dl>{captions}</dl></details>",
                w("html-b-tables")
            );
        }
        let mut table = String::new();
        metric_table(
            &mut table,
            Some("cards"),
            &cards,
            &[
                ("html-col-table", &|m, locale| name(m, "table", locale, names)),
                ("html-col-card", &|m, locale| name(m, "row", locale, names)),
                ("html-col-metric", &|m, locale| name(m, "column", locale, names)),
            ],
            locale,
        );
        h.push_str(&scroll_box(&table));
    }
    let _ = writeln!(h, "<script>{SCRIPT}</script></body></html>");
    h
}
