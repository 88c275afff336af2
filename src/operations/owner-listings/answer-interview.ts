import { z } from 'zod';
import { InterviewAnswerInput, InterviewAnswers } from '../../contract/owner-listing.ts';
import { userIdOf } from '../../domain/owner-listings/my-listings.ts';
import { defineOperation } from '../define.ts';

export const answerInterview = defineOperation({
  id: 'answer_interview',
  summary: 'Answer interview questions',
  description:
    'Your answers to the questions of list_interview_questions, shown on your founder profile. Each answer replaces your ' +
    'previous one to that question; an empty answer removes it. An unknown or retired question is 400 ' +
    'unknown_interview_question naming the entry. Returns all your answers.',
  tag: 'Owner',
  method: 'PUT',
  path: '/me/interview',
  scope: 'listings:write',
  idempotent: true,
  input: z.strictObject({ answers: z.array(InterviewAnswerInput).max(30) }),
  output: InterviewAnswers,
  handle: ({ answers }, { actor, services }) => services.ownerListings.answerInterview(userIdOf(actor), answers),
});
