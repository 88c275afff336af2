import type { OwnerListingsStore } from '../../store/owner-listings-store.ts';
import { DomainError, invalid, type FieldError } from '../errors.ts';

/**
 * answer_interview: the founder's answers to the site's interview questions, shown on their
 * founder profile. Each answer replaces the previous one; an empty answer removes it. Unknown or
 * retired questions are a 400 naming the entry (the spec lists no 404 for this operation).
 */
export async function answerInterview(store: OwnerListingsStore, userId: string, answers: { question_id: number; answer: string }[], now: Date) {
  const seen = new Map<number, number>();
  const duplicates: FieldError[] = [];
  answers.forEach((a, i) => {
    if (seen.has(a.question_id)) duplicates.push({ field: `answers.${i}.question_id`, message: `question ${a.question_id} is answered twice (also at answers.${seen.get(a.question_id)})` });
    else seen.set(a.question_id, i);
  });
  if (duplicates.length) throw invalid('duplicate_interview_question', 'Each question may be answered once per request.', duplicates);

  return store.transaction(async (tx) => {
    const active = await tx.activeQuestionIds(answers.map((a) => String(a.question_id)));
    const unknown = answers
      .map((a, i) => ({ a, i }))
      .filter(({ a }) => !active.has(String(a.question_id)))
      .map(({ a, i }) => ({ field: `answers.${i}.question_id`, message: `no active interview question has id ${a.question_id}` }));
    if (unknown.length) {
      throw new DomainError('invalid', 'unknown_interview_question', 'Answer only the questions list_interview_questions lists.', unknown);
    }
    await tx.saveAnswers(userId, answers.map((a) => ({ questionId: String(a.question_id), answer: a.answer.trim() })), now);
    return { answers: presentAnswers(await tx.answers(userId)) };
  });
}

/** The founder's answers as answer_interview returns them (and the site's interview form shows them). */
export const presentAnswers = (rows: { question_id: string | number; question: string; answer: string; updated_at: Date | string }[]) =>
  rows.map((r) => ({ question_id: Number(r.question_id), question: r.question, answer: r.answer, updated_at: new Date(r.updated_at).toISOString() }));
