import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ROLES } from '@platform/auth';

/** A user as the API answers it (`UserResponse` in docs/openapi/recruiting-api.json). */
@ApiSchema({ description: 'A staff user of the recruiting console, signed in through the identity provider.' })
export class UserResponse {
  @ApiProperty({ type: 'integer', description: 'The user id', example: 7 }) id!: number;
  @ApiProperty({ description: 'Email address of the sign-in account', example: 'sato.hanako@example.co.jp' })
  email!: string;
  @ApiProperty({ description: 'Display name, from the identity provider', example: '佐藤 花子' }) name!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Profile image URL from the identity provider; null when it gave none (or one over 2,048 characters)',
    example: 'https://lh3.googleusercontent.com/a/ACg8ocK3xY9vQ2pL',
  })
  picture!: string | null;
  @ApiProperty({
    enum: ROLES,
    description: 'What the user may do: viewer reads; member also creates and changes; admin also manages roles',
    example: 'member',
  })
  role!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When the user record was created, at first sign-in or by an operator (ISO 8601)',
    example: '2026-10-01T00:00:00.000Z',
  })
  createdAt!: string;
}
