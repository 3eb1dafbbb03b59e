import { IntField } from '@platform/contracts';

const ID = { min: 1, max: 2_147_483_647, fromText: true };

/** The path of every project-scoped route. */
export class ProjectScopeParam {
  @IntField({ ...ID, description: 'The project id', example: 12 }) projectId!: number;
}

export class CandidateParams {
  @IntField({ ...ID, description: 'The project id', example: 12 }) projectId!: number;
  @IntField({ ...ID, description: 'The project candidate (participation record) id', example: 358 }) candidateId!: number;
}
