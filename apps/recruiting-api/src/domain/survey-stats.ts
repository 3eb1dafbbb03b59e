/** A survey's figures as the warehouse gives them and the survey metadata table keeps them. */
export interface SurveyStatsRow {
  surveyId: string;
  name: string;
  collectorName: string | null;
  lastModified: Date | null;
  fileCount: number;
  respondentCount: number;
  completedCount: number;
  questionCount: number;
  earliestResponseAt: Date | null;
  latestResponseAt: Date | null;
}
