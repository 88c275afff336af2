import { load } from 'cheerio';
import type { Element } from 'domhandler';
import type { Evidence, FaqProposal } from '../types.ts';
import { elementText } from '../element-text.ts';
import { isType, nodesOf, textOf } from '../json-ld.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { inChrome, underHeading } from './sections.ts';
import { clean, type Site, type SitePage } from './site.ts';

const MAX_FAQS = 10;
const QUESTION = /[?\uff1f]\s*$|^\s*¿/;
const FAQ_HEADING = /faq|frequently asked|common questions|questions|häufige fragen|fragen|questions fréquentes|preguntas|domande|veelgestelde vragen/i;

/**
 * FAQs as the site writes them: FAQPage JSON-LD, <details>/<summary>, <dt>/<dd>, and headings
 * phrased as questions with the text under them. Each keeps the question and the answer's
 * paragraphs as quotes.
 */
export function faqProposals(site: Site): FaqProposal[] {
  const out: FaqProposal[] = [];
  const add = (page: SitePage, question: string, answers: string[]) => {
    const q = clean(question);
    const parts = answers.map(clean).filter(Boolean);
    if (!q || parts.length === 0 || out.length >= MAX_FAQS) return;
    if (out.some((f) => normalizeForMatch(f.question) === normalizeForMatch(q))) return;
    const evidence = [page.quote(q), ...parts.map((a) => page.quote(a))];
    if (evidence.some((e) => e === null)) return;
    out.push({ question: q, answer: parts.join('\n'), evidence: evidence as Evidence[] });
  };

  for (const page of site.byRole('faq', 'home', 'pricing', 'features', 'about', 'other')) {
    const $ = page.$;
    for (const node of page.jsonLd.filter((n) => isType(n, 'FAQPage'))) {
      for (const q of nodesOf(node.mainEntity).filter((n) => isType(n, 'Question'))) {
        const answer = textOf(nodesOf(q.acceptedAnswer)[0]?.text);
        if (answer) add(page, textOf(q.name) ?? '', [answer.includes('<') ? load(answer).root().text() : answer]);
      }
    }
    $('details').each((_, el) => {
      if (inChrome($, el)) return;
      const summary = $(el).children('summary').first();
      const answers = $(el)
        .children()
        .toArray()
        .filter((c) => c !== summary[0])
        .map((c) => elementText(c));
      if (answers.length === 0) {
        // Text directly inside <details>, after the summary.
        answers.push(elementText(el).slice(clean(summary.text()).length));
      }
      add(page, elementText(summary[0]), answers);
    });
    $('dt').each((_, dt) => {
      if (inChrome($, dt)) return;
      const answers: string[] = [];
      for (let n = $(dt).next(); n.length && n.is('dd'); n = n.next()) answers.push(elementText(n[0]));
      const question = elementText(dt);
      if (QUESTION.test(question) || page.role === 'faq') add(page, question, answers);
    });
    const headings = $('h1, h2, h3, h4, h5, h6').toArray() as Element[];
    headings.forEach((h, i) => {
      const question = clean(elementText(h));
      if (h.name === 'h1' || !QUESTION.test(question) || inChrome($, h)) return;
      // A question heading elsewhere ("Why TallyHQ?") titles a section; only FAQ pages and FAQ sections hold answers.
      const parent = headings.slice(0, i).reverse().find((p) => p.name < h.name);
      if (page.role !== 'faq' && !(parent && FAQ_HEADING.test(clean(elementText(parent))))) return;
      const answers = underHeading($, h as Element)
        .filter((el) => /^(p|ul|ol|div)$/.test(el.name))
        .map((el) => elementText(el))
        .slice(0, 4);
      add(page, question, answers);
    });
  }
  return out;
}
