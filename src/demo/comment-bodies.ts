/**
 * What people write under a launch, in the comment Markdown subset (paragraphs, lists, emphasis,
 * inline code, links): one-liners, questions, longer experience reports, and the makers' answers.
 * {name} is the product, {to} the first name of the person answered.
 */
import type { Random } from './random.ts';

const ONE_LINERS = [
  'Congrats on the launch!',
  'Upvoted. The onboarding is really smooth.',
  'This is exactly what I was looking for last month.',
  'Love the landing page. Clear and to the point.',
  'Signed up, first impressions are great.',
  'Finally someone built this properly.',
  'Bookmarked for our next planning cycle.',
  'Clean UI, fast, no nonsense. Nice work.',
  'Tried it on my phone and it just works.',
  'Good luck with the launch, {name} team!',
] as const;

/** Questions, each with the maker's answer. */
const QUESTIONS: readonly (readonly [string, string])[] = [
  ['Does {name} support SSO? We would need it before rolling it out to the whole team.', 'Good question, {to}. SSO (SAML and Google) is on the roadmap for next quarter; we will post an update here when it ships.'],
  ['How is this different from the tools we already pay for? Genuinely curious, not trying to be snarky.', 'Fair question, {to}! We do one thing and keep it fast: no seats to count, no add-ons, and it takes five minutes to set up.'],
  ['Is there an API? I would love to pull the data into our own dashboards.', 'Yes: a public REST API with webhooks. The docs are linked from the footer, and the `v1` endpoints will stay stable.'],
  ['What happens to my data if I cancel? Is there a full export?', 'Full export as CSV and JSON from the settings page, any time, even after you cancel. No lock-in.'],
  ['Any plans for a self-hosted version? Our security team is strict about where data lives.', 'Not yet, but it is the most requested feature this week, so it just moved up the list.'],
  ['Is the pricing per seat or flat? The pricing page was not completely clear to me.', 'Per workspace, flat. Unlimited seats on every paid plan. We will make the pricing page clearer, thanks {to}.'],
  ['Does it work offline, or do I need a connection the whole time?', 'It works offline and syncs when you are back; conflicts are shown to you rather than silently merged.'],
  ['Can I import from a CSV, or do I have to start from scratch?', 'CSV import is built in, {to}: drop the file on the import page and map the columns.'],
  ['Which regions do you host in? We are in the EU and that matters for us.', 'We host in the EU (Frankfurt) and everything is encrypted at rest. Happy to share our security page if you need it for your team.'],
  ['Is there a free trial of the paid plan, or only the free tier?', 'Both: the free tier forever, and a 14-day trial of the paid plan with no card needed.'],
];

const MEDIUM = [
  'Been using {name} for two weeks now. The *search* alone is worth it: it finds things I forgot I had written down.',
  'We moved our team of five over last Friday. The import took ten minutes and nobody asked me how it works, which is the best compliment I can give.',
  'The keyboard shortcuts are great. Small request: please let me remap `Ctrl+K`, it clashes with my browser.',
  'I like that the free plan is actually usable. Too many tools give you a demo and call it a free tier.',
  'Tried it for a side project. Setup was quick, but the settings page took me a while to find. Maybe put it in the main menu?',
  'The integration with our calendar is **so** much better than what we had before. No more double bookings.',
  'Impressed by the speed. Everything loads instantly, even with a few thousand items in my workspace.',
  'Honest feedback: the product looks great, but the pricing jumps a lot between the first and second tier.',
  'This solved a real problem for us. We used to copy things between three spreadsheets every Monday.',
  'Really nice docs. The `quick start` got me from zero to a working setup over one coffee.',
] as const;

const LONG = [
  `We have been running {name} in production for about a month with a team of six.

What works well:

- the import from our old tool was painless
- search is *fast*, even on large workspaces
- support answered within an hour, on a Sunday

What I would love next: an endpoint for \`exports\` so we can script our backups. Happy to beta test it.`,
  `I was sceptical at first because we tried three similar tools last year and abandoned all of them.

The difference with {name} is that it does one thing and does it **well**. No feature bloat, no upsell popups, no "book a demo" wall.

Only wish: a dark mode. My eyes at 11 pm would thank you.`,
  `Quick review after a week of daily use:

1. Onboarding: excellent, took five minutes
2. Performance: great, no lag at all
3. Mobile: usable, but some buttons are too small

Overall a clear upgrade over what we had. Congrats to the makers.`,
  `Some context: I run a small agency and we juggle a dozen client projects at any time.

{name} replaced a spreadsheet that had grown into a monster. The thing I appreciate most is that my clients can see progress without me sending weekly status emails.

If anyone wants to see our setup, we wrote it up here: https://notes.agency-demo.example/our-setup`,
  `Long-time lurker, first comment.

I tried {name} for our open-source project. We needed something *free for maintainers* and it checks that box. The GitHub integration saved us a lot of copy-pasting between issues and our roadmap.

One bug I hit: renaming a project does not update the links in old notifications. Reported it through the in-app chat.`,
] as const;

const WITH_LINKS = [
  'We compared a few options for our team and wrote down what we found: [our comparison notes](https://blog.review-demo.example/tools-we-tried). {name} came out on top for price.',
  'For anyone wondering about the API, the docs are public: https://docs.{domain}/api',
  'There is a good walkthrough video on their site: https://{domain}/tour',
] as const;

