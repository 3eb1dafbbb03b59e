import { describeCommittedOpenApiDocument } from '@platform/testing/conformance';
import { openApiDocument } from '../src/openapi-document';

describeCommittedOpenApiDocument('survey-builder-api', openApiDocument);
