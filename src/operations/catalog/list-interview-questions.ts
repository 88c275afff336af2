import { z } from 'zod';
import { Pagination, paginated } from '../../contract/common.ts';
import { InterviewQuestion } from '../../contract/catalog.ts';
import { defineOperation } from '../define.ts';

export const listInterviewQuestions = defineOperation({
  id: 'list_interview_questions',
  summary: 'Interview questions',
  description: 'The interview questions founders can answer (with answer_interview), in display order.',
  tag: 'Catalog',
  method: 'GET',
  path: '/interview-questions',
  scope: 'public',
  input: z.strictObject({ ...Pagination }),
  output: paginated(InterviewQuestion),
  handle: (input, { services }) => services.catalog.interviewQuestions(input),
});
