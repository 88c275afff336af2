import type { FaqRow } from '../store/schema.ts';

interface Section {
  heading: string;
  text: string;
  bullets?: readonly string[];
  numbered?: boolean;
}

export interface DemoBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  tags: readonly string[];
  intro: string;
  sections: readonly Section[];
  faqs: readonly FaqRow[];
  draft?: boolean;
}

export function blogMarkdown(post: DemoBlogPost): string {
  const parts = [post.intro];
  for (const s of post.sections) {
    parts.push(`## ${s.heading}`, s.text);
    if (s.bullets) parts.push(s.bullets.map((b, i) => (s.numbered ? `${i + 1}. ${b}` : `- ${b}`)).join('\n'));
  }
  return parts.join('\n\n') + '\n';
}

export const BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    slug: 'how-weekly-launches-work',
    title: 'How weekly launches work',
    excerpt: 'Every product gets a launch week. Here is how the queue, the calendar and the awards fit together.',
    author: 'The Launchyard team',
    tags: ['launching', 'guide'],
    intro: 'Launchyard groups launches into **weeks** that run from Monday to Sunday. A product is live for the whole week, and the community votes throughout it.',
    sections: [
      { heading: 'The free queue', text: 'Free launches join a queue and get a week six to eight weeks out, with a fixed number of free slots per week.', bullets: ['Submit your product', 'Add the launch badge to your website', 'Get your week assigned automatically'], numbered: true },
      { heading: 'Paid launches', text: 'A paid launch lets you pick any open week, appear in more categories and unlock the story, milestones and media sections.' },
      { heading: 'Awards', text: 'When a week ends, the three products with the most votes cast during that week take first, second and third place.' },
    ],
    faqs: [
      { question: 'When does a launch week start?', answer: 'At midnight on Monday in the site timezone.' },
      { question: 'Can I change my launch week?', answer: 'Yes, until the week starts, as long as the new week has room.' },
    ],
  },
  {
    slug: 'preparing-for-launch-day',
    title: 'Preparing for launch day: a checklist',
    excerpt: 'Ten things to get right before your product goes live.',
    author: 'Maya Patel',
    tags: ['launching', 'checklist'],
    intro: 'A good launch is mostly preparation. Use this checklist in the two weeks before your launch week.',
    sections: [
      { heading: 'Your listing', text: 'Write a tagline that says what the product does, not how it feels.', bullets: ['Tagline under 60 characters', 'Three to six concrete features', 'Honest pricing summary', 'A short demo video'] },
      { heading: 'Your website', text: 'Make sure the landing page loads fast and explains the product above the fold.', bullets: ['Clear call to action', 'Pricing page', 'Contact details'] },
      { heading: 'Your community', text: 'Tell your newsletter and existing users when the week starts. Ask for feedback, not just votes.' },
    ],
    faqs: [{ question: 'Should I ask people to vote?', answer: 'Tell people you launched and ask what they think. Votes from real users follow.' }],
  },
  {
    slug: 'writing-a-great-tagline',
    title: 'Writing a tagline people remember',
    excerpt: 'Short, specific and about the customer: the three rules of a good tagline.',
    author: 'Lucas Moreau',
    tags: ['copywriting', 'marketing'],
    intro: 'Your tagline is the first thing people read in search results and on the launch calendar.',
    sections: [
      { heading: 'Be specific', text: '"Send invoices in seconds" beats "The future of finance".', bullets: ['Name the job', 'Name the audience', 'Drop the buzzwords'] },
      { heading: 'Test it', text: 'Read it to someone outside your industry. If they cannot repeat what the product does, rewrite it.' },
    ],
    faqs: [{ question: 'How long should a tagline be?', answer: 'Aim for under 60 characters so it is never truncated.' }],
  },
  {
    slug: 'self-hosted-alternatives-2025',
    title: 'Self-hosted alternatives worth a look',
    excerpt: 'Own your data: open-source and self-hostable tools across analytics, notes and automation.',
    author: 'Jonas Weber',
    tags: ['open-source', 'self-hosted', 'roundup'],
    intro: 'More teams want to keep their data on their own servers. The directory makes them easy to find.',
    sections: [
      { heading: 'How to find them', text: 'Filter by the **open-source** pricing model, or open a category and compare the *self-hosted option* fact side by side.' },
      { heading: 'What to check', text: 'Self-hosting is a commitment. Before you switch, check:', bullets: ['Upgrade path and release cadence', 'Backup and restore story', 'Single sign-on support', 'Community size'] },
    ],
    faqs: [{ question: 'Is self-hosting cheaper?', answer: 'Licence costs drop, but count the time spent on upgrades and backups.' }],
  },
  {
    slug: 'understanding-domain-rating',
    title: 'What domain rating tells you (and what it does not)',
    excerpt: 'Domain rating is a useful signal of reach, not of quality. Here is how we show it.',
    author: 'The Launchyard team',
    tags: ['seo', 'metrics'],
    intro: 'Listings can show a domain rating from a third-party crawler, with the trend since the previous measurement.',
    sections: [
      { heading: 'How it is measured', text: 'A crawler scores how strong a domain\'s backlink profile is on a scale from 0 to 100.' },
      { heading: 'Reading the trend', text: 'A rising rating usually means more sites link to the product. A new product starts low; that is normal.', bullets: ['Up: gained points since the last measurement', 'Down: lost points', 'Flat: unchanged', 'New: the first measurement'] },
    ],
    faqs: [{ question: 'Does domain rating affect ranking here?', answer: 'No. Rankings use community votes only.' }],
  },
  {
    slug: 'revenue-leaderboard',
    title: 'Introducing the revenue leaderboard',
    excerpt: 'Founders can now share monthly recurring revenue, verified or self-reported.',
    author: 'Aiko Tanaka',
    tags: ['product', 'announcement'],
    intro: 'Building in public works. The revenue leaderboard shows products by monthly recurring revenue (MRR).',
    sections: [
      { heading: 'Verified and self-reported', text: 'Verified figures come from a connected payment provider; others are reported by the founder and marked as such.' },
      { heading: 'Privacy', text: 'Sharing revenue is always optional and can be turned off at any time.' },
    ],
    faqs: [{ question: 'Which currency is used?', answer: 'All revenue figures are shown in US dollars.' }],
  },
  {
    slug: 'choosing-categories',
    title: 'Choosing the right category for your product',
    excerpt: 'Where your listing appears matters more than you think.',
    author: 'Priya Chowdhury',
    tags: ['guide', 'listings'],
    intro: 'Categories are how most visitors browse the directory. Pick the most specific one that fits.',
    sections: [
      { heading: 'Go specific', text: 'A listing in a subcategory also appears in its parent category, so "SEO" beats "Marketing".' },
      { heading: 'Extra categories', text: 'Paid listings can appear in up to three more categories, which helps products that serve several audiences.', bullets: ['Primary category: the main job', 'Extra categories: secondary jobs', 'Facts: fill in the attributes each category asks for'] },
    ],
    faqs: [{ question: 'Can I change my category later?', answer: 'Yes, from your listing settings.' }],
  },
  {
    slug: 'founder-interviews',
    title: 'Founder interviews are back',
    excerpt: 'Answer a few questions and appear in our weekly founder interview series.',
    author: 'The Launchyard team',
    tags: ['community', 'interviews'],
    intro: 'Every week we feature founders who launched here. The questions are public; answer any you like.',
    sections: [
      { heading: 'How it works', text: 'Sign in, open the interview page and answer the questions that speak to you.', bullets: ['Answers can be edited any time', 'We pick a few every week', 'You approve the final post'] },
    ],
    faqs: [{ question: 'Do I need a live listing?', answer: 'It helps, but anyone building a product can answer.' }],
  },
  {
    slug: 'billboard-explained',
    title: 'The billboard, explained',
    excerpt: 'A transparent, paid spot that never touches community votes.',
    author: 'Rafael Santos',
    tags: ['product', 'pricing'],
    intro: 'The billboard ranks products by the amount contributed to it. It is kept completely separate from votes.',
    sections: [
      { heading: 'Why separate', text: 'Votes must mean that real people liked a product. Money never changes a vote count or an award.' },
      { heading: 'How to join', text: 'Contribute any amount above the minimum to a listing you own. Contributions add up over time.' },
    ],
    faqs: [{ question: 'Is there a minimum?', answer: 'Yes, the minimum is shown on the products page and set by the administrator.' }],
  },
  {
    slug: 'api-and-mcp',
    title: 'Use Launchyard from your own tools: REST API and MCP',
    excerpt: 'Everything on the site is available through a documented REST API and an MCP server for AI assistants.',
    author: 'Chen Wang',
    tags: ['developers', 'api', 'mcp'],
    intro: 'The website, the REST API and the MCP server are built from the same list of operations, so they always agree.',
    sections: [
      { heading: 'REST', text: 'Browse the OpenAPI document at `/api/v1/openapi.json` and call any public operation without a key.' },
      { heading: 'MCP', text: 'Point an MCP-capable assistant at `/mcp` and ask it to search launches, compare products or list categories.', bullets: ['Search listings with typo tolerance', 'Compare two products', 'Browse the launch calendar'] },
    ],
    faqs: [{ question: 'Is there a rate limit?', answer: 'Yes, anonymous clients are limited per minute; signed-in clients get more.' }],
  },
  {
    slug: 'what-we-learned-from-1000-launches',
    title: 'What we learned from a thousand launches',
    excerpt: 'Draft: patterns from the products that did well.',
    author: 'The Launchyard team',
    tags: ['research'],
    intro: 'We looked at which launches got the most votes and follows in their week.',
    sections: [{ heading: 'Early findings', text: 'Clear taglines and a demo video correlate with more follows.', bullets: ['Specific taglines', 'Short videos', 'Founders answering comments'] }],
    faqs: [],
    draft: true,
  },
  {
    slug: 'pricing-page-teardown',
    title: 'Pricing page teardown',
    excerpt: 'Draft: five pricing pages, what works and what does not.',
    author: 'Lucas Moreau',
    tags: ['pricing', 'teardown'],
    intro: 'Pricing pages are where visitors decide. We picked five from recent launches.',
    sections: [{ heading: 'Anchoring', text: 'Show the plan most people pick in the middle, and say who each plan is for.' }],
    faqs: [],
    draft: true,
  },
];
