import type { FaqRow } from '../store/schema.ts';
import { generateActivity, type DemoActivity } from './activity.ts';
import { categoryFaqs } from './category-faqs.ts';
import { flattenCategories, type FlatCategory } from './category-tree.ts';
import { INTERVIEW_QUESTIONS } from './catalog-content.ts';
import { generateListings, type DemoListing } from './listings-plan.ts';
import { generateFounders, generateUsers, type DemoFounder, type DemoUser } from './people.ts';
import { createRandom } from './random.ts';

export const DEMO_SEED = 20240601;
export const DEMO_USERS = 600;
export const DEMO_FOUNDERS = 250;
const LINKED_FOUNDERS = 170;

export interface DemoDataset {
  categories: (FlatCategory & { faqs: FaqRow[] })[];
  users: DemoUser[];
  founders: DemoFounder[];
  listings: DemoListing[];
  activity: DemoActivity;
  /** question is an index into INTERVIEW_QUESTIONS. */
  interviewAnswers: { user: number; question: number; answer: string; updatedAt: Date }[];
}

/**
 * The whole demo data set in memory, rows referring to each other by array index. A pure
 * function of (now, timeZone, seed): nothing here touches the database.
 */
export function generateDemoDataset(now: Date, timeZone: string, seed = DEMO_SEED): DemoDataset {
  const rng = createRandom(seed);
  const categoriesRng = rng.fork('categories');
  const categories = flattenCategories().map((c) => ({ ...c, faqs: categoryFaqs(categoriesRng, c) }));
  const users = generateUsers(rng.fork('users'), now, DEMO_USERS);
  const founders = generateFounders(rng.fork('founders'), users, DEMO_FOUNDERS, LINKED_FOUNDERS);
  const listings = generateListings(rng.fork('listings'), { now, timeZone, users, founders, categories });
  const activity = generateActivity(rng.fork('activity'), { now, timeZone, users, founders, listings });

  const answersRng = rng.fork('interviews');
  const interviewAnswers: DemoDataset['interviewAnswers'] = [];
  for (const f of founders) {
    if (f.userIndex === null || !answersRng.chance(0.5)) continue;
    const picked = answersRng.sample(INTERVIEW_QUESTIONS.map((_, q) => q), answersRng.int(3, 7)).sort((a, b) => a - b);
    for (const question of picked) {
      const since = users[f.userIndex].createdAt.getTime();
      interviewAnswers.push({
        user: f.userIndex,
        question,
        answer: answersRng.pick(INTERVIEW_QUESTIONS[question].answers),
        updatedAt: new Date(since + Math.floor((now.getTime() - since) * answersRng.next())),
      });
    }
  }
  return { categories, users, founders, listings, activity, interviewAnswers };
}
