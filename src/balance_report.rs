//! The self-contained HTML report of `sylvan balance --report`: the summary in words first, then the game
//! facts, the bot ladder, a plot of the largest differences and every card metric in one sortable,
//! filterable table. It is rendered from the `--json` object, so both always agree. The page fits a
//! 1280 px screen: tables wrap their text, keep their header in view and scroll inside their own box.

use std::fmt::Write;

use serde_json::Value;

use crate::report::{arr, esc, f, interval_plot, scroll_box};

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
    count.textContent=shown+' of '+rows.length+' rows';
  }
  [text,which,only].forEach(function(e){e.addEventListener('input',apply);e.addEventListener('change',apply);});
  var dir={};
  Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,i){
    th.addEventListener('click',function(){
      dir[i]=!dir[i];
      var num=th.dataset.num==='1';
      rows.sort(function(a,b){
        var x=a.cells[i].dataset.v, y=b.cells[i].dataset.v;
        var c=num?(parseFloat(x)-parseFloat(y))||0:String(x).localeCompare(String(y));
        return dir[i]?c:-c;
      });
      rows.forEach(function(r){body.appendChild(r);});
    });
  });
  apply();
})();
"#;

/// A value as the metric's unit writes it: `41.2%` for a share, `12.35` otherwise; `—` when absent.
fn value(m: &Value, v: &Value) -> String {
    match v.as_f64() {
        None => "—".to_owned(),
        Some(x) if m["share"].as_bool().unwrap_or(false) => format!("{:.1}%", 100.0 * x),
        Some(x) => crate::games::num((x * 100.0).round() / 100.0),
    }
}

/// A signed difference: `+3.1 pt` for a share, `+1.25` otherwise.
fn signed(m: &Value, v: &Value) -> String {
    match v.as_f64() {
        None => "—".to_owned(),
        Some(x) if m["share"].as_bool().unwrap_or(false) => format!("{:+.1} pt", 100.0 * x),
        Some(x) => format!("{x:+.2}"),
    }
}

fn interval(m: &Value, ci: &Value, fmt: fn(&Value, &Value) -> String) -> String {
    match ci.as_array() {
        Some(v) if v.len() == 2 => format!("{} – {}", fmt(m, &v[0]), fmt(m, &v[1])),
        _ => "—".to_owned(),
    }
}

/// One arm's cell text: value and interval.
fn arm(m: &Value, a: &Value) -> String {
    format!("{} <span class=\"small\">[{}]</span>", value(m, &a["value"]), interval(m, &a["ci"], value))
}

fn diff_class(m: &Value) -> &'static str {
    match m["diff"].as_f64() {
        Some(d) if m["flagged"].as_bool().unwrap_or(false) && d > 0.0 => "up",
        Some(d) if m["flagged"].as_bool().unwrap_or(false) && d < 0.0 => "down",
        _ => "",
    }
}

/// A table of metrics with their label columns `labels` (each a function of the metric).
/// A label column of a metric table: its header and how a metric writes it.
type Label<'a> = (&'a str, fn(&Value) -> String);

