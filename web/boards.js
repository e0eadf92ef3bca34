import { icon } from './icons.js';
import { has } from './i18n.js';

// One board per game, drawn from a seat's view (JSON) and the game's card catalog. An element that a
// legal action acts on carries `data-tok`: the words of the action's notation it stands for (e.g.
// `gru7`, `r2 gru`, `buy 1.2`); app.js makes exactly those clickable.

/** HTML-escapes a value. */
export function esc(s) {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

const seatColor = (s) => `seat${Number(s) % 5}`;

/** The colour of each seat (as in style.css's `.seatN`), for charts. */
export const seatColors = ['#1d4ed8', '#b91c1c', '#15803d', '#7e22ce', '#c2410c'];

/** The members of a bit set serialized as one number or an array of 64-bit words (BigInt-safe). */
export function bits(set) {
  const words = Array.isArray(set) ? set : [set];
  const out = [];
  words.forEach((w, i) => {
    let b = BigInt(w ?? 0);
    for (let k = 0; b > 0n; k++, b >>= 1n) if (b & 1n) out.push(i * 64 + k);
  });
  return out;
}

/** A card face: name, cost, a line of stats, its text (also shown on hover). */
function face({ tok, name, cost, stats, text, cls = '', small = '', key = '', not = '', more = '', nameHtml = '' }) {
  return `<div class="card ${cls}" ${tok ? `data-tok="${esc(tok)}"` : ''} ${not ? `data-not="${esc(not)}"` : ''} ${key || tok ? `data-key="${esc(key || tok)}"` : ''} data-name="${esc(name)}" ${more ? `data-more="${esc(more)}"` : ''} title="${esc([name, text].filter(Boolean).join(' — '))}">
    <div class="cname"><span>${nameHtml || esc(name)}</span>${cost != null && cost !== '' ? `<span class="cost">${esc(cost)}</span>` : ''}</div>
    ${stats ? `<div class="stats">${stats}</div>` : ''}
    ${text ? `<div class="ctext">${esc(text)}</div>` : ''}${small ? `<div class="small">${small}</div>` : ''}</div>`;
}

/** A phase (a string, or `{Name: details}`) by its name. */
function phaseName(p) {
  return p && typeof p === 'object' ? Object.keys(p)[0] : p;
}

function players(n, f) {
  let out = '';
  for (let s = 0; s < n; s++) out += f(s);
  return out;
}

// ---------------------------------------------------------------- Equinox

const ROW_WORTH = [4, 3, 2, 1, 0];

function equinox(v, ctx) {
  const { catalog, t, seat } = ctx;
  // The question in the game's own words: the view text's first line is "Equinox — round — pN to
  // play — <question>".
  ctx.question = (ctx.text || '').split('\n')[0].split(' — ').slice(3).join(' — ');
  const who = ctx.who || ((s) => `p${s}`);
  const cards = catalog.cards || {};
  const creatures = catalog.creatures || {};
  const card = (id) => cards[id] || { notation: `#${id}`, name: '?' };
  const n = v.options?.players || v.hand_counts.filter((x, i) => i < 5).length;
  const row = Math.min(v.round, 5) - 1;
  const revealed = (c) => bits(v.revealed[c]).map((s) => `<span class="stone ${seatColor(s)}" title="${esc(t('secret_stone', { name: who(s) }))}">★${s + 1}</span>`).join('');
  const head = v.champions.map((c, i) => `<th class="champ ${v.eliminated_in[i] ? 'gone' : ''}" data-tok="${esc(c)}"
      data-name="${esc(creatures[c]?.name || '')}" title="${esc(creatures[c]?.text || '')}"><div>${esc(creatures[c]?.name || '')}</div>${revealed(i)}</th>`).join('');
  const rows = v.stacks.map((r, ri) => `<tr class="${ri === row ? 'now' : ''}"><th>${t('row')} ${ri + 1}<br><small>${t('worth', { n: ROW_WORTH[ri] })}</small></th>
    ${r.map((st, ci) => {
      const top = st.len ? card(st.cards[st.len - 1]) : null;
      const stone = v.stones[ri][ci];
      const code = v.champions[ci];
      return `<td class="cell ${v.eliminated_in[ci] && v.eliminated_in[ci] <= ri + 1 ? 'gone' : ''}" data-tok="r${ri + 1} ${esc(code)}">
        ${top ? `<div class="mini" title="${esc(top.name + ' — ' + (top.text || ''))}">${esc(top.name)}${st.len > 1 ? `<sup>+${st.len - 1}</sup>` : ''}</div>` : ''}
        ${stone != null ? `<span class="stone ${seatColor(stone)}" title="${esc(who(stone))}">${icon('stone', who(stone))}${esc(who(stone))}</span>` : ''}</td>`;
    }).join('')}</tr>`).join('');
  const hand = bits(v.hand).map((id) => {
    const c = card(id);
    return face({ tok: c.notation, name: c.name, cost: c.strength != null ? c.strength : '', text: c.text, cls: `eq ${c.kind || ''}` });
  }).join('');
  const seatsRow = players(n, (s) => `<div class="player ${seatColor(s)} ${s === v.current ? 'current' : ''}" data-tok="p${s}">
    <b>${esc(who(s))}</b> · ${t('hand')} ${v.hand_counts[s]} · ${icon('stone')} ${t('stones', { n: v.stones_left[s] })}
    ${bits(v.has_secret).includes(s) ? ` · ★ ${t('secret')}` : ''}</div>`);
  const secret = v.secret != null ? `<div class="secret">${t('secret')}${t('colon')} <b>${esc(card(v.secret).name)}</b></div>` : '';
  const pub = bits(v.discard_public).map((id) => `<span class="chip" title="${esc(card(id).text || '')}">${esc(card(id).name)}</span>`).join(' ');
  return `<div class="eqx">
    <div class="info">${t('round')} ${v.round}/5 · ${esc(phaseWord('equinox', v.phase, t))} · ${t('deck')} ${v.deck_len}</div>
    <div class="players">${seatsRow}</div>
    <div class="scroll"><table class="grid"><thead><tr><th></th>${head}</tr></thead><tbody>${rows}</tbody></table></div>
    ${secret}
    ${Array.isArray(v.phase?.Keep?.drawn) ? `<div class="market offer"><b>${t('sabot_drawn')}</b><div class="hand">${v.phase.Keep.drawn.map((id, k) => {
      const c = card(id);
      return face({ tok: c.notation, key: `drawn${k}`, name: c.name, cost: c.strength != null ? c.strength : '', text: c.text, cls: `eq ${c.kind || ''}` });
    }).join('')}</div></div>` : ''}
    ${bits(v.aside).length ? `<div class="aside"><b>${t('aside')}</b><div class="hand">${bits(v.aside).map((id) => {
      const c = card(id);
      return face({ tok: c.notation, key: `aside${id}`, name: c.name, cost: c.strength != null ? c.strength : '', text: c.text, cls: `eq ${c.kind || ''}` });
    }).join('')}</div></div>` : ''}
    ${pub ? `<div class="muted">${t('discard')}${t('colon')} ${pub}</div>` : ''}
    <h3>${t('hand')}</h3><div class="hand">${hand || `<span class="muted">${t('empty')}</span>`}</div></div>`;
}

// ---------------------------------------------------------------- Mystic Vale

const SLOTS = ['top', 'middle', 'bottom'];
const SPIRITS = ['animal', 'forest', 'sky', 'wild'];
// An empty slot or face is null in the view; a card with a covered eclipse is `{slots, covered}`.
const empty = (id) => id == null;
const slotsOf = (card) => (Array.isArray(card) ? card : card?.slots || []);
const coveredOf = (card) => (Array.isArray(card) ? [] : card?.covered || []);

function mysticVale(v, ctx) {
  const { catalog, t, seat } = ctx;
  const who = ctx.who || ((s) => `p${s}`);
  const leaderSides = (x) => (x.sides || []).map((sd, k) => `${t(k ? 'upgraded_side' : 'starting_side')}${t('colon')} ${sd.text || ''}`).join('\n') || x.text || '';
  const amuletSides = (a) => [a.text, ...(a.sides || []).map((sd) => sd.text || '')].filter(Boolean).join('\n');
  const advs = catalog.advancements || {};
  const vales = catalog.vales || {};
  const leaders = catalog.leaders || {};
  const amulets = catalog.amulets || {};
  const adv = (id) => advs[id] || { name: `#${id}`, text: '' };
  const vale = (id) => vales[id] || { name: `#${id}`, text: '' };
  const leader = (id) => leaders[id] || { name: `#${id}`, text: '', sides: [] };
  const amulet = (id) => amulets[id] || { name: `#${id}`, text: '' };
  const tu = v.turn || {};
  const mine = v.players[seat];
  const phase = phaseName(v.phase);
  const details = v.phase && typeof v.phase === 'object' ? Object.values(v.phase)[0] : {};
  // A decision about one's own field (planting, keeping a card): that field first, nearest the
  // question, above the others and the markets.
  // The setup (the draft, a leader chosen, an amulet kept or traded) is about one's own area too: it
  // comes first, under the table's line, whoever is choosing, so one sees what one has taken.
  const setup = ['Draft', 'ChooseLeader', 'AmuletTrade'].includes(phase);
  const decides = !!mine && v.current === seat && !ctx.over;
  const fieldFirst = !!mine && !ctx.over && (setup
    || (decides && ['Planting', 'SpoilPrompt', 'WhenPlayed', 'Order', 'Keep', 'Hatch', 'DiscardEvoke', 'Bog', 'Sleeve'].includes(phase)));
  // A card of a field by its name: its leader's, else its advancements' (a card with none is a blank
  // card); never its number, which only the notation uses.
  const cardName = (p, ci) => {
    const card = p?.cards?.[ci];
    if (p?.leader?.card === ci) return p.leader.id != null ? leader(p.leader.id).name : t('leader');
    return slotsOf(card).filter((id) => !empty(id)).map((id) => adv(id).name).join(' / ') || t('mv_blank_card');
  };
  // A leader's face (its side's symbols and ability) in place of the blank card's slots.
  const leaderFace = (l, s) => {
    if (l.id == null) return `<div class="slot leaderface"><b>${t('leader')}</b><small>${t('not_seen')}</small></div>`;
    const x = leader(l.id);
    const side = x.sides?.[l.upgraded ? 1 : 0]?.text || '';
    const up = !l.upgraded && s === seat ? `<div class="upgrade" data-tok="upgrade">${t('upgrade_for', { n: x.upgrade_cost ?? x.cost })}</div>` : '';
    return `<div class="slot leaderface" title="${esc(`${x.name} — ${x.text}`)}" data-more="${esc(leaderSides(x))}"><b>${icon('leader')} ${esc(x.name)}</b>
      <small class="side">${t(l.upgraded ? 'upgraded_side' : 'starting_side')}</small><small>${esc(side)}</small>${up}</div>`;
  };
  // A card of the field: its three slots (each a click target of its own: `c3 top`), or a leader.
  const sleeve = (p, s, ci, tok, extra = '') => {
    const card = p.cards[ci];
    const l = p.leader?.card === ci ? p.leader : null;
    const covered = coveredOf(card);
    const own = s === seat;
    const ordering = own && decides && phase === 'Order';
    const pre = own ? `c${ci}` : `p${s} c${ci}`;
    const slots = l ? leaderFace(l, s) : slotsOf(card).map((id, k) => {
      const under = empty(covered[k]) ? '' : `<small class="covered">${t('covers', { card: adv(covered[k]).name })}</small>`;
      // While one orders a card's "when played" abilities, its slots answer which resolves next.
      const next = ordering && ci === details.card ? `|resolve ${SLOTS[k]}` : '';
      const st = `data-tok="${pre} ${SLOTS[k]}${next}" data-key="p${s}c${ci}${SLOTS[k]}"`;
      return empty(id)
        ? `<div class="slot empty" ${st}>${esc(t(SLOTS[k]))}</div>`
        : `<div class="slot" ${st} title="${esc(adv(id).name + ' — ' + (adv(id).text || ''))}"><b>${esc(adv(id).name)}</b><small>${esc(adv(id).text || '')}</small>${under}</div>`;
    }).join('');
    const b = p.boost?.card === ci ? `<div class="boost">${t('cyrilla_boost', { n: p.boost.guardians })}</div>` : '';
    const full = l ? '' : slotsOf(card).map((id, k) => `${t(SLOTS[k])}${t('colon')} ${empty(id) ? '—' : `${adv(id).name}: ${adv(id).text || ''}`}${empty(covered[k]) ? '' : ` (${t('covers', { card: adv(covered[k]).name })})`}`).join('\n');
    return `<div class="sleeve ${l ? 'leader' : ''} ${extra}" data-card="${ci}" data-key="p${s}c${ci}" data-name="${esc(cardName(p, ci))}" data-tok="${tok || pre}" ${full ? `data-more="${esc(full)}"` : ''}>${slots}${b}</div>`;
  };
  // The mana token: the plain token (active or used) or the amulet in its place, with its text.
  const token = (p, s) => {
    const side = t(p.token_active ? 'side_active' : 'side_used');
    if (p.amulet != null) {
      const a = amulet(p.amulet);
      // While one decides to keep or trade it, one's own amulet says what it does.
      const said = s === seat && phase === 'AmuletTrade' ? `<small class="atext">${esc(a.text)}</small>` : '';
      return `<span class="chip amulet ${p.token_active ? 'active' : ''} ${said ? 'withtext' : ''}" ${s === seat ? 'data-tok="evoke"' : ''} data-key="amulet${s}" data-name="${esc(a.name)}" data-more="${esc(amuletSides(a))}" title="${esc(a.text)}">${icon('amulet')} ${esc(a.name)} (${side})${a.vp ? ` · ${a.vp} ${icon('vp', t('vp'))}` : ''}${said}</span>`;
    }
    return `<span class="chip token ${p.token_active ? 'active' : ''}" ${s === seat ? 'data-tok="token"' : ''} data-key="token${s}" data-name="${esc(t('mana_token'))}" title="${esc(t('token_help'))}">${icon('mana')} ${t('mana_token')} (${side})</span>`;
  };
  const field = (p, s) => {
    const list = p.field || [];
    const own = s === seat;
    const sh = p.showing || { decay: 0, growth: 0 };
    const net = sh.decay - sh.growth;
    const odds = own ? v.spoil_risk : null;
    const risk = odds ? ` · ${t('push_risk', { n: Math.round(100 * odds.spoiling / Math.max(1, odds.cards)) })}` : '';
    const deck = p.on_deck != null ? sleeve(p, s, p.on_deck, own ? `c${p.on_deck}` : '', 'ondeck') : '';
    const extra = [
      p.leader && p.leader.id != null && !list.includes(p.leader.card) && p.on_deck !== p.leader.card
        ? `<span class="chip" title="${esc(leader(p.leader.id).text)}">♛ ${esc(leader(p.leader.id).name)} (${t(p.leader.upgraded ? 'upgraded_side' : 'starting_side')})</span>` : '',
      p.leader && p.leader.id == null && !p.leader_offer ? `<span class="chip">♛ ${t('leader')} · ${t('not_seen')}</span>` : '',
      p.pending_mana ? `<span class="chip">${t('pending_mana', { n: p.pending_mana })}</span>` : '',
      p.skip_next ? `<span class="chip">${t('skip_next')}</span>` : '',
      p.workshop?.length ? `<span>${t('workshop')}${t('colon')} ${p.workshop.map((id) => `<span class="chip" title="${esc(adv(id).text)}">${esc(adv(id).name)}</span>`).join(' ')}</span>` : '',
      p.deck_bottom?.length ? `<span class="muted">${t('deck_bottom')}${t('colon')} ${p.deck_bottom.map((c) => esc(cardName(p, c))).join(', ')}</span>` : '',
    ].filter(Boolean).join(' ');
    const offer = own && p.leader_offer ? `<div class="market offer"><b>${t('leaders_dealt')}</b><div class="row">${p.leader_offer.map((id, k) => face({ tok: `leader ${k + 1}`, name: leader(id).name, nameHtml: `${icon('leader')} ${esc(leader(id).name)}`, cost: leader(id).upgrade_cost, text: leader(id).text, more: leaderSides(leader(id)), cls: 'leaderoffer' })).join('')}</div></div>` : '';
    return `<div class="mvplayer ${seatColor(s)} ${s === v.current ? 'current' : ''} ${own ? 'me' : 'opp'} ${own && fieldFirst && decides ? 'decision-area' : ''}" data-seat="${s}">
      <div class="phead"><b>${esc(who(s))}</b> · ${icon('vp', t('vp'))} <b>${p.vp}</b> · ${t('mv_deck')} ${p.deck_count} · ${t('discard')} ${p.discard_count}
        · ${token(p, s)}
        ${p.vales?.length ? ` · ${t('vales')}${t('colon')} ${p.vales.map((id) => `<span class="chip" ${own ? `data-tok="v${id}"` : ''} data-key="p${s}v${id}" data-name="${esc(vale(id).name)}" title="${esc(vale(id).name + ' — ' + vale(id).text)}">${esc(vale(id).name)}</span>`).join(' ')}` : ''}</div>
      ${extra ? `<div class="pextra">${extra}</div>` : ''}
      <div class="risk ${net >= 3 ? 'danger' : ''}" title="${esc(t('spoil_rule'))}">${icon('decay')} ${t('decay')} ${sh.decay} − ${icon('growth')} ${t('growth')} ${sh.growth} = <b>${net}</b> / 4 (${t(own ? 'spoil_short' : 'spoil_short_other')})${risk}</div>
      ${offer}
      <div class="field">${list.map((ci) => sleeve(p, s, ci, own ? `c${ci}` : '')).join('')}
        ${deck ? `<div class="ondeckbox"><small>${t('on_deck')}</small>${deck}</div>` : ''}</div></div>`;
  };
  const commons = (v.commons || []).map((lvl, l) => `<div class="market"><b>${t('level')} ${l + 1}</b> <small>(${v.adv_deck_counts?.[l] ?? '?'})</small>
    <div class="row">${lvl.map((id, k) => empty(id) ? '' : face({ tok: `buy ${l + 1}.${k + 1}|${l + 1}.${k + 1}`, not: 'vale', key: `m${l + 1}.${k + 1}`, name: adv(id).name, cost: adv(id).cost, text: adv(id).text,
      small: `${esc(t(adv(id).slot || ''))}${adv(id).eclipse ? ` · ${t('eclipse')}` : ''}${v.commons_stack?.[l]?.[k] ? ` · ×${v.commons_stack[l][k] + 1}` : ''}` })).join('')}</div></div>`).join('');
  const soil = `<div class="market"><b>${t('soil')}</b><div class="row">${SLOTS.map((s, k) => face({ tok: `buy soil.${s}|soil.${s}`, key: `soil.${s}`, name: `${t('soil')} (${t(s)})`, cost: 2, text: t('soil_text'), small: t('cards', { n: v.soil?.[k] ?? 0 }) })).join('')}</div></div>`;
  const valeCost = (c) => c ? Object.entries(c).filter(([, n]) => n).map(([k, n]) => `${n} ${t(k)}`).join(' + ') : '';
  const valeRow = (v.vale_row || []).map((lvl, l) => `<div class="market"><b>${t('vales')} ${l + 1}</b> <small>(${v.vale_deck_counts?.[l] ?? '?'})</small>
    <div class="row">${lvl.map((id, k) => empty(id) ? '' : face({ tok: `vale ${l + 1}.${k + 1}`, name: vale(id).name, text: vale(id).text, stats: `<b>${esc(valeCost(vale(id).cost))}</b>${vale(id).vp != null ? ` → ${vale(id).vp} ${t('vp')}` : ''}` })).join('')}
    ${l === 0 && v.vale_top != null && v.vale_deck_counts?.[0] ? `<div class="muted">${t('vale_top')}${t('colon')} ${esc(vale(v.vale_top).name)}</div>` : ''}</div></div>`).join('');
  // The draft table of the setup (EN:810-816): public; take one leader or amulet, then the other kind.
  const draft = v.draft ? `<div class="market draft"><b>${t('draft_table')}</b> <small>${t('draft_help')}</small><div class="row">
    ${v.draft.leaders.map((id) => face({ tok: `take leader ${id}`, name: leader(id).name, nameHtml: `${icon('leader')} ${esc(leader(id).name)}`, cost: leader(id).upgrade_cost, text: leader(id).text, more: leaderSides(leader(id)), cls: 'leaderoffer' })).join('')}
    ${v.draft.amulets.map((id) => face({ tok: `take amulet ${id}`, name: amulet(id).name, nameHtml: `${icon('amulet')} ${esc(amulet(id).name)}`, text: amulet(id).text, more: amuletSides(amulet(id)), stats: amulet(id).vp ? `${amulet(id).vp} ${icon('vp', t('vp'))}` : '', cls: 'amuletoffer' })).join('')}</div></div>` : '';
  const conclaves = v.conclaves ? `<div class="muted">${t('conclaves')}${t('colon')} ${v.conclaves.map((id) => esc(catalog.conclaves?.[id]?.name || `#${id}`)).join(', ')}</div>` : '';
  // In the Harvest Phase: what is left to spend and the purchases waiting to be sleeved.
  // At the Sleeve step, what was bought leads the decision about one's own field: kept in sight with it.
  const lead = phase === 'Sleeve' && decides ? 'decision-lead' : '';
  const harvest = ['Harvest', 'Sleeve'].includes(phase) ? `<div class="info harvest ${lead}">${icon('mana', t('mana'))} ${t('mana')} <b>${Math.max(0, (tu.mana_total || 0) + (tu.mana_extra || 0) - (tu.mana_spent || 0))}</b>
      · <span class="spend">${(tu.spirits || []).map((n, k) => `<span data-tok="${SPIRITS[k]}" data-name="${esc(t(SPIRITS[k]))}">${icon(SPIRITS[k], t(SPIRITS[k]))} ${t(SPIRITS[k])} ${n - (tu.spirit_spent?.[k] || 0)}</span>`).join(' ')}</span> · ${icon('vp')} ${t('vp_to_gain', { n: tu.vp_total || 0 })}
      ${tu.bought?.length ? ` · ${t('bought')}${t('colon')} ${tu.bought.map((b, k) => `<span class="chip" data-tok="purchase ${k + 1}" data-name="${esc(adv(b.adv).name)}" title="${esc(adv(b.adv).name + ' — ' + (adv(b.adv).text || ''))}">${esc(adv(b.adv).name)}${b.target != null ? ` → ${esc(cardName(mine, b.target))}` : ''}</span>`).join(' ')}` : ''}</div>` : '';
  // What the current question is about, when the actions alone do not say it.
  const cur = v.players[v.current];
  let question = '';
  if (phase === 'WhenPlayed' && cur) {
    const id = slotsOf(cur.cards[details.card])[details.slot];
    if (!empty(id)) question = t('q_when_played', { card: cardName(cur, details.card), ability: `${adv(id).name}: ${adv(id).ability || adv(id).text}` });
  } else if (phase === 'Order') question = t('q_order', { card: cardName(cur, details.card) });
  else if (phase === 'SpoilPrompt') question = t('q_spoil');
  else if (phase === 'Hatch') question = t('q_hatch');
  else if (phase === 'Keep') question = t('q_keep');
  else if (phase === 'Sleeve') question = t('q_sleeve');
  else if (phase === 'Bog') question = t('q_bog');
  else if (phase === 'AmuletTrade') question = t('q_trade');
  else if (phase === 'DiscardEvoke') question = t('q_discard_evoke');
  else if (phase === 'NeighbourDiscard') question = t('q_gingan', { owner: who(v.current), seat: who(details.seat) });
  else if (phase === 'Harvest' && tu.claims > 0) question = t('q_claim');
  else if (tu.silver_tree) question = t('q_silver_tree');
  ctx.question = question;
  // The cards this seat is looking at (Calm Weather, Wood Sprite Hoard).
  const peek = v.peek != null && mine ? `<div class="peek"><b>${t(phase === 'Look' ? 'looking' : 'peek')}</b><div class="field">
    ${[v.peek, ...(v.looking || [])].map((c) => sleeve(mine, seat, c, '')).join('')}</div></div>` : '';
  return `<div class="mv">
    <div class="info">${t('mv_round')} ${v.rounds} · ${esc(phaseWord('mystic-vale', v.phase, t))} · ${icon('vp')} ${t('vp_pool')} <b>${v.pool}</b>${v.ending ? ` · ⚑ ${t('last_round')}` : ''}</div>
    ${phase === 'Sleeve' ? harvest : ''}
    ${fieldFirst ? field(mine, seat) : ''}
    ${conclaves}${phase === 'Sleeve' ? '' : harvest}
    ${draft}
    ${v.players.map((p, s) => s === seat ? '' : field(p, s)).join('')}
    <div class="markets">${commons}${soil}${valeRow}</div>
    ${peek}
    ${mine && !fieldFirst ? field(mine, seat) : ''}</div>`;
}

// ---------------------------------------------------------------- the spirit duel

function spiritDuel(v, ctx) {
  const { catalog, t, seat } = ctx;
  const who = ctx.who || ((s) => `p${s}`);
  const spirits = catalog.spirits || {};
  const abilities = catalog.abilities || {};
  const byIndex = Object.entries(abilities).reduce((m, [code, a]) => { if (a.index != null) m[a.index] = code; return m; }, {});
  const my = seat ?? 0;
  const side = (sd, s) => `<div class="team ${seatColor(s)} ${s === v.current ? 'current' : ''}">
    <div class="phead"><b>${esc(who(s))}</b> · ${icon('pm', t('pm'))} <b>${sd.pm}</b> ${t('pm')} · ${t('hand')} ${sd.hand_count} · ${t('deck')} ${sd.deck_len} · ${t('discard')} ${bits(sd.discard).length}</div>
    <div class="row">${sd.spirits.map((sp) => {
      const c = spirits[sp.id] || {};
      return face({ tok: sp.id, name: c.name || sp.id, cost: c.cost != null ? t('pm_cost', { n: c.cost }) : '', cls: `spirit ${sp.alive ? '' : 'dead'} ${sp.charged ? '' : 'exhausted'}`,
        stats: `<span class="pv">${icon('pv', t('pv'))} ${sp.pv}${c.pv ? `/${c.pv}` : ''} ${t('pv')}</span> · ${esc(c.element || '')} · ${sp.charged ? t('charged') : t('exhausted')}`,
        text: c.text, small: [c.criticals?.length ? `${t('critical')}${t('colon')} ${c.criticals.join(', ')}` : '', c.weaknesses?.length ? `${t('weakness')}${t('colon')} ${c.weaknesses.join(', ')}` : ''].filter(Boolean).map(esc).join(' · ') });
    }).join('')}</div></div>`;
  const codes = bits(v.hand).map((i) => byIndex[i]).filter(Boolean);
  const hand = codes.map((code) => {
    const a = abilities[code] || {};
    return face({ tok: code, name: a.name || code, cost: a.cost != null ? t('pm_cost', { n: a.cost }) : '', cls: 'ability',
      stats: `${t('power')} ${a.power ?? '?'} · ${esc(a.element || '')}${a.keywords?.length ? ` · ${esc(a.keywords.join(', '))}` : ''}`,
      text: a.text, small: [a.criticals?.length ? `${t('critical')}${t('colon')} ${a.criticals.join(', ')}` : '', a.weaknesses?.length ? `${t('weakness')}${t('colon')} ${a.weaknesses.join(', ')}` : ''].filter(Boolean).map(esc).join(' · ') });
  }).join('');
  const pend = v.phase?.Defend;
  const src = pend?.source && (typeof pend.source === 'object' ? Object.values(pend.source)[0] : pend.source);
  const attacker = src && (abilities[src]?.name || spirits[src]?.name || src);
  const defender = pend ? v.sides[1 - v.current]?.spirits[pend.target] : null;
  // The attack being resolved (none once the game is over: the last one stays in the view).
  const attack = !ctx.over && (pend || v.in_play) ? `<div class="attack panel">⚔ ${t('attack')}${t('colon')} ${esc(attacker || abilities[v.in_play]?.name || v.in_play || '')}
    ${pend ? ` → <b>${esc(spirits[defender?.id]?.name || defender?.id || '')}</b> · ${t('power')} <b>${pend.power}</b> · ${esc(has(`element_${pend.element}`) ? t(`element_${pend.element}`) : pend.element)}` : ''}</div>` : '';
  // The question of the decision: the combat turn's choices, or the attack to answer.
  if (pend) {
    ctx.question = t('sd_q_defend', { attacker: attacker || '', target: spirits[defender?.id]?.name || defender?.id || '', power: pend.power });
  } else if (phaseName(v.phase) === 'Combat') ctx.question = t('sd_q_combat');
  return `<div class="sd">
    <div class="info">${t('round')} ${v.round}/8 · ${v.day ? `${icon('day')} ${t('day')}` : `${icon('night')} ${t('night')}`} · ${esc(phaseWord('spirit-duel', v.phase, t))} · ⚄ ${t('die')} +${v.die_bonus}</div>
    ${v.sides.map((sd, s) => s === my ? '' : side(sd, s)).join('')}
    ${attack}
    ${v.sides[my] ? side(v.sides[my], my) : ''}
    <h3>${t('hand')}</h3><div class="hand">${hand || `<span class="muted">${t('empty')}</span>`}</div></div>`;
}


// ---------------------------------------------------------------- Command of Nature

const ROWS = ['I', 'II', 'III'];

/** Where a unit stands, by its id: `{side, tok, unit}` (its slot written as in the notation, `II1`). */
/** A unit's name as words that each stay whole (`<span class="w">`): a name wraps only between
 * words or after a hyphen; see `fitNames`. */
export function unitName(name) {
  // A hyphen is a place to wrap too ("Dos-<wbr>d'Épines").
  return String(name ?? '').split(/\s+/).filter(Boolean)
    .map((w) => w.split(/(?<=-)(?=.)/).map((x) => `<span class="w">${esc(x)}</span>`).join('<wbr>')).join(' ');
}

/** The smallest font (px) a unit's name is drawn at before a word too long for its slot is shortened
 * with "…" (the whole name is a tap or a hover away). */
export const NAME_FLOOR_PX = 7.5;

/** Fits the names of Command of Nature's units to their slots (a 2v2 back row on a phone is six slots
 * of about 50 px): a name whose longest word is wider than its slot is drawn smaller, down to
 * `NAME_FLOOR_PX` (first in regular weight, letters closer); a word still too wide ends with "…". Never a word cut across two lines. Runs after
 * every drawing of a board and on resizing (it reads the laid-out widths). */
export function fitNames(root) {
  const names = [...root.querySelectorAll('.unit .cname > span')].filter((n) => n.querySelector('.w'));
  for (const n of names) { n.style.fontSize = ''; n.classList.remove('clipped', 'tight'); }
  const widest = (n) => Math.max(...[...n.querySelectorAll('.w')].map((w) => w.scrollWidth));
  // First the narrower letters (regular weight, closer), then a smaller font.
  const tight = names.filter((n) => widest(n) > n.parentElement.clientWidth);
  for (const n of tight) n.classList.add('tight');
  const sizes = names.map((n) => {
    if (!tight.includes(n)) return null;
    const room = n.parentElement.clientWidth;
    const w = widest(n);
    const base = parseFloat(getComputedStyle(n).fontSize);
    return w > room && room > 0 ? Math.max(NAME_FLOOR_PX, Math.floor(base * (room / w) * 4) / 4) : null;
  });
  names.forEach((n, k) => { if (sizes[k] != null) n.style.fontSize = `${sizes[k]}px`; });
  const clipped = tight.filter((n) => widest(n) > n.parentElement.clientWidth);
  for (const n of clipped) n.classList.add('clipped');
}

function findUnit(formations, uid) {
  for (const [side, f] of formations.entries()) {
    for (const [ri, row] of f.entries()) {
      const k = row.findIndex((u) => u && u.uid === uid);
      if (k >= 0) return { side, tok: `${ROWS[ri]}${k + 1}`, row: ROWS[ri], place: k + 1, unit: row[k] };
    }
  }
  return null;
}

function commandOfNature(v, ctx) {
  const { catalog, t, seat, text } = ctx;
  const who = ctx.who || ((s) => `p${s}`);
  const cards = catalog.cards || catalog || {};
  const info = (code) => (cards && typeof cards === 'object' && cards[code]) || { name: code };
  const name = (code) => info(code).name || code;
  const mySide = seat != null ? seat % 2 : 0;
  // A row holds (row + 1) units per column: one column in a duel, two in 2v2.
  const cols = v.seats.length === 4 ? 2 : 1;
  const atk = v.attack;
  const attacker = atk ? atk.attacker : null;
  const targets = atk ? atk.targets.slice(0, atk.count) : [];
  const formation = (side) => {
    const f = v.formations[side];
    const rows = ROWS.map((r, ri) => `<div class="crow"><span class="rlabel">${r}</span>${range((ri + 1) * cols).map((k) => {
      const u = f[ri][k];
      const slot = `${r}${k + 1}`;
      // Slot names are the same on both sides: an enemy unit is only ever the target of `aim`, one's
      // own never is.
      const own = side === mySide;
      const tok = own ? `data-tok="${slot}" data-not="aim"` : `data-tok="aim ${slot}"`;
      const key = `data-key="s${side}${slot}"`;
      // A slot in words (its row, as the rulebook numbers them, and its place): never the notation's `II1`.
      const where = `${t('side_n', { n: side + 1 })} · ${t('con_slot', { row: r, n: k + 1 })}`;
      if (!u) return `<div class="unit empty" ${tok} ${key} data-name="${esc(where)}" title="${esc(where)}"><small aria-hidden="true">·</small></div>`;
      const c = info(u.card);
      const role = u.uid === attacker ? 'attacker' : targets.includes(u.uid) ? 'target' : '';
      const hp = c.health != null ? c.health - u.dmg : '?';
      return `<div class="unit ${u.ready === false ? 'tired' : ''} ${role} ${seatColor(u.owner)}" ${tok} ${key} data-name="${esc(`${name(u.card)} (${where})`)}" title="${esc(name(u.card) + ' — ' + (c.text || ''))}"
        data-more="${esc(`${t('strength')} ${c.strength ?? '?'} · ${t('health')} ${hp}/${c.health ?? '?'}${u.dmg ? ` · ${t('damage')} ${u.dmg}` : ''}${u.shields ? ` · ${t('shield')} ${u.shields}` : ''}${u.boosts ? ` · ${t('boost')} ${u.boosts}` : ''}\n${where} · ${who(u.owner)}`)}">
        <div class="cname"><span>${role === 'attacker' ? icon('strength', t('attack')) + ' ' : role === 'target' ? '◎ ' : ''}${unitName(name(u.card))}</span></div>
        <div class="stats"><span class="pips">${icon('strength', t('strength'))}${c.strength ?? '?'}</span> <span class="pips">${icon('health', t('health'))}${hp}</span>${u.dmg ? ` <span class="dmg pips">${icon('damage', t('damage'))}${u.dmg}</span>` : ''}
          ${u.boosts ? `<span class="pips">${icon('boost', t('boost'))}${u.boosts}</span>` : ''}${u.shields ? `<span class="pips">${icon('shield', t('shield'))}${u.shields}</span>` : ''}${u.attacked ? icon('attacked', t('attacked')) : ''}</div></div>`;
    }).join('')}</div>`);
    return side === mySide ? rows.join('') : rows.reverse().join('');
  };
  const sage = (s) => v.options?.sages?.[s];
  // A discard pile is face up: its size, its top card, every card on hover.
  const pile = (st, s) => {
    const d = st.discard || [];
    const top = d.length ? ` (${t('top_card')}${t('colon')} ${esc(name(d[d.length - 1]))})` : '';
    return `<span class="pile" data-seat="${s}" title="${esc(d.map(name).join(', '))}">${t('discard')} ${d.length}${top}</span>`;
  };
  const faction = (s) => ['twig', 'pebble', 'leaf', 'droplet'].find((f) => String(sage(s) || '').includes(f));
  const seatInfo = (s, st) => `<span class="${seatColor(s)} seatinfo"><b>${esc(who(s))}</b>${t('colon')} ${sage(s) ? `${faction(s) ? icon(faction(s), t(`faction_${faction(s)}`)) : ''} ${t('sage')} <span title="${esc(info(sage(s)).text || '')}">${esc(faction(s) ? t(`faction_${faction(s)}`) : name(sage(s)))}</span> · ` : ''}${s === seat && st.level ? `<span data-tok="faction" data-name="${esc(t('level'))}">${icon('level')} ${t('level')} ${st.level}</span>` : `${icon('level')} ${t('level')} ${st.level}`} · ${t('hand')} ${st.hand_count} · ${t('deck')} ${st.deck_count} · ${pile(st, s)}${st.sage_alive ? '' : ' · ☠'}</span>`;
  const sides = [0, 1].map((sd) => `<div class="cside ${sd === mySide ? 'mine' : 'opp'} ${seatColor(sd)}"><div class="phead"><b>${t('side_n', { n: sd + 1 })}${sd === mySide ? ` (${t('you')})` : ''}</b> · ${icon('gold', t('gold'))} ${v.gold?.[sd] ?? 0} ${t('gold')}
    ${v.side === sd ? ` · ${icon('ap', t('ap'))} ${v.ap} ${t('ap')}` : ''} · ${v.seats.map((st, s) => (s % 2 === sd ? seatInfo(s, st) : '')).filter(Boolean).join(' — ')}</div>${formation(sd)}</div>`);
  // The attack being resolved: its command, the attacking unit, the targets and the damage cut so far.
  const where = (uid) => {
    const f = findUnit(v.formations, uid);
    return f ? `<b>${esc(name(f.unit.card))}</b> (${esc(t('con_slot', { row: f.row, n: f.place }))}, ${t('side_n', { n: f.side + 1 })})` : '?';
  };
  const attackPanel = atk ? `<div class="attack panel">⚔ ${t('attack')}${t('colon')} <b>${esc(name(atk.cmd))}</b> (${esc(who(atk.seat))}) · ${where(atk.attacker)} → ${targets.map(where).join(', ')}${atk.cut ? ` · ${t('cut', { n: atk.cut })}` : ''}</div>` : '';
  // Commands in play reach their owner's discard pile once their effect is over (ruling C17).
  const playing = (v.stack || []).map((s) => s?.Discard).filter(Boolean);
  const inPlay = playing.length ? `<div class="inplay">${t('in_play')}${t('colon')} ${playing.map((d) => `<span class="chip ${seatColor(d.seat)}" title="${esc(info(d.card).text || '')}">${esc(name(d.card))} (${esc(who(d.seat))})</span>`).join(' ')}</div>` : '';
  const statsOf = (c) => (c.strength != null ? `<span class="pips">${icon('strength', t('strength'))}${c.strength}</span> <span class="pips">${icon('health', t('health'))}${c.health}</span>` : '');
  const market = (v.market || []).map((row, m) => `<div class="market"><b>${m === 0 ? t('elemental_market') : t('command_market')}</b>
    <button class="marketbtn" data-tok="refresh ${m === 0 ? 'e' : 'c'}" data-name="${esc(t('refresh_market'))}">${t('refresh_market')}</button><div class="row">
    ${row.map((code, k) => code ? face({ tok: `${m === 0 ? 'e' : 'c'}${k + 1}`, name: name(code), cost: info(code).cost != null ? t('gold_cost', { n: info(code).cost }) : '', text: info(code).text,
      stats: statsOf(info(code)) }) : '').join('')}</div></div>`).join('');
  const cardFace = (code, tok, key) => {
    const c = info(code);
    return face({ tok, key, name: name(code), cost: c.cost != null ? t('gold_cost', { n: c.cost }) : '', text: c.text, stats: statsOf(c) });
  };
  // Cards a question offers that are nowhere on the board (the setup's warriors): from the legal actions.
  const handCodes = new Set(v.seats[seat ?? -1]?.hand || []);
  const offered = [...new Set((ctx.legal || []).map((a) => a.notation.split(' ')).filter((w) => w[0] === 'choose' && w.length === 2 && !handCodes.has(w[1])).map((w) => w[1]))];
  const offer = offered.length ? `<div class="market offer"><b>${t('setup_warriors')}</b><div class="row">${offered.map((code) => cardFace(code, `choose ${code}`)).join('')}</div></div>` : '';
  const hand = (v.seats[seat ?? -1]?.hand || []).map((code, k) => cardFace(code, code, `h${k}:${code}`)).join('');
  // In 2v2 partners see each other's hands (the view carries them); only one's own is played from.
  const partners = v.seats.map((st, s) => (s !== seat && st.hand ? `<h3>${t('partner_hand')} (${esc(who(s))})</h3><div class="hand">${st.hand.map((code, k) => cardFace(code, '', `ph${s}.${k}:${code}`)).join('') || `<span class="muted">${t('empty')}</span>`}</div>` : '')).join('');
  // The question in the game's own words, in the page's language: the view text's first line is
  // "Command of Nature — turn N — side S to play — pS — <question>".
  const asked = (text || '').split('\n')[0].split(' — ').slice(4).join(' — ');
  const askName = v.question && (typeof v.question.ask === 'string' ? v.question.ask : Object.keys(v.question.ask || {})[0]);
  ctx.question = v.question ? `${asked || askName || ''}` : '';
  return `<div class="con">
    <div class="info">${t('turn')} ${v.turns + 1} · ${esc(phaseWord('command-of-nature', v.phase, t))} · ${esc(who(v.phase === 'Setup' && v.question ? v.question.seat : v.actor))}</div>
    ${sides[1 - mySide]}${attackPanel}${inPlay}
    <div class="markets">${market}</div>
    <div class="legend">${t('legend')}${t('colon')} ${icon('strength')} ${t('strength')} · ${icon('health')} ${t('health')} · ${icon('damage')} ${t('damage')} · ${icon('boost')} ${t('boost')} · ${icon('shield')} ${t('shield')} · ${icon('attacked')} ${t('attacked')}</div>
    ${offer}${sides[mySide]}
    <h3>${t('hand')}</h3><div class="hand">${hand || `<span class="muted">${t('empty')}</span>`}</div>${partners}</div>`;
}

function range(n) {
  return [...Array(n).keys()];
}

// ---------------------------------------------------------------- any other game

function generic(v) {
  return `<pre class="text">${esc(JSON.stringify(v, null, 1))}</pre>`;
}

// ---------------------------------------------------------------- where the game stands

// The phase of each game's views by the name of its variant: the rulebook's phase it belongs to.
const PHASES = {
  equinox: (p) => (p === 'Predict' ? 'ph_predict' : 'ph_play'),
  'mystic-vale': (p, d) => {
    if (['ChooseLeader', 'Draft', 'AmuletTrade'].includes(p)) return 'ph_setup';
    if (['SpoilPrompt', 'WhenPlayed', 'Order'].includes(p)) return d?.prep ? 'ph_prep' : 'ph_planting';
    if (p === 'Planting') return 'ph_planting';
    if (p === 'Bog') return 'ph_bog';
    if (['Harvest', 'Look', 'NeighbourDiscard'].includes(p)) return 'ph_harvest';
    if (['Hatch', 'DiscardEvoke', 'Keep', 'Sleeve'].includes(p)) return 'ph_discard';
    return null;
  },
  'spirit-duel': (p) => (p === 'Combat' ? 'ph_combat' : p === 'Defend' ? 'ph_defend' : null),
  'command-of-nature': (p) => ({ Setup: 'ph_setup', Daybreak: 'ph_daybreak', Actions: 'ph_actions', Market: 'ph_market', Reset: 'ph_reset' })[p] || null,
};

/** A view's phase in words: the rulebook's phase it belongs to (else the variant's name). */
function phaseWord(game, ph, t) {
  const name = phaseName(ph);
  if (name === 'Over') return t('ph_over');
  const key = PHASES[game]?.(name, ph && typeof ph === 'object' ? Object.values(ph)[0] : null);
  return key ? t(key) : name;
}

/**
 * Where a game stood, from the round/turn/phase fields of a view (`at`): `{turn, phase}` headings in
 * words, for the log.
 */
export function place(game, at, t) {
  const ph = at.phase;
  const name = phaseName(ph);
  const details = ph && typeof ph === 'object' ? Object.values(ph)[0] : null;
  const key = PHASES[game]?.(name, details);
  const phase = key ? t(key) : null;
  const who = typeof at.current === 'number' ? ` · p${at.current}` : '';
  if (game === 'command-of-nature') {
    return { turn: typeof at.turns === 'number' ? `${t('turn')} ${at.turns + 1}${typeof at.side === 'number' ? ` · ${t('side_n', { n: at.side + 1 })}` : ''}` : null, phase };
  }
  const r = at.round ?? at.rounds;
  return { turn: typeof r === 'number' ? `${t(game === 'mystic-vale' ? 'mv_round' : 'round')} ${r}${who}` : null, phase };
}

// ---------------------------------------------------------------- ids in words

// A Mystic Vale card by its name (its leader's, else its advancements'; a card with none is a blank
// card), from a view where every field card is public.
function mvCardName(v, catalog, t, s, ci) {
  const p = v?.players?.[s];
  const card = p?.cards?.[ci];
  if (p?.leader?.card === ci) return p.leader.id != null ? catalog.leaders?.[p.leader.id]?.name || t('leader') : t('leader');
  if (card === undefined) return null;
  return slotsOf(card).filter((id) => !empty(id)).map((id) => catalog.advancements?.[id]?.name || '?').join(' / ') || t('mv_blank_card');
}

/**
 * A game's text (an event, a question, an action's description) with the notation's ids said in
 * words, from the view the page holds: Mystic Vale's `c17` (the card's name; its seat is the `pN`
 * before it in the text, else `seat`), `v38` (the vale), market places `1.2` and `soil.top`, a card's
 * slots `[a | - | b]`. Other games' texts are returned as they are: Command of Nature's crate says its
 * slots, market places and sides in words itself.
 */
export function idsInWords(game, text, { view: v, catalog = {}, t, seat }) {
  let x = String(text ?? '');
  if (!v || !t) return x;
  if (game === 'mystic-vale') {
    x = x.replace(/\[([^\]|]*(?:\|[^\]|]*)+)\]/g, (m, inner) => inner.split('|').map((w) => w.trim()).filter((w) => w && w !== '-').join(' / ') || t('mv_blank_card'));
    let who = seat;
    x = x.replace(/\bp(\d)\b|\bc(\d+)\b/g, (m, p, c) => {
      if (p != null) { who = Number(p); return m; }
      return mvCardName(v, catalog, t, who ?? v.current, Number(c)) ?? m;
    });
    x = x.replace(/\bv(\d+)\b/g, (m, id) => catalog.vales?.[id]?.name || m);
    x = x.replace(/\bsoil\.(top|middle|bottom)\b/g, (m, sl) => `${t('soil')} (${t(sl)})`);
    x = x.replace(/(\bvale )?\b(\d)\.(\d)\b/g, (m, vale, l, k) => {
      const row = vale ? v.vale_row : v.commons;
      const id = row?.[l - 1]?.[k - 1];
      const name = id == null ? null : vale ? catalog.vales?.[id]?.name : catalog.advancements?.[id]?.name;
      return name ? `${vale || ''}${name}` : `${vale || ''}${t('level')} ${l}`;
    });
  }
  return x;
}

/** The board of each game. */
export const boards = { equinox, 'mystic-vale': mysticVale, 'spirit-duel': spiritDuel, 'command-of-nature': commandOfNature, generic };