const MAKER_INTROS = [
  `Hi everyone, I'm {maker}, one of the makers of {name}.

We started building it because we were tired of {pain}. After a year of evenings and weekends, it is finally ready for more people.

A few things we are proud of:

- it takes about *five minutes* to set up
- your data is yours: full export, any time
- support is us, the founders, usually within hours

We would love your honest feedback, good or bad. Ask us anything below!`,
  `Hey! {maker} here, maker of {name}.

Short version: {name} is the tool we wished we had at our last job. Long version is on the blog, but what matters is what *you* think.

Today we are offering the first three months of the paid plan free to everyone who signs up from this page. I will be around all day to answer questions.`,
  `Hello from the {name} team!

I'm {maker}. We have been in private beta for six months with about 200 teams, and their feedback shaped almost every screen.

What is new since the beta:

1. a rebuilt editor that is **much** faster
2. team workspaces with roles
3. a public API (\`v1\`, documented)

Thanks for checking us out, and tell us what is missing.`,
] as const;

const PAINS = ['the spreadsheets', 'the busywork', 'copy-pasting between tools', 'enterprise pricing', 'the setup headaches'] as const;

/** The maker's answer to praise, and to feedback. */
const MAKER_THANKS = [
  'Thanks, {to}! That means a lot to the whole team.',
  'Thank you {to}, really glad it clicked for you.',
  'Thanks for trying it, {to}! Let us know if anything gets in your way.',
] as const;

const MAKER_FEEDBACK = [
  'Thanks for the detailed feedback, {to}. Noted, and most of it is already on our list.',
  `Great points, {to}. A few answers:

- dark mode ships next week
- the mobile buttons are fixed in the next release
- exports via the API are already in beta: write to us and we will switch it on`,
  'Thank you for reporting that, {to}. We found the bug and the fix goes out tomorrow.',
  'The pricing jump is fair criticism, {to}; we are looking at a middle tier.',
] as const;

const REPLIES = [
  '+1, same experience here.',
  'Agreed. The `CSV` export saved me hours last week.',
  'We had the same problem and ended up writing a small script. Would love to see it built in.',
  'Interesting, {to}. How big is your team?',
  'I had the opposite experience, it was quick for me. Maybe it depends on the browser?',
  'Seconding the dark mode request.',
] as const;

const FOLLOW_QUESTION = ['Same question here, {to}. Following.', 'Would love to know this too.'] as const;

/** A visitor after the maker answered. */
const AFTER_ANSWER = ['Thanks, that helps!', 'Great answer, thanks for being so open about it.', 'Perfect, that was the one thing holding us back.'] as const;

/** The held comment: a link the spam rule caught. */
export const HELD_BODY =
  'Amazing tool!! Also check out [the best growth deals of the year](https://deals.growth-hacks.example/offer) — 90% off today only!!!';

export type BodyContext = {
  name: string;
  /** The product's domain ("flowpad.example"). */
  domain: string;
};

const fill = (template: string, values: Record<string, string>) =>
  Object.entries(values).reduce((text, [key, value]) => text.replaceAll(`{${key}}`, value), template);

/** What a comment is, so answers fit it: praise, a question (with its answer), feedback, or a maker's introduction. */
export interface Said {
  text: string;
  kind: 'praise' | 'question' | 'feedback' | 'intro';
  /** The maker's answer to a question. */
  answer?: string;
}

/** A top-level comment from a visitor: mostly short, sometimes long, now and then with a link. */
export function visitorComment(r: Random, c: BodyContext): Said {
  const kind = r.weighted([['one', 30], ['question', 25], ['medium', 28], ['long', 10], ['link', 7]] as const);
  if (kind === 'question') {
    const [question, answer] = r.pick(QUESTIONS);
    return { text: fill(question, c), kind: 'question', answer };
  }
  if (kind === 'one') return { text: fill(r.pick(ONE_LINERS), c), kind: 'praise' };
  return { text: fill(r.pick({ medium: MEDIUM, long: LONG, link: WITH_LINKS }[kind]), c), kind: 'feedback' };
}

export function makerIntro(r: Random, c: BodyContext & { maker: string }): string {
  return fill(r.pick(MAKER_INTROS), { ...c, maker: firstName(c.maker), pain: r.pick(PAINS) });
}

/** The maker answering a comment by `to`. */
export function makerReply(r: Random, c: BodyContext & { to: string; said: Said }): string {
  const text = c.said.answer ?? r.pick(c.said.kind === 'praise' ? MAKER_THANKS : MAKER_FEEDBACK);
  return fill(text, { name: c.name, domain: c.domain, to: firstName(c.to) });
}

/** A visitor answering `to`, in a thread that started with `said`. */
export function visitorReply(r: Random, c: BodyContext & { to: string; said: Said; makerAnswered: boolean }): string {
  const pool = c.said.kind === 'intro' ? ONE_LINERS : c.makerAnswered ? AFTER_ANSWER : c.said.kind === 'question' ? FOLLOW_QUESTION : REPLIES;
  return fill(r.pick(pool), { name: c.name, domain: c.domain, to: firstName(c.to) });
}

const firstName = (name: string) => name.split(' ')[0];