fn metric_table(h: &mut String, id: Option<&str>, metrics: &[Value], labels: &[Label<'_>]) {
    let id_attr = id.map(|i| format!(" id=\"{i}\"")).unwrap_or_default();
    let _ = write!(h, "<table{id_attr}><thead><tr>");
    for (name, _) in labels {
        let _ = write!(h, "<th class=\"t\">{}</th>", esc(name));
    }
    for name in ["A [95% CI]", "n A", "B [95% CI]", "n B", "B − A", "95% CI of B − A", "z", "changed"] {
        let _ = write!(h, "<th data-num=\"{}\">{name}</th>", u8::from(!name.contains("CI]")));
    }
    h.push_str("</tr></thead><tbody>");
    for m in metrics {
        let flagged = m["flagged"].as_bool().unwrap_or(false);
        let _ = write!(
            h,
            "<tr data-table=\"{}\"{}>",
            esc(m["table"].as_str().unwrap_or("")),
            if flagged { " class=\"flag\"" } else { "" }
        );
        for (_, label) in labels {
            let t = label(m);
            let _ = write!(h, "<td class=\"t\" data-v=\"{0}\">{0}</td>", esc(&t));
        }
        let num = |v: &Value| v.as_f64().map_or("0".to_owned(), |x| format!("{x}"));
        let _ = write!(
            h,
            "<td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td>",
            num(&m["a"]["value"]),
            arm(m, &m["a"]),
            m["a"]["n"],
            m["a"]["n"],
            num(&m["b"]["value"]),
            arm(m, &m["b"]),
            m["b"]["n"],
            m["b"]["n"],
        );
        let z = f(&m["z"]);
        let _ = write!(
            h,
            "<td data-v=\"{}\" class=\"{}\">{}</td><td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td><td data-v=\"{}\">{}</td></tr>",
            num(&m["diff"]),
            diff_class(m),
            signed(m, &m["diff"]),
            num(&m["diff"]),
            interval(m, &m["diff_ci"], signed),
            z.abs(),
            if z.abs() >= 1e8 { "∞".to_owned() } else { format!("{z:+.1}") },
            u8::from(flagged),
            if flagged { "yes" } else { "" },
        );
    }
    h.push_str("</tbody></table>");
}

/// The HTML report for a balance summary (the `--json` object).
pub fn html(r: &Value) -> String {
    let game = r["game"].as_str().unwrap_or("");
    let mut h = String::new();
    let _ = write!(
        h,
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Sylvan balance lab: {g}</title><style>{STYLE}</style></head><body>
<h1>Balance lab: {g}</h1>
<p><b>A</b>: {a}<br><b>B</b>: {b}<br>{games} paired games (stopped by {stopped}), {players} players, bots {bots}, seed {seed}. Every number here is in <code>sylvan balance --json</code> with the same arguments.</p>"#,
        g = esc(game),
        a = esc(r["a"]["label"].as_str().unwrap_or("")),
        b = esc(r["b"]["label"].as_str().unwrap_or("")),
        games = r["games"],
        stopped = esc(r["stopped"].as_str().unwrap_or("")),
        players = r["players"],
        bots = esc(&arr(&r["bot_specs"]).iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", ")),
        seed = r["seed"],
    );
    h.push_str("<ol class=\"summary\">");
    for line in arr(&r["summary"]) {
        let _ = write!(h, "<li>{}</li>", esc(line.as_str().unwrap_or("")));
    }
    h.push_str("</ol>");
    let method = &r["method"];
    let _ = write!(
        h,
        "<p class=\"small\">Pairing: {}. Intervals: {}; {}. Changed: {}.</p>",
        esc(method["pairing"].as_str().unwrap_or("")),
        esc(method["difference_interval"].as_str().unwrap_or("")),
        esc(method["arm_interval"].as_str().unwrap_or("")),
        esc(method["flag"].as_str().unwrap_or("")),
    );

    h.push_str("<h2>Game facts</h2><p class=\"small\">First-seat advantage, length, scores, draws, and which end condition ended the games (the share of games each ended).</p>");
    let facts = arr(&r["facts"]);
    let mut table = String::new();
    metric_table(
        &mut table,
        None,
        &facts,
        &[("fact", |m| {
            let row = m["row"].as_str().unwrap_or("");
            let column = m["column"].as_str().unwrap_or("");
            if row == sylvan_registry::runs::balance::GAME_ROW { column.to_owned() } else { format!("{row}: {column}") }
        })],
    );
    h.push_str(&scroll_box(&table));

    h.push_str("<h2>Bot ladder</h2><p class=\"small\">Each bot's win rate (its return; a shared win counts 1/k), mean score and Bradley–Terry rating (Elo scale, mean 0, fitted to the pairwise results as in a tournament; intervals from the bootstrap replicates' fits) under A and B, best under A first.</p>");
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
            ("bot", |m| m["row"].as_str().unwrap_or("").to_owned()),
            ("metric", |m| m["column"].as_str().unwrap_or("").to_owned()),
        ],
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
        h.push_str("<h2>Largest differences of rates</h2><p class=\"small\">B − A in percentage points with its 95% interval, for the rate metrics furthest from zero relative to their noise (largest |z| first).</p>");
        let labels: Vec<String> = rates
            .iter()
            .map(|m| {
                let row = m["row"].as_str().unwrap_or("");
                let column = m["column"].as_str().unwrap_or("");
                let text = format!("{row}: {column}");
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
        h.push_str(&scroll_box(&interval_plot(&labels, &values, "B − A (percentage points)", 1.0)));
    }

    if cards.is_empty() {
        h.push_str("<h2>Card metrics</h2><p>This game reports no per-card statistics: only the game facts and the ladder above compare A and B.</p>");
    } else {
        let mut tables: Vec<&str> = cards.iter().filter_map(|m| m["table"].as_str()).collect();
        tables.dedup();
        tables.sort_unstable();
        tables.dedup();
        let _ = write!(
            h,
            "<h2>Card metrics</h2><p class=\"small\">Every card, leader, amulet or creature metric the game reports, under A and B. Click a header to sort; type to filter (a level: <code>L2</code>, a title, a metric).</p><div class=\"controls\"><input type=\"search\" id=\"filter\" placeholder=\"filter: L1, a title, win rate…\"><select id=\"which\"><option value=\"\">every table</option>{}</select><label><input type=\"checkbox\" id=\"only\"> changed only</label><span id=\"count\" class=\"small\"></span></div>",
            tables.iter().map(|t| format!("<option>{}</option>", esc(t))).collect::<String>()
        );
        let mut table = String::new();
        metric_table(
            &mut table,
            Some("cards"),
            &cards,
            &[
                ("table", |m| m["table"].as_str().unwrap_or("").to_owned()),
                ("card", |m| m["row"].as_str().unwrap_or("").to_owned()),
                ("metric", |m| m["column"].as_str().unwrap_or("").to_owned()),
            ],
        );
        h.push_str(&scroll_box(&table));
    }
    let _ = writeln!(h, "<script>{SCRIPT}</script></body></html>");
    h
}
