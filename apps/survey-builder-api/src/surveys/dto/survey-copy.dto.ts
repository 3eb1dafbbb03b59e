import { IntField, UuidField } from '@platform/contracts';

export class SurveyCopyDto {
  @UuidField() sourceSurveyId!: string;
  @IntField({ optional: true, min: 1, max: 2_147_483_647, description: 'Latest when omitted' }) sourceVersionNo?: number;
}
