import { slugAllocator, slugify, personName } from './naming.ts';
import type { Random } from './random.ts';
import { BIO_CLOSERS, BIO_OPENERS, FOUNDER_TITLES, IP_PREFIXES, IPV6_PREFIX, PLACES, USER_AGENTS } from './vocabulary.ts';

const DAY = 86_400_000;

export interface DemoUser {
  email: string;
  name: string;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  /** Where this person usually votes from; most of their votes reuse it. */
  homeIp: string;
  userAgent: string;
}

export interface DemoFounder {
  slug: string;
  userIndex: number | null;
  name: string;
  title: string;
  bio: string;
  avatarUrl: string | null;
  country: string | null;
  socials: Record<string, string>;
  createdAt: Date;
}

export function documentationIp(rng: Random): string {
  if (rng.chance(0.15)) return `${IPV6_PREFIX}${rng.int(1, 0xffff).toString(16)}`;
  return `${rng.pick(IP_PREFIXES)}${rng.int(1, 254)}`;
}

export function pickPlace(rng: Random): { country: string; city: string } {
  const place = rng.weighted(PLACES.map((p) => [p, p.weight] as const));
  return { country: place.country, city: rng.pick(place.cities) };
}

/**
 * Users ordered by sign-up time, oldest first, so "who had an account at time t" is a prefix
 * of the array. More people signed up recently than long ago.
 */
export function generateUsers(rng: Random, now: Date, count: number, spanDays = 900): DemoUser[] {
  const times = Array.from({ length: count }, () => now.getTime() - spanDays * DAY * Math.pow(rng.next(), 1.6) - rng.int(1, 600) * 60_000);
  times.sort((a, b) => a - b);
  return times.map((t, i) => {
    const createdAt = new Date(t);
    return {
      email: `user${i + 1}@demo.example`,
      name: personName(rng),
      createdAt,
      emailVerifiedAt: rng.chance(0.85) ? new Date(t + rng.int(1, 90) * 60_000) : null,
      homeIp: documentationIp(rng),
      userAgent: rng.pick(USER_AGENTS),
    };
  });
}

/** Founders; the first `linked` of them have a site account (and take that account's name). */
export function generateFounders(rng: Random, users: DemoUser[], count: number, linked: number): DemoFounder[] {
  // Founders tend to be early adopters: link them to the older two thirds of accounts.
  const linkedUsers = rng.sample(
    Array.from({ length: Math.floor(users.length * 0.66) }, (_, i) => i),
    linked,
  );
  const slugs = slugAllocator();
  return Array.from({ length: count }, (_, i) => {
    const userIndex = i < linkedUsers.length ? linkedUsers[i] : null;
    const name = userIndex === null ? personName(rng) : users[userIndex].name;
    const slug = slugs(slugify(name));
    const socials: Record<string, string> = {};
    const handle = slug.replace(/-/g, '');
    if (rng.chance(0.7)) socials.x = `https://x.example/${handle}`;
    if (rng.chance(0.6)) socials.linkedin = `https://linkedin.example/in/${slug}`;
    if (rng.chance(0.35)) socials.github = `https://github.example/${handle}`;
    if (rng.chance(0.15)) socials.substack = `https://${handle}.substack.example`;
    if (rng.chance(0.1)) socials.bluesky = `https://bsky.example/profile/${handle}`;
    return {
      slug,
      userIndex,
      name,
      title: rng.pick(FOUNDER_TITLES),
      bio: rng.chance(0.9) ? `${rng.pick(BIO_OPENERS)} ${rng.pick(BIO_CLOSERS)}` : '',
      avatarUrl: rng.chance(0.45) ? `https://avatars.demo.example/${slug}.jpg` : null,
      country: rng.chance(0.85) ? pickPlace(rng).country : null,
      socials,
      createdAt: userIndex === null ? new Date(users[0].createdAt.getTime() + rng.int(0, 400) * DAY) : users[userIndex].createdAt,
    };
  });
}
