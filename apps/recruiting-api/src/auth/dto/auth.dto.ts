import { ApiSchema } from '@nestjs/swagger';
import { TextField } from '@platform/contracts';

@ApiSchema({ description: 'The body of POST /auth/refresh: the refresh token to exchange for a new token pair.' })
export class RefreshTokenDto {
  @TextField({
    min: 1,
    max: 512,
    description: 'The refresh token of the login or of the previous refresh (opaque base64url text, good for one use)',
    example: 'q3Jx8V0mZ2sL9tYcR4bN7wKe1uHa6fDp5gXo3iTz0Qk',
  })
  refreshToken!: string;
}
