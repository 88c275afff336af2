/** Word lists the demo and seed:scale write names, people and prose from. */

/** First halves of product names; paired with NAME_ENDINGS they make "Flowpad", "Shipkit". */
export const NAME_STARTS = [
  'Flow', 'Ship', 'Data', 'Note', 'Pixel', 'Stack', 'Cloud', 'Hyper', 'Bright', 'Quill', 'Ledger', 'Pulse',
  'Orbit', 'Nimbus', 'Forge', 'Tally', 'Beacon', 'Lumen', 'Vector', 'Cobalt', 'Atlas', 'Ember', 'Signal', 'Harbor',
  'Kite', 'Maple', 'Nova', 'Onyx', 'Prism', 'Quarry', 'Relay', 'Sprout', 'Tandem', 'Umber', 'Vault', 'Willow',
  'Zephyr', 'Draft', 'Crisp', 'Glide', 'Mint', 'Swift', 'Loop', 'Peak', 'Spark', 'Tide', 'Wander', 'Bolt',
  'Canvas', 'Delta', 'Echo', 'Fable', 'Grove', 'Hatch', 'Inkwell', 'Juno', 'Keel', 'Lattice', 'Meadow', 'Nectar',
  'Opal', 'Parcel', 'Quest', 'Rocket', 'Saga', 'Thread', 'Unity', 'Verve', 'Weave', 'Yonder', 'Zen', 'Coda',
] as const;

export const NAME_ENDINGS = [
  'pad', 'kit', 'lynx', 'ly', 'hub', 'base', 'wise', 'stack', 'loop', 'craft', 'desk', 'beam', 'nest', 'flow',
  'works', 'io', 'ify', 'able', 'bird', 'box', 'cast', 'deck', 'dock', 'field', 'gate', 'grid', 'lab', 'lane',
  'line', 'mark', 'mate', 'path', 'port', 'scope', 'shift', 'sight', 'sync', 'tide', 'trail', 'verse', 'yard',
] as const;

/** Words that make a two-word name read like a product: "Orbit Analytics", "Quill AI". */
export const NAME_SECOND_WORDS = ['AI', 'HQ', 'Labs', 'Cloud', 'App', 'Studio', 'OS', 'Pro'] as const;

export const AUDIENCES = [
  'indie hackers', 'small agencies', 'remote teams', 'solo founders', 'growth marketers', 'backend engineers',
  'product designers', 'freelancers', 'finance teams', 'support teams', 'open-source maintainers', 'students',
  'e-commerce brands', 'content creators', 'early-stage startups', 'platform teams', 'consultants', 'nonprofits',
  'data analysts', 'recruiters', 'mobile developers', 'bootstrapped SaaS companies',
] as const;

export const ADJECTIVES = [
  'fast', 'simple', 'privacy-first', 'open-source', 'collaborative', 'lightweight', 'self-hostable', 'delightful',
  'affordable', 'keyboard-driven', 'no-nonsense', 'beautiful', 'reliable', 'modern', 'minimal', 'friendly',
] as const;

export const PAINS = [
  'the spreadsheets', 'the busywork', 'the enterprise pricing', 'the learning curve', 'the copy-pasting',
  'the endless meetings', 'the vendor lock-in', 'the setup headaches', 'the context switching', 'the guesswork',
] as const;

/** Sentences that end a description, adding texture so full-text search has more to find. */
export const CLOSERS = [
  'Setup takes about five minutes and there is nothing to install.',
  'It is trusted by teams in more than forty countries.',
  'Everything is exportable, so you are never locked in.',
  'Data is stored in the EU and encrypted at rest.',
  'A generous free plan covers most side projects.',
  'The team ships improvements every week based on user feedback.',
  'It plays nicely with the tools you already use.',
  'Pricing is flat, predictable and published on the website.',
  'Keyboard shortcuts make power users feel right at home.',
  'It started as an internal tool and was opened up after friends kept asking for access.',
  'Migration from popular alternatives is a one-click import.',
  'Support is handled by the founders themselves, usually within hours.',
] as const;

export const USPS = [
  'No credit card required', 'GDPR compliant', 'Built by a team of two', 'Open roadmap', 'Lifetime deal available',
  'SOC 2 Type II', 'Runs on your own server', 'Bootstrapped and profitable', 'Import from competitors in one click',
  'Human support within an hour', 'Flat pricing, unlimited seats', 'Works offline', 'Carbon-neutral hosting',
  'Keyboard-first interface', 'Open API and webhooks',
] as const;

