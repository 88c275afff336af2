import { ARTICLE, FOUNDER_NOUN, NAMESAKE_ROLE, namesTheBusiness, roleAfterCopula } from '../guards/namesake.ts';
import { givenNameEndAt, nameEndAt, wordStarts } from './person-names.ts';

export interface CopulaRole {
  /** Where the name begins and the role ends in the text (for its sentence). */
  start: number;
  end: number;
  name: string;
  role: string;
  /** A given name alone: the business is named after it (see guards/namesake.ts). */
  givenOnly: boolean;
}

/**
 * "Jane Doe is the founder of Acme", "Anna Berg ist Geschäftsführerin", and a given name the
 * business is named after with a founder or owner role ("Becca is a home baker turned small
 * business owner" on the site of "Becca's Cakes"). `businessNames` are the site's names as
 * comparison keys.
 */
export function* copulaRoles(text: string, businessNames: readonly string[]): Generator<CopulaRole> {
  let resume = 0;
  for (const start of wordStarts(text)) {
    if (start < resume) continue;
    const found = fullNameRole(text, start) ?? namesakeRole(text, start, businessNames);
    if (!found) continue;
    yield found;
    resume = found.end;
  }
}

function fullNameRole(text: string, start: number): CopulaRole | null {
  const nameEnd = nameEndAt(text, start);
  const role = nameEnd === null ? null : roleAfterCopula(text, nameEnd, FOUNDER_NOUN);
  return role && nameEnd !== null ? found(text, start, nameEnd, role, false) : null;
}

function namesakeRole(text: string, start: number, businessNames: readonly string[]): CopulaRole | null {
  const nameEnd = givenNameEndAt(text, start);
  if (nameEnd === null || !namesTheBusiness(text.slice(start, nameEnd), businessNames)) return null;
  const role = roleAfterCopula(text, nameEnd, NAMESAKE_ROLE);
  return role ? found(text, start, nameEnd, role, true) : null;
}

function found(text: string, start: number, nameEnd: number, role: { start: number; end: number }, givenOnly: boolean): CopulaRole {
  return { start, end: role.end, name: text.slice(start, nameEnd), role: text.slice(role.start, role.end).replace(ARTICLE, ''), givenOnly };
}
