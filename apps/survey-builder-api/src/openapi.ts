import type { OpenApiInfo } from '@platform/runtime';

export const SURVEY_BUILDER_OPENAPI: OpenApiInfo = {
  title: 'survey-builder-api',
  description: 'Questionnaire builder: surveys, versions, sections, questions, permissions, library, imports.',
  userHeaders: true,
};