export const TAGS = [
  'saas', 'open-source', 'self-hosted', 'privacy', 'b2b', 'b2c', 'remote-work', 'bootstrapped', 'api-first',
  'chrome-extension', 'mac-app', 'mobile', 'startup', 'enterprise', 'indie', 'productivity', 'ai-powered',
] as const;

export const STAGES = ['idea', 'prototype', 'beta', 'launched', 'growing', 'mature'] as const;
export const PRICING_MODELS = ['free', 'freemium', 'subscription', 'one-time', 'usage-based', 'open-source'] as const;

export const INTEGRATION_NAMES = ['Slack', 'GitHub', 'Notion', 'Zapier', 'Stripe', 'HubSpot', 'Google Sheets', 'Linear', 'Figma', 'Shopify'] as const;

export const FIRST_NAMES = [
  'Ada', 'Aiko', 'Amara', 'Anders', 'Aria', 'Bea', 'Bruno', 'Carlos', 'Chen', 'Chloe', 'Dara', 'Diego', 'Elif',
  'Emil', 'Emma', 'Farah', 'Felix', 'Freya', 'Gabriel', 'Hana', 'Hugo', 'Ines', 'Ivan', 'Jonas', 'Julia', 'Kai',
  'Karim', 'Lena', 'Leo', 'Lina', 'Lucas', 'Maya', 'Mateo', 'Mei', 'Mia', 'Nadia', 'Nikhil', 'Noah', 'Olu',
  'Omar', 'Priya', 'Rafael', 'Rosa', 'Sara', 'Sofia', 'Tariq', 'Theo', 'Valentina', 'Wen', 'Yara', 'Yusuf', 'Zoe',
  'Camille', 'Björn', 'Zoë', 'José', 'Léa', 'Mónica',
] as const;

export const LAST_NAMES = [
  'Andersen', 'Bakker', 'Chowdhury', 'Costa', 'Dubois', 'Eriksson', 'Fischer', 'García', 'Haddad', 'Ito',
  'Jansen', 'Kim', 'Kowalski', 'Larsen', 'Martin', 'Moreau', 'Nakamura', 'Novak', "O'Brien", 'Okafor', 'Patel',
  'Petrov', 'Quinn', 'Rossi', 'Santos', 'Schmidt', 'Silva', 'Suzuki', 'Tanaka', 'Virtanen', 'Wang', 'Weber',
  'Yilmaz', 'Zhang', 'Müller', 'Nguyen', 'Byrne', 'Mensah', 'Ramírez', 'Lindqvist',
] as const;

