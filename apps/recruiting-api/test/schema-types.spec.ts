import { describeSchemaTypes } from '@platform/testing';
import { RECRUITING_SCHEMA_TYPES } from '../src/database/database';

describeSchemaTypes(RECRUITING_SCHEMA_TYPES);
