import { countryNameIndex } from './countries.ts';
import { normalizeForMatch, phraseIndexes } from './quote-match.ts';

/**
 * "In <country>" as each language writes it: the phrases that say where a business works
 * ("in Deutschland", "en France", "w Polsce", "Suomessa", "на Кипре", "Türkiye'de", "日本国内").
 * Languages that do not inflect a name put a preposition before the name CLDR gives
 * (Intl.DisplayNames); languages that do inflect it are written out below, for the countries
 * where the language is spoken and their usual neighbours. A language's name is never one of these
 * ("auf Deutsch", "po polsku", "日本語で"): its words differ from the locative's.
 */

/** Prepositions, with their "all over" forms, that stand before an uninflected country name. */
const PREPOSITIONS: Readonly<Record<string, readonly string[]>> = {
  en: ['in', 'in the', 'across', 'across the', 'throughout', 'throughout the', 'all over', 'all over the'],
  de: ['in', 'in ganz'],
  fr: ['en', 'au', 'aux', 'partout en', 'dans toute la'],
  es: ['en', 'en el', 'en los', 'en toda', 'en todo', 'para toda', 'para todo', 'por toda', 'por todo', 'a toda'],
  pt: ['em', 'no', 'na', 'nos', 'em todo o', 'em todo', 'em toda a', 'por todo o', 'para todo o'],
  it: ['in', 'in tutta', 'in tutto', 'nel', 'nella', 'negli', 'nei'],
  nl: ['in', 'in heel', 'door heel'],
  sv: ['i', 'i hela', 'över hela'],
  da: ['i', 'i hele', 'over hele'],
  nb: ['i', 'i hele', 'over hele'],
};

/**
 * Names that are also a place inside another country (Georgia, a US state; Granada and Guadalupe,
 * Spanish and Mexican towns; Jersey, New Jersey's tail): after "in" they do not tell the country.
 */
const AMBIGUOUS = new Set(['GE', 'GD', 'GP', 'JE']);

