// Writes each HTTP app's OpenAPI document to docs/openapi/<app>.json, without starting the apps or any service
// (Nest's preview mode). Tests fail when the files and the code disagree, and when an app serves anything else.
//   npm run openapi                                      (then libs/client's generator, when there is one)
//   OPENAPI_SERVER_URL=https://api.example.org npm run openapi
import 'reflect-metadata';
import { writeOpenApiDocuments } from './lib/openapi-documents';

writeOpenApiDocuments(process.argv[2]).then(
  (files) => files.forEach((file) => console.log(`wrote ${file}`)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
