import { type ProjectRow } from '../database/repositories/projects.repository';
import { type ProjectResponse, type ScoringRule } from './dto/projects.response';

export const toProjectResponse = (row: ProjectRow): ProjectResponse => ({
  id: row.id,
  name: row.name,
  interviewDurationMinutes: row.interviewDurationMinutes,
  timezone: row.timezone,
  scoringRules: Array.isArray(row.scoringRules) ? (row.scoringRules as ScoringRule[]) : [],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
