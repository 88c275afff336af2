/**
 * The demo category tree, shared by the demo loader and seed:scale. Besides what is stored
 * (slug, name, description, attributes) each node carries the vocabulary its products are
 * written from, so generated listings read like members of their category.
 */
export type AttributeKind = 'text' | 'boolean' | 'number' | 'list';

export interface AttributeSpec {
  key: string;
  label: string;
  kind: AttributeKind;
  /** Choices for text and list values. */
  options?: readonly string[];
  /** Inclusive bounds for number values. */
  range?: readonly [number, number];
}

export interface CategorySpec {
  slug: string;
  name: string;
  description: string;
  /** What a product here is, singular: "API gateway". */
  things: readonly string[];
  /** What a product here does, as a verb phrase: "mock any endpoint". */
  jobs: readonly string[];
  features: readonly string[];
  keywords: readonly string[];
  attributes?: readonly AttributeSpec[];
  children?: readonly CategorySpec[];
}

const LANGUAGES = ['TypeScript', 'Python', 'Go', 'Rust', 'Java', 'Ruby', 'PHP', 'C#', 'Kotlin', 'Swift', 'Elixir'];
const INTEGRATIONS = ['Slack', 'GitHub', 'Notion', 'Zapier', 'Stripe', 'HubSpot', 'Google Sheets', 'Linear', 'Figma', 'Shopify', 'Discord', 'Salesforce', 'Airtable', 'Webflow'];
const PLATFORMS = ['Web', 'macOS', 'Windows', 'Linux', 'iOS', 'Android'];

const openSource: AttributeSpec = { key: 'open_source', label: 'Open source', kind: 'boolean' };
const selfHosted: AttributeSpec = { key: 'self_hosted', label: 'Self-hosted option', kind: 'boolean' };
const freeTier: AttributeSpec = { key: 'free_tier', label: 'Free tier', kind: 'boolean' };
const apiAvailable: AttributeSpec = { key: 'api_available', label: 'Public API', kind: 'boolean' };
const integrations: AttributeSpec = { key: 'integrations', label: 'Integrations', kind: 'list', options: INTEGRATIONS };
const languages: AttributeSpec = { key: 'languages', label: 'Languages supported', kind: 'list', options: LANGUAGES };
const platforms: AttributeSpec = { key: 'platforms', label: 'Platforms', kind: 'list', options: PLATFORMS };

