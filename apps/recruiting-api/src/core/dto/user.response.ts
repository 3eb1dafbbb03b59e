import { ApiProperty } from '@nestjs/swagger';
import { ROLES } from '@platform/auth';

/** The User of spec section 2. */
export class UserResponse {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty() email!: string;
  @ApiProperty({ description: 'Display name' }) name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Profile image URL' }) picture!: string | null;
  @ApiProperty({ enum: ROLES }) role!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
