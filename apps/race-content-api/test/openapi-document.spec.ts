import { describeCommittedOpenApiDocument } from '@platform/testing/conformance';
import { openApiDocument } from '../src/openapi-document';

describeCommittedOpenApiDocument('race-content-api', openApiDocument);
