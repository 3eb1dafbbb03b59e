import { describeOversizeBodies } from '@platform/testing/sweep';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

/** recruiting-api's routes with bodies over their limits, through the edge and straight to the app. */
describe('recruiting-api with oversized bodies', () => {
  let recruiting: RecruitingTestApp;
  let member: { authorization: string };

  beforeAll(async () => {
    recruiting = await startRecruiting('oversize');
    member = recruiting.as(await recruiting.insertUser('member@example.com', 'Member', 'member'), 'member');
  });
  afterAll(() => recruiting?.close());

  describeOversizeBodies({ app: () => recruiting.app, name: 'recruiting-api', identity: () => member });
});
