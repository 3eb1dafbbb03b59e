import { type DynamicModule, Module } from '@nestjs/common';
import type { ProjectAccessConfig } from '../config';
import { DATA_SERVICE_OPTIONS, HttpProjectAccess } from './http-project-access';
import { MembershipProjectAccess } from './membership-project-access';
import { MembershipRepository } from './membership.repository';
import { ProjectAccess } from './project-access';

/** Project access behind the data service port: the membership table locally, the data service in production. */
@Module({})
export class AccessModule {
  static register(config: ProjectAccessConfig): DynamicModule {
    const adapter =
      config.kind === 'data-service'
        ? [
            { provide: DATA_SERVICE_OPTIONS, useValue: { url: config.url, token: config.token, timeoutMs: config.timeoutMs } },
            { provide: ProjectAccess, useClass: HttpProjectAccess },
          ]
        : [{ provide: ProjectAccess, useClass: MembershipProjectAccess }];
    return {
      module: AccessModule,
      providers: [MembershipRepository, ...adapter],
      exports: [ProjectAccess, MembershipRepository],
    };
  }
}
