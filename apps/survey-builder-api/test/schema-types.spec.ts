import { describeSchemaTypes } from '@platform/testing/harness';
import { SURVEY_BUILDER_SCHEMA_TYPES } from '../src/database/database';

describeSchemaTypes(SURVEY_BUILDER_SCHEMA_TYPES);
