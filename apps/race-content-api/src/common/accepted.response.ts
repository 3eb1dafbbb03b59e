import { ApiProperty } from '@nestjs/swagger';

/** 202 of the generation routes: the id of the document whose job was queued. */
export class AcceptedResponse {
  @ApiProperty({ description: 'Id of the article or blog being generated' }) id!: string;
}
