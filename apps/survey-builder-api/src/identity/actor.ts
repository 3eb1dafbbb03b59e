import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';

/** The user a request acts as, resolved by the identity guard. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  return context.switchToHttp().getRequest<{ actor: Actor }>().actor;
});

export const IMPORT_ROUTE = 'builder:import-route';

/** The route also accepts the import API key: /api/imports/*. */
export const ImportRoute = (): MethodDecorator & ClassDecorator => SetMetadata(IMPORT_ROUTE, true);

/** Who an import made with the API key and no x-user-email is recorded as. */
export const IMPORT_BOT = { email: 'import-bot@survey-builder.internal', name: 'Import Bot' };
