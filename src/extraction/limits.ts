/** Size limits of spec sections 2.4 and 2.5: what a verified draft may hold. */
export const LIMITS = {
  string: 500,
  description: 20000,
  listItems: 20,
  listItem: 200,
  faqs: 10,
  faqQuestion: 300,
  faqAnswer: 1500,
  founders: 6,
  founderName: 160,
  founderTitle: 160,
  founderBio: 3000,
  socialLink: 500,
} as const;

/** Trims and cuts to `max` UTF-16 units without splitting a surrogate pair. */
export function cut(s: string, max: number): string {
  const t = s.trim();
  if (t.length <= max) return t;
  let end = max;
  const last = t.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return t.slice(0, end).trimEnd();
}
