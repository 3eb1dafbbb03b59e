import { ApiProperty } from '@nestjs/swagger';

/** What the DELETE routes answer (spec 1: questions and library entries; surveys and sections alike). */
export class DeletedResponse {
  @ApiProperty({ enum: [true] }) deleted!: true;
}
