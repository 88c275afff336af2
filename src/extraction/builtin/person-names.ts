/**
 * Person names as sites write them: two to four capitalised words, with particles between
 * ("Jane Doe", "Anne-Marie O'Neil", "Ludwig van der Rohe"). Pages are outside text, so every
 * pattern here has one way to match a given stretch: a word is a capital and lowercase letters,
 * then pieces that each begin with what lowercase letters cannot (an apostrophe, a hyphen or a
 * capital). Written as `\p{Ll}+` pieces with optional joints, "Dashboardscustom…" had 2^n ways
 * to split, and a 40-letter line took minutes.
 */

const WORD = "(?:\\p{Lu}['’])?\\p{Lu}\\p{Ll}+(?:(?:['’-]\\p{Lu}?|\\p{Lu})\\p{Ll}+)*";
const PARTICLE = '(?:van|von|de|da|di|der|den|du|la|le|del|dos|ten|ter)';
const NAME = `${WORD}(?:\\s+(?:${PARTICLE}\\s+)*${WORD}){1,3}`;

const NAME_AT = new RegExp(NAME, 'uy');
const WHOLE_NAME = new RegExp(`^${NAME}$`, 'u');
/**
 * A capital that begins a word. Names are looked for only there: from every capital inside a
 * long glued word ("AbcDefGhi…", "Ab-Cd-Ef…") each search would read the rest of the word again.
 */
const WORD_START = /(?<![\p{L}\p{M}]['’-]?)\p{Lu}/gu;

/**
 * A name as people sign a letter: academic titles before it ("Bc.", "Ing.", "Dr."), a middle
 * initial inside ("Jan M. Kasl"). An initial is a capital and a dot, never a word, so each part
 * still has one way to match.
 */
const TITLE = '(?:Bc|BcA|Ing|Mgr|MgA|MUDr|JUDr|PhDr|RNDr|Dr|Prof|Mag|Dipl\\.-Ing)\\.\\s+';
const SIGNED_NAME = new RegExp(`^(?:${TITLE}){0,2}(${WORD}(?:\\s+\\p{Lu}\\.)?(?:\\s+(?:${PARTICLE}\\s+)*${WORD}){1,3})$`, 'u');

/** The name a line signs with ("Bc. Jan M. Kasl" → "Jan M. Kasl"), or null when the line is not a signature. */
export function signatureName(line: string): string | null {
  return SIGNED_NAME.exec(line)?.[1] ?? null;
}

/** Whether `text` is a name and nothing else. */
export function isWholeName(text: string): boolean {
  return WHOLE_NAME.test(text);
}

/** The end of the name that begins at `start` (the longest, up to four words), or null. */
export function nameEndAt(text: string, start: number): number | null {
  NAME_AT.lastIndex = start;
  return NAME_AT.test(text) ? NAME_AT.lastIndex : null;
}

/** Where names may begin in `text`, in order. */
export function* wordStarts(text: string): Generator<number> {
  for (const m of text.matchAll(WORD_START)) yield m.index;
}

const GIVEN_NAME_AT = new RegExp(`${WORD}(?![\\p{L}\\p{M}\\p{N}])`, 'uy');

/**
 * The end of a given name alone at `start` ("Mia" in "with my wife Mia I run …"), or null. Only
 * read where a sentence says whose name it is: one capitalised word is a name nowhere else.
 */
export function givenNameEndAt(text: string, start: number): number | null {
  GIVEN_NAME_AT.lastIndex = start;
  return GIVEN_NAME_AT.test(text) ? GIVEN_NAME_AT.lastIndex : null;
}

/**
 * Words that name an institution, not a person: "… pela Universidade São Francisco, barbeiro e
 * proprietário" reads like "Name, role", but a school or university founds no business it is
 * named beside (where the owner studied, who trained them).
 */
const INSTITUTION_WORDS = new Set([
  'university', 'universidade', 'universidad', 'université', 'universität', 'università', 'universiteit', 'universitet', 'uniwersytet', 'univerzita',
  'college', 'school', 'academy', 'institute', 'polytechnic', 'faculdade', 'facultad', 'faculté', 'fakultät', 'escola', 'escuela', 'école', 'schule',
  'hochschule', 'akademie', 'academia', 'académie', 'accademia', 'instituto', 'institut', 'istituto', 'politécnico', 'politecnico', 'gymnasium', 'liceo', 'lycée',
]);

/** Whether one of the name's words names an institution ("Universidade São Francisco", "Berlin School of Design"). */
export function namesInstitution(name: string): boolean {
  return name.toLowerCase().split(/[^\p{L}]+/u).some((word) => INSTITUTION_WORDS.has(word));
}
