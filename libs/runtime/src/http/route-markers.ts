import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { PUBLIC_OPERATION_EXTENSION } from './openapi';

export const IS_PUBLIC = 'platform:public';

/** The route needs no credentials (probes, login, public scheduling): authentication guards let it pass. */
export const Public = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION_EXTENSION, true));

export const RAW_RESPONSE = 'platform:raw-response';

/** The route answers as it is, outside the service's success envelope (probes, redirects, documents). */
export const RawResponse = (): MethodDecorator & ClassDecorator => SetMetadata(RAW_RESPONSE, true);
