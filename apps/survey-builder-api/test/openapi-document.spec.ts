import { describeCommittedOpenApiDocument } from '@platform/testing';
import { openApiDocument } from '../src/openapi-document';

describeCommittedOpenApiDocument('survey-builder-api', openApiDocument);
