// Sylvan's own symbols, drawn for this UI (24×24, one SVG sprite): each game's icons in one consistent
// style. `icon(name, label)` writes one; the sprite is put into the page once.

const P = {
  // Mystic Vale
  mana: '<path d="M12 2.5l6.5 9.5L12 21.5 5.5 12z" fill="#2563eb"/><path d="M12 5.5l3.8 6.5L12 18" fill="#93c5fd"/>',
  animal: '<ellipse cx="12" cy="15.5" rx="4.6" ry="4" fill="#b45309"/><circle cx="6" cy="10" r="2.2" fill="#b45309"/><circle cx="9.5" cy="6" r="2.2" fill="#b45309"/><circle cx="14.5" cy="6" r="2.2" fill="#b45309"/><circle cx="18" cy="10" r="2.2" fill="#b45309"/>',
  forest: '<path d="M12 2l6 8h-3l5 7H4l5-7H6z" fill="#15803d"/><rect x="10.6" y="17" width="2.8" height="5" fill="#78350f"/>',
  sky: '<path d="M2 12c4-5 7-5 10-1 3-4 6-4 10 1-3-1.5-6-1-10 3-4-4-7-4.5-10-3z" fill="#0284c7"/><circle cx="18" cy="5" r="2" fill="#facc15"/>',
  wild: '<path d="M12 2l2.6 6.4L21 9l-5 4.4 1.6 6.6L12 16.6 6.4 20 8 13.4 3 9l6.4-.6z" fill="#7c3aed"/>',
  decay: '<path d="M12 3c5 0 8 3.6 8 8 0 3-1.6 5-3.5 6v3.5h-9V17C5.6 16 4 14 4 11c0-4.4 3-8 8-8z" fill="#57534e"/><circle cx="9" cy="11.5" r="2" fill="#fef3c7"/><circle cx="15" cy="11.5" r="2" fill="#fef3c7"/><path d="M11 17h2" stroke="#fef3c7" stroke-width="1.5"/>',
  growth: '<path d="M12 21v-9" stroke="#166534" stroke-width="2.2" stroke-linecap="round"/><path d="M12 12C12 6 7 4 3 4c0 5 3 8 9 8z" fill="#22c55e"/><path d="M12 14c0-5 4-7 9-7 0 4-3 7-9 7z" fill="#16a34a"/>',
  vp: '<path d="M12 2l8.5 5v10L12 22l-8.5-5V7z" fill="#ca8a04"/><path d="M12 6.5l1.7 3.6 3.9.4-2.9 2.6.8 3.9L12 15l-3.5 2 .8-3.9-2.9-2.6 3.9-.4z" fill="#fef9c3"/>',
  guardian: '<path d="M12 2l8 3v6c0 5-3.4 9-8 11-4.6-2-8-6-8-11V5z" fill="#0f766e"/><path d="M12 6v12M7.5 10.5h9" stroke="#ccfbf1" stroke-width="2"/>',
  // Command of Nature and the spirit duel
  strength: '<path d="M19.5 2.5l2 2L10 16l-2-2z" fill="#475569"/><path d="M6 13l5 5-1.5 1.5-1.6-1.6L5 21l-2-2 3.1-2.9-1.6-1.6z" fill="#92400e"/>',
  health: '<path d="M12 21C5 16 2.5 12.5 2.5 8.7 2.5 5.8 4.8 3.5 7.6 3.5c1.8 0 3.4 1 4.4 2.5 1-1.5 2.6-2.5 4.4-2.5 2.8 0 5.1 2.3 5.1 5.2 0 3.8-2.5 7.3-9.5 12.3z" fill="#dc2626"/>',
  shield: '<path d="M12 2l8 3v6c0 5-3.4 9-8 11-4.6-2-8-6-8-11V5z" fill="#2563eb"/><path d="M12 4.5v15c3.4-1.7 5.8-4.8 5.8-8.6V6.6z" fill="#93c5fd"/>',
  damage: '<path d="M12 1.5l2.2 6 5.8-2.5-2.5 5.8 6 2.2-6 2.2 2.5 5.8-5.8-2.5-2.2 6-2.2-6L4 21l2.5-5.8-6-2.2 6-2.2L4 5l5.8 2.5z" fill="#ea580c"/><circle cx="12" cy="12" r="3.5" fill="#fde68a"/>',
  boost: '<path d="M12 3l8 9h-5v9H9v-9H4z" fill="#16a34a"/>',
  level: '<path d="M4 20l8-6 8 6v-4l-8-6-8 6zM4 12l8-6 8 6V8l-8-6-8 6z" fill="#7c3aed"/>',
  attacked: '<path d="M20 12a8 8 0 1 1-2.3-5.7" stroke="#64748b" stroke-width="2.6" fill="none"/><path d="M21 3v6h-6z" fill="#64748b"/>',
  gold: '<circle cx="12" cy="12" r="9" fill="#eab308"/><circle cx="12" cy="12" r="6" fill="#fde047"/><path d="M12 8v8" stroke="#a16207" stroke-width="2"/>',
  ap: '<path d="M13 2L4 14h7l-1 8 9-12h-7z" fill="#f59e0b"/>',
  twig: '<path d="M4 20L20 4M11 13l-4-1M15 9l1-4M13 11l5 1" stroke="#92400e" stroke-width="2.4" stroke-linecap="round"/>',
  pebble: '<ellipse cx="12" cy="14" rx="9" ry="6.5" fill="#78716c"/><ellipse cx="9.5" cy="12" rx="3" ry="1.6" fill="#d6d3d1"/>',
  leaf: '<path d="M4 20C4 10 10 4 20 4c0 10-6 16-16 16z" fill="#16a34a"/><path d="M5 19L17 7" stroke="#dcfce7" stroke-width="1.6"/>',
  droplet: '<path d="M12 2.5C16 8 19 11.5 19 15a7 7 0 0 1-14 0c0-3.5 3-7 7-12.5z" fill="#0ea5e9"/><path d="M9 15a3 3 0 0 0 3 3" stroke="#e0f2fe" stroke-width="1.6" fill="none"/>',
  pm: '<path d="M12 2l2.3 7.7L22 12l-7.7 2.3L12 22l-2.3-7.7L2 12l7.7-2.3z" fill="#9333ea"/>',
  pv: '<path d="M12 21C5 16 2.5 12.5 2.5 8.7 2.5 5.8 4.8 3.5 7.6 3.5c1.8 0 3.4 1 4.4 2.5 1-1.5 2.6-2.5 4.4-2.5 2.8 0 5.1 2.3 5.1 5.2 0 3.8-2.5 7.3-9.5 12.3z" fill="#be123c"/><path d="M8 10h8M12 6v8" stroke="#fff1f2" stroke-width="2"/>',
  day: '<circle cx="12" cy="12" r="5" fill="#f59e0b"/><path d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1" stroke="#f59e0b" stroke-width="2"/>',
  night: '<path d="M15 3a9 9 0 1 0 6 15.5A8 8 0 0 1 15 3z" fill="#4338ca"/>',
  die: '<rect x="3" y="3" width="18" height="18" rx="4" fill="#334155"/><circle cx="8" cy="8" r="1.7" fill="#fff"/><circle cx="16" cy="16" r="1.7" fill="#fff"/><circle cx="12" cy="12" r="1.7" fill="#fff"/>',
  // Equinox
  stone: '<circle cx="12" cy="12" r="8.5" fill="currentColor"/><ellipse cx="9.5" cy="9" rx="3" ry="2" fill="#fff" opacity=".45"/>',
  secret: '<path d="M12 2l2.6 6.4L21 9l-5 4.4 1.6 6.6L12 16.6 6.4 20 8 13.4 3 9l6.4-.6z" fill="currentColor"/>',
  row: '<rect x="3" y="5" width="18" height="4" rx="1" fill="#a16207"/><rect x="3" y="11" width="18" height="4" rx="1" fill="#ca8a04" opacity=".7"/><rect x="3" y="17" width="18" height="4" rx="1" fill="#eab308" opacity=".45"/>',
  leader: '<path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill="#7c3aed"/>',
  amulet: '<circle cx="12" cy="14" r="6.5" fill="#0d9488"/><circle cx="12" cy="14" r="3" fill="#99f6e4"/><path d="M8 4l4 4 4-4" stroke="#0d9488" stroke-width="2" fill="none"/>',
};

/** The names of the symbols. */
export const ICONS = Object.keys(P);

/** The sprite: one `<symbol>` per icon, to put into the page once. */
export function sprite() {
  return `<svg xmlns="http://www.w3.org/2000/svg" style="display:none" aria-hidden="true">${Object.entries(P).map(([k, v]) =>
    `<symbol id="ic-${k}" viewBox="0 0 24 24">${v}</symbol>`).join('')}</svg>`;
}

/** One symbol; `label` (the word it stands for) is read by screen readers and shown on hover. */
export function icon(name, label = '') {
  if (!P[name]) return '';
  const a = label ? `role="img" aria-label="${String(label).replace(/"/g, '&quot;')}"` : 'aria-hidden="true"';
  return `<svg class="ic ic-${name}" ${a}>${label ? `<title>${String(label).replace(/</g, '&lt;')}</title>` : ''}<use href="#ic-${name}"/></svg>`;
}