/** Forms a bare "preposition + CLDR name" misses: articles, case endings, "-weit", other scripts. */
const WRITTEN: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  en: { US: ['in the us', 'across the us', 'throughout the us'] },
  de: {
    DE: ['deutschlandweit'], AT: ['österreichweit'], CH: ['in der schweiz', 'in der ganzen schweiz', 'schweizweit'],
    NL: ['in den niederlanden'], TR: ['in der türkei'], US: ['in den usa', 'in den vereinigten staaten'],
    GB: ['im vereinigten königreich', 'in großbritannien'], SK: ['in der slowakei'], CZ: ['in der tschechischen republik'],
    UA: ['in der ukraine'],
  },
  fr: { FR: ['dans toute la france', 'en france métropolitaine'] },
  nl: { US: ['in de verenigde staten'], GB: ['in het verenigd koninkrijk'] },
  fi: {
    FI: ['suomessa', 'koko suomessa', 'ympäri suomen', 'ympäri suomea'], SE: ['ruotsissa'], NO: ['norjassa'], DK: ['tanskassa'],
    EE: ['virossa', 'eestissä'], DE: ['saksassa'], RU: ['venäjällä'], LV: ['latviassa'], LT: ['liettuassa'], PL: ['puolassa'],
    FR: ['ranskassa'], ES: ['espanjassa'], IT: ['italiassa'], GB: ['isossa-britanniassa', 'englannissa'], US: ['yhdysvalloissa'],
    NL: ['hollannissa', 'alankomaissa'], AT: ['itävallassa'], CH: ['sveitsissä'], IS: ['islannissa'],
  },
  pl: {
    PL: ['w polsce', 'w całej polsce', 'po całej polsce', 'na terenie polski', 'na terenie całej polski'], DE: ['w niemczech'],
    CZ: ['w czechach'], SK: ['na słowacji'], UA: ['na ukrainie', 'w ukrainie'], LT: ['na litwie'], AT: ['w austrii'],
    GB: ['w wielkiej brytanii'], FR: ['we francji'], ES: ['w hiszpanii'], IT: ['we włoszech'], NL: ['w holandii', 'w niderlandach'],
    SE: ['w szwecji'], NO: ['w norwegii'], DK: ['w danii'], BY: ['na białorusi'], RU: ['w rosji'], HU: ['na węgrzech'],
    IE: ['w irlandii'], US: ['w stanach zjednoczonych', 'w usa'],
  },
  cs: {
    CZ: ['v česku', 'v české republice', 'v čr', 'po celé české republice', 'po celém česku', 'na území české republiky'],
    SK: ['na slovensku'], DE: ['v německu'], AT: ['v rakousku'], PL: ['v polsku'], UA: ['na ukrajině'], HU: ['v maďarsku'],
    FR: ['ve francii'], ES: ['ve španělsku'], IT: ['v itálii'], GB: ['ve velké británii', 'v anglii'], RU: ['v rusku'],
    US: ['v usa', 've spojených státech'],
  },
  sk: {
    SK: ['na slovensku', 'po celom slovensku', 'na území slovenska', 'v slovenskej republike', 'v sr'],
    CZ: ['v česku', 'v českej republike'], PL: ['v poľsku'], HU: ['v maďarsku'], AT: ['v rakúsku'], DE: ['v nemecku'],
    UA: ['na ukrajine'], GB: ['vo veľkej británii'], US: ['v usa'],
  },
  ru: {
    RU: ['в россии', 'по россии', 'по всей россии', 'в рф', 'по рф', 'на территории россии'], UA: ['в украине', 'на украине', 'по украине'],
    BY: ['в беларуси', 'в белоруссии', 'по беларуси'], KZ: ['в казахстане', 'по казахстану'], CY: ['на кипре'], DE: ['в германии'],
    PL: ['в польше'], LV: ['в латвии'], LT: ['в литве'], EE: ['в эстонии'], GE: ['в грузии'], AM: ['в армении'],
    AZ: ['в азербайджане'], UZ: ['в узбекистане'], KG: ['в кыргызстане', 'в киргизии'], MD: ['в молдове', 'в молдавии'],
    TR: ['в турции'], IL: ['в израиле'], AE: ['в оаэ'], US: ['в сша'], FI: ['в финляндии'], RS: ['в сербии'],
    TJ: ['в таджикистане'], ME: ['в черногории'], BG: ['в болгарии'], CZ: ['в чехии'], ES: ['в испании'], TH: ['в таиланде'],
  },
  uk: {
    UA: ['в україні', 'по україні', 'по всій україні', 'на території україни'], PL: ['в польщі'], DE: ['в німеччині'],
    MD: ['в молдові'], RO: ['в румунії'], SK: ['в словаччині'], HU: ['в угорщині'], CZ: ['в чехії'], BY: ['в білорусі'],
    CY: ['на кіпрі'], GB: ['в великій британії'], US: ['в сша'], CA: ['в канаді'], RU: ['в росії'],
  },
  tr: {
    TR: ["türkiye'de", "türkiye'deki", 'türkiyede', 'türkiyedeki', 'türkiye genelinde', "türkiye'nin her yerinde", "tüm türkiye'de"],
    CY: ["kıbrıs'ta", "kıbrıs'taki"], DE: ["almanya'da", "almanya'daki"], NL: ["hollanda'da"], GB: ["İngiltere'de"],
    FR: ["fransa'da"], AZ: ["azerbaycan'da"], GR: ["yunanistan'da"], BG: ["bulgaristan'da"], AT: ["avusturya'da"],
    US: ["abd'de", "amerika'da"],
  },
  ja: {
    JP: ['日本で', '日本では', '日本国内', '日本全国', '日本における', '日本中'], KR: ['韓国で'], CN: ['中国で'], TW: ['台湾で'],
    US: ['アメリカで', '米国で'],
  },
  ko: { KR: ['한국에서', '대한민국', '한국 내'], JP: ['일본에서'], US: ['미국에서'], CN: ['중국에서'] },
  zh: {
    CN: ['在中国', '中国境内', '中国大陆', '全中国', '在中國', '中國境內', '中國大陸'], TW: ['在台湾', '在台灣', '全台湾', '全台灣', '台湾本地', '台灣本地'],
    HK: ['在香港', '香港本地'], MO: ['在澳门', '在澳門'], SG: ['在新加坡'], MY: ['在马来西亚', '在馬來西亞'], JP: ['在日本'],
    US: ['在美国', '在美國'],
  },
};

