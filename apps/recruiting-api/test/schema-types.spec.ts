import { describeSchemaTypes } from '@platform/testing/harness';
import { RECRUITING_SCHEMA_TYPES } from '../src/database/database';

describeSchemaTypes(RECRUITING_SCHEMA_TYPES);
