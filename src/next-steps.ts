import type { Kysely } from 'kysely';
import type { DB } from './store/schema.ts';
import { setupStore, type SetupState } from './store/setup-store.ts';

/**
 * The "next steps" block the service logs at start-up while the directory lacks an administrator
 * or products on sale (a first start on an empty database): the commands that set it up, and
 * where the admin page is. Null once both exist, so a running directory's log stays quiet.
 */
export function nextStepsText(state: SetupState, publicUrl: string): string | null {
  if (state.hasAdmin && state.hasProductOnSale) return null;
  const steps: string[] = [];
  if (!state.hasAdmin) {
    steps.push("create the administrator:\n     npm run cli -- user:create --email you@example.com --password 'a long password' --admin");
  }
  if (!state.hasProductOnSale) {
    steps.push(
      'put the paid products on sale at your prices (USD cents, excluding VAT), e.g.\n' +
        '     npm run cli -- products:add --code paid-launch --name "Paid launch" --kind paid_launch --cents 4900\n' +
        '     (kinds: paid_launch, extra_category, section_unlock, billboard; products:list shows them, products:set-price CODE --cents N changes one)',
    );
  }
  steps.push(`sign in at ${publicUrl}/admin (as the administrator): moderation, accounts, prices and the action log`);
  const tree =
    state.categories > 0
      ? `the category tree has ${state.categories} categories; change it with npm run cli -- categories:export > tree.yaml, edit, categories:import tree.yaml [--apply]`
      : 'the category tree is empty: add categories with npm run cli -- categories:add or categories:import';
  return ['next steps to set up this directory:', ...steps.map((s, i) => `  ${i + 1}. ${s}`), `  ${tree}`, '  (README, "First start")'].join('\n');
}

/** The block for this database, or null when there is nothing left to set up. */
export async function nextSteps(db: Kysely<DB>, publicUrl: string): Promise<string | null> {
  return nextStepsText(await setupStore(db).state(), publicUrl);
}