/**
 * "<own demonym> <company word>": a business that is one of, or works for, its own country's
 * companies ("suomalaista yritystä", "polska firma", "Nederlandse bedrijven"). Only in the
 * languages of one country, and only beside a company word: a "Dutch recipe" is no seat.
 */
const OWN_COMPANIES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  fi: { FI: ['suomalainen yritys', 'suomalaista yritystä', 'suomalaiset yritykset', 'suomalaisia yrityksiä', 'suomalaisille yrityksille', 'suomalaisten yritysten', 'suomalainen perheyritys', 'suomalaista perheyritystä'] },
  nl: { NL: ['nederlands bedrijf', 'nederlandse bedrijven', 'nederlandse ondernemers', 'nederlands familiebedrijf'] },
  pl: { PL: ['polska firma', 'polską firmą', 'polskiej firmy', 'polskie firmy', 'polskich firm', 'polskim firmom', 'polskie przedsiębiorstwo'] },
  cs: { CZ: ['česká firma', 'české firmy', 'českých firem', 'českým firmám', 'česká společnost', 'české společnosti'] },
  sk: { SK: ['slovenská firma', 'slovenské firmy', 'slovenských firiem', 'slovenská spoločnosť'] },
  sv: { SE: ['svenskt företag', 'svenska företag'] },
  da: { DK: ['dansk virksomhed', 'danske virksomheder'] },
  nb: { NO: ['norsk bedrift', 'norske bedrifter', 'norsk selskap'] },
};

/** The language a page's tag names, as the tables above key it ("fi-FI" → fi, Norwegian → nb). */
function languageOf(tag: string): string {
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  return primary === 'no' || primary === 'nn' ? 'nb' : primary;
}

const built = new Map<string, Array<{ code: string; phrase: string }>>();

/** Every "in <country>" phrase of one language, normalised. */
function phrasesOf(lang: string): Array<{ code: string; phrase: string }> {
  let list = built.get(lang);
  if (list) return list;
  const found = new Map<string, string>();
  const prepositions = PREPOSITIONS[lang] ?? [];
  if (prepositions.length > 0) {
    for (const { code, names } of countryNameIndex([lang])) {
      if (AMBIGUOUS.has(code)) continue;
      for (const name of names) for (const p of prepositions) found.set(`${p} ${name}`, code);
    }
  }
  for (const table of [WRITTEN[lang], OWN_COMPANIES[lang]]) {
    for (const [code, forms] of Object.entries(table ?? {})) {
      for (const form of forms) {
        found.set(normalizeForMatch(form), code);
        // Ukrainian writes "в" and "у" for "in" alike, by the sound before.
        if (lang === 'uk' && form.startsWith('в ')) found.set(normalizeForMatch(`у ${form.slice(2)}`), code);
      }
    }
  }
  list = [...found].map(([phrase, code]) => ({ code, phrase }));
  built.set(lang, list);
  return list;
}

export interface CountryPhrase {
  code: string;
  /** Offsets in the normalised text. */
  at: number;
  end: number;
}

/** The "in <country>" phrases of `normText` (normalised) in the languages `langs`, in order. */
export function countryPhrases(normText: string, langs: readonly string[]): CountryPhrase[] {
  const out: CountryPhrase[] = [];
  for (const lang of new Set(langs.filter(Boolean).map(languageOf))) {
    for (const { code, phrase } of phrasesOf(lang)) {
      for (const at of phraseIndexes(normText, phrase)) out.push({ code, at, end: at + phrase.length });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}