/** ISO 3166-1 alpha-2 codes with a few cities each; the weights roughly follow startup density. */
export const PLACES: readonly { country: string; cities: readonly string[]; weight: number }[] = [
  { country: 'US', cities: ['San Francisco', 'New York', 'Austin', 'Seattle', 'Boston', 'Denver'], weight: 30 },
  { country: 'GB', cities: ['London', 'Manchester', 'Edinburgh', 'Bristol'], weight: 10 },
  { country: 'DE', cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne'], weight: 8 },
  { country: 'FR', cities: ['Paris', 'Lyon', 'Nantes'], weight: 6 },
  { country: 'NL', cities: ['Amsterdam', 'Rotterdam', 'Utrecht'], weight: 4 },
  { country: 'CA', cities: ['Toronto', 'Vancouver', 'Montréal'], weight: 5 },
  { country: 'IN', cities: ['Bengaluru', 'Mumbai', 'Pune', 'Delhi'], weight: 7 },
  { country: 'ES', cities: ['Barcelona', 'Madrid', 'Valencia'], weight: 3 },
  { country: 'SE', cities: ['Stockholm', 'Gothenburg', 'Malmö'], weight: 3 },
  { country: 'BR', cities: ['São Paulo', 'Florianópolis', 'Rio de Janeiro'], weight: 3 },
  { country: 'NG', cities: ['Lagos', 'Abuja'], weight: 2 },
  { country: 'JP', cities: ['Tokyo', 'Osaka', 'Fukuoka'], weight: 2 },
  { country: 'AU', cities: ['Sydney', 'Melbourne', 'Brisbane'], weight: 3 },
  { country: 'PL', cities: ['Warsaw', 'Kraków', 'Wrocław'], weight: 2 },
  { country: 'PT', cities: ['Lisbon', 'Porto'], weight: 2 },
  { country: 'EE', cities: ['Tallinn', 'Tartu'], weight: 1 },
  { country: 'SG', cities: ['Singapore'], weight: 2 },
  { country: 'TR', cities: ['Istanbul', 'Ankara'], weight: 1 },
  { country: 'AR', cities: ['Buenos Aires', 'Córdoba'], weight: 1 },
  { country: 'KE', cities: ['Nairobi'], weight: 1 },
];

export const FOUNDER_TITLES = ['Founder & CEO', 'Co-founder & CTO', 'Co-founder', 'Founder', 'Solo founder', 'Co-founder & CPO', 'Co-founder & Head of Design'] as const;

export const BIO_OPENERS = [
  'Previously an engineer at a fintech scale-up.',
  'Spent eight years in product design before going independent.',
  'Former agency owner turned bootstrapper.',
  'Ex-consultant who got tired of slide decks.',
  'Self-taught developer and lifelong tinkerer.',
  'Used to run growth at a B2B SaaS company.',
  'Started coding at twelve and never stopped.',
  'Former teacher who fell in love with building software.',
  'Researcher turned founder after a PhD in machine learning.',
  'Second-time founder; the first company was acquired.',
] as const;

export const BIO_CLOSERS = [
  'Now building in public and sharing the numbers every month.',
  'Lives by the sea and answers support tickets from the beach.',
  'Believes small teams can build great products.',
  'Writes a weekly newsletter about bootstrapping.',
  'Mentors first-time founders on the side.',
  'Obsessed with fast software and good typography.',
] as const;

/** Real-world-looking browser user agents for vote rows. */
export const USER_AGENTS = [
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
] as const;

/** Documentation address ranges only (RFC 5737, RFC 3849): demo votes must never name a real host. */
export const IP_PREFIXES = ['192.0.2.', '198.51.100.', '203.0.113.'] as const;
export const IPV6_PREFIX = '2001:db8::';

export const REVIEW_BODIES: Record<number, readonly string[]> = {
  5: [
    'Replaced three tools for us. Setup took ten minutes and the team adopted it the same day.',
    'Fast, focused and the founders actually listen. Feature requests shipped within a week.',
    'Exactly what I needed. The free plan was enough to convince my manager to pay for it.',
    'Best onboarding I have seen in a long time. Clear docs and sensible defaults.',
  ],
  4: [
    'Solid product with a couple of rough edges in the settings pages, but it does the core job very well.',
    'Great value for money. I would love a native mobile app, otherwise no complaints.',
    'Works reliably every day. The integrations list could be longer.',
  ],
  3: [
    'Does what it says, though pricing jumps steeply after the first tier.',
    'Promising, but still missing exports I need for my accountant.',
  ],
  2: ['Had sync issues twice this month and support took days to reply.', 'The interface is pretty but too slow on large projects.'],
  1: ['Could not get it to import our existing data, and the refund took weeks.'],
};

export const UPDATE_TITLES = [
  'Dark mode is here', 'New: public API and webhooks', 'We are now SOC 2 compliant', 'Faster search, rebuilt from scratch',
  'Team workspaces', 'Import from spreadsheets', 'Launching our mobile app', 'Pricing update: more in the free plan',
  'Zapier integration', 'Self-hosting guide published', 'Two-factor authentication', 'A new onboarding flow',
] as const;

export const UPDATE_BODIES = [
  'This one was the most requested feature on our roadmap. Thanks to everyone who voted for it!',
  'We rewrote the core of the app this month; everything should feel noticeably snappier.',
  'Existing customers get it automatically, no action needed.',
  'Read the changelog for the full list of fixes and small improvements.',
  'It took longer than planned, but we wanted to get the details right.',
] as const;

export const MILESTONE_TITLES = [
  'First line of code', 'Private beta opens', 'First paying customer', 'Public launch', 'Reached 1,000 users',
  'Crossed $1k MRR', 'Version 2.0 released', 'Reached 10,000 users', 'Hired our first employee', 'Crossed $10k MRR',
] as const;
