import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { ROLE_TYPES, type RoleType } from '../domain/model';

export class PermissionEntryDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() userId!: string;
  @ApiProperty() @IsString() @MaxLength(320) userName!: string;
  @ApiProperty({ enum: ROLE_TYPES }) @IsIn(ROLE_TYPES) roleType!: RoleType;
}

export class ReplacePermissionsDto {
  @ApiProperty({ type: [PermissionEntryDto] }) @IsArray() @ValidateNested({ each: true }) @Type(() => PermissionEntryDto) permissions!: PermissionEntryDto[];
}
