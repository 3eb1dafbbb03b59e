import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { accessTokenChecks, JWT_AUTH_OPTIONS, type JwtAuthOptions, RolesGuard } from '@platform/auth';
import type { LoginConfig, TokenConfig } from '../config';
import { RepositoriesModule } from '../database/repositories/repositories.module';
import { AccessTokenGuard } from './access-token.guard';
import { AuthController } from './auth.controller';
import { CurrentUserService } from './current-user.service';
import { LoginController } from './login.controller';
import { LOGIN_CONFIG, LoginService } from './login.service';
import { LoginStatesRepository } from './login-states.repository';
import { OidcClient } from './oidc-client';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { TOKEN_CONFIG, TokensService } from './tokens.service';

export interface AuthSettings {
  jwt: JwtAuthOptions;
  tokens: TokenConfig;
  login: LoginConfig;
}

/**
 * Login through the identity provider, the platform's tokens (access and rotating refresh), and the guards: every
 * route needs a valid access token of an existing user and the role its method asks for, unless @Public().
 */
@Module({})
export class AuthModule {
  static register(settings: AuthSettings): DynamicModule {
    const oidc = settings.login.oidc;
    return {
      module: AuthModule,
      imports: [RepositoriesModule],
      controllers: [LoginController, AuthController],
      providers: [
        { provide: JWT_AUTH_OPTIONS, useValue: settings.jwt },
        // The access token checked before a body is read (libs/runtime credentialGate).
        accessTokenChecks(settings.jwt.secret),
        { provide: TOKEN_CONFIG, useValue: settings.tokens },
        { provide: LOGIN_CONFIG, useValue: settings.login },
        ...(oidc ? [{ provide: OidcClient, useValue: new OidcClient(oidc) }] : []),
        LoginService,
        CurrentUserService,
        TokensService,
        LoginStatesRepository,
        RefreshTokensRepository,
        { provide: APP_GUARD, useClass: AccessTokenGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
      ],
      exports: [TokensService],
    };
  }
}
