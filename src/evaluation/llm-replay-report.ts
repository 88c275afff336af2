import type { ModelRun } from './run.ts';

/**
 * The model's part of `npm run eval -- --llm-replay <dir>`: per site, what the recorded answer
 * proposed, what the verifier kept and what it refused with the reason (traps marked), so a
 * refusal is seen, not only inferred from a blank field.
 */
export function formatModelRun(model: ModelRun): string {
  const all = model.sites.flatMap((s) => s.proposals);
  const refused = all.filter((p) => !p.kept);
  const traps = model.sites.reduce((n, s) => n + s.traps.length, 0);
  const trapsRefused = model.sites.reduce((n, s) => n + s.traps.filter((t) => s.proposals.some((p) => p.key === t.target && !p.kept)).length, 0);
  const lines = [
    `Model answers replayed from ${model.source}: ${model.sites.filter((s) => s.answered).length} of ${model.sites.length} sites answered; ` +
      `${all.length} proposals, ${all.length - refused.length} kept, ${refused.length} refused by the verifier; traps refused ${trapsRefused} / ${traps}.`,
  ];
  for (const s of model.sites) {
    const out = s.proposals.filter((p) => !p.kept);
    const kept = s.proposals.length - out.length;
    lines.push(`  ${s.site}: ${s.answered ? `${kept} kept, ${out.length} refused` : 'no recorded answer (built-in extractor alone)'}`);
    for (const p of out) {
      const trap = s.traps.find((t) => t.target === p.key);
      lines.push(`    refused${trap ? ` [${trap.kind}]` : ''} ${p.key.slice(0, 100)}: ${(p.reason ?? '').slice(0, 160)}`);
    }
    for (const t of s.traps.filter((t) => s.proposals.some((p) => p.key === t.target && p.kept))) lines.push(`    ! the ${t.kind} trap ${t.target} was KEPT`);
  }
  return lines.join('\n');
}