export const CATEGORY_TREE: readonly CategorySpec[] = [
  {
    slug: 'developer-tools',
    name: 'Developer Tools',
    description: 'Software that helps engineers write, test, ship and run code with less friction.',
    things: ['developer tool', 'CLI', 'code review bot', 'SDK generator'],
    jobs: ['ship code faster', 'cut build times', 'catch bugs before production', 'automate repetitive engineering chores'],
    features: ['CLI and web dashboard', 'GitHub pull request checks', 'Single sign-on', 'Audit log', 'Role-based access'],
    keywords: ['developer', 'engineering', 'code', 'devtools'],
    attributes: [openSource, selfHosted, languages, apiAvailable, { key: 'license', label: 'License', kind: 'text', options: ['MIT', 'Apache-2.0', 'AGPL-3.0', 'Proprietary', 'BSD-3-Clause'] }],
    children: [
      {
        slug: 'apis',
        name: 'APIs',
        description: 'Hosted APIs, API gateways and tools for designing, mocking and documenting them.',
        things: ['API gateway', 'API client', 'mock server', 'API documentation portal'],
        jobs: ['mock any endpoint', 'generate typed SDKs from an OpenAPI spec', 'document REST and GraphQL APIs', 'rate-limit and monitor API traffic'],
        features: ['OpenAPI import', 'GraphQL explorer', 'Request history', 'Typed SDK generation', 'Webhooks replay'],
        keywords: ['api', 'rest', 'graphql', 'openapi', 'webhooks'],
        attributes: [
          { key: 'rate_limit_per_minute', label: 'Rate limit per minute', kind: 'number', range: [60, 10000] },
          { key: 'sdk_languages', label: 'SDK languages', kind: 'list', options: LANGUAGES },
        ],
      },
      {
        slug: 'testing',
        name: 'Testing',
        description: 'Test runners, QA platforms and tools that keep regressions out of production.',
        things: ['test runner', 'QA platform', 'visual regression tool'],
        jobs: ['find flaky tests', 'run end-to-end tests in parallel', 'catch visual regressions', 'record tests without writing code'],
        features: ['Parallel runs', 'Flaky test detection', 'Screenshot diffs', 'CI integration', 'Test recorder'],
        keywords: ['testing', 'qa', 'test automation', 'regression'],
        attributes: [{ key: 'ci_integrations', label: 'CI integrations', kind: 'list', options: ['GitHub Actions', 'GitLab CI', 'CircleCI', 'Jenkins', 'Buildkite'] }],
        children: [
          {
            slug: 'load-testing',
            name: 'Load Testing',
            description: 'Simulate real traffic to find out how your system behaves under pressure.',
            things: ['load testing service', 'traffic simulator'],
            jobs: ['simulate a million concurrent users', 'find the breaking point of an API', 'benchmark latency before launch day'],
            features: ['Distributed load generators', 'Latency percentiles', 'Scripted scenarios', 'Threshold alerts'],
            keywords: ['load testing', 'performance', 'benchmark', 'stress test', 'latency'],
          },
          {
            slug: 'end-to-end-testing',
            name: 'End-to-End Testing',
            description: 'Browser and device automation that tests whole user journeys.',
            things: ['browser automation tool', 'end-to-end testing platform'],
            jobs: ['test checkout flows in real browsers', 'automate cross-browser testing', 'turn bug reports into reproducible tests'],
            features: ['Real browser grid', 'Session video replay', 'Auto-waiting selectors', 'Network mocking'],
            keywords: ['e2e', 'browser testing', 'playwright', 'selenium', 'automation'],
          },
        ],
      },
      {
        slug: 'databases',
        name: 'Databases',
        description: 'Managed databases, query tools and data platforms for application developers.',
        things: ['managed database', 'SQL client', 'schema migration tool', 'vector database'],
        jobs: ['branch a database like code', 'query production data safely', 'migrate schemas without downtime', 'store embeddings next to your rows'],
        features: ['Point-in-time restore', 'Read replicas', 'Schema diffing', 'Query insights', 'Connection pooling'],
        keywords: ['database', 'postgres', 'sql', 'schema', 'migrations'],
        attributes: [{ key: 'engines', label: 'Database engines', kind: 'list', options: ['PostgreSQL', 'MySQL', 'SQLite', 'MongoDB', 'Redis', 'ClickHouse'] }],
      },
      {
        slug: 'devops',
        name: 'DevOps & Hosting',
        description: 'Deploy, host and operate applications, from a single container to a global fleet.',
        things: ['hosting platform', 'deployment tool', 'infrastructure-as-code tool'],
        jobs: ['deploy from git push', 'preview every pull request', 'keep cloud bills under control', 'roll back a bad release in one click'],
        features: ['Preview environments', 'Zero-downtime deploys', 'Autoscaling', 'Secrets management', 'Cost reports'],
        keywords: ['devops', 'hosting', 'deployment', 'infrastructure', 'cloud'],
        attributes: [{ key: 'regions', label: 'Regions', kind: 'number', range: [1, 35] }],
        children: [
          {
            slug: 'monitoring',
            name: 'Monitoring',
            description: 'Uptime checks, logs, metrics and error tracking so you hear about problems first.',
            things: ['uptime monitor', 'error tracker', 'log management tool', 'status page'],
            jobs: ['get paged before customers notice', 'search logs across services', 'track errors down to the commit', 'publish a status page'],
            features: ['Uptime checks every 30 seconds', 'On-call schedules', 'Log search', 'Error grouping', 'Public status pages'],
            keywords: ['monitoring', 'observability', 'uptime', 'logs', 'alerting'],
          },
          {
            slug: 'ci-cd',
            name: 'CI/CD',
            description: 'Continuous integration and delivery pipelines that build, test and release your code.',
            things: ['CI service', 'release pipeline', 'build cache'],
            jobs: ['cut CI times in half', 'cache builds across branches', 'ship releases on a schedule'],
            features: ['Remote build cache', 'Matrix builds', 'Release approvals', 'Self-hosted runners'],
            keywords: ['ci', 'cd', 'continuous integration', 'pipelines', 'builds'],
          },
        ],
      },
      {
        slug: 'security',
        name: 'Security',
        description: 'Find vulnerabilities, manage secrets and prove compliance without a dedicated team.',
        things: ['vulnerability scanner', 'secrets manager', 'compliance platform'],
        jobs: ['scan dependencies for vulnerabilities', 'rotate secrets automatically', 'get SOC 2 ready', 'detect leaked credentials'],
        features: ['Dependency scanning', 'Secret rotation', 'Compliance evidence collection', 'SBOM export'],
        keywords: ['security', 'vulnerability', 'compliance', 'secrets', 'soc 2'],
        attributes: [{ key: 'certifications', label: 'Certifications', kind: 'list', options: ['SOC 2', 'ISO 27001', 'HIPAA', 'GDPR'] }],
      },
    ],
  },
  {
    slug: 'ai',
    name: 'AI',
    description: 'Products built on machine learning and large language models, from writing aids to autonomous agents.',
    things: ['AI assistant', 'AI tool', 'model playground'],
    jobs: ['automate busywork with language models', 'summarise long documents', 'answer questions from your own data'],
    features: ['Bring your own API key', 'Custom prompts', 'Team workspaces', 'Usage analytics', 'Private data mode'],
    keywords: ['ai', 'artificial intelligence', 'llm', 'machine learning', 'gpt'],
    attributes: [
      { key: 'models', label: 'Models', kind: 'list', options: ['GPT-4o', 'Claude', 'Llama', 'Mistral', 'Gemini', 'Stable Diffusion', 'in-house'] },
      apiAvailable,
      freeTier,
      { key: 'trains_on_customer_data', label: 'Trains on customer data', kind: 'boolean' },
    ],
    children: [
      {
        slug: 'ai-writing',
        name: 'Writing',
        description: 'AI writing assistants for blog posts, product copy, emails and everything in between.',
        things: ['AI writing assistant', 'copywriting tool', 'grammar checker'],
        jobs: ['draft blog posts in your own voice', 'rewrite product copy for conversions', 'fix grammar and tone', 'turn notes into newsletters'],
        features: ['Brand voice profiles', 'Plagiarism check', 'Tone rewriting', 'Chrome extension', 'Long-form editor'],
        keywords: ['writing', 'copywriting', 'content', 'grammar', 'blog'],
        attributes: [{ key: 'output_languages', label: 'Output languages', kind: 'number', range: [1, 40] }],
      },
      {
        slug: 'ai-image',
        name: 'Image',
        description: 'Generate, edit and upscale images with AI.',
        things: ['AI image generator', 'photo editor', 'background remover'],
        jobs: ['generate product photos from a prompt', 'remove backgrounds in bulk', 'upscale images without losing detail', 'create on-brand illustrations'],
        features: ['Text-to-image', 'Inpainting', 'Batch upscaling', 'Commercial licence', 'Style presets'],
        keywords: ['image', 'photo', 'generator', 'upscale', 'illustration'],
      },
      {
        slug: 'ai-assistants',
        name: 'Assistants & Chatbots',
        description: 'Chatbots and assistants that answer customers and teammates from your knowledge base.',
        things: ['AI chatbot', 'support assistant', 'knowledge base bot'],
        jobs: ['answer support tickets from your docs', 'put a chatbot on your website', 'search company knowledge in plain English'],
        features: ['Trains on your docs', 'Human handoff', 'Website widget', 'Slack bot', 'Answer citations'],
        keywords: ['chatbot', 'assistant', 'support', 'knowledge base', 'rag'],
      },
      {
        slug: 'ai-agents',
        name: 'Agents',
        description: 'Autonomous agents that take multi-step actions across your tools.',
        things: ['AI agent', 'agent framework', 'browser agent'],
        jobs: ['let agents fill in web forms', 'orchestrate multi-step workflows', 'research leads while you sleep'],
        features: ['Tool calling', 'Human approval steps', 'Run history', 'MCP server support', 'Scheduled runs'],
        keywords: ['agents', 'autonomous', 'workflow', 'automation', 'mcp'],
      },
      {
        slug: 'ai-audio',
        name: 'Audio & Voice',
        description: 'Transcription, voice cloning, podcast editing and text-to-speech.',
        things: ['transcription service', 'text-to-speech tool', 'podcast editor'],
        jobs: ['transcribe meetings with speaker labels', 'turn articles into podcasts', 'remove filler words from recordings'],
        features: ['Speaker diarisation', 'Natural voices', 'Filler word removal', 'Subtitle export'],
        keywords: ['audio', 'voice', 'transcription', 'podcast', 'speech'],
      },
    ],
  },
  {
    slug: 'marketing',
    name: 'Marketing',
    description: 'Tools to attract, convert and keep customers: search, email, social and analytics.',
    things: ['marketing tool', 'growth platform', 'landing page builder'],
    jobs: ['grow organic traffic', 'turn visitors into signups', 'plan campaigns across channels'],
    features: ['A/B testing', 'Campaign calendar', 'UTM builder', 'Team approvals', 'White-label reports'],
    keywords: ['marketing', 'growth', 'campaigns', 'conversion'],
    attributes: [freeTier, integrations, { key: 'starting_price_usd', label: 'Starting price (USD/month)', kind: 'number', range: [5, 299] }],
    children: [
      {
        slug: 'seo',
        name: 'SEO',
        description: 'Keyword research, rank tracking, site audits and content optimisation for search.',
        things: ['SEO tool', 'rank tracker', 'site audit crawler', 'keyword research tool'],
        jobs: ['track keyword rankings daily', 'find technical SEO issues', 'research keywords competitors rank for', 'build backlinks that matter'],
        features: ['Daily rank tracking', 'Site crawler', 'Backlink monitor', 'Content briefs', 'Search Console sync'],
        keywords: ['seo', 'search engine optimization', 'keywords', 'backlinks', 'rankings'],
        attributes: [{ key: 'tracked_keywords', label: 'Tracked keywords included', kind: 'number', range: [100, 50000] }],
      },
      {
        slug: 'email-marketing',
        name: 'Email Marketing',
        description: 'Newsletters, drip campaigns and transactional email that reaches the inbox.',
        things: ['newsletter platform', 'email automation tool', 'deliverability checker'],
        jobs: ['send newsletters that land in the inbox', 'automate onboarding drip campaigns', 'grow a paid newsletter'],
        features: ['Drag-and-drop editor', 'Drip sequences', 'Deliverability reports', 'Paid subscriptions', 'Segmentation'],
        keywords: ['email', 'newsletter', 'drip', 'campaigns', 'deliverability'],
      },
      {
        slug: 'social-media',
        name: 'Social Media',
        description: 'Schedule posts, manage communities and measure what resonates on social networks.',
        things: ['social media scheduler', 'community manager', 'social listening tool'],
        jobs: ['schedule a month of posts in an hour', 'reply to every mention from one inbox', 'spot trends before they peak'],
        features: ['Multi-network scheduling', 'Unified inbox', 'Best time to post', 'Hashtag suggestions'],
        keywords: ['social media', 'scheduling', 'community', 'posts', 'creators'],
      },
      {
        slug: 'analytics',
        name: 'Analytics',
        description: 'Measure traffic, funnels and product usage, with or without cookies.',
        things: ['analytics platform', 'dashboard tool', 'reporting tool'],
        jobs: ['see which channels bring paying customers', 'build dashboards without SQL', 'share weekly reports automatically'],
        features: ['Custom dashboards', 'Funnel reports', 'Scheduled email reports', 'CSV export', 'Data warehouse sync'],
        keywords: ['analytics', 'dashboards', 'metrics', 'reporting', 'insights'],
        attributes: [{ key: 'cookieless', label: 'Works without cookies', kind: 'boolean' }],
        children: [
          {
            slug: 'product-analytics',
            name: 'Product Analytics',
            description: 'Understand how people use your product: events, funnels, retention and session replay.',
            things: ['product analytics tool', 'session replay tool', 'feature flag platform'],
            jobs: ['find where users drop off', 'watch session replays of confused users', 'measure feature adoption', 'run experiments behind feature flags'],
            features: ['Event autocapture', 'Retention cohorts', 'Session replay', 'Feature flags', 'Experiments'],
            keywords: ['product analytics', 'retention', 'funnels', 'events', 'session replay'],
          },
          {
            slug: 'web-analytics',
            name: 'Web Analytics',
            description: 'Privacy-friendly website statistics that load fast and respect visitors.',
            things: ['web analytics tool', 'privacy-first analytics script'],
            jobs: ['replace Google Analytics without a cookie banner', 'see real-time visitors', 'track goals and outbound links'],
            features: ['Under 2 KB script', 'No cookie banner needed', 'Real-time visitors', 'Goal tracking', 'Public dashboards'],
            keywords: ['web analytics', 'privacy', 'traffic', 'visitors', 'gdpr'],
          },
        ],
      },
    ],
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    description: 'Apps that help individuals and teams plan, focus and get more done.',
    things: ['productivity app', 'workspace', 'focus tool'],
    jobs: ['get through your to-do list', 'stay focused for deep work', 'keep the whole team in sync'],
    features: ['Keyboard shortcuts', 'Offline mode', 'Templates', 'Real-time collaboration', 'Dark mode'],
    keywords: ['productivity', 'workflow', 'focus', 'organization'],
    attributes: [platforms, { key: 'offline_mode', label: 'Works offline', kind: 'boolean' }, freeTier, integrations],
    children: [
      {
        slug: 'note-taking',
        name: 'Note Taking',
        description: 'Capture ideas, build a second brain and find anything you wrote down.',
        things: ['note-taking app', 'knowledge base', 'markdown editor'],
        jobs: ['link notes into a second brain', 'capture ideas from any device', 'search every note instantly', 'write in plain markdown'],
        features: ['Backlinks', 'Markdown export', 'End-to-end encryption', 'Web clipper', 'Daily notes'],
        keywords: ['notes', 'note taking', 'markdown', 'knowledge', 'second brain'],
      },
      {
        slug: 'task-management',
        name: 'Task Management',
        description: 'To-do lists, kanban boards and project trackers for people who ship.',
        things: ['task manager', 'kanban board', 'project tracker'],
        jobs: ['plan sprints without the overhead', 'turn emails into tasks', 'see who is working on what'],
        features: ['Kanban and list views', 'Recurring tasks', 'Time estimates', 'Sprint planning', 'Email to task'],
        keywords: ['tasks', 'to-do', 'kanban', 'projects', 'planning'],
      },
      {
        slug: 'scheduling',
        name: 'Calendar & Scheduling',
        description: 'Booking links, calendar assistants and meeting tools that end the back-and-forth.',
        things: ['scheduling tool', 'calendar app', 'booking page'],
        jobs: ['share a booking link that respects time zones', 'protect focus time on your calendar', 'route meetings to the right person'],
        features: ['Booking links', 'Round-robin routing', 'Time zone detection', 'Buffer times', 'Payments at booking'],
        keywords: ['calendar', 'scheduling', 'booking', 'meetings', 'appointments'],
      },
      {
        slug: 'time-tracking',
        name: 'Time Tracking',
        description: 'Track hours, understand where time goes and bill clients accurately.',
        things: ['time tracker', 'timesheet app'],
        jobs: ['track billable hours automatically', 'see where the week went', 'fill in timesheets in seconds'],
        features: ['Automatic timers', 'Idle detection', 'Timesheet approvals', 'Billable rates'],
        keywords: ['time tracking', 'timesheets', 'hours', 'billable', 'timer'],
      },
    ],
  },
  {
    slug: 'design',
    name: 'Design',
    description: 'Tools for designers: interfaces, prototypes, icons, illustrations and brand assets.',
    things: ['design tool', 'design system manager', 'asset library'],
    jobs: ['keep a design system in sync with code', 'hand off designs to developers', 'find the right asset fast'],
    features: ['Figma plugin', 'Design tokens export', 'Version history', 'Team libraries', 'Commenting'],
    keywords: ['design', 'ui', 'ux', 'creative'],
    attributes: [{ key: 'figma_plugin', label: 'Figma plugin', kind: 'boolean' }, platforms, freeTier],
    children: [
      {
        slug: 'ui-design',
        name: 'UI Design',
        description: 'Interface design tools, UI kits and component libraries.',
        things: ['UI kit', 'interface design tool', 'component library'],
        jobs: ['design responsive interfaces faster', 'start from production-ready components', 'turn wireframes into polished UI'],
        features: ['Auto layout', 'Responsive breakpoints', 'Component variants', 'Code export'],
        keywords: ['ui design', 'interface', 'components', 'ui kit', 'wireframes'],
      },
      {
        slug: 'icons-illustrations',
        name: 'Icons & Illustrations',
        description: 'Icon sets, illustration libraries and generators for every style.',
        things: ['icon library', 'illustration pack', 'avatar generator'],
        jobs: ['find consistent icons for any interface', 'customise illustrations to your brand colours', 'export SVGs in one click'],
        features: ['SVG and PNG export', 'Colour customisation', 'Figma and Sketch files', 'Commercial licence'],
        keywords: ['icons', 'illustrations', 'svg', 'graphics', 'assets'],
      },
      {
        slug: 'prototyping',
        name: 'Prototyping',
        description: 'Interactive prototypes, user testing and animation tools.',
        things: ['prototyping tool', 'user testing platform', 'animation tool'],
        jobs: ['test prototypes with real users', 'animate interactions without code', 'validate ideas before building'],
        features: ['Clickable prototypes', 'Heatmaps', 'Micro-interactions', 'Usability test recordings'],
        keywords: ['prototyping', 'user testing', 'animation', 'ux research', 'interactions'],
      },
    ],
  },
  {
    slug: 'finance',
    name: 'Finance',
    description: 'Invoicing, accounting, payments and money tools for freelancers and small businesses.',
    things: ['finance tool', 'money app', 'cash flow tracker'],
    jobs: ['know your runway at a glance', 'get paid faster', 'close the books without spreadsheets'],
    features: ['Multi-currency', 'Bank sync', 'Cash flow forecasts', 'Accountant access', 'Receipt scanning'],
    keywords: ['finance', 'money', 'cash flow', 'small business'],
    attributes: [{ key: 'currencies_supported', label: 'Currencies supported', kind: 'number', range: [1, 150] }, integrations, freeTier],
    children: [
      {
        slug: 'invoicing',
        name: 'Invoicing',
        description: 'Create, send and chase invoices; accept card and bank payments.',
        things: ['invoicing tool', 'billing app', 'quote generator'],
        jobs: ['send professional invoices in seconds', 'chase late payments automatically', 'turn tracked time into invoices'],
        features: ['Recurring invoices', 'Automatic reminders', 'Online card payments', 'Quotes and estimates', 'Tax rates by country'],
        keywords: ['invoicing', 'invoices', 'billing', 'payments', 'freelancers'],
        attributes: [{ key: 'e_invoicing', label: 'E-invoicing standards', kind: 'list', options: ['Peppol', 'ZUGFeRD', 'Factur-X', 'UBL'] }],
      },
      {
        slug: 'accounting',
        name: 'Accounting',
        description: 'Bookkeeping and accounting software that keeps you tax-ready all year.',
        things: ['bookkeeping app', 'accounting software', 'expense tracker'],
        jobs: ['categorise transactions automatically', 'stay tax-ready all year', 'reconcile bank accounts in minutes'],
        features: ['Auto-categorisation', 'Profit and loss reports', 'VAT returns', 'Expense claims', 'Receipt matching'],
        keywords: ['accounting', 'bookkeeping', 'expenses', 'tax', 'reconciliation'],
      },
      {
        slug: 'payments',
        name: 'Payments',
        description: 'Checkout, subscriptions and payouts for online businesses.',
        things: ['payments platform', 'checkout page', 'subscription billing tool'],
        jobs: ['sell subscriptions with a hosted checkout', 'handle sales tax as a merchant of record', 'recover failed card payments'],
        features: ['Hosted checkout', 'Dunning emails', 'Merchant of record', 'Usage-based billing', 'Customer portal'],
        keywords: ['payments', 'checkout', 'subscriptions', 'billing', 'saas'],
      },
    ],
  },
  {
    slug: 'sales',
    name: 'Sales & Support',
    description: 'Find leads, close deals and keep customers happy.',
    things: ['sales tool', 'customer platform', 'outreach tool'],
    jobs: ['book more demos', 'keep every customer conversation in one place', 'follow up at the right moment'],
    features: ['Shared inbox', 'Pipeline reports', 'Email sequences', 'Call recording', 'Customer timeline'],
    keywords: ['sales', 'customers', 'support', 'outreach'],
    attributes: [integrations, freeTier, { key: 'seats_included', label: 'Seats included', kind: 'number', range: [1, 25] }],
    children: [
      {
        slug: 'crm',
        name: 'CRM',
        description: 'Customer relationship managers for founders and small sales teams.',
        things: ['CRM', 'pipeline tracker', 'contact manager'],
        jobs: ['track every deal without data entry', 'enrich contacts automatically', 'forecast revenue from your pipeline'],
        features: ['Automatic contact enrichment', 'Deal pipeline', 'Email sync', 'Revenue forecasts'],
        keywords: ['crm', 'pipeline', 'deals', 'contacts', 'leads'],
      },
      {
        slug: 'customer-support',
        name: 'Customer Support',
        description: 'Help desks, live chat and knowledge bases that scale support without scaling the team.',
        things: ['help desk', 'live chat widget', 'help center builder'],
        jobs: ['answer customers from one shared inbox', 'deflect tickets with a help center', 'measure customer satisfaction'],
        features: ['Shared inbox', 'Live chat', 'Help center', 'CSAT surveys', 'SLA timers'],
        keywords: ['customer support', 'help desk', 'tickets', 'live chat', 'helpdesk'],
      },
      {
        slug: 'lead-generation',
        name: 'Lead Generation',
        description: 'Find prospects, verify emails and run outbound campaigns.',
        things: ['lead finder', 'email verifier', 'outbound platform'],
        jobs: ['find verified emails for any company', 'run cold outreach that gets replies', 'spot companies visiting your site'],
        features: ['Email verification', 'Prospect database', 'Sequence A/B tests', 'Website visitor identification'],
        keywords: ['lead generation', 'prospecting', 'outbound', 'cold email', 'leads'],
      },
    ],
  },
  {
    slug: 'no-code',
    name: 'No-Code',
    description: 'Build websites, apps and automations without writing code.',
    things: ['no-code builder', 'visual app builder'],
    jobs: ['build an app without hiring developers', 'launch in a weekend', 'replace spreadsheets with real apps'],
    features: ['Drag-and-drop editor', 'Custom domains', 'Templates', 'Role-based permissions', 'Version history'],
    keywords: ['no-code', 'nocode', 'low-code', 'builder', 'visual'],
    attributes: [selfHosted, freeTier, { key: 'templates', label: 'Templates', kind: 'number', range: [5, 500] }, openSource],
    children: [
      {
        slug: 'website-builders',
        name: 'Website Builders',
        description: 'Build and host fast websites, blogs and landing pages visually.',
        things: ['website builder', 'landing page builder', 'blog platform'],
        jobs: ['launch a landing page in an afternoon', 'publish a fast blog with custom domains', 'turn a Notion page into a website'],
        features: ['Custom domains', 'SEO settings', 'Forms', 'CMS collections', 'Global CDN'],
        keywords: ['website builder', 'landing page', 'blog', 'cms', 'hosting'],
      },
      {
        slug: 'automation',
        name: 'Automation',
        description: 'Connect apps and automate workflows with triggers and actions.',
        things: ['workflow automation tool', 'integration platform', 'web scraper'],
        jobs: ['connect your apps without code', 'automate repetitive workflows', 'scrape websites into spreadsheets'],
        features: ['Hundreds of connectors', 'Webhooks', 'Conditional branches', 'Scheduled runs', 'Error retries'],
        keywords: ['automation', 'workflows', 'integrations', 'zapier alternative', 'scraping'],
      },
      {
        slug: 'internal-tools',
        name: 'Internal Tools',
        description: 'Admin panels, dashboards and back-office apps on top of your own data.',
        things: ['internal tool builder', 'admin panel generator', 'back-office app'],
        jobs: ['build an admin panel on your database in minutes', 'give support staff safe data access', 'replace brittle spreadsheets'],
        features: ['Database connectors', 'Audit logs', 'Granular permissions', 'Custom components'],
        keywords: ['internal tools', 'admin panel', 'back office', 'dashboards', 'crud'],
      },
    ],
  },
];

export interface FlatCategory {
  spec: CategorySpec;
  parentSlug: string | null;
  depth: number;
  position: number;
  /** Slugs from the root down to this category, inclusive. */
  path: string[];
}

/** The tree in insertion order: every parent before its children. */
export function flattenCategories(tree: readonly CategorySpec[] = CATEGORY_TREE): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (nodes: readonly CategorySpec[], parent: FlatCategory | null) => {
    nodes.forEach((spec, position) => {
      const flat: FlatCategory = {
        spec,
        parentSlug: parent?.spec.slug ?? null,
        depth: parent ? parent.depth + 1 : 0,
        position,
        path: [...(parent?.path ?? []), spec.slug],
      };
      out.push(flat);
      walk(spec.children ?? [], flat);
    });
  };
  walk(tree, null);
  return out;
}
