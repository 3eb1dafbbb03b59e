import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'platform:public';

/** The route needs no credentials (probes, login, public scheduling): authentication guards let it pass. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
