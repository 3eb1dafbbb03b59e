import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { EXAMPLE } from './examples';

/** 202 of the generation routes: the id of the document whose job was queued. */
@ApiSchema({ description: 'A queued generation: poll the article or blog by this id until its status leaves generating' })
export class AcceptedResponse {
  @ApiProperty({ description: 'Id of the article or blog being generated (24 hexadecimal digits)', example: EXAMPLE.articleId })
  id!: string;
}
