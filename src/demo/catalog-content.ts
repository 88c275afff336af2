import type { ProductKind } from '../store/schema.ts';

export interface DemoProduct {
  code: string;
  name: string;
  description: string;
  kind: ProductKind;
  priceCents: number;
  options: Record<string, unknown>;
}

/** Demo prices only: real prices are whatever the administrator stores in products. */
export const PRODUCTS: readonly DemoProduct[] = [
  { code: 'paid-launch', name: 'Paid launch', description: 'Pick any open launch week and skip the free queue.', kind: 'paid_launch', priceCents: 4900, options: {} },
  { code: 'extra-category', name: 'Extra category', description: 'Show the listing in one more category (up to three).', kind: 'extra_category', priceCents: 1900, options: { max_per_listing: 3 } },
  { code: 'unlock-story', name: 'Story section', description: 'Tell the story behind the product on its profile.', kind: 'section_unlock', priceCents: 2900, options: { section: 'story' } },
  { code: 'unlock-milestones', name: 'Milestones section', description: 'Show a timeline of milestones on the profile.', kind: 'section_unlock', priceCents: 1900, options: { section: 'milestones' } },
  { code: 'unlock-media', name: 'Media section', description: 'Add screenshots and videos to the profile.', kind: 'section_unlock', priceCents: 1900, options: { section: 'media' } },
  { code: 'billboard', name: 'Billboard contribution', description: 'Contribute to the billboard ranking; amounts add up.', kind: 'billboard', priceCents: 1000, options: { minimum_cents: 1000 } },
  { code: 'featured', name: 'Featured placement', description: 'Feature the listing on the home page for a week.', kind: 'featured', priceCents: 9900, options: { days: 7 } },
];

export interface DemoInterviewQuestion {
  question: string;
  /** Sample answers demo founders give. */
  answers: readonly string[];
}

export const INTERVIEW_QUESTIONS: readonly DemoInterviewQuestion[] = [
  { question: 'What are you building, in one sentence?', answers: ['A tool I wished existed at my last job.', 'Software that removes one boring task from every week.'] },
  { question: 'Why did you start it?', answers: ['I kept solving the same problem with spreadsheets.', 'Friends asked for a copy of my side project.'] },
  { question: 'Who is your ideal customer?', answers: ['Small teams without a dedicated ops person.', 'Freelancers who hate admin.'] },
  { question: 'How did you get your first ten users?', answers: ['Posting in communities I was already part of.', 'Emailing people who complained about the problem online.'] },
  { question: 'What does a typical day look like?', answers: ['Support in the morning, building in the afternoon.', 'Two hours of focus time before anyone else is online.'] },
  { question: 'What is your tech stack?', answers: ['TypeScript, PostgreSQL and a single server.', 'Python, a managed database and a lot of cron jobs.'] },
  { question: 'What was your biggest mistake so far?', answers: ['Building for six months before talking to users.', 'Pricing too low for too long.'] },
  { question: 'Which tool could you not work without?', answers: ['A good note-taking app.', 'My terminal and a fast editor.'] },
  { question: 'How do you decide what to build next?', answers: ['Whatever unblocks the most paying customers.', 'A public roadmap with votes.'] },
  { question: 'What advice would you give to first-time founders?', answers: ['Launch earlier than feels comfortable.', 'Charge from day one.'] },
  { question: 'Where do you see the product in a year?', answers: ['Profitable with a team of three.', 'The default choice for our niche.'] },
  { question: 'What are you reading or listening to?', answers: ['Indie founder podcasts on long walks.', 'Books on writing clearly.'] },
];
