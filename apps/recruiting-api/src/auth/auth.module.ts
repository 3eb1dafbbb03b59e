import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JWT_AUTH_OPTIONS, type JwtAuthOptions, RolesGuard } from '@platform/auth';
import { UsersModule } from '../users/users.module';
import { AccessTokenGuard } from './access-token.guard';
import { MeController } from './me.controller';

/** Every route needs a valid access token of an existing user and the role its method asks for, unless @Public(). */
@Module({})
export class AuthModule {
  static register(jwt: JwtAuthOptions): DynamicModule {
    return {
      module: AuthModule,
      imports: [UsersModule],
      controllers: [MeController],
      providers: [
        { provide: JWT_AUTH_OPTIONS, useValue: jwt },
        { provide: APP_GUARD, useClass: AccessTokenGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
      ],
    };
  }
}
