import { TextField } from '@platform/contracts';

export class RefreshTokenDto {
  @TextField({ min: 1, max: 512, description: 'The refresh token of the login or of the previous refresh' }) refreshToken!: string;
}
