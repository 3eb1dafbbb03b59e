import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** What the DELETE routes answer (`DeletedResponse`: questions and library entries; surveys and sections alike). */
@ApiSchema({ description: 'The answer of a DELETE route: the resource is deleted (surveys are soft-deleted).' })
export class DeletedResponse {
  @ApiProperty({ enum: [true], description: 'Always true: the deletion took place' }) deleted!: true;
}
