import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** POST /refresh: a new access token and the next refresh token of the family (the one presented is used up). */
@ApiSchema({
  description: 'A new access token and the next refresh token of the same login; the refresh token presented is used up.',
})
export class TokenPairResponse {
  @ApiProperty({
    description: 'HS256 JWT to send as `Authorization: Bearer <token>` until it expires',
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsInJvbGUiOiJtZW1iZXIifQ.k3Vq9dXyN2cJ8sLw1pRt5mHb7aQe0uFg4iZo6nYx',
  })
  accessToken!: string;
  @ApiProperty({
    description: 'Opaque refresh token (base64url), good for one use: exchange it at POST /auth/refresh for the next pair',
    example: 'q3Jx8V0mZ2sL9tYcR4bN7wKe1uHa6fDp5gXo3iTz0Qk',
  })
  refreshToken!: string;
  @ApiProperty({ type: 'integer', description: 'Seconds until the access token expires (15 minutes by default)', example: 900 })
  expiresIn!: number;
}

@ApiSchema({ description: 'A short confirmation that the operation was done.' })
export class MessageResponse {
  @ApiProperty({ description: 'What was done, in English', example: 'Logged out' }) message!: string;
}
