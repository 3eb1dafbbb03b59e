import { join } from 'node:path';
import { appSources, describeAppStructure, type FloorPlan, structureViolations } from '@platform/testing/structure';

/**
 * The floor plan of recruiting-api (libs/testing/src/structure/app-structure.ts; docs/decisions.md, "recruiting-api in layers"):
 * features rest on the kernel parts they name (candidate status changes, the bookable slots, the automatic mails, the
 * shapes several features answer with), which rest on the adapters, which rest on the bottom layer (configuration, the
 * database and its shared repositories, domain rules, errors, queue names).
 */
const SRC = join(__dirname, '../src');

const RECRUITING_PLAN: FloorPlan = {
  top: ['app.module.ts', 'main.ts', 'migrate.ts', 'openapi-document.ts', 'tracing.ts'],
  features: ['auth', 'users', 'projects', 'candidates', 'interviewer-availability', 'reservations', 'surveys', 'emails', 'scheduling'],
  kernel: ['candidate-status', 'slots', 'automatic-mails', 'shared-dto'],
  adapters: ['calendar', 'mail-delivery', 'warehouse'],
  bottom: [
    'database',
    'domain',
    'config.ts',
    'config.module.ts',
    'config.tokens.ts',
    'recruiting.errors.ts',
    'recruiting.queues.ts',
    'http-surface.ts',
  ],
  routesElsewhere: {
    // Templates, sends and their logs share the sending service and the mixin declaring preview and send.
    emails: ['email-templates', 'email-logs'],
    // Confirming a candidate's schedule books the reservation.
    reservations: ['confirm-schedule'],
    // The public page of the same token serves the same slots and submission.
    scheduling: ['schedule'],
  },
};

describeAppStructure('recruiting-api', SRC, RECRUITING_PLAN);

describe('the floor plan rules on recruiting-api', () => {
  // The rules catch what they claim to: each plant below is one violation in an otherwise clean tree.
  const plants: Record<string, [string, string, RegExp]> = {
    'a service building SQL': [
      'candidates/candidates.service.ts',
      "export const q = (db: any) => db.selectFrom('projects');",
      /candidates\.service\.ts: builds SQL/,
    ],
    'a service writing a sql template': ['emails/email-sending.service.ts', 'export const q = sql`select 1`;', /builds SQL/],
    'a service reading a PostgreSQL error code': [
      'reservations/reservations.service.ts',
      "export const taken = (e: { code?: string }) => e.code === '23P01';",
      /reads a PostgreSQL error code/,
    ],
    'a feature importing a sibling feature': [
      'reservations/reservations.service.ts',
      "import { AvailabilityService } from '../interviewer-availability/availability.service';",
      /a sibling feature/,
    ],
    'the kernel importing a feature': [
      'slots/bookable-slots.service.ts',
      "import { X } from '../interviewer-availability/dto/availability.dto';",
      /kernel → feature/,
    ],
    'an adapter importing the kernel': ['calendar/calendar.module.ts', "import { X } from '../slots/slots.module';", /adapter → kernel/],
    'an adapter importing a sibling adapter': [
      'calendar/calendar.module.ts',
      "import { X } from '../mail-delivery/mail-transport';",
      /a sibling adapter/,
    ],
    'configuration importing a feature': ['config.ts', "import { X } from './candidates/import/imports.service';", /bottom → feature/],
  };
  for (const [name, [path, line, expected]] of Object.entries(plants)) {
    it(`catches ${name}`, () => {
      const files = appSources(SRC);
      files.set(path, `${files.get(path) ?? ''}\n${line}\n`);
      const problems = structureViolations(RECRUITING_PLAN, files);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(expected);
    });
  }
});
