// Translations: one dictionary per language (lang/*.js), loaded on demand.
// A value is a string with {placeholders}, or an object of plural forms keyed
// by Intl.PluralRules categories (one, few, many, other) chosen by {n}.
export const LANGS = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'ru', name: 'Русский' },
  { code: 'ro', name: 'Română' },
];

let lang = 'en';
let dict = {};
let plural = new Intl.PluralRules('en');
let lists = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

export function currentLang() {
  return lang;
}

export function pickLang() {
  const url = new URLSearchParams(location.search).get('lang');
  const saved = safeGet('dixit.lang');
  const wanted = [url, saved, ...(navigator.languages || [navigator.language])];
  for (const w of wanted) {
    const code = (w || '').slice(0, 2).toLowerCase();
    if (LANGS.some((l) => l.code === code)) return code;
  }
  return 'en';
}

export async function setLang(code) {
  const mod = await import(`./lang/${code}.js`);
  dict = mod.default;
  lang = code;
  plural = new Intl.PluralRules(code);
  lists = new Intl.ListFormat(code, { style: 'long', type: 'conjunction' });
  document.documentElement.lang = code;
  safeSet('dixit.lang', code);
}

/** The text for `key` in the current language, with {placeholders} filled. */
export function t(key, vars = {}) {
  let value = dict[key];
  if (value === undefined) value = key;
  if (typeof value === 'object' && !Array.isArray(value)) {
    value = value[plural.select(Number(vars.n ?? 0))] ?? value.other;
  }
  if (Array.isArray(value)) return value;
  return value.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** "Ben, Cy and Dee" in the current language. */
export function nameList(names) {
  return lists.format(names);
}

export function safeGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function safeSet(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode: the seat lasts as long as the page */
  }
}
