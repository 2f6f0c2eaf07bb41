// Run in the page: every language has English's keys, the plural categories
// its Intl.PluralRules needs, the same shape and the same {placeholders}
// ({n} may be left out of a plural form, e.g. "one").
async () => {
  const base = document.querySelector('script[type=module]').src.replace(/js\/main\.js$/, '');
  const langs = ['en', 'de', 'ru', 'ro'];
  const d = {};
  for (const l of langs) d[l] = (await import(`${base}js/lang/${l}.js`)).default;
  const holes = (v) => [...new Set(JSON.stringify(v).match(/\{\w+\}/g) || [])]
    .filter((h) => h !== '{n}').sort().join(' ');
  const out = [];
  for (const l of langs) {
    const cats = new Intl.PluralRules(l).resolvedOptions().pluralCategories;
    for (const k of Object.keys(d.en)) {
      const v = d[l][k];
      if (v === undefined) { out.push(`${l}: missing ${k}`); continue; }
      const plural = typeof v === 'object' && !Array.isArray(v);
      if (plural) for (const c of cats) if (!(c in v)) out.push(`${l}: ${k} lacks ${c}`);
      if (Array.isArray(d.en[k]) !== Array.isArray(v)) out.push(`${l}: ${k} shape`);
      if (!Array.isArray(v) && holes(v) !== holes(d.en[k])) {
        out.push(`${l}: ${k} placeholders ${holes(v)} vs ${holes(d.en[k])}`);
      }
    }
    for (const k of Object.keys(d[l])) if (!(k in d.en)) out.push(`${l}: extra ${k}`);
  }
  return out;
}
