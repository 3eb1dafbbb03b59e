import { ApiProperty } from '@nestjs/swagger';

/** POST /refresh: a new access token and the next refresh token of the family (the one presented is used up). */
export class TokenPairResponse {
  @ApiProperty({ description: 'HS256 access token for Authorization: Bearer' }) accessToken!: string;
  @ApiProperty({ description: 'Opaque refresh token, good for one use' }) refreshToken!: string;
  @ApiProperty({ type: 'integer', description: 'Seconds until the access token expires' }) expiresIn!: number;
}

export class MessageResponse {
  @ApiProperty() message!: string;
}
